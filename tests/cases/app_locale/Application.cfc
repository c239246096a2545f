component {
  this.name = "rimeCaseLocale";
  this.locale = "de_DE";
  this.timezone = "Asia/Tokyo";
}

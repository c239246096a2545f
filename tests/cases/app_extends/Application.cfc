component extends="BaseApp" {
  this.sessionManagement = false;
}

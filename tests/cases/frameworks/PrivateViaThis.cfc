component {
  private function secret() { return "s"; }
  function viaThis() { return this.secret(); }
}

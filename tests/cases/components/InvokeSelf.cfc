component {
  this.tag = "T";
  function run() { return invoke(variables, "priv", {x: 1}); }
  private function priv(x) { return this.tag & x & helper() & mixed(); }
  private function helper() { return "h"; }
  function adopt(f) { variables.mixed = f; }
  function own() { return "o"; }
}

component {
  function init(n) { variables.n = n; return this; }
  function call() { return variables.n * 2; }
  function run() { application.execTicks = (application.execTicks ?: 0) + 1; }
}

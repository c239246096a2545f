component {
  function getEnv() { return "orig"; }
  function run() { return getEnv(); }
}

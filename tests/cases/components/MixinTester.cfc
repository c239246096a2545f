component {
  // FW/1's tests inject their own methods into the instance under test (and its variables),
  // then make a new instance for the next spec: the old one, whose injected methods hold this
  // tester's variables, goes while this tester's variables are being written.
  function setUp() {
    variables.t = new MixinTarget();
    variables.t.peek = peek;
    variables.tv = variables.t.peek();
  }
  function spec() {
    variables.t.getEnv = recorded;
    variables.tv.getEnv = recorded;
    return variables.t.run();
  }
  function go() {
    setUp();
    var r = spec();
    setUp();
    return r & "/" & spec();
  }
  function peek() { return variables; }
  private string function recorded() { return "recorded"; }
}

component {
  variables.seen = [];
  // A private method passed by its bare name as a callback runs on this instance: its
  // `this`, `variables` and bare calls are the instance's (Lucee binds a UDF to its owner).
  private function record(required item) {
    remember(arguments.item);
    return this;
  }
  private function remember(x) {
    arrayAppend(variables.seen, x);
  }
  function run() {
    [1, 2, 3].each(record);
    var f = record;
    f(4);
    return variables.seen;
  }
}

component {
  this.name = "rimeCaseBaseApp";
  function onRequestStart(page) { request.fromBase = "yes"; return true; }
}

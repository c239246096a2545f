// A WireBox-style delegate: one function injected under many names, dispatching on the name
// it was called by.
component {
  this.label = "delegator";
  function byName() { return getFunctionCalledName() & "@" & this.label; }
}

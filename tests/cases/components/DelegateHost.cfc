component {
  this.label = "host";
  function injectMixin(name, udf) { variables[arguments.name] = arguments.udf; this[arguments.name] = arguments.udf; return this; }
  function viaInvoke(name) { return invoke(this, arguments.name); }
  function viaBracket(name) { return this[arguments.name](); }
}

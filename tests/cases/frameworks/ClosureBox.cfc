component {
  function label() { return "box"; }
  function viaClosure() { var f = function() { return label() & "/" & this.label(); }; return f(); }
  function viaEach() { var r = ""; [1].each(function(x) { r = isObject(this); }); return r; }
  function viaArrow() { var f = () => this.label(); return f(); }
  function maker() { return function() { return this.label(); }; }
}

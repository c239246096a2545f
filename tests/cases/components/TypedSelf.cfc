component {
  // The pseudo-constructor hands `this` on as its own type (ColdBox's config objects do).
  configure();
  TypedSelf function configure() { variables.ready = true; return this; }
  function ready() { return variables.ready; }
}

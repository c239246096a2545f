component {
  // ColdBox's Bootstrap includes its error page (Whoops.cfm) from a method.
  function render(label = "!") {
    include "_include_in_method_part.cfm";
    return out;
  }
}

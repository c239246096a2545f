import components.c_imp.tools.*;
component {
    function build() { return new Hammer().use() & "+" & new Saw().use(); }
}

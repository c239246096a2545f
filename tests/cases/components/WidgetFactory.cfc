import pkg.models.*;
component {
    function make() { return new Widget(); }
}

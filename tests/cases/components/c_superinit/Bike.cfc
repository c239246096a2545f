component extends="Vehicle" {
    function init(required string make, string kind = "road") {
        super.init(make = arguments.make, wheels = 2);
        variables.kind = arguments.kind;
        return this;
    }
    function info() { return super.info() & "/" & variables.kind; }
}

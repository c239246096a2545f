component {
    function init(required string make, numeric wheels = 4) {
        variables.make = arguments.make;
        variables.wheels = arguments.wheels;
        return this;
    }
    function info() { return variables.make & "/" & variables.wheels; }
}

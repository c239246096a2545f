component accessors="true" {
    property name="name" type="string" default="";
    property name="calls" type="numeric" default="0";

    function setName(required string name) {
        variables.name = uCase(arguments.name);
        variables.calls++;
        return this;
    }
}

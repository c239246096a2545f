component accessors="true" {
    property name="host" type="string" default="localhost";
    property name="port" type="numeric" default="8080";
    property name="secure" type="boolean" default="false";
    property name="note" type="string";
    property name="token" type="string" getter="false";
    property name="version" type="string" default="1.0" setter="false";

    function tokenLength() {
        return structKeyExists(variables, "token") ? len(variables.token) : 0;
    }

    function address() { return variables.host & ":" & variables.port; }
}

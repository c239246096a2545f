component accessors="true" {
    property name="firstName" type="string" default="";
    property name="lastName" type="string" default="";
    property name="email" type="string";
    property name="logins" type="numeric" default="0";

    function fullName() { return getFirstName() & " " & getLastName(); }
}

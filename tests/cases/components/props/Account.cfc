component accessors="true" {
    property name="balance" type="numeric" default="0";
    property name="owner" type="string";
    property name="opened" type="date";
    property name="id" setter="false" default="A-1";
    property name="pin" getter="false";
    property name="tags" type="array";

    function checkPin(p) { return p == variables.pin; }
}

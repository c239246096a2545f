component accessors="true" {
    property name="first" type="string";
    property name="last" type="string";

    function fullName() { return getFirst() & " " & getLast(); }
}

component accessors="true" {
    property name="x" type="numeric" default="0";
    property name="y" type="numeric" default="0";
    property name="label" type="string" default="origin";

    function text() { return getLabel() & "(" & getX() & "," & getY() & ")"; }
}

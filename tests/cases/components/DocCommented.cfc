/**
 * A thing.
 * @author Ann
 */
component accessors="true" {
    property name="size" type="numeric" default="3";
    property string label;
    /**
     * Does it.
     * @expectedException MyError
     * @x.y 42
     */
    function doIt(required string a) output="false" { return a; }
    function other() { }
}

component extends="Config" accessors="true" {
    property name="path" default="/";
    function url() { return super.url() & getPath(); }
}

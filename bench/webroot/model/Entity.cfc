component accessors="true" {
    property name="id" type="numeric" default="0";
    property name="createdBy" type="string" default="system";

    function validate() { return getId() GT 0; }
}

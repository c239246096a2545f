component persistent="true" table="artists" {
    property name="id" fieldtype="id" generator="native" ormtype="integer";
    property name="firstName";
    property name="lastName";
    property name="active" ormtype="boolean" default="true";
    property name="art" fieldtype="one-to-many" cfc="Art" fkcolumn="artistId" type="array"
        singularname="piece" inverse="true" cascade="all";

    function init() {
        variables.created = "yes";
        return this;
    }

    function wasInitialised() {
        return variables.created ?: "no";
    }

    function getFullName() {
        return getFirstName() & " " & getLastName();
    }
}

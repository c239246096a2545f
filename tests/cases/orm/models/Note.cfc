component persistent="true" table="notes" {
    property name="id" fieldtype="id" generator="increment";
    property name="body" notnull="true";
    property name="revision" fieldtype="version";
    property name="touched" fieldtype="timestamp";
}

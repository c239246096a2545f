component persistent="true" table="art" {
    property name="id" fieldtype="id" generator="increment";
    property name="title";
    property name="price" ormtype="double";
    property name="artist" fieldtype="many-to-one" cfc="Artist" fkcolumn="artistId";
    property name="note" persistent="false";
}

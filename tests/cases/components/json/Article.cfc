component extends="Base" accessors="true" {
    property name="title" type="string" default="untitled";
    property name="tags" type="array";
    property name="secretNote" type="string";

    this.kind = "article";

    function init(string title = "untitled") {
        setTitle(arguments.title);
        setTags(["cfml"]);
        return this;
    }
}

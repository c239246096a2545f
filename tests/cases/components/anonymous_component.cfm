<cfscript>
o = new component {
    this.kind = "inline";
    variables.count = 0;
    function hi(name) { count++; return "hi " & name & " " & count; }
};
writeOutput(o.hi("a") & "|" & o.hi("b") & "|" & o.kind & "|" & isObject(o) & "|");
function make() {
    return new component accessors="true" {
        property name="label" default="x";
        function init() { variables.label = "made"; return this; }
    };
}
m = make();
writeOutput(m.getLabel());
</cfscript>

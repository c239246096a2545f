component {
    variables.trail = ["base body"];

    function init() {
        arrayAppend(variables.trail, "base init");
        variables.fromBase = "b";
        return this;
    }

    function baseReads() { return variables.fromChild; }
    function addFromBase(s) { arrayAppend(variables.trail, "base:" & s); }
    function trailText() { return arrayToList(variables.trail, ","); }
}

component extends="Base" {
    arrayAppend(variables.trail, "child body");

    function init() {
        super.init();
        variables.fromChild = "c";
        arrayAppend(trail, "child init");
        return this;
    }

    function childReads() { return variables.fromBase; }

    function add(s) {
        addFromBase(s);
        arrayAppend(variables.trail, "child:" & s);
        return this;
    }
}

component {
    this.pubData = 1;
    variables.privData = 2;

    function pub() { return "pub"; }
    private function priv() { return "priv"; }

    function report() {
        var r = [];
        arrayAppend(r, structKeyExists(variables, "priv"));
        arrayAppend(r, structKeyExists(variables, "pub"));
        arrayAppend(r, structKeyExists(this, "pub"));
        arrayAppend(r, structKeyExists(variables, "privData"));
        arrayAppend(r, structKeyExists(this, "privData"));
        arrayAppend(r, structKeyExists(this, "pubData"));
        arrayAppend(r, isCustomFunction(variables.priv));
        return arrayToList(r);
    }

    function callViaVariables() { return variables.priv() & "+" & variables.pub() & "+" & this.pub(); }
}

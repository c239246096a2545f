component {
    variables.items = [];
    this.owner = "nobody";

    function add(item) { arrayAppend(variables.items, item); return this; }
    function count() { return arrayLen(variables.items); }
    function list() { return arrayToList(variables.items); }
}

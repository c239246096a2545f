component {
    variables.parts = [];
    function add(required string part) { arrayAppend(variables.parts, arguments.part); return this; }
    function build(string sep = " ") { return arrayToList(variables.parts, arguments.sep); }
}

component implements="IStream" {
    variables.lines = [];
    variables.open = true;
    function read() { return arrayToList(variables.lines, ";"); }
    function write(required string s) { arrayAppend(variables.lines, arguments.s); }
    function close() { variables.open = false; return "closed"; }
}

component implements="IReadable,IWritable" {
    variables.data = "";
    function read() { return variables.data; }
    function write(required string s) { variables.data &= arguments.s; return this; }
}

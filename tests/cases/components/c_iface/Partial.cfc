component implements="IReadable,IWritable" {
    function read() { return ""; }
}

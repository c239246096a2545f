interface extends="IReadable,IWritable" {
    function close();
}

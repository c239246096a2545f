interface {
    function write(required string s);
}

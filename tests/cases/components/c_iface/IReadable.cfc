interface {
    function read();
}

interface {
    function id();
}

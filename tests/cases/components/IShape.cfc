interface {
    function area();
    function name();
}

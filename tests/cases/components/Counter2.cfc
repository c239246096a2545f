component {
    static {
        instances = 0;
        label = "counter";
    }
    static function create() { return new Counter2(); }
    static numeric function twice(n) { return n * 2; }
    function init() {
        static.instances++;
        return this;
    }
    function count() { return static.instances; }
}

component {
    static {
        static.names = [];
        static.count = 0;
        static.prefix = "reg";
        static.label = static.prefix & ":" & "names";
    }

    static function register(name) {
        arrayAppend(static.names, name);
        static.count++;
        return static.count;
    }

    static function allNames() { return arrayToList(static.names); }
}

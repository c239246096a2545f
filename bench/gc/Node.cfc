component {
    function init(p) {
        variables.children = [];
        if (!isNull(arguments.p)) {
            variables.parent = arguments.p;
            arguments.p.add(this);
        }
        return this;
    }
    function add(c) {
        arrayAppend(variables.children, arguments.c);
    }
}

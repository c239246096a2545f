component {
    function init(required string name) {
        variables.name = arguments.name;
        variables.children = [];
        return this;
    }

    function add(required Node child) {
        arrayAppend(variables.children, arguments.child);
        return this;
    }

    function size() {
        var n = 1;
        for (var c in variables.children) n += c.size();
        return n;
    }

    function render(numeric depth = 0) {
        var out = repeatString("-", depth) & variables.name & chr(10);
        for (var c in variables.children) out &= c.render(depth + 1);
        return out;
    }
}

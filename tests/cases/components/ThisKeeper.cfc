component {
    function init(name) {
        this.name = arguments.name;
        return this;
    }
    function label() {
        return "label:" & this.name;
    }
    function maker() {
        return function() {
            return "closure:" & this.name & "/" & label();
        };
    }
    function store() {
        variables.cb = function() {
            return "stored:" & this.name;
        };
    }
    function callStored() {
        return variables.cb();
    }
}

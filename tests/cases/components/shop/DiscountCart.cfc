component extends="Cart" {
    function init(numeric percent = 10) {
        variables.percent = arguments.percent;
        return this;
    }
    function total() {
        return super.total() * (100 - variables.percent) / 100;
    }
}

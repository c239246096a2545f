component extends="Vehicle" {
    function init() {
        super.init(argumentCollection = arguments);
        return this;
    }
}

component {
    function init() {
        variables.ready = "ready";
    }
    function state() { return variables.ready; }
}

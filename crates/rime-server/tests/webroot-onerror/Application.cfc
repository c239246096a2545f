component {
    this.name = "rimeOnErrorTest";

    function onError(exception, eventName) {
        writeOutput("handled [" & arguments.exception.message & "] in [" & arguments.eventName & "]");
    }
}

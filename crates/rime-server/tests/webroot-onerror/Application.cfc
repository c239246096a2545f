component {
    this.name = "rimeOnErrorTest";

    function onRequestStart(targetPage) {
        if (findNoCase("startfail", arguments.targetPage)) throw(message="early");
    }

    function onError(exception, eventName) {
        writeOutput("handled [" & arguments.exception.message & "] in [" & arguments.eventName & "]");
    }
}

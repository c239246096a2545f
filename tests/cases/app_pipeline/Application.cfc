// The same request pipeline as the server's: onError sees uncaught errors (a page's and an
// event's), and sessions are joined or created for the request.
component {
    this.name = "rimePipelineApp";
    this.sessionManagement = true;

    function onSessionStart() {
        session.started = "yes";
    }

    function onRequestStart(targetPage) {
        if (findNoCase("event_error", arguments.targetPage)) {
            throw(type = "Pipeline.Start", message = "refused at the start");
        }
    }

    function onError(exception, eventName) {
        writeOutput("onError: " & arguments.exception.type & " / " & arguments.exception.message);
        if (arguments.eventName == "onRequestStart") {
            writeOutput(" (in onRequestStart)");
        }
    }
}

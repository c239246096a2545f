component {
    this.name = "rimeServerTest";
    this.sessionManagement = true;
    this.sessionTimeout = createTimeSpan(0, 0, 20, 0);

    function onApplicationStart() {
        application.starts = (application.starts ?: 0) + 1;
        application.sessionStarts = 0;
    }

    function onSessionStart() {
        application.sessionStarts++;
        session.count = 0;
    }

    function onMissingTemplate(targetPage) {
        if (findNoCase("/magic/", arguments.targetPage)) {
            writeOutput("custom missing: " & arguments.targetPage);
            return true;
        }
        return false;
    }
}

component {
    this.name = "lifecycle";
    this.sessionManagement = true;
    this.sessionTimeout = createTimeSpan(0, 0, 0, 1);
    this.applicationTimeout = createTimeSpan(0, 0, 0, 2);

    function note(required string what) {
        lock scope="server" type="exclusive" timeout="5" {
            if (!structKeyExists(server, "lifecycleLog")) server.lifecycleLog = [];
            arrayAppend(server.lifecycleLog, what);
        }
    }

    function onApplicationStart() {
        application.startedAt = now();
        note("appStart");
    }

    function onApplicationEnd(applicationScope) {
        note("appEnd:" & structKeyExists(arguments.applicationScope, "startedAt"));
    }

    function onSessionStart() {
        session.user = "guest";
    }

    function onSessionEnd(sessionScope, applicationScope) {
        note("sessionEnd:" & arguments.sessionScope.user & ":" & structKeyExists(arguments.applicationScope, "startedAt"));
    }
}

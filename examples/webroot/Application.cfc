// The demo application: names the application and turns on sessions. Rime finds this file by
// walking up from the requested page, runs it first, and calls the lifecycle methods below.
component {
    this.name = "rimeDemo";
    this.sessionManagement = true;
    this.sessionTimeout = createTimeSpan(0, 0, 30, 0);

    function onApplicationStart() {
        application.startedAt = now();
        application.hits = 0;
    }

    function onSessionStart() {
        session.visits = 0;
    }
}

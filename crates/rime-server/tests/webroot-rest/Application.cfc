component {
    this.name = "rest-tests";

    function onApplicationStart() {
        application.users = { "1": "Ann", "2": "Bob" };
    }

    function onRequestStart(targetPage) {
        // REST requests run onRequestStart too (with the component's path), as in Lucee.
        cfheader(name = "X-Request-Start", value = targetPage);
        if (structKeyExists(url, "deny")) {
            cfheader(statusCode = 401);
            writeOutput("denied");
            return false;
        }
        return true;
    }
}

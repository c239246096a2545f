component {
    this.name = "rimeCaseApp";
    this.mappings = { "/shared": getDirectoryFromPath(getCurrentTemplatePath()) & "_lib" };

    function onApplicationStart() {
        application.started = (application.started ?: 0) + 1;
    }

    function onRequestStart(targetPage) {
        request.target = arguments.targetPage;
        writeOutput("[start]");
    }

    function onRequestEnd(targetPage) {
        writeOutput("[end]");
    }
}

component extends="Parent" {
    arrayAppend(request.log, "child body");

    function init() {
        arrayAppend(request.log, "child init start");
        super.init();
        arrayAppend(request.log, "child init end");
        return this;
    }
}

component {
    arrayAppend(request.log, "parent body");

    function init() {
        arrayAppend(request.log, "parent init");
        return this;
    }
}

component {
    this.name = "rimeConcurrentStart";
    function onApplicationStart() {
        // Widen the window in which concurrent first requests could run this twice.
        sleep(300);
        application.starts = (application.starts ?: 0) + 1;
    }
}

component {
    this.ready = true;
    function ping() { return "pong"; }
}

component {
    this.name = "cluster";
    this.sessionManagement = true;
    this.sessionTimeout = createTimeSpan(0, 0, 30, 0);
    this.caches = {
        shared: {
            type: "redis",
            host: "127.0.0.1",
            port: server.system.environment.RIME_TEST_REDIS_PORT,
            prefix: "rimetest:",
            storage: true,
            default: "object"
        }
    };
    this.sessionStorage = "shared";
    // cachedWithin results go to the shared cache too.
    this.cache.query = "shared";
    this.datasources.mem = {type: "sqlite", database: ":memory:"};
    this.datasource = "mem";

    function onSessionStart() {
        // Counted in the shared cache: once per session across every instance.
        var id = "starts_" & session.cfid;
        cachePut(id, (cacheGet(id) ?: 0) + 1);
        session.startedBy = server.system.environment.RIME_INSTANCE;
    }
}

component {
    this.name = "clusterFallback";
    this.sessionManagement = true;
    this.caches.shared = {
        type: "redis",
        host: "127.0.0.1",
        port: server.system.environment.RIME_TEST_REDIS_PORT,
        prefix: "rimetest:",
        storage: true,
        // While Redis is away, sessions live in the instance instead of failing requests.
        sessionFallback: true
    };
    this.sessionStorage = "shared";
}

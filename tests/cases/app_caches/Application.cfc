component {
    this.name = "rimeCaseCaches";
    // An in-memory cache as the default object cache, and one in Lucee's connections form.
    this.caches = { local: { type: "ram" } };
    this.cache.connections.other = { class: "lucee.runtime.cache.ram.RamCache", storage: false };
    this.cache.object = "local";
}

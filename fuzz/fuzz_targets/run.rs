//! Running any template with limits (a 200 ms request timeout, a 256 MB memory budget, the
//! string and output bounds) ends with output or a CFML error: never a panic (the engine turns one into an `internal`
//! error, which this target treats as a finding), a hang or an abort.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

#[global_allocator]
static GLOBAL: rime_runtime::memory::Counting<std::alloc::System> =
    rime_runtime::memory::Counting(std::alloc::System);

fn engine() -> &'static Arc<rime_engine::Engine> {
    static E: OnceLock<Arc<rime_engine::Engine>> = OnceLock::new();
    E.get_or_init(|| {
        let root = std::env::temp_dir().join("rime-fuzz-root");
        let _ = std::fs::create_dir_all(&root);
        rime_engine::Engine::with_config(
            root,
            rime_engine::EngineConfig {
                request_timeout: Some(Duration::from_millis(200)),
                request_memory: Some(256 << 20),
                ..Default::default()
            },
        )
    })
}

fuzz_target!(|text: &str| {
    // File and network access are not what this target is about; the cache, `server` and
    // `application` scopes outlive a request by design, so what a template leaves there is not a
    // leak.
    let lower = text.to_ascii_lowercase();
    if [
        "file",
        "directory",
        "http",
        "execute",
        "sleep",
        "thread",
        "query",
        "cache",
        "server",
        "application",
    ]
    .iter()
    .any(|w| lower.contains(w))
    {
        return;
    }
    let r = engine().run_source("fuzz.cfm", text);
    if let Some(e) = &r.error {
        assert_ne!(e.type_.as_str(), "internal", "{}", e.message);
    }
});

//! Application settings are read every request: an `Application.cfc` whose mappings differ
//! from one request to the next resolves with the mapping of each request (the resolved
//! configuration is reused only while the settings stay the same).

use rime_engine::Engine;

#[test]
fn mappings_that_change_between_requests_take_effect() {
    let dir = std::env::temp_dir().join(format!("rime-settings-{}", std::process::id()));
    for sub in ["a", "b"] {
        let _ = std::fs::create_dir_all(dir.join(sub));
        let _ = std::fs::write(dir.join(sub).join("x.cfm"), sub.to_uppercase());
    }
    let _ = std::fs::write(
        dir.join("Application.cfc"),
        "component { this.name = 'settingsTest'; \
         server.settingsTestN = (server.settingsTestN ?: 0) + 1; \
         this.mappings['/m'] = (server.settingsTestN MOD 3 == 0) ? 'b' : 'a'; }",
    );
    let _ = std::fs::write(dir.join("page.cfm"), "<cfinclude template=\"/m/x.cfm\">");
    let engine = Engine::new(dir.clone());
    let out: Vec<String> = (0..6)
        .map(|_| {
            let r = engine.run_file(&dir.join("page.cfm"));
            r.error.map_or(r.output, |e| e.message.clone())
        })
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out, ["A", "A", "B", "A", "A", "B"]);
}

/// `applicationStop()` where no Application.cfc defines an application is no error: Lucee always
/// has an application context (the unnamed one), and the rest of the page runs.
#[test]
fn application_stop_without_an_application_cfc() {
    let engine = Engine::new(std::env::temp_dir());
    let r = engine.run_source(
        "stop.cfm",
        "<cfscript>applicationStop(); writeOutput('Still Running');</cfscript>",
    );
    assert_eq!(r.error.map(|e| e.message.clone()), None);
    assert_eq!(r.output.trim(), "Still Running");
}

/// Settings an Application.cfc sets as constants are read once per compiled file: when the file
/// changes (development mode checks it each request), the new settings take effect.
#[test]
fn constant_settings_follow_the_file() {
    let dir = std::env::temp_dir().join(format!("rime-settings-const-{}", std::process::id()));
    for sub in ["a", "b"] {
        let _ = std::fs::create_dir_all(dir.join(sub));
        let _ = std::fs::write(dir.join(sub).join("x.cfm"), sub.to_uppercase());
    }
    let app = dir.join("Application.cfc");
    let write_app = |sub: &str, age: u64| {
        let _ = std::fs::write(
            &app,
            format!("component {{ this.name = 'constTest'; this.mappings['/m'] = '{sub}'; }}"),
        );
        // A distinct modification time, so the template cache sees the change.
        let t = std::time::SystemTime::now() - std::time::Duration::from_secs(age);
        if let Ok(f) = std::fs::File::options().write(true).open(&app) {
            let _ = f.set_modified(t);
        }
    };
    let _ = std::fs::write(dir.join("page.cfm"), "<cfinclude template=\"/m/x.cfm\">");
    let engine = Engine::new(dir.clone());
    let run = || {
        let r = engine.run_file(&dir.join("page.cfm"));
        r.error.map_or(r.output, |e| e.message.clone())
    };
    write_app("a", 100);
    let first = [run(), run()];
    write_app("b", 50);
    let second = [run(), run()];
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(first, ["A", "A"]);
    assert_eq!(second, ["B", "B"]);
}

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

/// Runs `page` of a fresh application directory (`files`: name, text) `n` times.
fn run_app(tag: &str, files: &[(&str, &str)], n: usize) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("rime-settings-{tag}-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    for (name, text) in files {
        let _ = std::fs::write(dir.join(name), text);
    }
    let engine = Engine::new(dir.clone());
    let out = (0..n)
        .map(|_| {
            let r = engine.run_file(&dir.join("page.cfm"));
            r.error.map_or(r.output, |e| e.message.clone())
        })
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    out
}

/// An application component without request events is shared by the requests after the first
/// (nothing can tell instances apart): what `onApplicationStart` did to the first request's
/// instance and what a page did to `getApplicationSettings()` stay with that request.
#[test]
fn a_shared_application_instance_keeps_its_settings() {
    let out = run_app(
        "shared",
        &[
            (
                "Application.cfc",
                "component { this.name = 'sharedTest'; this.custom = {a: 1}; \
                 function onApplicationStart() { this.custom.b = 2; this.extra = 'x'; \
                 application.started = (application.started ?: 0) + 1; } }",
            ),
            (
                "page.cfm",
                "<cfscript>s = getApplicationSettings(); \
                 writeOutput(s.name & ':' & structKeyList(s.custom) & ':' \
                 & structKeyExists(s, 'extra') & ':' & application.started); \
                 s.custom.c = 3;</cfscript>",
            ),
        ],
        3,
    );
    assert_eq!(out[0], "sharedTest:A,B:true:1");
    assert_eq!(out[1..], ["sharedTest:A:false:1", "sharedTest:A:false:1"]);
}

/// A component with a request event still gets a new instance on every request (Lucee).
#[test]
fn request_events_get_a_new_instance_each_request() {
    let out = run_app(
        "events",
        &[
            (
                "Application.cfc",
                "component { this.name = 'eventsTest'; \
                 function onRequestStart() { this.n = (this.n ?: 0) + 1; request.n = this.n; } }",
            ),
            ("page.cfm", "<cfoutput>#request.n#</cfoutput>"),
        ],
        3,
    );
    assert_eq!(out, ["1", "1", "1"]);
}

/// A shared instance serves a restarted application too: after `applicationStop()` the next
/// request runs `onApplicationStart` again and the requests after it share the instance anew.
#[test]
fn a_shared_instance_survives_an_application_restart() {
    let out = run_app(
        "restart",
        &[
            (
                "Application.cfc",
                "component { this.name = 'restartTest'; \
                 function onApplicationStart() { \
                 application.starts = (server.restartStarts = (server.restartStarts ?: 0) + 1); } }",
            ),
            (
                "page.cfm",
                "<cfscript>server.restartN = (server.restartN ?: 0) + 1; \
                 writeOutput(application.starts & ':' & getApplicationSettings().name); \
                 if (server.restartN == 2) applicationStop();</cfscript>",
            ),
        ],
        4,
    );
    assert_eq!(
        out,
        [
            "1:restartTest",
            "1:restartTest",
            "2:restartTest",
            "2:restartTest"
        ]
    );
}

/// In production a worker thread remembers each page's binding to a shared instance
/// (`bound.rs`): the binding must follow an application restart, and two pages of one
/// application share its scope. The requests run on this thread, as a server worker runs them.
#[test]
fn remembered_bindings_follow_an_application_restart() {
    let dir = std::env::temp_dir().join(format!("rime-settings-bound-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let files = [
        (
            "Application.cfc",
            "component { this.name = 'boundTest'; \
             function onApplicationStart() { \
             application.starts = (server.boundStarts = (server.boundStarts ?: 0) + 1); } }",
        ),
        (
            "page.cfm",
            "<cfscript>application.hits = (application.hits ?: 0) + 1; \
             writeOutput(application.starts & ':' & application.hits & ':' \
             & getApplicationSettings().name); \
             if (url.keyExists('stop')) applicationStop();</cfscript>",
        ),
        (
            "other.cfm",
            "<cfoutput>#application.starts#:#application.hits#</cfoutput>",
        ),
    ];
    for (name, text) in files {
        let _ = std::fs::write(dir.join(name), text);
    }
    let config = rime_engine::EngineConfig {
        production: true,
        ..Default::default()
    };
    let engine = Engine::with_config(dir.clone(), config);
    let run = |page: &str, stop: bool| {
        let mut vm = engine.new_vm();
        if stop {
            vm.req
                .scopes
                .url
                .set_str("stop", rime_runtime::Value::from("1"));
        }
        let page = dir.join(page);
        let app = match engine.load_application(&mut vm, &page) {
            Ok(Some(app)) => app,
            Ok(None) => return "no application".to_string(),
            Err(e) => return e.message.clone(),
        };
        let r = engine.run_lifecycle(&mut vm, &app, &page, None, false);
        if vm.req.stop_application {
            engine.end_application(&app.settings.name);
        }
        r.map_or_else(|e| e.message.clone(), |_| vm.take_output())
    };
    let out = [
        run("page.cfm", false),
        run("page.cfm", false),
        run("other.cfm", false),
        run("page.cfm", true),
        run("page.cfm", false),
        run("other.cfm", false),
        run("page.cfm", false),
    ];
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        out,
        [
            "1:1:boundTest",
            "1:2:boundTest",
            "1:2",
            "1:3:boundTest",
            "2:1:boundTest",
            "2:1",
            "2:2:boundTest",
        ]
    );
}

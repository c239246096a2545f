//! The file sandbox (`fileSandbox: true` in the server settings): file functions reach the web
//! root, the temporary directory and the listed folders, and nothing else — not through `..`,
//! not through a symbolic link.

use rime_engine::{Engine, EngineConfig};
use rime_runtime::{Array, Struct, Value};
use std::path::{Path, PathBuf};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rime-sandbox-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    let _ = std::fs::create_dir_all(&d);
    d
}

fn run(engine: &std::sync::Arc<Engine>, root: &Path, source: &str) -> String {
    let page = root.join("page.cfm");
    let _ = std::fs::write(&page, source);
    let r = engine.run_file(&page);
    match r.error {
        Some(e) => format!("{}ERROR {}: {}", r.output, e.type_, e.message),
        None => r.output,
    }
}

#[test]
fn file_access_stays_inside_the_allowed_folders() {
    let base = std::env::current_dir()
        .unwrap_or_else(|_| PathBuf::from("."))
        .join(format!("target/rime-sandbox-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let root = base.join("site");
    let extra = base.join("uploads");
    let outside = base.join("private");
    let temp = base.join("tmp");
    for d in [&root, &extra, &outside, &temp] {
        let _ = std::fs::create_dir_all(d);
    }
    // The sandbox allows the temporary directory; the checkout itself may live under /tmp (CI
    // clones there), so point the temporary directory somewhere of its own.
    std::env::set_var("TMPDIR", &temp);
    let _ = std::fs::write(outside.join("secret.txt"), "s3cret");
    #[cfg(unix)]
    let _ = std::os::unix::fs::symlink(&outside, root.join("link"));
    let settings = Struct::new();
    settings.set_str("fileSandbox", Value::Bool(true));
    settings.set_str(
        "fileSandboxAllow",
        Value::Array(Array::from_vec(vec![Value::from(
            extra.to_string_lossy().as_ref(),
        )])),
    );
    let engine = Engine::with_config(
        root.clone(),
        EngineConfig {
            settings,
            ..EngineConfig::default()
        },
    );
    let s = |p: &Path| p.to_string_lossy().into_owned();
    // Inside: the web root (relative and absolute), the temp dir, the listed folder.
    let ok = run(
        &engine,
        &root,
        &format!(
            "<cfset fileWrite('data.txt', 'a')><cfset fileWrite('{}/u.txt', 'b')>\
             <cfset fileWrite(getTempDirectory() & 'rime-sandbox-ok.txt', 'c')>\
             <cfoutput>#fileRead('data.txt')##fileRead('{}/u.txt')#</cfoutput>",
            s(&extra),
            s(&extra)
        ),
    );
    assert_eq!(ok, "ab");
    let denied = [
        format!("fileRead('{}/secret.txt')", s(&outside)),
        format!("fileWrite('{}/new.txt', 'x')", s(&outside)),
        "fileRead('../private/secret.txt')".to_string(),
        format!("fileRead('{}/../private/secret.txt')", s(&extra)),
        "fileRead('/etc/passwd')".to_string(),
        "directoryList('/')".to_string(),
        "fileCopy('data.txt', '../private/copy.txt')".to_string(),
        "fileExists('/etc/passwd')".to_string(),
        #[cfg(unix)]
        "fileRead('link/secret.txt')".to_string(),
    ];
    for call in denied {
        let out = run(&engine, &root, &format!("<cfset x = {call}>"));
        assert!(
            out.starts_with("ERROR security: access to ["),
            "{call} was allowed: {out}"
        );
    }
    // The tags go through the same check.
    for tag in [
        format!(
            "<cffile action='write' file='{}/t.txt' output='x'>",
            s(&outside)
        ),
        "<cffile action='read' file='/etc/passwd' variable='x'>".to_string(),
        "<cfdirectory action='list' directory='/' name='q'>".to_string(),
        "<cfcontent file='/etc/passwd'>".to_string(),
        "<cfhttp url='http://127.0.0.1:9/' path='#getTempDirectory()#' file='../../etc/x'>"
            .to_string(),
        format!("<cfhttp url='http://127.0.0.1:9/' method='post'><cfhttpparam type='file' name='f' file='{}/secret.txt'></cfhttp>", s(&outside)),
        format!("<cfmail to='a@b.c' from='d@e.f' subject='s' server='127.0.0.1' port='9' mimeattach='{}/secret.txt'>x</cfmail>", s(&outside)),
    ] {
        let out = run(&engine, &root, &tag);
        assert!(
            out.starts_with("ERROR security: access to ["),
            "{tag}: {out}"
        );
    }
    assert!(!outside.join("new.txt").exists() && !outside.join("copy.txt").exists());
    let _ = std::fs::remove_file(std::env::temp_dir().join("rime-sandbox-ok.txt"));
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn without_the_sandbox_paths_are_not_checked() {
    let root = dir("off");
    let engine = Engine::new(root.clone());
    let out = run(
        &engine,
        &root,
        "<cfoutput>#fileExists('/etc/passwd') or true#</cfoutput>",
    );
    assert_eq!(out, "true");
    let _ = std::fs::remove_dir_all(&root);
}

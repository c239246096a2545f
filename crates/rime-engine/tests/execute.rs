//! `<cfexecute>` end to end: refused unless the server enables it; when enabled, programs run
//! directly (no shell), with output to a variable, the page or files, and a timeout that kills.

use rime_engine::{Engine, EngineConfig};
use rime_runtime::{Struct, Value};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rime-exec-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    dir
}

fn engine(dir: &std::path::Path, enabled: bool) -> Arc<Engine> {
    let settings = Struct::with_flags(true);
    if enabled {
        settings.set_str("executeEnabled", Value::Bool(true));
    }
    Engine::with_config(
        dir.to_path_buf(),
        EngineConfig {
            settings,
            ..EngineConfig::default()
        },
    )
}

/// Run `page` as `dir/page.cfm`: the output, or `ERROR type: message` after it.
fn run(engine: &Arc<Engine>, dir: &std::path::Path, page: &str) -> String {
    let file = dir.join("page.cfm");
    let _ = std::fs::write(&file, page);
    let r = engine.run_file(&file);
    match r.error {
        Some(e) => format!("{}ERROR {}: {}", r.output, e.type_, e.message),
        None => r.output,
    }
}

#[test]
fn refused_unless_enabled() {
    // The environment switch would enable it for the whole process: this test needs it unset.
    if std::env::var("RIME_ALLOW_EXECUTE").is_ok() {
        return;
    }
    let dir = temp_dir("refused");
    let out = run(
        &engine(&dir, false),
        &dir,
        r##"<cfexecute name="/bin/echo" arguments="hi" timeout="5" variable="v">"##,
    );
    assert_eq!(out, "ERROR security: can't access tag [execute]");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn output_goes_to_a_variable_the_page_or_files() {
    let dir = temp_dir("output");
    let e = engine(&dir, true);
    let out = run(
        &e,
        &dir,
        r##"<cfexecute name="/bin/echo" arguments="hello  'big world'" timeout="5" variable="v"/><cfoutput>[#v#]</cfoutput>"##,
    );
    assert_eq!(out, "[hello big world\n]");
    // Array arguments pass as they are: no shell, so `$HOME`, `;` and `|` stay literal.
    let out = run(
        &e,
        &dir,
        r##"<cfexecute name="/bin/echo" arguments="#['a b', '$HOME', ';', '|', '*']#" timeout="5" variable="v"/><cfoutput>[#v#]</cfoutput>"##,
    );
    assert_eq!(out, "[a b $HOME ; | *\n]");
    // Without variable or outputFile the output is the page's.
    let out = run(
        &e,
        &dir,
        r##"before <cfexecute name="/bin/echo" arguments="on the page" timeout="5"></cfexecute>after"##,
    );
    assert_eq!(out, "before on the page\nafter");
    // The body is the command when there is no name.
    let out = run(
        &e,
        &dir,
        r##"<cfexecute timeout="5" variable="v"> /bin/echo from body </cfexecute><cfoutput>[#v#]</cfoutput>"##,
    );
    assert_eq!(out, "[from body\n]");
    // Standard error, the exit code, files.
    let out = run(
        &e,
        &dir,
        r##"<cfexecute name="/bin/ls" arguments="/nonexistent-rime-dir" timeout="5" variable="o"
            errorVariable="err" exitCodeVariable="code" outputFile="out.txt" errorFile="err.txt"/>
<cfoutput>[#o#][#len(err) GT 0#][#code#][#fileExists(expandPath("err.txt"))#]</cfoutput>"##,
    );
    assert_eq!(out.trim(), "[][true][2][true]");
    assert!(std::fs::read_to_string(dir.join("err.txt"))
        .is_ok_and(|s| s.contains("nonexistent-rime-dir")));
    assert_eq!(
        std::fs::read_to_string(dir.join("out.txt")).ok().as_deref(),
        Some("")
    );
    // Script forms.
    let out = run(
        &e,
        &dir,
        r##"<cfscript>
        execute name="/bin/echo" arguments="script" timeout=5 variable="a";
        cfexecute(name="/bin/echo", arguments=["call form"], timeout=5, variable="b");
        writeOutput(trim(a) & "|" & trim(b));
        </cfscript>"##,
    );
    assert_eq!(out, "script|call form");
    // The working directory.
    let _ = std::fs::create_dir_all(dir.join("sub"));
    let _ = std::fs::write(dir.join("sub/marker.txt"), "");
    let out = run(
        &e,
        &dir,
        r##"<cfexecute name="/bin/ls" directory="sub" timeout="5" variable="v"/><cfoutput>#trim(v)#</cfoutput>"##,
    );
    assert_eq!(out, "marker.txt");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_timeout_kills_the_program_and_zero_does_not_wait() {
    let dir = temp_dir("timeout");
    let e = engine(&dir, true);
    let started = Instant::now();
    let out = run(
        &e,
        &dir,
        r##"<cftry><cfexecute name="/bin/sleep" arguments="10" timeout="1" variable="v"/>
<cfcatch><cfoutput>#cfcatch.type#: #cfcatch.message#</cfoutput></cfcatch></cftry>"##,
    );
    assert_eq!(
        out.trim(),
        "application: timeout [1000 ms] expired while executing [/bin/sleep 10]"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    // timeout 0 (the default): started, not waited for; the variable is empty.
    let started = Instant::now();
    let out = run(
        &e,
        &dir,
        r##"<cfexecute name="/bin/sleep" arguments="3" variable="v"/><cfoutput>[#v#]</cfoutput>"##,
    );
    assert_eq!(out, "[]");
    assert!(started.elapsed() < Duration::from_secs(2));
    // A program that does not exist.
    let out = run(
        &e,
        &dir,
        r##"<cfexecute name="/nonexistent/rime-program" timeout="1"/>"##,
    );
    assert_eq!(out, "ERROR application: Error invoking external process");
    let _ = std::fs::remove_dir_all(&dir);
}

//! Every built-in function called with extreme arguments (huge, negative, fractional and
//! non-finite numbers; empty, long and odd strings; nested and empty containers; the wrong
//! types) must end in a value or a CFML error, never a panic: the VM turns a panic in a
//! builtin into an error (`function [x] failed: …`), and this sweep fails on any such error,
//! naming the function and the arguments. Builtins that touch the outside world (files, the
//! network, processes, sleeping, the mail and thread machinery) are left out.

use rime_engine::Engine;
use rime_runtime::{Array, Struct, Value};

/// Builtins not called: they write files, reach the network or other processes, sleep, or end
/// the request.
fn skipped(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    const PREFIXES: &[&str] = &[
        "file",
        "directory",
        "sleep",
        "execute",
        "http",
        "mail",
        "ftp",
        "thread",
        "abort",
        "location",
        "objectsave",
        "objectload",
        "spreadsheet",
        "image",
        "zip",
        "cache",
        "session",
        "application",
        "cfhttp",
        "dbinfo",
        "query",
        "storedproc",
        "transaction",
        "createobject",
        "invoke",
        "evaluate",
        "precisionevaluate",
        "iif",
        "render",
        "include",
        "systemoutput",
        "writelog",
        "writedump",
        "dump",
        "gettempdirectory",
        "expandpath",
        "setvariable",
        "runasync",
        "throw",
        "rethrow",
        "ormexecute",
        "entity",
        "restinit",
        "restsetresponse",
        "getpagecontext",
        "setlocale",
        "settimezone",
        "inspecttemplates",
        "pagepoolclear",
        "systemcacheclear",
        "createuuid",
        "sendgatewaymessage",
    ];
    PREFIXES.iter().any(|p| n.starts_with(p))
}

fn extremes() -> Vec<Value> {
    let nested = Array::new();
    let inner = Array::new();
    inner.push(Value::from("x"));
    nested.push(Value::Array(inner));
    let st = Struct::new();
    st.set_str("a", Value::Num(1.0));
    let deep = Struct::new();
    deep.set_str("s", Value::Struct(st.clone()));
    vec![
        Value::Num(1e20),
        Value::Num(-1e20),
        Value::Num(1e308),
        Value::Num(-1.0),
        Value::Num(0.0),
        Value::Num(0.5),
        Value::Num(-0.5),
        Value::Num(f64::NAN),
        Value::Num(f64::INFINITY),
        Value::Num(f64::NEG_INFINITY),
        Value::Num(2147483648.0),
        Value::Num(9007199254740993.0),
        Value::from(""),
        Value::from(" "),
        Value::from("x".repeat(20_000)),
        Value::from("ü€𝄞\u{0}\u{FFFF}"),
        Value::from("{ts '2024-01-01 00:00:00'}"),
        Value::from("-1"),
        Value::from("1e400"),
        Value::Bool(true),
        Value::Null,
        Value::Array(Array::new()),
        Value::Array(nested),
        Value::Struct(Struct::new()),
        Value::Struct(deep),
    ]
}

fn describe(v: &Value) -> String {
    match v {
        Value::Str(s) if s.len() > 40 => format!("string of {} characters", s.chars().count()),
        Value::Str(s) => format!("{s:?}"),
        Value::Num(n) => format!("{n}"),
        other => other.type_name().to_string(),
    }
}

#[test]
fn no_builtin_panics_on_extreme_arguments() {
    // The panics the sweep looks for are caught; their default report would flood the output.
    std::panic::set_hook(Box::new(|_| {}));
    let dir = std::env::temp_dir().join(format!("rime-sweep-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let engine = Engine::new(&dir);
    let e2 = engine.clone();
    let r = engine.on_request_thread(move || {
        let mut failures = Vec::new();
        let values = extremes();
        for def in rime_stdlib::registry().iter() {
            if skipped(def.name) {
                continue;
            }
            let arity = def.params.len().clamp(1, 3);
            let mut vm = e2.new_vm();
            for v in &values {
                // Every argument the extreme value, then only the first one (the others a
                // plain value), then only the last one.
                let shapes: Vec<Vec<Value>> = vec![
                    vec![v.clone(); arity],
                    (0..arity)
                        .map(|i| if i == 0 { v.clone() } else { Value::from("1") })
                        .collect(),
                    (0..arity)
                        .map(|i| {
                            if i + 1 == arity {
                                v.clone()
                            } else {
                                Value::from("a,b")
                            }
                        })
                        .collect(),
                ];
                for args in shapes {
                    if let Err(e) = vm.call_builtin_value(def, args.clone()) {
                        if e.message
                            .starts_with(&format!("function [{}] failed: ", def.name))
                        {
                            let shown: Vec<String> = args.iter().map(describe).collect();
                            failures.push(format!(
                                "{}({}): {}",
                                def.name,
                                shown.join(", "),
                                e.message
                            ));
                        }
                    }
                }
            }
        }
        rime_engine::RunResult {
            output: failures.join("\n"),
            error: None,
        }
    });
    let _ = std::panic::take_hook();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(r.error.is_none(), "the sweep itself failed: {:?}", r.error);
    assert!(r.output.is_empty(), "builtins panicked:\n{}", r.output);
}

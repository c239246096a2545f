//! System functions: output (`writeOutput`, `writeDump`, `systemOutput`, `render`), dynamic
//! variables and evaluation (`evaluate`, `precisionEvaluate`, `iif`, `de`, `getVariable`,
//! `setVariable`), the function registry (`getFunctionList`, `getFunctionData`), threads
//! (`isInThread`, `threadData`), ids, timing, paths and temporary files.

use rime_runtime::registry::{def, opt, req, Args, BuiltinDef};
use rime_runtime::Ctx;
use rime_runtime::{Array, CfResult, CfmlError, EngineCache, MemberType, Struct, Value};
use std::fmt::Write;
use std::io::Write as _;

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "writeOutput",
        &[req("string"), opt("encodeFor")],
        write_output,
    ),
    def("echo", &[req("string")], write_output),
    def("getLocalHostIP", &[], |_, _| {
        Ok(Value::from(local_host_ip()))
    }),
    def("writeDump", DUMP_PARAMS, write_dump),
    // Lucee's short name of writeDump.
    def("dump", DUMP_PARAMS, write_dump),
    def("isDefined", &[req("variable")], is_defined).by_name(),
    def("evaluate", &[req("expression")], evaluate)
        .by_name()
        .runs_code()
        .variadic(),
    def("render", &[req("cfml"), opt("dialect")], render).runs_code(),
    def(
        "precisionEvaluate",
        &[req("expression")],
        crate::precise::precision_evaluate,
    )
    .by_name()
    .runs_code()
    .variadic(),
    def("isInThread", &[], is_in_thread),
    def("debugAdd", &[req("category"), req("data")], debug_add),
    // `threadData()`: the page's `cfthread` scope (thread name -> its metadata).
    def("threadData", &[], |ctx, _| {
        Ok(ctx
            .lookup("cfthread")
            .unwrap_or_else(|| Value::Struct(Struct::new())))
    }),
    def(
        "threadJoin",
        &[opt("threadName"), opt("timeout")],
        |ctx, a| thread_action(ctx, a, "join"),
    ),
    def("threadTerminate", &[req("threadName")], |ctx, a| {
        thread_action(ctx, a, "terminate")
    }),
    def("getHTTPRequestHeaders", &[], get_http_request_headers),
    def("setVariable", &[req("name"), req("value")], set_variable).by_name(),
    def("nullValue", &[], |_, _| Ok(Value::Null)),
    def("createUUID", &[], create_uuid),
    def("createGUID", &[], create_guid),
    def("getTickCount", &[opt("unit")], get_tick_count),
    def("sleep", &[req("duration")], sleep),
    def(
        "writeLog",
        &[
            req("text"),
            opt("type"),
            opt("application"),
            opt("file"),
            opt("log"),
        ],
        write_log,
    ),
    def(
        "getBaseTagList",
        &[opt("caller"), opt("delimiter")],
        |ctx, a| {
            let d = a.str_or(1, ",")?.into_owned();
            Ok(Value::from(ctx.base_tags().join(&d)))
        },
    ),
    def(
        "getBaseTagData",
        &[req("tagName"), opt("ancestorLevels")],
        |ctx, a| {
            let name = a.str(0)?.into_owned();
            let level = a.num_or(1, 1.0)?.max(1.0) as usize;
            ctx.base_tag_data(&name, level)
                .ok_or_else(|| CfmlError::application(format!("no enclosing custom tag [{name}]")))
        },
    ),
    def("sessionRotate", &[], |ctx, _| {
        ctx.session_action("rotate").map(|_| Value::Null)
    }),
    def("sessionInvalidate", &[], |ctx, _| {
        ctx.session_action("invalidate").map(|_| Value::Null)
    }),
    def("getHTTPRequestData", &[opt("includeBody")], |ctx, a| {
        let include = a.bool_or(0, true)?;
        ctx.http_request_data(include)
    }),
    def("restSetResponse", &[req("response")], |ctx, a| {
        ctx.rest_set_response(a.structure(0)?).map(|_| Value::Null)
    }),
    // The web administrator password Lucee asks for is accepted and ignored.
    def(
        "restInitApplication",
        &[
            req("dirPath"),
            opt("serviceMapping"),
            opt("default"),
            opt("password"),
        ],
        |ctx, a| {
            let dir = a.str(0)?.into_owned();
            let mapping = a.str_or(1, "")?.into_owned();
            let default = a.bool_or(2, false)?;
            ctx.rest_application(&dir, Some((&mapping, default)))
                .map(|_| Value::Null)
        },
    ),
    def(
        "restDeleteApplication",
        &[req("dirPath"), opt("password")],
        |ctx, a| {
            let dir = a.str(0)?.into_owned();
            ctx.rest_application(&dir, None).map(|_| Value::Null)
        },
    ),
    def("applicationStop", &[], |ctx, _| {
        ctx.application_stop().map(|_| Value::Null)
    }),
    // The engine's caches: compiled templates (recompiled from their files when next used),
    // component and custom-tag lookups, each page's Application.cfc.
    def("pagePoolClear", &[], |ctx, _| {
        Ok(Value::Bool(ctx.clear_engine_cache(EngineCache::Pages)))
    }),
    def("inspectTemplates", &[], |ctx, _| {
        Ok(Value::Bool(ctx.clear_engine_cache(EngineCache::Pages)))
    }),
    def("pagePoolList", &[], |ctx, _| {
        let pages = ctx.engine_cache_entries(EngineCache::Pages);
        Ok(Value::Array(Array::from_vec(
            pages.into_iter().map(|(p, _)| Value::from(p)).collect(),
        )))
    }),
    def("componentCacheClear", &[], |ctx, _| {
        ctx.clear_engine_cache(EngineCache::Components);
        Ok(Value::Null)
    }),
    def("componentCacheList", &[], |ctx, _| {
        let s = Struct::with_flags(true);
        for (name, path) in ctx.engine_cache_entries(EngineCache::Components) {
            s.set_str(&name, Value::from(path));
        }
        Ok(Value::Struct(s))
    }),
    def("ctCacheClear", &[], |ctx, _| {
        ctx.clear_engine_cache(EngineCache::CustomTags);
        Ok(Value::Null)
    }),
    def("applicationPathCacheClear", &[], |ctx, _| {
        ctx.clear_engine_cache(EngineCache::ApplicationPaths);
        Ok(Value::Null)
    }),
    def("systemCacheClear", &[opt("cacheName")], system_cache_clear),
    def(
        "getApplicationSettings",
        &[opt("suppressFunctions")],
        |ctx, _| application_settings(ctx),
    ),
    def("getApplicationMetadata", &[], |ctx, _| {
        application_settings(ctx)
    }),
    def("applicationStartTime", &[], |ctx, _| {
        ctx.application_start_time()
            .map(Value::Date)
            .ok_or_else(|| {
                CfmlError::application("there is no application context (no Application.cfc)")
            })
    }),
    def("sessionStartTime", &[], |ctx, _| {
        ctx.session_start_time().map(Value::Date).ok_or_else(|| {
            CfmlError::application(
                "session scope is not enabled (set this.sessionManagement = true)",
            )
        })
    }),
    def("getFunctionCalledName", &[], |ctx, _| {
        Ok(Value::from(ctx.function_called_name()))
    }),
    def("getComponentStaticScope", &[req("path")], |ctx, a| {
        let path = a.str(0)?.into_owned();
        ctx.component_static_scope(&path)
    }),
    def("isWithinTransaction", &[], |ctx, _| {
        Ok(Value::Bool(ctx.within_transaction()))
    }),
    // Rime serves every application at the root of its host.
    def("getContextRoot", &[], |_, _| Ok(Value::from(""))),
    def("expandPath", &[req("path")], |ctx, a| {
        Ok(Value::from(ctx.expand_path(&a.str(0)?)))
    }),
    def(
        "callStackGet",
        &[opt("type"), opt("offset"), opt("maxFrames")],
        call_stack_get,
    )
    .reads_stack(),
    def("getCurrentTemplatePath", &[], |ctx, _| {
        Ok(Value::from(ctx.current_template()))
    })
    .constant(),
    def("getBaseTemplatePath", &[], |ctx, _| {
        Ok(Value::from(ctx.base_template()))
    }),
    def(
        "getDirectoryFromPath",
        &[req("path")],
        get_directory_from_path,
    )
    .constant(),
    def("getFileFromPath", &[req("path")], get_file_from_path),
    def(
        "iif",
        &[req("condition"), req("expression1"), req("expression2")],
        iif,
    )
    .by_name()
    .runs_code(),
    def("de", &[req("string")], de),
    def("getVariable", &[req("name")], get_variable),
    def("getFunctionList", &[opt("dialect")], get_function_list),
    def(
        "getFunctionData",
        &[req("functionName"), opt("dialect")],
        get_function_data,
    ),
    def(
        "systemOutput",
        &[req("obj"), opt("addNewLine"), opt("doErrorStream")],
        system_output,
    ),
    def("getTempDirectory", &[opt("unique")], get_temp_directory),
    def(
        "getTempFile",
        &[opt("dir"), req("prefix"), opt("extension")],
        get_temp_file,
    ),
    def("createUniqueId", &[opt("type")], create_unique_id),
    def(
        "createULID",
        &[opt("type"), opt("input1"), opt("input2")],
        create_ulid,
    ),
    def(
        "contractPath",
        &[req("path"), opt("placeholder")],
        contract_path,
    ),
    def("getSystemFreeMemory", &[], get_system_free_memory),
    def("getSystemTotalMemory", &[], get_system_total_memory),
];

/// Everything up to and including the last `/` or `\`.
fn get_directory_from_path(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let p = a.str(0)?;
    Ok(Value::from(match p.rfind(['/', '\\']) {
        Some(i) => &p[..=i],
        None => "",
    }))
}

fn get_file_from_path(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let p = a.str(0)?;
    Ok(Value::from(match p.rfind(['/', '\\']) {
        Some(i) => &p[i + 1..],
        None => p.as_ref(),
    }))
}

/// `writeOutput(string [, encodeFor])`: `encodeFor` names an `encodeFor*` function (`html`,
/// `url`, `javascript`...) applied first, as Lucee does.
fn write_output(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let s = a.str(0)?.into_owned();
    let enc = a.str_or(1, "")?.trim().to_string();
    if enc.is_empty() {
        ctx.write(&s);
        return Ok(Value::Null);
    }
    let wanted = format!("encodeFor{enc}");
    let def = crate::registry()
        .lookup(&wanted)
        .and_then(|id| crate::registry().get(id))
        .ok_or_else(|| {
            CfmlError::expression(format!(
                "invalid encodeFor [{enc}] for writeOutput: valid are html, htmlAttribute, javascript, css, xml, xmlAttribute, url, xpath, ldap, dn"
            ))
        })?;
    let encoded = (def.func)(ctx, &Args::new(def.name, vec![Some(Value::from(s))]))?;
    ctx.write(&encoded.to_str()?);
    Ok(Value::Null)
}

/// The address of this machine's host name (Lucee: `InetAddress.getLocalHost()`), or the
/// loopback address when the name doesn't resolve.
fn local_host_ip() -> String {
    use std::net::ToSocketAddrs;
    let host = std::fs::read_to_string("/etc/hostname")
        .map(|h| h.trim().to_string())
        .unwrap_or_default();
    if host.is_empty() {
        return "127.0.0.1".to_string();
    }
    (host.as_str(), 0)
        .to_socket_addrs()
        .ok()
        .and_then(|mut addrs| addrs.find(|a| a.is_ipv4()).or_else(|| addrs.next()))
        .map_or_else(|| "127.0.0.1".to_string(), |a| a.ip().to_string())
}

fn is_defined(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let name = a.str(0)?;
    Ok(Value::Bool(ctx.lookup(&name).is_some_and(|v| !v.is_null())))
}

fn evaluate(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let mut last = Value::Null;
    for v in a.rest(0) {
        last = ctx.evaluate(&v.to_str()?)?;
    }
    Ok(last)
}

/// `render(cfml, dialect)`: run CFML template code in the current scopes; its output is part
/// of the page's (Lucee 5+). The one dialect is `cfml`.
fn render(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let dialect = a.str_or(1, "cfml")?;
    if !dialect.trim().eq_ignore_ascii_case("cfml") {
        return Err(CfmlError::expression(format!(
            "render: unsupported dialect [{dialect}], the one dialect is [cfml]"
        )));
    }
    ctx.render(&a.str(0)?)?;
    Ok(Value::Null)
}

/// `debugAdd(category, data)`: adds to the debugging output, which Rime does not have
/// (`isDebugMode()` is always false); as in Lucee with debugging off, the data is dropped.
fn debug_add(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    a.str(0)?;
    a.structure(1)?;
    Ok(Value::Null)
}

/// `threadJoin([names [, timeout]])` and `threadTerminate(names)`: `<cfthread action>` on the
/// named threads (a list, or an array of names; none: every thread of the request).
fn thread_action(ctx: &mut dyn Ctx, a: &Args, action: &str) -> CfResult<Value> {
    let attrs = Struct::with_flags(true);
    attrs.set_str("action", Value::from(action));
    match a.get(0) {
        None | Some(Value::Null) => {}
        Some(Value::Array(names)) => {
            let list: Vec<String> = names
                .to_vec()
                .iter()
                .map(|v| v.to_str().map(|s| s.into_owned()))
                .collect::<CfResult<_>>()?;
            attrs.set_str("name", Value::from(list.join(",")));
        }
        Some(v) => attrs.set_str("name", Value::from(v.to_str()?.into_owned())),
    }
    if let Some(t) = a.get(1).filter(|v| !v.is_null()) {
        attrs.set_str("timeout", t.clone());
    }
    ctx.thread_action(&attrs)?;
    Ok(Value::Null)
}

/// `isInThread()`: whether the code runs inside a `<cfthread>` body.
fn is_in_thread(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    Ok(Value::Bool(ctx.in_thread()))
}

/// `getHTTPRequestHeaders()`: the request's headers, a copy of `getHTTPRequestData().headers`
/// (an empty struct outside a web request).
fn get_http_request_headers(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    let data = ctx.http_request_data(false)?;
    let headers = match &data {
        Value::Struct(s) => s.get("headers"),
        _ => None,
    };
    Ok(match headers {
        Some(Value::Struct(h)) => Value::Struct(h.copy()),
        _ => Value::Struct(Struct::new()),
    })
}

fn set_variable(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let name = a.str(0)?;
    let v = a.val(1)?.clone();
    ctx.assign(&name, v.clone())?;
    Ok(v)
}

/// `n` random hexadecimal digits, upper-case (`createUUID`, `createGUID`).
pub(crate) fn hex(n: usize) -> String {
    let mut s = String::with_capacity(n);
    for _ in 0..n {
        let d: u8 = rand::random::<u8>() % 16;
        let _ = write!(s, "{d:X}");
    }
    s
}

/// CFML's UUID format: 8-4-4-16 hexadecimal digits.
fn create_uuid(_: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    Ok(Value::from(format!(
        "{}-{}-{}-{}",
        hex(8),
        hex(4),
        hex(4),
        hex(16)
    )))
}

fn create_guid(_: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    Ok(Value::from(guid()))
}

/// A random GUID: 8-4-4-4-12 hexadecimal digits.
pub(crate) fn guid() -> String {
    format!("{}-{}-{}-{}-{}", hex(8), hex(4), hex(4), hex(4), hex(12))
}

fn get_tick_count(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let unit = a.str_or(0, "milli")?.to_ascii_lowercase();
    Ok(Value::Num(match unit.as_str() {
        "nano" => now.as_nanos() as f64,
        "micro" => now.as_micros() as f64,
        "second" => now.as_secs() as f64,
        _ => now.as_millis() as f64,
    }))
}

fn sleep(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let ms = a.num(0)?;
    if !(0.0..=86_400_000.0).contains(&ms) {
        return Err(CfmlError::expression(format!(
            "sleep duration [{ms}] is out of range"
        )));
    }
    // In slices, so that a thread terminated or a request past its timeout stops sleeping
    // (with the error the VM's checks raise).
    let until = std::time::Instant::now() + std::time::Duration::from_millis(ms as u64);
    let (deadline, cancel) = ctx.stop_signals();
    ctx.blocking(&mut || loop {
        let now = std::time::Instant::now();
        let stop = deadline.is_some_and(|d| now >= d)
            || cancel
                .as_ref()
                .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
        if now >= until || stop {
            break;
        }
        std::thread::sleep((until - now).min(std::time::Duration::from_millis(50)));
    });
    ctx.check_stop()?;
    Ok(Value::Null)
}

/// A plain-text dump (the CLI form of `<cfdump>`).
/// `writeDump(var [, label, expand, format, top, output, abort, show, hide, keys, metainfo,
/// showUDFs, enabled])`. `output` is `browser` (the page, the default) or `console` (the
/// server's standard output); Lucee's third choice, a file path, is an error. `show`/`hide` (key
/// lists) and `keys` (a count) pick the keys of a struct or the columns of a query shown at the
/// top level; `abort` ends the request after the dump; `enabled=false` dumps nothing. `top`,
/// `metainfo` and `showUDFs` are accepted and do not change the dump.
fn write_dump(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    if !a.bool_or(12, true)? {
        return Ok(Value::Null);
    }
    let v = dump_selection(a.raw(0).cloned().unwrap_or_default(), a)?;
    let console = match a.get(5) {
        None => false,
        Some(o) => {
            let o = o.to_str()?;
            match o.trim().to_ascii_lowercase().as_str() {
                "" | "browser" => false,
                "console" => true,
                _ => {
                    return Err(CfmlError::expression(format!(
                        "writeDump: output [{o}] is not supported, use [browser] or [console]"
                    )))
                }
            }
        }
    };
    let label = a
        .get(1)
        .map(|l| l.to_str().map(|s| s.into_owned()))
        .transpose()?;
    let format = a
        .get(3)
        .map(|f| f.to_str().map(|s| s.to_ascii_lowercase()))
        .transpose()?;
    let html = match format.as_deref() {
        Some("html") => true,
        Some("text") => false,
        _ => crate::dump::is_web(ctx),
    };
    let expand = a.bool_or(2, true)?;
    let out = if html && !console {
        crate::dump::html(&v, label.as_deref(), expand)
    } else {
        crate::dump::text(&v, label.as_deref())
    };
    if console {
        // A closed or broken stream is not the page's problem.
        let mut o = std::io::stdout().lock();
        let _ = o.write_all(out.as_bytes()).and_then(|_| o.flush());
    } else {
        ctx.write(&out);
    }
    if a.bool_or(6, false)? {
        return Err(CfmlError::abort());
    }
    Ok(Value::Null)
}

/// The dumped value after `show`, `hide` and `keys` (arguments 7 to 9): a struct keeps the
/// chosen keys, a query the chosen columns; other values are dumped whole.
fn dump_selection(v: Value, a: &Args) -> CfResult<Value> {
    let list = |i: usize| -> CfResult<Option<Vec<String>>> {
        match a.get(i) {
            None => Ok(None),
            Some(x) => {
                let s = x.to_str()?;
                if s.trim().is_empty() || s.trim().eq_ignore_ascii_case("all") {
                    return Ok(None);
                }
                Ok(Some(
                    s.split(',')
                        .map(|p| p.trim().to_ascii_lowercase())
                        .filter(|p| !p.is_empty())
                        .collect(),
                ))
            }
        }
    };
    let show = list(7)?;
    let hide = list(8)?.unwrap_or_default();
    let max = match a.get(9) {
        Some(_) => Some(a.num(9)?.max(0.0) as usize),
        None => None,
    };
    if show.is_none() && hide.is_empty() && max.is_none() {
        return Ok(v);
    }
    let keep = |name: &str| {
        let n = name.to_ascii_lowercase();
        show.as_ref().is_none_or(|s| s.contains(&n)) && !hide.contains(&n)
    };
    Ok(match v {
        Value::Struct(s) if s.component().is_none() => {
            let out = Struct::with_flags(true);
            let chosen = s.entries().into_iter().filter(|(k, _)| keep(k.as_str()));
            for (k, x) in chosen.take(max.unwrap_or(usize::MAX)) {
                out.set(k, x);
            }
            Value::Struct(out)
        }
        Value::Query(q) => {
            let q = q.read();
            let mut copy = rime_runtime::Query::new(&[]);
            copy.rows = q.rows;
            let chosen = q.columns.iter().filter(|c| keep(c.name.as_str()));
            for c in chosen.take(max.unwrap_or(usize::MAX)) {
                copy.columns.push(c.clone());
            }
            Value::Query(std::sync::Arc::new(parking_lot::RwLock::new(copy)))
        }
        other => other,
    })
}

// ---------------------------------------------------------------------------------------------
// Dynamic evaluation
// ---------------------------------------------------------------------------------------------

/// `iif(condition, expression1, expression2)`: evaluates one of two expression strings.
fn iif(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let expr = if a.bool(0)? { a.str(1)? } else { a.str(2)? };
    ctx.evaluate(&expr)
}

/// `de(string)`: the string as a CFML string literal, for `iif` and `evaluate`.
fn de(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let s = a.str(0)?;
    Ok(Value::from(format!("\"{}\"", s.replace('"', "\"\""))))
}

fn get_variable(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let name = a.str(0)?;
    match ctx.lookup(&name) {
        Some(v) if !v.is_null() => Ok(v),
        _ => Err(CfmlError::expression(format!(
            "variable [{}] doesn't exist",
            name.trim()
        ))),
    }
}

// ---------------------------------------------------------------------------------------------
// The function registry
// ---------------------------------------------------------------------------------------------

fn check_dialect(a: &Args, i: usize, fname: &str) -> CfResult<()> {
    match a.get(i) {
        Some(v) => {
            let d = v.to_str()?.trim().to_ascii_lowercase();
            if d == "cfml" || d == "lucee" || d.is_empty() {
                Ok(())
            } else {
                Err(CfmlError::expression(format!(
                    "Invalid argument [dialect] for function [{fname}]: value [{d}] is invalid, valid values are [cfml,lucee]"
                )))
            }
        }
        None => Ok(()),
    }
}

/// Whether a definition is a callable global function (companion member definitions carry a dot).
fn is_global(d: &BuiltinDef) -> bool {
    !d.name.contains('.')
}

/// `getFunctionList()`: every built-in function name (lowercase, as Lucee's keys) mapped to "".
fn get_function_list(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    check_dialect(a, 0, "getFunctionList")?;
    let mut names: Vec<String> = crate::registry()
        .iter()
        .filter(|d| is_global(d))
        .map(|d| d.name.to_ascii_lowercase())
        .collect();
    names.sort();
    let out = Struct::new();
    for n in names {
        out.set_str(&n, Value::from(""));
    }
    Ok(Value::Struct(out))
}

fn member_type_name(t: MemberType) -> &'static str {
    match t {
        MemberType::String => "string",
        MemberType::Number => "numeric",
        MemberType::Boolean => "boolean",
        MemberType::Array => "array",
        MemberType::Struct => "struct",
        MemberType::Query => "query",
        MemberType::Date => "datetime",
        MemberType::Function => "function",
        MemberType::Binary => "binary",
        MemberType::Xml => "xml",
        MemberType::Any => "any",
    }
}

/// `getFunctionData(name)`: Lucee's description of a built-in. Rime records parameter names and
/// whether they are required, not their types, so `type` is `any` throughout.
fn get_function_data(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let name = a.str(0)?;
    check_dialect(a, 1, "getFunctionData")?;
    let reg = crate::registry();
    let d = reg
        .lookup(name.trim())
        .and_then(|id| reg.get(id))
        .filter(|d| is_global(d))
        .ok_or_else(|| {
            CfmlError::expression(format!(
                "function [{}] is not a built in function",
                name.trim()
            ))
        })?;
    let out = Struct::with_flags(true);
    out.set_str("name", Value::from(d.name));
    out.set_str("status", Value::from("implemented"));
    out.set_str("description", Value::from(""));
    out.set_str("returnType", Value::from("any"));
    out.set_str(
        "argumentType",
        Value::from(if d.variadic { "dynamic" } else { "fixed" }),
    );
    let min = d.params.iter().filter(|p| p.required).count();
    out.set_str("argMin", Value::Num(min as f64));
    out.set_str(
        "argMax",
        Value::Num(if d.variadic {
            -1.0
        } else {
            d.params.len() as f64
        }),
    );
    // Lucee reports its built-ins as type "java"; kept for code that checks it.
    out.set_str("type", Value::from("java"));
    if let Some((ty, member)) = d.members.first() {
        let m = Struct::with_flags(true);
        m.set_str("name", Value::from(*member));
        m.set_str("chaining", Value::Bool(d.chain));
        m.set_str("type", Value::from(member_type_name(*ty)));
        m.set_str("position", Value::Num(1.0));
        out.set_str("member", Value::Struct(m));
    }
    let args = Array::new();
    for p in d.params {
        let s = Struct::with_flags(true);
        s.set_str("required", Value::Bool(p.required));
        s.set_str("type", Value::from("any"));
        s.set_str("name", Value::from(p.name));
        s.set_str("status", Value::from("implemented"));
        s.set_str("defaultValue", Value::Null);
        s.set_str("description", Value::from(""));
        args.push(Value::Struct(s));
    }
    out.set_str("arguments", Value::Array(args));
    Ok(Value::Struct(out))
}

// ---------------------------------------------------------------------------------------------
// systemOutput
// ---------------------------------------------------------------------------------------------

/// A CFML-literal rendering of complex values (Lucee's `serialize`), for `systemOutput`.
fn serialize(v: &Value, depth: usize, out: &mut String) {
    if depth > 64 {
        out.push_str("\"[nested too deep]\"");
        return;
    }
    // Self-referencing containers would otherwise expand without end.
    if out.len() > 16 * 1024 * 1024 {
        out.push_str("...");
        return;
    }
    let quote = |s: &str, out: &mut String| {
        out.push('"');
        out.push_str(&s.replace('"', "\"\""));
        out.push('"');
    };
    match v {
        Value::Array(a) => {
            out.push('[');
            for (i, x) in a.to_vec().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                serialize(x, depth + 1, out);
            }
            out.push(']');
        }
        Value::Struct(s) => {
            out.push('{');
            for (i, (k, x)) in s.entries().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                quote(k.as_str(), out);
                out.push(':');
                serialize(x, depth + 1, out);
            }
            out.push('}');
        }
        Value::Query(q) => {
            let q = q.read();
            out.push_str("query(");
            for (ci, c) in q.columns.iter().enumerate() {
                if ci > 0 {
                    out.push(',');
                }
                quote(c.name.as_str(), out);
                out.push_str(":[");
                for (ri, cell) in c.values.iter().enumerate() {
                    if ri > 0 {
                        out.push(',');
                    }
                    serialize(cell, depth + 1, out);
                }
                out.push(']');
            }
            out.push(')');
        }
        Value::Num(n) => out.push_str(&rime_runtime::number::format(*n)),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Null => out.push_str("nullValue()"),
        Value::Func(f) => quote(&format!("function {}", f.name()), out),
        Value::Binary(b) => {
            use base64::Engine;
            out.push_str("toBinary(");
            quote(
                &base64::engine::general_purpose::STANDARD.encode(b.as_ref()),
                out,
            );
            out.push(')');
        }
        simple => quote(&simple.to_str().unwrap_or_default(), out),
    }
}

/// `systemOutput(obj [, addNewLine [, doErrorStream]])`: writes to the process's stdout (or
/// stderr), not to the page; complex values are serialized. Returns true.
fn system_output(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let v = a.raw(0).unwrap_or(&Value::Null);
    let mut text = String::new();
    if v.is_simple() || v.is_null() {
        text.push_str(&v.to_str()?);
    } else {
        serialize(v, 0, &mut text);
    }
    if a.bool_or(1, false)? {
        text.push('\n');
    }
    // A closed or broken stream is not the page's problem.
    if a.bool_or(2, false)? {
        let mut e = std::io::stderr().lock();
        let _ = e.write_all(text.as_bytes()).and_then(|_| e.flush());
    } else {
        let mut o = std::io::stdout().lock();
        let _ = o.write_all(text.as_bytes()).and_then(|_| o.flush());
    }
    Ok(Value::Bool(true))
}

// ---------------------------------------------------------------------------------------------
// Temporary files and ids
// ---------------------------------------------------------------------------------------------

/// The temporary directory with a trailing separator.
fn temp_dir() -> String {
    let d = std::env::temp_dir();
    let d = std::fs::canonicalize(&d).unwrap_or(d);
    let mut s = d.to_string_lossy().into_owned();
    if !s.ends_with(std::path::MAIN_SEPARATOR) {
        s.push(std::path::MAIN_SEPARATOR);
    }
    s
}

/// `getTempDirectory([unique])`: with `unique` true or a prefix string, a new empty directory
/// inside the temporary directory (Lucee 6.2).
fn get_temp_directory(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let base = temp_dir();
    let prefix = match a.get(0) {
        None => return Ok(Value::from(base)),
        Some(Value::Bool(false)) => return Ok(Value::from(base)),
        Some(Value::Bool(true)) => String::new(),
        Some(v) => {
            let s = v.to_str()?.into_owned();
            match rime_runtime::value::parse_bool_word(&s) {
                Some(false) => return Ok(Value::from(base)),
                Some(true) => String::new(),
                None if s.trim().is_empty() => return Ok(Value::from(base)),
                None => {
                    let p = s.trim().to_string();
                    if p.contains(['/', '\\']) || p.contains("..") {
                        return Err(CfmlError::expression(format!(
                            "Invalid argument [unique] for function [getTempDirectory]: the prefix [{p}] must not contain path separators"
                        )));
                    }
                    p
                }
            }
        }
    };
    for _ in 0..8 {
        let dir = format!("{base}{prefix}{}", hex(16).to_ascii_lowercase());
        match std::fs::create_dir(&dir) {
            Ok(()) => {
                return Ok(Value::from(format!("{dir}{}", std::path::MAIN_SEPARATOR)));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(CfmlError::application(format!(
                    "Unable to create a temporary directory in [{base}]"
                ))
                .with_detail(e.to_string()))
            }
        }
    }
    Err(CfmlError::application(format!(
        "Unable to create a temporary directory in [{base}]"
    )))
}

static UNIQUE_COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn base36(mut n: u64) -> String {
    const D: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(D[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

fn next_unique() -> String {
    base36(UNIQUE_COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1)
}

/// `createUniqueId([type])`: a process-wide counter in base 36 (Lucee's default and `counter`),
/// or for any other type a random UUID as 22 URL-safe Base64 characters.
fn create_unique_id(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    match a.get(0) {
        Some(t) if !t.to_str()?.trim().eq_ignore_ascii_case("counter") => {
            use base64::Engine;
            let bytes: [u8; 16] = rand::random();
            Ok(Value::from(
                base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes),
            ))
        }
        _ => Ok(Value::from(next_unique())),
    }
}

/// `getTempFile([dir,] prefix [, extension=".tmp"])`: creates an empty file with a unique name
/// (`prefix-<time>_<counter>.tmp`) and returns its path.
fn get_temp_file(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let dir_arg = a.str_or(0, "")?.into_owned();
    let dir = if dir_arg.trim().is_empty() {
        temp_dir()
    } else {
        crate::file::resolve(ctx, &dir_arg)?
            .to_string_lossy()
            .into_owned()
    };
    let dir_path = std::path::PathBuf::from(&dir);
    if !dir_path.is_dir() {
        return Err(CfmlError::expression(format!(
            "[{dir_arg}] is not a directory"
        )));
    }
    let prefix = a.str(1)?;
    let ext = a.str_or(2, ".tmp")?.trim().to_string();
    let ext = if ext.is_empty() {
        ".tmp".to_string()
    } else if ext.starts_with('.') {
        ext
    } else {
        format!(".{ext}")
    };
    let mut last_err = None;
    for _ in 0..3 {
        let millis = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_millis() as u64;
        let name = format!("{prefix}-{}_{}{ext}", base36(millis), next_unique());
        let path = dir_path.join(name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(_) => {
                let p = std::fs::canonicalize(&path).unwrap_or(path);
                return Ok(Value::from(p.to_string_lossy().into_owned()));
            }
            Err(e) => last_err = Some(e),
        }
    }
    Err(CfmlError::expression(format!(
        "Unable to create temporary file in [{dir_arg}] after 3 tries"
    ))
    .with_detail(last_err.map(|e| e.to_string()).unwrap_or_default()))
}

/// Crockford's Base32, as ULIDs use it.
fn ulid_string(time_ms: u64, random: &[u8; 10]) -> String {
    const A: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let mut v: u128 = u128::from(time_ms & 0xFFFF_FFFF_FFFF) << 80;
    for (i, b) in random.iter().enumerate() {
        v |= u128::from(*b) << (8 * (9 - i));
    }
    (0..26)
        .map(|i| char::from(A[((v >> (5 * (25 - i))) & 31) as usize]))
        .collect()
}

/// `createULID([type [, input1, input2]])`: a ULID (48-bit millisecond time and 80 random bits);
/// `monotonic` increments the random part within one millisecond; `hash` uses `input1` as the
/// time and the first 10 bytes of the SHA-256 of `input2` as the random part.
fn create_ulid(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    use sha2::Digest;
    static LAST: parking_lot::Mutex<(u64, [u8; 10])> = parking_lot::Mutex::new((0, [0; 10]));
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_millis() as u64;
    let ty = a.str_or(0, "")?.trim().to_ascii_lowercase();
    match ty.as_str() {
        "" => Ok(Value::from(ulid_string(now, &rand::random()))),
        "monotonic" => {
            let mut last = LAST.lock();
            let random = if last.0 == now {
                let mut r = last.1;
                for b in r.iter_mut().rev() {
                    let (v, carry) = b.overflowing_add(1);
                    *b = v;
                    if !carry {
                        break;
                    }
                }
                r
            } else {
                rand::random()
            };
            *last = (now, random);
            Ok(Value::from(ulid_string(now, &random)))
        }
        "hash" => {
            let t = a.num(1)?;
            if !(0.0..=281_474_976_710_655.0).contains(&t) {
                return Err(CfmlError::expression(format!(
                    "Invalid argument [input1] for function [createULID]: the time [{}] is out of range",
                    rime_runtime::number::format(t)
                )));
            }
            let h = sha2::Sha256::digest(a.str(2)?.as_bytes());
            let mut random = [0u8; 10];
            for (d, s) in random.iter_mut().zip(h.iter()) {
                *d = *s;
            }
            Ok(Value::from(ulid_string(t as u64, &random)))
        }
        other => Err(CfmlError::expression(format!(
            "Invalid argument [type] for function [createULID]: Type [{other}] is not supported."
        ))),
    }
}

/// `contractPath(path [, placeholder])`: the opposite of `expandPath`: an existing path under the
/// web root becomes a root-relative path (`/dir/file.cfm`); anything else comes back unchanged.
/// Rime has no `{lucee-web}`-style placeholders, so `placeholder` never applies.
fn contract_path(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let abs = a.str(0)?.into_owned();
    let _ = a.bool_or(1, false)?;
    let path = std::path::Path::new(&abs);
    let Ok(canon) = std::fs::canonicalize(path) else {
        return Ok(Value::from(abs));
    };
    let root = ctx.expand_path("/");
    let root = std::fs::canonicalize(&root).unwrap_or_else(|_| std::path::PathBuf::from(root));
    match canon.strip_prefix(&root) {
        Ok(rest) => {
            let rel = rest.to_string_lossy().replace('\\', "/");
            Ok(Value::from(format!("/{}", rel.trim_end_matches('/'))))
        }
        Err(_) => Ok(Value::from(abs)),
    }
}

/// A `/proc/meminfo` field in bytes (Linux).
fn meminfo(field: &str) -> CfResult<Value> {
    let text = std::fs::read_to_string("/proc/meminfo").map_err(|e| {
        CfmlError::application("The system memory is not available on this platform")
            .with_detail(e.to_string())
    })?;
    text.lines()
        .find_map(|l| {
            let rest = l.strip_prefix(field)?.strip_prefix(':')?;
            let kb: f64 = rest.trim().trim_end_matches("kB").trim().parse().ok()?;
            Some(Value::Num(kb * 1024.0))
        })
        .ok_or_else(|| CfmlError::application(format!("{field} is not in /proc/meminfo")))
}

fn get_system_free_memory(_: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    meminfo("MemFree")
}

fn get_system_total_memory(_: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    meminfo("MemTotal")
}

/// `writeLog` / `<cflog>`: one CSV line per entry, as CFML logs are, appended to
/// `WEBROOT/.rime/logs/NAME.log` (a dotfile folder the server never serves). `file` names the
/// log (default `application`).
fn write_log(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    use std::io::Write as _;
    let text = a.str(0)?.into_owned();
    let kind = a.str_or(1, "Information")?.into_owned();
    let file = a
        .get(3)
        .or(a.get(4))
        .map(|v| v.to_str().map(|s| s.into_owned()))
        .transpose()?
        .unwrap_or_else(|| "application".to_string());
    // A log name is a file name: nothing that could leave the folder.
    let name: String = file
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-' || *c == '.')
        .collect::<String>()
        .trim_matches('.')
        .to_string();
    if name.is_empty() {
        return Err(CfmlError::application(format!("invalid log name [{file}]")));
    }
    let dir = std::path::PathBuf::from(ctx.expand_path("/"))
        .join(".rime")
        .join("logs");
    let now = rime_runtime::DateTime::now().ndt();
    let line = format!(
        "\"{}\",\"{}\",\"{}\",\"{}\",\"{}\"\n",
        kind.replace('"', "\"\""),
        std::thread::current()
            .name()
            .unwrap_or("main")
            .replace('"', ""),
        now.format("%m/%d/%Y"),
        now.format("%H:%M:%S"),
        text.replace('"', "\"\"").replace(['\r', '\n'], " ")
    );
    std::fs::create_dir_all(&dir)
        .and_then(|_| {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(dir.join(format!("{name}.log")))
        })
        .and_then(|mut f| f.write_all(line.as_bytes()))
        .map_err(|e| CfmlError::application(format!("could not write the log [{name}]: {e}")))?;
    Ok(Value::Null)
}

/// `callStackGet([type [, offset [, maxFrames]]])`: the CFML frames running, innermost first,
/// as structs `{Function, LineNumber, Template}` (an array, or its JSON with `type="json"`),
/// skipping `offset` frames and keeping at most `maxFrames`.
fn call_stack_get(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let ty = a.str_or(0, "array")?.to_ascii_lowercase();
    let offset = a.num_or(1, 0.0)?.max(0.0) as usize;
    let max = a.num_or(2, 0.0)?;
    let max = if max > 0.0 { max as usize } else { usize::MAX };
    let frames = Array::new();
    for (template, line, function) in ctx.call_stack().into_iter().skip(offset).take(max) {
        let s = Struct::with_flags(true);
        s.set_str("Function", Value::from(function));
        s.set_str("LineNumber", Value::Num(f64::from(line)));
        s.set_str("Template", Value::from(template));
        frames.push(Value::Struct(s));
    }
    match ty.as_str() {
        "" | "array" => Ok(Value::Array(frames)),
        "json" => {
            let mut s = crate::json::Serializer::new(crate::json::QueryFormat::Row);
            s.value(&Value::Array(frames))?;
            Ok(Value::from(s.finish()))
        }
        other => Err(CfmlError::application(format!(
            "callStackGet: invalid type [{other}], valid are [array, json]"
        ))),
    }
}

const DUMP_PARAMS: &[rime_runtime::registry::ParamDef] = &[
    req("var"),
    opt("label"),
    opt("expand"),
    opt("format"),
    opt("top"),
    opt("output"),
    opt("abort"),
    opt("show"),
    opt("hide"),
    opt("keys"),
    opt("metainfo"),
    opt("showUDFs"),
    opt("enabled"),
];

/// `systemCacheClear([cacheName])`: every engine cache, or the one named (Lucee's names).
fn system_cache_clear(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let name = a.str_or(0, "all")?.trim().to_ascii_lowercase();
    let which = match name.as_str() {
        "" | "all" => EngineCache::All,
        "template" | "page" | "pages" => EngineCache::Pages,
        "component" | "components" => EngineCache::Components,
        "customtag" | "customtags" | "ct" => EngineCache::CustomTags,
        other => {
            return Err(CfmlError::expression(format!(
                "invalid cache name [{other}], valid names are [all, template, page, component, customtag]"
            )))
        }
    };
    ctx.clear_engine_cache(which);
    Ok(Value::Null)
}

/// `getApplicationSettings()`: the settings of the request's `Application.cfc` (built afresh by
/// the engine on each call), or Lucee's defaults for the unnamed application.
fn application_settings(ctx: &mut dyn Ctx) -> CfResult<Value> {
    Ok(Value::Struct(match ctx.application_settings() {
        Some(s) => s,
        None => default_application_settings(""),
    }))
}

/// The keys `getApplicationSettings()` has in Lucee, with Lucee's defaults (what an
/// `Application.cfc` sets overlays them): time spans in days, as `createTimeSpan` gives them.
pub fn default_application_settings(name: &str) -> Struct {
    let s = Struct::with_flags(true);
    let day = 1.0;
    let no = Value::Bool(false);
    let pairs: [(&str, Value); 29] = [
        ("name", Value::from(name)),
        ("applicationTimeout", Value::Num(day)),
        ("sessionManagement", no.clone()),
        ("sessionTimeout", Value::Num(20.0 / 1440.0)),
        ("sessionStorage", Value::from("memory")),
        ("sessionCluster", no.clone()),
        ("setClientCookies", Value::Bool(true)),
        ("setDomainCookies", no.clone()),
        ("clientManagement", no.clone()),
        ("clientStorage", Value::from("cookie")),
        ("clientTimeout", Value::Num(90.0 * day)),
        ("clientCluster", no.clone()),
        ("loginStorage", Value::from("cookie")),
        ("requestTimeout", Value::Num(50.0 / 86400.0)),
        ("mappings", Value::Struct(Struct::with_flags(true))),
        ("customTagPaths", Value::Array(Array::new())),
        ("datasources", Value::Struct(Struct::with_flags(true))),
        ("datasource", Value::from("")),
        ("defaultDatasource", Value::from("")),
        ("javaSettings", Value::Struct(Struct::with_flags(true))),
        ("localMode", no.clone()),
        ("invokeImplicitAccessor", no.clone()),
        ("triggerDataMember", no.clone()),
        ("sameFormFieldsAsArray", no.clone()),
        ("sameURLFieldsAsArray", no.clone()),
        ("secureJson", no.clone()),
        ("secureJsonPrefix", Value::from("//")),
        ("nullSupport", no.clone()),
        ("disablePlugins", no),
    ];
    for (k, v) in pairs {
        s.set_str(k, v);
    }
    s
}

#[cfg(test)]
mod tests {
    use crate::array::test_support::*;

    #[test]
    fn dynamic() {
        assert_eq!(s("de", vec![st("pete")]), "\"pete\"");
        assert_eq!(s("de", vec![st("a\"b")]), "\"a\"\"b\"");
        assert_eq!(s("getVariable", vec![st("nope")]), "ERR");
    }

    #[test]
    fn registry_functions() {
        let list = call("getFunctionList", vec![]).unwrap_or_default();
        let s2 = list.as_struct().cloned().unwrap_or_default();
        assert!(s2.contains("rematch") && s2.contains("getfunctionlist"));
        assert!(s2.keys().iter().all(|k| !k.as_str().contains('.')));
        let d = call("getFunctionData", vec![st("listLen")]).unwrap_or_default();
        let d = d.as_struct().cloned().unwrap_or_default();
        assert_eq!(
            d.get("name")
                .and_then(|v| v.to_str().ok().map(|c| c.into_owned()))
                .as_deref(),
            Some("listLen")
        );
        assert_eq!(s("getFunctionData", vec![st("noSuchFunction")]), "ERR");
        assert_eq!(s("getFunctionList", vec![st("php")]), "ERR");
    }

    #[test]
    fn temp_and_ids() {
        let t = s("getTempDirectory", vec![]);
        assert!(t.ends_with(std::path::MAIN_SEPARATOR));
        let f = s("getTempFile", vec![st(&t), st("rimetest")]);
        assert!(f.contains("rimetest-") && f.ends_with(".tmp"));
        assert!(std::path::Path::new(&f).is_file());
        let _ = std::fs::remove_file(&f);
        assert_eq!(s("getTempFile", vec![st("/no/such/dir"), st("x")]), "ERR");
        let u = s("getTempDirectory", vec![st("rime")]);
        assert!(std::path::Path::new(&u).is_dir());
        let _ = std::fs::remove_dir(&u);
        let a = s("createUniqueId", vec![]);
        let b = s("createUniqueId", vec![]);
        assert_ne!(a, b);
        assert_eq!(s("createUniqueId", vec![st("uuid")]).len(), 22);
        let id = s("createULID", vec![]);
        assert_eq!(id.len(), 26);
        assert_eq!(
            s("createULID", vec![st("hash"), n(0.0), st("x")]).get(..10),
            Some("0000000000")
        );
        assert_eq!(s("createULID", vec![st("bogus")]), "ERR");
        assert_eq!(super::base36(35), "z");
    }
}

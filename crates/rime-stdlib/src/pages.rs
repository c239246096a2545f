//! Functions about running pages: `internalRequest` (a page of this server run as a request of
//! its own, through `CodeCtx::internal_request`), `isFlushed` and `callStackDump`.

use rime_runtime::registry::{def, opt, req, Args, BuiltinDef};
use rime_runtime::{CfResult, CfmlError, Ctx, InternalRequest, Key, Struct, Value};

pub(crate) const FUNCTIONS: &[BuiltinDef] = &[
    def(
        "internalRequest",
        &[
            req("template"),
            opt("method"),
            opt("url").alias(&["urls"]),
            opt("form").alias(&["forms"]),
            opt("cookies"),
            opt("headers"),
            opt("body"),
            opt("charset"),
            opt("addToken"),
            opt("throwonerror"),
        ],
        internal_request,
    )
    .runs_code(),
    def("isFlushed", &[], |ctx, _| Ok(Value::Bool(ctx.is_flushed()))),
    // Lucee's context information: whether the response is committed (flushed).
    def("getContextInfo", &[], |ctx, _| {
        let s = rime_runtime::Struct::new();
        s.set_str("flushed", Value::Bool(ctx.is_flushed()));
        Ok(Value::Struct(s))
    }),
    def("callStackDump", &[opt("output")], call_stack_dump).reads_stack(),
];

const METHODS: [&str; 8] = [
    "GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE", "PATCH",
];

/// A struct argument, or a query string (`a=1&b=2`) read into one, as Lucee accepts both for
/// `url` and `form`.
fn struct_or_query_string(v: Option<&Value>) -> CfResult<Struct> {
    let out = Struct::with_flags(true);
    match v {
        None | Some(Value::Null) => {}
        Some(Value::Struct(s)) => {
            for (k, v) in s.entries() {
                out.set(k, v);
            }
        }
        Some(other) => {
            for pair in other.to_str()?.split('&').filter(|p| !p.is_empty()) {
                let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
                let k = crate::string::url_decode_utf8(k);
                let v = Value::from(crate::string::url_decode_utf8(v));
                // A repeated name keeps every value, as a list (Lucee's form fields do too).
                let joined = match out.get(&k) {
                    Some(prev) => Value::from(format!("{},{}", prev.to_str()?, v.to_str()?)),
                    None => v,
                };
                out.set(Key::new(k.as_str()), joined);
            }
        }
    }
    Ok(out)
}

fn struct_arg(a: &Args, i: usize, name: &str) -> CfResult<Struct> {
    match a.get(i) {
        None | Some(Value::Null) => Ok(Struct::with_flags(true)),
        Some(Value::Struct(s)) => Ok(s.clone()),
        Some(other) => Err(CfmlError::expression(format!(
            "Invalid argument for function [internalRequest], argument [{name}] must be a struct, got {}",
            other.type_name()
        ))),
    }
}

fn internal_request(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let method = a.str_or(1, "GET")?.trim().to_ascii_uppercase();
    if !METHODS.contains(&method.as_str()) {
        return Err(CfmlError::expression(format!(
            "Invalid argument for function [internalRequest], argument [method]: invalid method type [{method}], valid types are [{}]",
            METHODS.join(",")
        )));
    }
    let body = match a.get(6) {
        None | Some(Value::Null) => None,
        Some(Value::Binary(b)) => Some(b.to_vec()),
        Some(v) => Some(v.to_str()?.into_owned().into_bytes()),
    };
    let request = InternalRequest {
        template: a.str(0)?.into_owned(),
        method,
        url: struct_or_query_string(a.get(2))?,
        form: struct_or_query_string(a.get(3))?,
        cookies: struct_arg(a, 4, "cookies")?,
        headers: struct_arg(a, 5, "headers")?,
        body,
    };
    let throw = a.bool_or(9, true)?;
    ctx.internal_request(request, throw).map(Value::Struct)
}

/// `callStackDump(output)`: the frames as `template:function:line` lines, written to the page
/// in a `<pre>` (`browser`, the default), to standard output (`console`), or appended to a file.
fn call_stack_dump(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let mut text = String::new();
    for (template, line, function) in ctx.call_stack() {
        text.push_str(&template);
        if !function.is_empty() {
            text.push(':');
            text.push_str(&function);
        }
        text.push_str(&format!(":{line}\n"));
    }
    let output = a.str_or(0, "browser")?.trim().to_string();
    if output.is_empty() || output.eq_ignore_ascii_case("browser") {
        ctx.write(&format!("<pre>{text}</pre>"));
    } else if output.eq_ignore_ascii_case("console") {
        println!("{text}");
    } else {
        let path = crate::file::resolve(ctx, &output)?;
        use std::io::Write;
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .and_then(|mut f| f.write_all(format!("{text}\n").as_bytes()))
            .map_err(|e| {
                CfmlError::application(format!(
                    "callStackDump: can't write to [{}]: {e}",
                    crate::file::show(&path)
                ))
            })?;
    }
    Ok(Value::Null)
}

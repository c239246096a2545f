//! System functions: output, dynamic variables, evaluation, ids and timing.

use rime_runtime::registry::{def, opt, req, Args, BuiltinDef, Ctx};
use rime_runtime::{CfResult, CfmlError, Value};
use std::fmt::Write;

pub static FUNCTIONS: &[BuiltinDef] = &[
    def("writeOutput", &[req("string")], write_output).impure(),
    def("echo", &[req("string")], write_output).impure(),
    def(
        "writeDump",
        &[
            req("var"),
            opt("label"),
            opt("expand"),
            opt("format"),
            opt("top"),
        ],
        write_dump,
    )
    .impure(),
    def("isDefined", &[req("variable")], is_defined).impure(),
    def("evaluate", &[req("expression")], evaluate)
        .variadic()
        .impure(),
    def("setVariable", &[req("name"), req("value")], set_variable).impure(),
    def("nullValue", &[], |_, _| Ok(Value::Null)),
    def("createUUID", &[], create_uuid).impure(),
    def("createGUID", &[], create_guid).impure(),
    def("getTickCount", &[opt("unit")], get_tick_count).impure(),
    def("sleep", &[req("duration")], sleep).impure(),
    def("expandPath", &[req("path")], |ctx, a| {
        Ok(Value::from(ctx.expand_path(&a.str(0)?)))
    })
    .impure(),
    def("getCurrentTemplatePath", &[], |ctx, _| {
        Ok(Value::from(ctx.current_template()))
    })
    .impure(),
    def("getBaseTemplatePath", &[], |ctx, _| {
        Ok(Value::from(ctx.base_template()))
    })
    .impure(),
    def(
        "getDirectoryFromPath",
        &[req("path")],
        get_directory_from_path,
    ),
    def("getFileFromPath", &[req("path")], get_file_from_path),
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

fn write_output(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let s = a.str(0)?;
    ctx.write(&s);
    Ok(Value::Null)
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

fn set_variable(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let name = a.str(0)?;
    let v = a.val(1)?.clone();
    ctx.assign(&name, v.clone())?;
    Ok(v)
}

fn hex(n: usize) -> String {
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
    Ok(Value::from(format!(
        "{}-{}-{}-{}-{}",
        hex(8),
        hex(4),
        hex(4),
        hex(4),
        hex(12)
    )))
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

fn sleep(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let ms = a.num(0)?;
    if !(0.0..=86_400_000.0).contains(&ms) {
        return Err(CfmlError::expression(format!(
            "sleep duration [{ms}] is out of range"
        )));
    }
    std::thread::sleep(std::time::Duration::from_millis(ms as u64));
    Ok(Value::Null)
}

/// A plain-text dump (the CLI form of `<cfdump>`).
fn write_dump(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let mut out = String::new();
    if let Some(l) = a.get(1) {
        let _ = writeln!(out, "{}", l.to_str()?);
    }
    dump_value(a.raw(0).unwrap_or(&Value::Null), 0, &mut out);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    ctx.write(&out);
    Ok(Value::Null)
}

fn dump_value(v: &Value, depth: usize, out: &mut String) {
    let pad = "  ".repeat(depth);
    if depth > 32 {
        out.push_str("[nested too deep]\n");
        return;
    }
    match v {
        Value::Array(a) => {
            let items = a.to_vec();
            let _ = writeln!(out, "Array ({})", items.len());
            for (i, x) in items.iter().enumerate() {
                let _ = write!(out, "{pad}  [{}] ", i + 1);
                dump_value(x, depth + 1, out);
            }
        }
        Value::Struct(s) => {
            let entries = s.entries();
            let _ = writeln!(out, "Struct ({})", entries.len());
            for (k, x) in entries {
                let _ = write!(out, "{pad}  {}: ", k.as_str());
                dump_value(&x, depth + 1, out);
            }
        }
        Value::Query(q) => {
            let q = q.read();
            let _ = writeln!(out, "Query ({} rows) [{}]", q.rows, q.column_list());
            for r in 1..=q.rows {
                let _ = write!(out, "{pad}  [{r}]");
                for (ci, c) in q.columns.iter().enumerate() {
                    let cell = q
                        .get(ci, r)
                        .and_then(|v| v.to_str().ok().map(|s| s.into_owned()))
                        .unwrap_or_default();
                    let _ = write!(out, " {}={}", c.name.as_str(), cell);
                }
                out.push('\n');
            }
        }
        Value::Func(f) => {
            let _ = writeln!(
                out,
                "function {}",
                if f.name().is_empty() {
                    "(closure)"
                } else {
                    f.name()
                }
            );
        }
        Value::Null => out.push_str("[null]\n"),
        Value::Binary(b) => {
            let _ = writeln!(out, "Binary ({} bytes)", b.len());
        }
        simple => {
            let _ = writeln!(out, "{}", simple.to_str().unwrap_or_default());
        }
    }
}

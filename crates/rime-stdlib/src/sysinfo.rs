//! What the process and its machine use: `getCPUUsage` and `getMemoryUsage` (read from Linux's
//! `/proc`; elsewhere they are errors, as Lucee's are where its probe has no data), and
//! `manifestRead`, Java's manifest format (`META-INF/MANIFEST.MF`, alone or inside a jar).

use crate::file::resolve;
use rime_runtime::query::Column;
use rime_runtime::registry::{def, opt, req, Args, BuiltinDef};
use rime_runtime::{CfResult, CfmlError, Ctx, Key, Query, Struct, Value};
use std::io::Read;
use std::sync::Arc;

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "getCPUUsage",
        &[opt("time").alias(&["interval"])],
        get_cpu_usage,
    ),
    def("getMemoryUsage", &[opt("type")], get_memory_usage),
    def(
        "manifestRead",
        &[req("str").alias(&["path"])],
        manifest_read,
    ),
];

// ---------------------------------------------------------------------------------------------
// getCPUUsage
// ---------------------------------------------------------------------------------------------

/// The machine's CPU times from the first line of `/proc/stat`: (busy, total) in clock ticks.
fn cpu_times() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    cpu_times_of(stat.lines().next()?)
}

/// `cpu  user nice system idle iowait irq softirq steal guest guest_nice`: busy is all but idle
/// and iowait; guest time is already counted in user time, so it is left out of the total.
fn cpu_times_of(line: &str) -> Option<(u64, u64)> {
    let mut f = line.split_whitespace();
    if f.next()? != "cpu" {
        return None;
    }
    let v: Vec<u64> = f.take(8).map(|x| x.parse().unwrap_or(0)).collect();
    if v.len() < 4 {
        return None;
    }
    let total: u64 = v.iter().sum();
    let idle = v.get(3).copied().unwrap_or(0) + v.get(4).copied().unwrap_or(0);
    Some((total.saturating_sub(idle), total))
}

/// `getCPUUsage([time=1000])`: how busy the machine's CPUs were over the next `time`
/// milliseconds, in percent (0 to 100), as Lucee measures it (the whole machine's CPU times,
/// busy over all, across every core). The request waits that long. Linux counts CPU time in
/// ticks of 10 ms, so a short interval gives a coarse figure.
fn get_cpu_usage(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let ms = a.num_or(0, 1000.0)?;
    if ms.is_nan() || ms < 1.0 {
        return Err(CfmlError::application("time has to be bigger than 0"));
    }
    if ms > 86_400_000.0 {
        return Err(CfmlError::expression(format!(
            "getCPUUsage: the time [{ms}] is out of range (at most a day)"
        )));
    }
    let unavailable = || {
        CfmlError::application(
            "CPU information are not available for this OS (getCPUUsage reads Linux's /proc/stat)",
        )
    };
    let (busy0, total0) = cpu_times().ok_or_else(unavailable)?;
    let d = std::time::Duration::from_millis(ms as u64);
    ctx.blocking(&mut || std::thread::sleep(d));
    let (busy1, total1) = cpu_times().ok_or_else(unavailable)?;
    let total = total1.saturating_sub(total0);
    let busy = busy1.saturating_sub(busy0).min(total);
    Ok(Value::Num(if total == 0 {
        0.0
    } else {
        busy as f64 / total as f64 * 100.0
    }))
}

// ---------------------------------------------------------------------------------------------
// getMemoryUsage
// ---------------------------------------------------------------------------------------------

/// The resident memory of the process by kind, in bytes, from `/proc/self/status`:
/// (`RssAnon`, `RssFile`, `RssShmem`).
fn resident() -> Option<(f64, f64, f64)> {
    resident_of(&std::fs::read_to_string("/proc/self/status").ok()?)
}

fn resident_of(status: &str) -> Option<(f64, f64, f64)> {
    let kb = |key: &str| -> Option<f64> {
        let line = status.lines().find(|l| l.starts_with(key))?;
        let n: f64 = line
            .get(key.len()..)?
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        Some(n * 1024.0)
    };
    Some((kb("RssAnon:")?, kb("RssFile:")?, kb("RssShmem:")?))
}

/// `getMemoryUsage([type])`: Lucee's query of memory pools (`name, type, used, max, init`, type
/// `HEAP` or `NON_HEAP`; `type` keeps one kind: `heap`, or `non_heap` and its spellings). Java's
/// pools do not exist here; the rows are the process's resident memory as Linux counts it in
/// `/proc/self/status`, in bytes, and together they make its resident set size (`VmRSS`):
///
/// - `heap` (HEAP): `RssAnon`, the anonymous memory: everything the allocator hands out for
///   values, queries, compiled templates and caches, plus thread stacks;
/// - `mapped files` (NON_HEAP): `RssFile`, the resident pages of the executable, its libraries
///   and other mapped files;
/// - `shared memory` (NON_HEAP): `RssShmem`, shared memory mapped by the process.
///
/// `max` and `init` are -1 (undefined, as Java reports for a pool without a bound): Rime has no
/// heap ceiling (`--max-request-memory` bounds each request, not the process) and no initial
/// size.
fn get_memory_usage(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let kind = a.str_or(0, "")?.trim().to_ascii_lowercase();
    let (heap, non_heap) = match kind.as_str() {
        "" => (true, true),
        "heap" => (true, false),
        "non_heap" | "nonheap" | "non-heap" | "none_heap" | "noneheap" | "none-heap" => {
            (false, true)
        }
        other => {
            return Err(CfmlError::expression(format!(
                "invalid value [{other}], valid values are [heap,non_heap]"
            )))
        }
    };
    let (anon, file, shmem) = resident().ok_or_else(|| {
        CfmlError::application(
            "Memory information are not available for this OS (getMemoryUsage reads Linux's /proc/self/status)",
        )
    })?;
    let mut rows: Vec<(&'static str, &'static str, f64)> = Vec::new();
    if heap {
        rows.push(("heap", "HEAP", anon));
    }
    if non_heap {
        rows.push(("mapped files", "NON_HEAP", file));
        rows.push(("shared memory", "NON_HEAP", shmem));
    }
    let mut q = Query::new(&[]);
    let undefined = vec![Value::Num(-1.0); rows.len()];
    let cols: [(&str, &str, Vec<Value>); 5] = [
        (
            "name",
            "VARCHAR",
            rows.iter().map(|r| Value::from(r.0)).collect(),
        ),
        (
            "type",
            "VARCHAR",
            rows.iter().map(|r| Value::from(r.1)).collect(),
        ),
        (
            "used",
            "DOUBLE",
            rows.iter().map(|r| Value::Num(r.2)).collect(),
        ),
        ("max", "DOUBLE", undefined.clone()),
        ("init", "DOUBLE", undefined),
    ];
    for (name, ty, values) in cols {
        q.columns.push(Column {
            name: Key::new(name),
            type_name: ty.to_string(),
            values,
        });
    }
    q.rows = rows.len();
    Ok(Value::Query(Arc::new(parking_lot::RwLock::new(q))))
}

// ---------------------------------------------------------------------------------------------
// manifestRead
// ---------------------------------------------------------------------------------------------

/// The largest manifest read (a jar's entry is decompressed only that far).
const MAX_MANIFEST: u64 = 16 << 20;

/// `manifestRead(str)`: a Java manifest as a struct: `main` (the main attributes) and, when the
/// manifest has named sections, `sections` (each section's name to its attributes). `str` is
/// the path of a jar (or any zip) holding `META-INF/MANIFEST.MF`, the path of a manifest file,
/// or the manifest's text itself. Values have surrounding quotes taken away, as Lucee does.
///
/// The format is Java's: `Name: value` lines, a line starting with one space continuing the
/// value before it, a blank line ending a section, each named section starting with its
/// `Name:` line. A malformed line is an error, as Java's parser has it; unlike Java's, the
/// last line needs no line break, and lines may be longer than 512 bytes.
fn manifest_read(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let s = a.str(0)?.into_owned();
    let text = match manifest_file(ctx, &s)? {
        Some(bytes) => bytes,
        None => s.into_bytes(),
    };
    let m = parse_manifest(&String::from_utf8_lossy(&text))?;
    let out = Struct::new();
    out.set_str("main", attributes(&m.main));
    if !m.sections.is_empty() {
        let sections = Struct::new();
        for (name, attrs) in &m.sections {
            sections.set_str(name, attributes(attrs));
        }
        out.set_str("sections", Value::Struct(sections));
    }
    Ok(Value::Struct(out))
}

/// The manifest bytes of the file `s` names (a jar's entry, or the file itself); None when `s`
/// names no existing file (it is then the manifest's text). A path the file sandbox denies is
/// that error.
fn manifest_file(ctx: &mut dyn Ctx, s: &str) -> CfResult<Option<Vec<u8>>> {
    if s.contains(['\n', '\r']) || s.trim().is_empty() {
        return Ok(None);
    }
    let path = match resolve(ctx, s.trim()) {
        Ok(p) => p,
        Err(e) if e.type_.eq_ignore_ascii_case("security") => return Err(e),
        Err(_) => return Ok(None),
    };
    if !path.is_file() {
        return Ok(None);
    }
    let err = |e: &dyn std::fmt::Display| {
        CfmlError::application(format!("manifestRead: can't read [{s}]: {e}"))
    };
    let f = std::fs::File::open(&path).map_err(|e| err(&e))?;
    if let Ok(mut zip) = zip::ZipArchive::new(std::io::BufReader::new(f)) {
        let name = zip
            .file_names()
            .find(|n| n.eq_ignore_ascii_case("META-INF/MANIFEST.MF"))
            .map(str::to_string)
            .ok_or_else(|| {
                CfmlError::application(format!(
                    "zip file [{s}] has no entry with name [META-INF/MANIFEST.MF]"
                ))
            })?;
        let entry = zip.by_name(&name).map_err(|e| err(&e))?;
        let mut bytes = Vec::new();
        entry
            .take(MAX_MANIFEST + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| err(&e))?;
        if bytes.len() as u64 > MAX_MANIFEST {
            return Err(err(&"the manifest is larger than 16 MB"));
        }
        return Ok(Some(bytes));
    }
    let meta = std::fs::metadata(&path).map_err(|e| err(&e))?;
    if meta.len() > MAX_MANIFEST {
        return Err(err(&"the file is larger than 16 MB"));
    }
    std::fs::read(&path).map(Some).map_err(|e| err(&e))
}

type Attributes = Vec<(String, String)>;

#[derive(Debug, Default, PartialEq)]
struct Manifest {
    main: Attributes,
    sections: Vec<(String, Attributes)>,
}

fn attributes(attrs: &Attributes) -> Value {
    let s = Struct::with_flags(true);
    for (k, v) in attrs {
        s.set_str(k, Value::from(unwrap_quotes(v)));
    }
    Value::Struct(s)
}

/// Lucee's `StringUtil.unwrap`: trimmed, then one pair of surrounding double quotes (straight
/// or curly) and one pair of single quotes taken away.
fn unwrap_quotes(v: &str) -> &str {
    let mut s = v.trim();
    if (s.starts_with('"') || s.starts_with('\u{201c}'))
        && (s.ends_with('"') || s.ends_with('\u{201d}'))
        && s.chars().count() >= 2
    {
        let mut c = s.chars();
        c.next();
        c.next_back();
        s = c.as_str();
    }
    if s.starts_with('\'') && s.ends_with('\'') && s.len() >= 2 {
        s = &s[1..s.len() - 1];
    }
    s
}

fn manifest_err(line: usize, what: &str) -> Box<CfmlError> {
    CfmlError::application(format!("invalid manifest: {what} (line {line})"))
}

/// Java's rule for an attribute name: 1 to 70 of `A-Z a-z 0-9 _ -`.
fn valid_name(n: &str) -> bool {
    !n.is_empty()
        && n.len() <= 70
        && n.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Lines with their continuation lines joined: (first line number, text).
fn logical_lines(text: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut physical = 0;
    let mut rest = text;
    while !rest.is_empty() {
        // A line ends at `\r\n`, `\n` or `\r`.
        let end = rest.find(['\r', '\n']).unwrap_or(rest.len());
        let line = &rest[..end];
        let mut next = &rest[end..];
        if let Some(r) = next.strip_prefix("\r\n") {
            next = r;
        } else if let Some(r) = next.strip_prefix(['\r', '\n']) {
            next = r;
        }
        rest = next;
        physical += 1;
        match (line.strip_prefix(' '), out.last_mut()) {
            (Some(cont), Some(last)) if !last.1.is_empty() => last.1.push_str(cont),
            _ => out.push((physical, line.to_string())),
        }
    }
    out
}

fn parse_manifest(text: &str) -> CfResult<Manifest> {
    let mut m = Manifest::default();
    let mut lines = logical_lines(text).into_iter().peekable();
    let header = |n: usize, line: &str| -> CfResult<(String, String)> {
        if line.starts_with(' ') {
            return Err(manifest_err(n, "misplaced continuation line"));
        }
        let (name, value) = line
            .split_once(": ")
            .filter(|(name, _)| !name.contains(':'))
            .ok_or_else(|| manifest_err(n, "invalid header field"))?;
        if !valid_name(name) {
            return Err(manifest_err(
                n,
                &format!("invalid header field name [{name}]"),
            ));
        }
        Ok((name.to_string(), value.to_string()))
    };
    let set = |attrs: &mut Attributes, k: String, v: String| match attrs
        .iter_mut()
        .find(|(n, _)| n.eq_ignore_ascii_case(&k))
    {
        Some(slot) => slot.1 = v,
        None => attrs.push((k, v)),
    };
    // The main section, up to the first blank line.
    for (n, line) in lines.by_ref() {
        if line.is_empty() {
            break;
        }
        let (k, v) = header(n, &line)?;
        set(&mut m.main, k, v);
    }
    // Named sections, blank lines between them skipped.
    while let Some((n, line)) = lines.next() {
        if line.is_empty() {
            continue;
        }
        let name = line
            .get(..6)
            .filter(|p| p.eq_ignore_ascii_case("name: "))
            .and_then(|_| line.get(6..))
            .ok_or_else(|| {
                manifest_err(
                    n,
                    "invalid manifest format (a section must start with Name:)",
                )
            })?
            .to_string();
        let idx = match m.sections.iter().position(|(s, _)| *s == name) {
            Some(i) => i,
            None => {
                m.sections.push((name, Vec::new()));
                m.sections.len() - 1
            }
        };
        while let Some((n, line)) = lines.next_if(|(_, l)| !l.is_empty()) {
            let (k, v) = header(n, &line)?;
            if let Some((_, attrs)) = m.sections.get_mut(idx) {
                set(attrs, k, v);
            }
        }
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(v: &[(&str, &str)]) -> Attributes {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn manifests_parse_as_java_reads_them() {
        let text = "Manifest-Version: 1.0\r\nBundle-Name: A long na\r\n me, continued\r\nCreated-By: \"quoted\"\r\n\r\n\r\nName: org/x/\r\nSealed: true\r\n\r\nName: com/a\r\n b.class\r\nSHA-256-Digest: abc\n";
        let m = parse_manifest(text);
        let want = Manifest {
            main: pairs(&[
                ("Manifest-Version", "1.0"),
                ("Bundle-Name", "A long name, continued"),
                ("Created-By", "\"quoted\""),
            ]),
            sections: vec![
                ("org/x/".to_string(), pairs(&[("Sealed", "true")])),
                (
                    "com/ab.class".to_string(),
                    pairs(&[("SHA-256-Digest", "abc")]),
                ),
            ],
        };
        assert_eq!(m.ok(), Some(want));
        // No line break at the end; a repeated attribute keeps the last value.
        let m = parse_manifest("A: 1\na: 2").ok();
        assert_eq!(m.map(|m| m.main), Some(pairs(&[("A", "2")])));
        assert!(parse_manifest("no colon here\n").is_err());
        assert!(parse_manifest("A:no-space\n").is_err());
        assert!(parse_manifest("Bad Name: x\n").is_err());
        assert!(
            parse_manifest("A: 1\n\nB: 2\n").is_err(),
            "a section needs Name:"
        );
        assert_eq!(unwrap_quotes(" \"x\" "), "x");
        assert_eq!(unwrap_quotes("'y'"), "y");
        assert_eq!(unwrap_quotes("\""), "\"");
    }

    #[test]
    fn proc_figures() {
        assert_eq!(cpu_times_of("cpu  10 2 8 70 10 0 0 0 5 0"), Some((20, 100)));
        assert_eq!(cpu_times_of("intr 1 2"), None);
        let status = "Name:\trime\nVmRSS:\t  300 kB\nRssAnon:\t  200 kB\nRssFile:\t   90 kB\nRssShmem:\t   10 kB\n";
        assert_eq!(resident_of(status), Some((204_800.0, 92_160.0, 10_240.0)));
        if std::path::Path::new("/proc/self/status").exists() {
            assert!(resident().is_some_and(|(a, _, _)| a > 0.0));
            assert!(cpu_times().is_some());
        }
    }
}

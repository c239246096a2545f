//! `writeDump` / `<cfdump>`: a plain-text dump on the command line, HTML tables (coloured per
//! type, as Lucee's) when the request came over HTTP. Everything shown is HTML-escaped.

use rime_runtime::{Ctx, Value};
use std::fmt::Write;

/// How deep nested values are shown.
const MAX_DEPTH: usize = 32;

/// Whether the current request came over HTTP (the server fills `cgi.request_method`).
pub(crate) fn is_web(ctx: &mut dyn Ctx) -> bool {
    ctx.lookup("cgi.request_method")
        .is_some_and(|v| v.to_str().is_ok_and(|s| !s.is_empty()))
}

pub(crate) fn text(v: &Value, label: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(l) = label {
        let _ = writeln!(out, "{l}");
    }
    text_value(v, 0, &mut out);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

fn text_value(v: &Value, depth: usize, out: &mut String) {
    let pad = "  ".repeat(depth);
    if depth > MAX_DEPTH {
        out.push_str("[nested too deep]\n");
        return;
    }
    match v {
        Value::Array(a) => {
            let items = a.to_vec();
            let _ = writeln!(out, "Array ({})", items.len());
            for (i, x) in items.iter().enumerate() {
                let _ = write!(out, "{pad}  [{}] ", i + 1);
                text_value(x, depth + 1, out);
            }
        }
        Value::Struct(s) => {
            let entries = s.entries();
            let kind = if s.component().is_some() {
                "Component"
            } else {
                "Struct"
            };
            let _ = writeln!(out, "{kind} ({})", entries.len());
            for (k, x) in entries {
                let _ = write!(out, "{pad}  {}: ", k.as_str());
                text_value(&x, depth + 1, out);
            }
        }
        Value::Query(q) => {
            let q = q.read();
            let _ = writeln!(out, "Query ({} rows) [{}]", q.rows, q.column_list());
            for r in 1..=q.rows {
                let _ = write!(out, "{pad}  [{r}]");
                for (ci, c) in q.columns.iter().enumerate() {
                    let cell = q.get(ci, r).map(cell_text).unwrap_or_default();
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
        Value::Xml(x) => {
            // Empty properties are left out of the text dump, to keep it readable.
            let (title, rows) = x.dump_rows();
            let _ = writeln!(out, "{title}");
            for (k, x) in rows {
                let blank = match &x {
                    Value::Str(s) => s.is_empty(),
                    Value::Xml(v) if v.is_list() || v.is_attributes() => v.dump_rows().1.is_empty(),
                    _ => false,
                };
                if blank {
                    continue;
                }
                let _ = write!(out, "{pad}  {k}: ");
                text_value(&x, depth + 1, out);
            }
        }
        simple => {
            let _ = writeln!(out, "{}", simple.to_str().unwrap_or_default());
        }
    }
}

fn cell_text(v: &Value) -> String {
    if v.is_simple() {
        v.to_str().map(|s| s.into_owned()).unwrap_or_default()
    } else {
        format!("[{}]", v.type_name())
    }
}

use rime_runtime::html::escape_into as esc;

/// Header colours per type, after Lucee's dump palette.
fn colour(kind: &str) -> &'static str {
    match kind {
        "array" => "#9c3",
        "struct" => "#46c",
        "component" => "#969",
        "query" => "#c6c",
        "function" => "#c66",
        "xml" => "#c99",
        _ => "#f60",
    }
}

/// The dump as nested HTML tables. Clicking a table's coloured title folds or unfolds its rows
/// (as Lucee's dumps do); `expand=false` starts the outermost table folded.
pub(crate) fn html(v: &Value, label: Option<&str>, expand: bool) -> String {
    let mut out = String::from(
        "<style>.rime-dump{border-collapse:collapse;font:12px monospace;margin:2px}\
         .rime-dump td,.rime-dump th{border:1px solid #999;padding:2px 4px;vertical-align:top;\
         text-align:left}.rime-dump th{color:#fff;cursor:pointer}\
         table.rime-folded>tbody>tr:not(:first-child),table.rime-folded>tr:not(:first-child)\
         {display:none}</style>",
    );
    if let Some(l) = label {
        out.push_str("<div class=\"rime-dump-label\">");
        esc(l, &mut out);
        out.push_str("</div>");
    }
    let start = out.len();
    html_value(v, 0, &mut out);
    if !expand {
        // Only the outermost table starts folded.
        if let Some(i) = out[start..].find("class=\"rime-dump\"") {
            out.replace_range(
                start + i..start + i + "class=\"rime-dump\"".len(),
                "class=\"rime-dump rime-folded\"",
            );
        }
    }
    out
}

fn table_head(kind: &str, title: &str, cols: usize, out: &mut String) {
    let _ = write!(
        out,
        "<table class=\"rime-dump\"><tr><th colspan=\"{cols}\" style=\"background:{}\" \
         title=\"click to fold or unfold\" \
         onclick=\"this.closest('table').classList.toggle('rime-folded')\">",
        colour(kind)
    );
    esc(title, out);
    out.push_str("</th></tr>");
}

fn html_value(v: &Value, depth: usize, out: &mut String) {
    if depth > MAX_DEPTH {
        out.push_str("[nested too deep]");
        return;
    }
    match v {
        Value::Array(a) => {
            let items = a.to_vec();
            table_head("array", &format!("Array ({})", items.len()), 2, out);
            for (i, x) in items.iter().enumerate() {
                let _ = write!(out, "<tr><td>{}</td><td>", i + 1);
                html_value(x, depth + 1, out);
                out.push_str("</td></tr>");
            }
            out.push_str("</table>");
        }
        Value::Struct(s) => {
            let entries = s.entries();
            let (kind, title) = match s.component() {
                Some(m) => ("component", format!("Component {}", m.fullname)),
                None => ("struct", format!("Struct ({})", entries.len())),
            };
            table_head(kind, &title, 2, out);
            for (k, x) in entries {
                out.push_str("<tr><td>");
                esc(k.as_str(), out);
                out.push_str("</td><td>");
                html_value(&x, depth + 1, out);
                out.push_str("</td></tr>");
            }
            out.push_str("</table>");
        }
        Value::Query(q) => {
            let q = q.read();
            let cols = q.columns.len() + 1;
            table_head("query", &format!("Query ({} rows)", q.rows), cols, out);
            out.push_str("<tr><td></td>");
            for c in &q.columns {
                out.push_str("<td><b>");
                esc(c.name.as_str(), out);
                out.push_str("</b></td>");
            }
            out.push_str("</tr>");
            for r in 1..=q.rows {
                let _ = write!(out, "<tr><td>{r}</td>");
                for ci in 0..q.columns.len() {
                    out.push_str("<td>");
                    esc(&q.get(ci, r).map(cell_text).unwrap_or_default(), out);
                    out.push_str("</td>");
                }
                out.push_str("</tr>");
            }
            out.push_str("</table>");
        }
        Value::Func(f) => {
            let name = if f.name().is_empty() {
                "(closure)"
            } else {
                f.name()
            };
            table_head("function", &format!("function {name}"), 1, out);
            out.push_str("</table>");
        }
        Value::Null => out.push_str("<i>[null]</i>"),
        Value::Binary(b) => {
            let _ = write!(out, "<i>Binary ({} bytes)</i>", b.len());
        }
        Value::Xml(x) => {
            let (title, rows) = x.dump_rows();
            table_head("xml", title, 2, out);
            for (k, x) in rows {
                out.push_str("<tr><td>");
                esc(&k, out);
                out.push_str("</td><td>");
                html_value(&x, depth + 1, out);
                out.push_str("</td></tr>");
            }
            out.push_str("</table>");
        }
        simple => esc(&simple.to_str().unwrap_or_default(), out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rime_runtime::{Array, Key, Struct};

    #[test]
    fn html_dump_escapes_keys_and_values() {
        let s = Struct::new();
        s.set(Key::new("<k>"), Value::from("<script>alert(1)</script>"));
        let h = html(&Value::Struct(s), Some("<label>"), true);
        assert!(!h.contains("<script>alert"));
        assert!(h.contains("&lt;script&gt;"));
        assert!(h.contains("&lt;k&gt;") && h.contains("&lt;label&gt;"));
    }

    #[test]
    fn tables_fold_on_click_and_expand_false_starts_folded() {
        let a = Array::new();
        a.push(Value::from(1.0));
        let s = Struct::new();
        s.set(Key::new("a"), Value::Array(a));
        let open = html(&Value::Struct(s.clone()), None, true);
        assert!(open.contains("onclick=\"this.closest('table').classList.toggle('rime-folded')\""));
        assert!(!open.contains("class=\"rime-dump rime-folded\""));
        let folded = html(&Value::Struct(s), None, false);
        assert_eq!(folded.matches("class=\"rime-dump rime-folded\"").count(), 1);
    }
}

//! Error and status pages. Development mode shows what went wrong and where (type, message,
//! detail, the source lines around the error, the tag context); production mode shows a plain
//! page that names no path and no source, and the detail goes to the log.

use rime_runtime::CfmlError;
use std::fmt::Write;

pub use rime_runtime::html::escape;

/// A minimal page for a status code (404, 403, 400, 500…).
pub fn status_page(status: u16, reason: &str, text: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{status} {reason}</title></head>\
         <body><h1>{status} {reason}</h1><p>{}</p></body></html>\n",
        escape(text)
    )
}

/// The production error page: nothing about the cause.
pub fn production_page() -> String {
    status_page(
        500,
        "Internal Server Error",
        "The server could not complete the request.",
    )
}

/// Lines of source shown on each side of the error line.
const CONTEXT_LINES: u32 = 3;

/// The development error block: self-contained HTML (inline styles) so it can follow whatever
/// output the page produced before the error, as Lucee shows it.
pub fn development_block(e: &CfmlError) -> String {
    let mut out = String::new();
    out.push_str(
        "<div class=\"rime-error\" style=\"font:14px/1.4 system-ui,sans-serif;margin:1em;\
         border:2px solid #c33;border-radius:4px;background:#fff;color:#222\">\n",
    );
    let _ = write!(
        out,
        "<div style=\"background:#c33;color:#fff;padding:.5em 1em\"><b>{}</b>: {}</div>\n\
         <div style=\"padding:.5em 1em\">\n",
        escape(&e.type_),
        escape(&e.message)
    );
    if !e.detail.is_empty() {
        let _ = writeln!(
            out,
            "<pre style=\"white-space:pre-wrap\">{}</pre>",
            escape(&e.detail)
        );
    }
    if let Some(top) = e.tag_context.first() {
        let _ = writeln!(
            out,
            "<p>The error occurred in <code>{}</code>: line {}</p>",
            escape(&top.template),
            top.line
        );
        if let Ok(text) = std::fs::read_to_string(top.template.as_str()) {
            out.push_str("<pre style=\"background:#f6f6f6;padding:.5em;overflow:auto\">");
            let first = top.line.saturating_sub(CONTEXT_LINES).max(1);
            let last = top.line.saturating_add(CONTEXT_LINES);
            for (i, line) in text.lines().enumerate() {
                let n = i as u32 + 1;
                if n < first || n > last {
                    continue;
                }
                let line = escape(line.trim_end_matches('\r'));
                if n == top.line {
                    let _ = writeln!(out, "<b style=\"background:#fdd\">{n:>5}: {line}</b>");
                } else {
                    let _ = writeln!(out, "{n:>5}: {line}");
                }
            }
            out.push_str("</pre>\n");
        }
        out.push_str("<p>Tag context:</p>\n<ul>\n");
        for f in &e.tag_context {
            let _ = writeln!(
                out,
                "<li><code>{}:{}:{}</code></li>",
                escape(&f.template),
                f.line,
                f.column
            );
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</div></div>\n");
    out
}

/// The development error page for an error before any output.
pub fn development_page(e: &CfmlError, before: &str) -> String {
    let block = development_block(e);
    if before.is_empty() {
        format!(
            "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{}: {}</title></head>\
             <body>\n{block}</body></html>\n",
            escape(&e.type_),
            escape(&e.message)
        )
    } else {
        format!("{before}\n{block}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn development_page_escapes_the_message() {
        let e = CfmlError::expression("bad <script>");
        let page = development_page(&e, "");
        assert!(page.contains("bad &lt;script&gt;"));
        assert!(!page.contains("<script>"));
    }
}

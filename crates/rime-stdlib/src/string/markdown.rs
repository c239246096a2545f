//! `markdownToHtml(markdown [, safeMode [, encoding]])` (Lucee 6): CommonMark, with tables and
//! strike-through, to HTML. The argument may instead name a Markdown file (read in `encoding`).
//! `safeMode` writes the HTML the Markdown contains as text, so it cannot run.

use crate::conversion::{charset, decode};
use pulldown_cmark::{html, Event, Options, Parser};
use rime_runtime::{Args, CfResult, Ctx, Value};

pub(super) fn markdown_to_html(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let arg = a.str(0)?;
    let safe = a.bool_or(1, false)?;
    // A single line naming a file that exists is that file's Markdown.
    let text = match file_named(ctx, &arg) {
        Some(path) => {
            let bytes = std::fs::read(&path).map_err(|e| {
                rime_runtime::CfmlError::application(format!(
                    "markdownToHtml: can't read the file [{}]",
                    path.display()
                ))
                .with_detail(e.to_string())
            })?;
            decode(&bytes, charset(&a.str_or(2, "utf-8")?)?)
        }
        None => arg.into_owned(),
    };
    let mut options = Options::empty();
    options.insert(Options::ENABLE_TABLES);
    options.insert(Options::ENABLE_STRIKETHROUGH);
    let events = Parser::new_ext(&text, options).map(|e| match e {
        Event::Html(h) | Event::InlineHtml(h) if safe => Event::Text(h),
        other => other,
    });
    let mut out = String::with_capacity(text.len() * 3 / 2);
    html::push_html(&mut out, events);
    Ok(Value::from(out))
}

fn file_named(ctx: &mut dyn Ctx, s: &str) -> Option<std::path::PathBuf> {
    let s = s.trim();
    if s.is_empty() || s.len() > 1024 || s.contains(['\n', '\r']) {
        return None;
    }
    let p = crate::file::resolve(ctx, s).ok()?;
    p.is_file().then_some(p)
}

//! Rendering an uncaught error for a terminal: type, message, position and the source line.

use rime_runtime::CfmlError;
use std::fmt::Write;

pub fn render_error(e: &CfmlError) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} error: {}", e.type_, e.message);
    if !e.detail.is_empty() {
        let _ = writeln!(out, "  {}", e.detail.replace('\n', "\n  "));
    }
    for (i, f) in e.tag_context.iter().enumerate() {
        let _ = writeln!(out, "  at {}:{}:{}", f.template, f.line, f.column);
        if i == 0 {
            if let Ok(text) = std::fs::read_to_string(f.template.as_str()) {
                let idx = rime_syntax::LineIndex::new(&text);
                let line = idx.line_text(&text, f.line);
                let _ = writeln!(out, "{:>5} | {}", f.line, line);
                let caret: String = line
                    .chars()
                    .take(f.column.saturating_sub(1) as usize)
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                let _ = writeln!(out, "      | {caret}^");
            }
        }
    }
    out
}

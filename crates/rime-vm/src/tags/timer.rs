//! `<cftimer>`: its opening starts a clock, its end writes the body's output with the time;
//! `<cfstopwatch>`: the same clock, its end sets a variable to the milliseconds.

use crate::run::Frame;
use crate::Vm;
use rime_runtime::{CfResult, CfmlError, Struct, Value};

impl Vm {
    /// `<cftimer>`: write the body's output and how long it took (`type` inline, comment,
    /// outline; `debug` shows nothing without a debugging page).
    pub(crate) fn op_timer(&mut self, a: &Struct) -> CfResult<()> {
        let ms = self
            .tags
            .timers
            .pop()
            .map(|t| t.elapsed().as_millis())
            .unwrap_or(0);
        let content = a.get_text("__content")?.unwrap_or_default();
        let label = a.get_text("label")?.unwrap_or_default();
        let kind = a
            .get_text("type")?
            .unwrap_or_else(|| "debug".to_string())
            .to_ascii_lowercase();
        let escaped = rime_runtime::html::escape(&label);
        let out = match kind.as_str() {
            "inline" => format!("{content}{escaped}: {ms}ms"),
            "comment" => format!(
                "{content}<!-- {} : {ms}ms -->",
                escaped.replace("--", "- -")
            ),
            "outline" => format!(
                "<fieldset class=\"cftimer\"><legend>{escaped}: {ms}ms</legend>{content}</fieldset>"
            ),
            _ => content,
        };
        self.write(&out);
        Ok(())
    }

    /// `<cfstopwatch variable label>`: the body ran as usual; `variable` gets how long it took,
    /// in milliseconds (`label` only names it in Lucee's debugging output).
    pub(crate) fn op_stopwatch(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let started = self.tags.stopwatches.pop();
        let ms = started.map(|t| t.elapsed().as_millis()).unwrap_or(0);
        let var = a
            .get_text("variable")?
            .filter(|v| !v.is_empty())
            .ok_or_else(|| {
                CfmlError::application("Attribute [variable] is required for tag [stopwatch]")
            })?;
        self.assign_var(f, &var, Value::from(ms as f64))
    }
}

//! `<cftrace>` (Lucee): a trace entry in the `trace` log, with the time since the request's
//! previous trace; `inline` also writes it into the page (and dumps `var`), `abort` ends the
//! request after it. Lucee also shows traces in its debugging output, which Rime has not.

use crate::{Frame, Vm};
use rime_runtime::{CfResult, CfmlError, Struct, Value};
use std::time::Instant;

/// Lucee's trace levels: the name `writeLog` takes and the one the inline entry shows.
fn level(kind: &str) -> CfResult<(&'static str, &'static str)> {
    // Lucee accepts these spellings (its `info` is rejected, as here).
    Ok(match kind.trim().to_ascii_lowercase().as_str() {
        "information" => ("Information", "INFO"),
        "warn" | "warning" => ("Warning", "WARN"),
        "error" => ("Error", "ERROR"),
        "fatal information" | "fatal-information" | "fatal_information" | "fatalinformation"
        | "fatal info" | "fatal-info" | "fatal_info" | "fatalinfo" | "fatal" => ("Fatal", "FATAL"),
        "debug" | "debugging" | "debuging" => ("Debug", "DEBUG"),
        "trace" => ("Trace", "TRACE"),
        other => {
            return Err(CfmlError::application(format!(
                "invalid value [{other}] for attribute [type], valid values are [Debug, Information, Warning, Error, Fatal Information]"
            )))
        }
    })
}

impl Vm {
    /// `<cftrace abort category inline text type var>`.
    pub(crate) fn op_trace(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let text_attr = |k: &str| -> CfResult<String> { Ok(a.get_text(k)?.unwrap_or_default()) };
        let (log_type, shown_type) = level(&a.get_text("type")?.unwrap_or("Information".into()))?;
        let category = text_attr("category")?;
        let var = text_attr("var")?;
        let mut text = text_attr("text")?;
        let flag = |k: &str| -> CfResult<bool> { a.get(k).map_or(Ok(false), |v| v.to_bool()) };
        let (inline, abort) = (flag("inline")?, flag("abort")?);
        let value = if var.is_empty() {
            None
        } else {
            if text.is_empty() {
                text = var.clone();
            }
            Some(rime_runtime::CodeCtx::lookup(
                &mut crate::ctx::CallCtx { vm: self, frame: f },
                &var,
            ))
        };
        let shown_value = match &value {
            Some(Some(v)) => {
                let s = self.call_named_builtin(f, "serialize", vec![v.clone()]);
                s.and_then(|s| Ok(s.to_str()?.into_owned()))
                    .unwrap_or_else(|_| format!("({})", v.type_name()))
            }
            _ => "(undefined)".to_string(),
        };
        // The time since the request's previous trace (its start for the first), and the sum.
        let now = Instant::now();
        let since = self.tags.last_trace.or(self.started).unwrap_or(now);
        let ms = now.saturating_duration_since(since).as_millis();
        self.tags.last_trace = Some(now);
        self.tags.trace_total += ms;
        self.tags.traces += 1;
        let total = if self.tags.traces == 1 {
            "(1st trace)".to_string()
        } else {
            format!("({})", self.tags.trace_total)
        };
        let at = f.position();
        let place = format!("[{} @ line: {}]", at.template, at.line);
        let (has_cat, has_text, has_var) =
            (!category.is_empty(), !text.is_empty(), !var.is_empty());
        if inline {
            let clock = rime_runtime::DateTime::now().ndt().format("%I:%M:%S:%3f");
            let mut out = format!(
                "<table border=\"0\" cellpadding=\"0\" cellspacing=\"0\" bgcolor=\"white\"><tr><td><font color=\"orange\"><b>{shown_type} - [CFTRACE {clock}][{ms} ms {total}]{place}"
            );
            if has_cat || has_text {
                out.push_str(" -");
            }
            if has_cat {
                out.push_str(&format!("  [{category}]"));
            }
            if has_text {
                out.push_str(&format!(" <i>{text}&nbsp;</i>"));
            }
            out.push_str("</b></font></td></tr></table>");
            self.write(&out);
            if let Some(Some(v)) = &value {
                let dump = Struct::with_flags(true);
                dump.set_str("var", v.clone());
                dump.set_str("label", Value::from(var.as_str()));
                self.op_dump(f, &dump)?;
            }
        }
        let mut msg = format!("[{ms} ms {total}] {place}");
        if has_cat || has_text || has_var {
            msg.push_str("- ");
        }
        if has_cat {
            msg.push_str(&format!("[{category}] "));
        }
        if has_var {
            msg.push_str(&format!("[{var}={shown_value}] "));
        }
        if has_text {
            msg.push_str(&format!(" {text} "));
        }
        let args = vec![
            Value::from(msg),
            Value::from(log_type),
            Value::Null,
            Value::from("trace"),
        ];
        self.call_named_builtin(f, "writeLog", args)?;
        if abort {
            return Err(CfmlError::abort());
        }
        Ok(())
    }
}

//! `CfmlError`: every CFML exception, catchable as a struct-like value.

use crate::key::Key;
use crate::value::{Array, Struct, Value};
use arcstr::ArcStr;
use std::fmt;

/// One entry of an error's `tagContext`: where in which template it happened.
#[derive(Clone, Debug, PartialEq)]
pub struct TagFrame {
    pub template: ArcStr,
    pub line: u32,
    pub column: u32,
}

#[derive(Clone, Debug)]
pub struct CfmlError {
    /// `expression`, `application`, `template`, `missinginclude`, `lock`, a custom dotted type...
    pub type_: ArcStr,
    pub message: String,
    pub detail: String,
    pub error_code: String,
    pub extended_info: String,
    /// Innermost first; filled by the VM, never by builtins.
    pub tag_context: Vec<TagFrame>,
    /// `abort` travels as an error that no `catch` sees.
    pub abort: bool,
    /// The value thrown with `throw(object=...)` or extra keys kept when rethrowing a caught struct.
    pub extra: Option<Struct>,
}

pub type CfResult<T> = Result<T, Box<CfmlError>>;

impl CfmlError {
    pub fn new(type_: &str, message: impl Into<String>) -> Box<CfmlError> {
        Box::new(CfmlError {
            type_: ArcStr::from(type_),
            message: message.into(),
            detail: String::new(),
            error_code: String::new(),
            extended_info: String::new(),
            tag_context: Vec::new(),
            abort: false,
            extra: None,
        })
    }

    /// The common runtime error type (`expression`).
    pub fn expression(message: impl Into<String>) -> Box<CfmlError> {
        CfmlError::new("expression", message)
    }

    pub fn application(message: impl Into<String>) -> Box<CfmlError> {
        CfmlError::new("application", message)
    }

    pub fn template(message: impl Into<String>) -> Box<CfmlError> {
        CfmlError::new("template", message)
    }

    pub fn abort() -> Box<CfmlError> {
        let mut e = CfmlError::new("abort", "Page request is aborted");
        e.abort = true;
        e
    }

    pub fn with_detail(mut self: Box<Self>, detail: impl Into<String>) -> Box<CfmlError> {
        self.detail = detail.into();
        self
    }

    /// Whether a `catch (type e)` clause with this type catches the error: `any` catches all,
    /// otherwise a case-insensitive match or a dotted prefix (`My.Err` catches `My.Err.Sub`).
    pub fn matches(&self, catch_type: &str) -> bool {
        if self.abort {
            return false;
        }
        let t = catch_type.trim();
        if t.eq_ignore_ascii_case("any") || t.is_empty() {
            return true;
        }
        let ty = self.type_.as_str();
        if ty.eq_ignore_ascii_case(t) {
            return true;
        }
        ty.len() > t.len()
            && ty.as_bytes().get(t.len()) == Some(&b'.')
            && ty.get(..t.len()).is_some_and(|p| p.eq_ignore_ascii_case(t))
    }

    /// The struct a `catch` variable sees (`cfcatch`).
    pub fn to_value(&self) -> Value {
        let s = Struct::new();
        if let Some(extra) = &self.extra {
            for (k, v) in extra.entries() {
                s.set(k, v);
            }
        }
        s.set(Key::new("type"), Value::from(self.type_.clone()));
        s.set(Key::new("message"), Value::from(self.message.as_str()));
        s.set(Key::new("detail"), Value::from(self.detail.as_str()));
        s.set(Key::new("errorCode"), Value::from(self.error_code.as_str()));
        s.set(
            Key::new("extendedInfo"),
            Value::from(self.extended_info.as_str()),
        );
        let ctx = Array::new();
        for f in &self.tag_context {
            let fs = Struct::new();
            fs.set(Key::new("template"), Value::from(f.template.clone()));
            fs.set(Key::new("line"), Value::Num(f.line as f64));
            fs.set(Key::new("column"), Value::Num(f.column as f64));
            fs.set(Key::new("id"), Value::from("??"));
            fs.set(Key::new("type"), Value::from("cfml"));
            fs.set(
                Key::new("raw_trace"),
                Value::from(format!("{}:{}", f.template, f.line)),
            );
            ctx.push(Value::Struct(fs));
        }
        s.set(Key::new("tagContext"), Value::Array(ctx));
        if s.get("stackTrace").is_none() {
            s.set(Key::new("stackTrace"), Value::from(self.stack_trace()));
        }
        Value::Struct(s)
    }

    /// Lucee's `cfcatch.stackTrace` is the Java stack trace, a string: the type and message,
    /// then one `at` line per frame; here the frames are the CFML ones of `tagContext`.
    pub fn stack_trace(&self) -> String {
        use std::fmt::Write;
        let mut out = format!("{}: {}", self.type_, self.message);
        for f in &self.tag_context {
            let _ = write!(out, "\n\tat {}:{}", f.template, f.line);
        }
        out
    }

    /// Rebuild an error from a caught struct (`throw(object=e)`, `rethrow` of a modified struct).
    pub fn from_value(v: &Value) -> Box<CfmlError> {
        let Value::Struct(s) = v else {
            return CfmlError::application("Throw object must be a struct or exception");
        };
        let text = |k: &str| {
            s.get(k)
                .and_then(|v| v.to_str().ok().map(|c| c.into_owned()))
                .unwrap_or_default()
        };
        let ty = text("type");
        let mut e = CfmlError::new(
            if ty.is_empty() { "application" } else { &ty },
            text("message").to_string(),
        );
        e.detail = text("detail").to_string();
        e.error_code = text("errorCode").to_string();
        e.extended_info = text("extendedInfo").to_string();
        // A caught exception thrown again keeps where it happened (Lucee rethrows the original).
        if let Some(Value::Array(ctx)) = s.get("tagContext") {
            for f in ctx.to_vec() {
                let Value::Struct(f) = f else { continue };
                let num = |k: &str| f.get(k).and_then(|v| v.to_num().ok()).unwrap_or(0.0) as u32;
                let template = f
                    .get("template")
                    .and_then(|v| v.to_str().ok().map(|c| ArcStr::from(c.as_ref())))
                    .unwrap_or_default();
                e.tag_context.push(TagFrame {
                    template,
                    line: num("line"),
                    column: num("column"),
                });
            }
        }
        e.extra = Some(s.clone());
        e
    }
}

impl fmt::Display for CfmlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.type_, self.message)?;
        if !self.detail.is_empty() {
            write!(f, " ({})", self.detail)?;
        }
        Ok(())
    }
}

/// The text of a caught panic's payload (`std::panic::catch_unwind`).
pub fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    }
}

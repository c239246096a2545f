//! Tags that shape the HTTP response: `<cfheader>`, `<cfcontent>`, `<cflocation>`,
//! `<cfcookie>`, `<cfflush>`, `<cfhtmlhead>` and `<cfhtmlbody>`.

use crate::run::Frame;
use crate::Vm;
use rime_runtime::{CfResult, CfmlError, Key, Struct, Value};
use std::sync::Arc;

impl Vm {
    /// `<cfheader statusCode statusText>` or `<cfheader name value>`.
    pub(super) fn op_header(&mut self, a: &Struct) -> CfResult<()> {
        let text = |k: &str| -> CfResult<Option<String>> {
            a.get(k)
                .map(|v| v.to_str().map(|s| s.into_owned()))
                .transpose()
        };
        if let Some(code) = a.get("statuscode") {
            self.req.response.status = status_code(&code)?;
            self.req.response.status_text = text("statustext")?.unwrap_or_default();
        }
        if let Some(name) = text("name")? {
            let value = text("value")?.unwrap_or_default();
            check_header(&name, &value)?;
            self.req.response.set_header(&name, &value);
        }
        Ok(())
    }

    /// `<cfcontent type reset file variable deleteFile>`.
    pub(super) fn op_content(&mut self, a: &Struct) -> CfResult<()> {
        let reset = match a.get("reset") {
            Some(v) => v.to_bool()?,
            None => true,
        };
        if reset {
            if let Some(b) = self.bufs.last_mut() {
                b.clear();
            }
        }
        if let Some(t) = a.get("type") {
            let t = t.to_str()?.into_owned();
            check_header("Content-Type", &t)?;
            self.req.response.set_header("Content-Type", &t);
        }
        self.content_body(a)
    }

    /// `<cflocation url statusCode>`: redirect (302 unless told) and end the page.
    pub(super) fn op_location(&mut self, a: &Struct) -> CfResult<()> {
        let url = a
            .get("url")
            .ok_or_else(|| CfmlError::application("cflocation requires [url]"))?
            .to_str()?
            .into_owned();
        check_header("Location", &url)?;
        self.req.response.status = match a.get("statuscode") {
            Some(c) => status_code(&c)?,
            None => 302,
        };
        self.req.response.set_header("Location", &url);
        Err(CfmlError::abort())
    }

    /// `<cfcookie name value path domain sameSite expires secure httpOnly>`: a `Set-Cookie`
    /// header, and the value in the `cookie` scope at once.
    pub(super) fn op_cookie(&mut self, a: &Struct) -> CfResult<()> {
        let name = a
            .get("name")
            .ok_or_else(|| CfmlError::application("cfcookie requires [name]"))?
            .to_str()?
            .into_owned();
        let value = a.get("value").unwrap_or_default();
        let value_s = value.to_str()?.into_owned();
        let mut c = format!("{}={}", name, cookie_encode(&value_s));
        check_header("Set-Cookie", &c)?;
        for (attr, key) in [
            ("path", "Path"),
            ("domain", "Domain"),
            ("samesite", "SameSite"),
        ] {
            if let Some(v) = a.get(attr) {
                let v = v.to_str()?;
                check_header("Set-Cookie", &v)?;
                c.push_str(&format!("; {key}={v}"));
            }
        }
        if let Some(e) = a.get("expires") {
            let e = e.to_str()?.to_ascii_lowercase();
            match e.as_str() {
                "never" => c.push_str("; Max-Age=946080000"),
                "now" => c.push_str("; Max-Age=0"),
                days => {
                    if let Ok(d) = days.parse::<f64>() {
                        c.push_str(&format!("; Max-Age={}", (d * 86400.0) as i64));
                    }
                }
            }
        }
        for flag in ["secure", "httponly"] {
            if let Some(v) = a.get(flag) {
                if v.to_bool()? {
                    c.push_str(if flag == "secure" {
                        "; Secure"
                    } else {
                        "; HttpOnly"
                    });
                }
            }
        }
        self.req.response.cookies.push(c);
        self.req
            .scopes
            .cookie
            .set(Key::new(name), Value::from(value_s));
        Ok(())
    }

    /// `<cfflush>`: send what the page has written so far. Only the page's own output goes; a
    /// capture (savecontent...) keeps its text.
    pub(super) fn op_flush(&mut self) {
        if self.bufs.len() == 1 {
            if let (Some(sink), Some(buf)) = (self.req.flush.as_mut(), self.bufs.first_mut()) {
                sink(&self.req.response, std::mem::take(buf));
                self.req.flushed = true;
            }
        }
    }

    /// `<cfhtmlhead>` (`head`) and `<cfhtmlbody>` `text action variable id`: append to, write,
    /// reset, read or flush the text the page's `<head>` or the end of its `<body>` gets. The
    /// text is the body between the tags when there is one; a snippet whose `id` was added
    /// before is not added again.
    pub(super) fn op_html_section(
        &mut self,
        f: &mut Frame,
        a: &Struct,
        head: bool,
    ) -> CfResult<()> {
        let tag = if head { "cfhtmlhead" } else { "cfhtmlbody" };
        let text = match a.get_text("text")? {
            Some(t) => t,
            None => a.get_text("__body")?.unwrap_or_default(),
        };
        let action = a
            .get_text("action")?
            .unwrap_or_default()
            .to_ascii_lowercase();
        let id = a.get_text("id")?.filter(|s| !s.is_empty());
        let section = if head {
            &mut self.tags.html_head
        } else {
            &mut self.tags.html_body
        };
        match action.as_str() {
            "" | "append" => section.append(&text, id),
            "write" => {
                section.text = text;
                section.ids.clear();
                section.ids.extend(id);
            }
            "reset" => *section = HtmlSection::default(),
            "read" => {
                let v = Value::from(section.text.as_str());
                let var = a
                    .get_text("variable")?
                    .filter(|s| !s.is_empty())
                    .unwrap_or_else(|| tag.to_string());
                self.assign_var(f, &var, v)?;
            }
            "flush" => {
                let text = std::mem::take(section).text;
                self.write(&text);
            }
            other => {
                return Err(CfmlError::application(format!(
                    "{tag}: invalid action [{other}], valid are [append, read, reset, write, flush]"
                )))
            }
        }
        Ok(())
    }

    /// `<cfcontent file=...>` or `variable=...`: that is the response body, and the page ends
    /// (the output so far is discarded, as in Lucee).
    fn content_body(&mut self, a: &Struct) -> CfResult<()> {
        let body = if let Some(v) = a.get("variable").filter(|v| !v.is_null()) {
            match v {
                Value::Binary(b) => b,
                other if other.is_simple() => Arc::new(other.to_str()?.as_bytes().to_vec()),
                other => {
                    return Err(CfmlError::application(format!(
                        "cfcontent variable must be binary or a string, not a {}",
                        other.type_name()
                    )))
                }
            }
        } else if let Some(file) = a.get_text("file")? {
            let path = std::path::Path::new(&file);
            rime_stdlib::file::check_sandbox(path, self.host.file_sandbox().as_deref())?;
            let bytes = std::fs::read(path).map_err(|e| {
                CfmlError::application(format!("cfcontent could not read the file [{file}]: {e}"))
            })?;
            let delete = match a.get("deletefile") {
                Some(v) if !v.is_null() => v.to_bool()?,
                _ => false,
            };
            if delete {
                let _ = std::fs::remove_file(path);
            }
            if a.get("type").is_none() {
                let mime = rime_stdlib::file::mime_by_extension(&file);
                self.req.response.set_header("Content-Type", mime);
            }
            Arc::new(bytes)
        } else {
            return Ok(());
        };
        self.req.response.body = Some(body);
        for b in &mut self.bufs {
            b.clear();
        }
        Err(CfmlError::abort())
    }
}

fn status_code(v: &Value) -> CfResult<u16> {
    let n = v.to_num()?;
    if (100.0..=999.0).contains(&n) {
        Ok(n as u16)
    } else {
        Err(CfmlError::application(format!(
            "invalid HTTP status code [{n}]"
        )))
    }
}

/// Header names and values must not smuggle line breaks (response splitting).
pub(crate) fn check_header(name: &str, value: &str) -> CfResult<()> {
    if name.contains(['\r', '\n', ':']) || value.contains(['\r', '\n']) {
        return Err(CfmlError::application(format!(
            "invalid header [{name}]: names and values must not contain line breaks"
        )));
    }
    Ok(())
}

/// Cookie values are URL-encoded as Lucee does by default.
fn cookie_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// What `<cfhtmlhead>` or `<cfhtmlbody>` gathered: the text and the ids of its snippets.
#[derive(Default)]
pub(crate) struct HtmlSection {
    pub(crate) text: String,
    ids: Vec<String>,
}

impl HtmlSection {
    fn append(&mut self, text: &str, id: Option<String>) {
        if let Some(id) = id {
            if self.ids.iter().any(|i| i.eq_ignore_ascii_case(&id)) {
                return;
            }
            self.ids.push(id);
        }
        self.text.push_str(text);
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.text.is_empty()
    }
}

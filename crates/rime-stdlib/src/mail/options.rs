//! `<cfmail>`'s attributes (and the `<cfmailparam name=... value=...>` that stand for them) read
//! into [`MailOptions`], and the SMTP servers to try: the tag's `server` attribute, else the
//! configured `mailServers` (Application.cfc's `this.mailServers` over `.cfconfig.json`'s).

use super::address::{self, Address};
use super::MailDraft;
use crate::conversion::{self, Charset};
use rime_runtime::{CfResult, CfmlError, Struct, Value};
use std::path::PathBuf;
use std::time::Duration;

/// Lucee's default for how long a send may take.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// The `X-Mailer` header without `mailerid`.
const DEFAULT_MAILER: &str = "Rime Mail";

/// Everything about one message except its body parts and attachments.
#[derive(Clone, Debug)]
pub(crate) struct MailOptions {
    pub from: Vec<Address>,
    pub to: Vec<Address>,
    pub cc: Vec<Address>,
    pub bcc: Vec<Address>,
    pub reply_to: Vec<Address>,
    pub fail_to: Vec<Address>,
    pub subject: String,
    /// `type="html"`: the tag's own body is HTML.
    pub html: bool,
    pub charset: Charset,
    /// The charset as headers name it (`UTF-8`, `ISO-8859-1`...).
    pub charset_label: String,
    pub mailer: String,
    /// `priority`, 1 (highest) to 5 (lowest).
    pub priority: Option<u8>,
    pub wrap: Option<usize>,
    pub timeout: Duration,
    /// Headers from `<cfmailparam name=... value=...>`, in order.
    pub headers: Vec<(String, String)>,
    /// `mimeattach` files (already absolute).
    pub attach: Vec<PathBuf>,
    /// `remove`: delete the attached files after a successful send.
    pub remove: bool,
}

/// Which of `<cfmailparam name=...>`'s names set an attribute instead of adding a header
/// (Lucee's list).
const ATTRIBUTE_PARAMS: &[&str] = &[
    "bcc",
    "cc",
    "charset",
    "failto",
    "from",
    "mailerid",
    "mimeattach",
    "priority",
    "replyto",
    "subject",
    "to",
];

impl MailOptions {
    /// Read the tag's attributes, then the draft's name/value params over them (address params
    /// add to the lists, others replace).
    pub(crate) fn read(attrs: &Struct, draft: &MailDraft) -> CfResult<MailOptions> {
        let text = |k: &str| attrs.get_text(k);
        let addrs = |k: &str| match attrs.get(k) {
            Some(v) => address::parse_value(&v, k),
            None => Ok(Vec::new()),
        };
        let mut o = MailOptions {
            from: addrs("from")?,
            to: addrs("to")?,
            cc: addrs("cc")?,
            bcc: addrs("bcc")?,
            reply_to: addrs("replyto")?,
            fail_to: addrs("failto")?,
            subject: text("subject")?.unwrap_or_default(),
            html: false,
            charset: Charset::Utf8,
            charset_label: "UTF-8".into(),
            mailer: DEFAULT_MAILER.into(),
            priority: None,
            wrap: None,
            timeout: DEFAULT_TIMEOUT,
            headers: Vec::new(),
            attach: Vec::new(),
            remove: false,
        };
        if let Some(t) = text("type")? {
            o.html = is_html(&t)?;
        }
        if let Some(c) = text("charset")?.filter(|c| !c.trim().is_empty()) {
            o.set_charset(&c)?;
        }
        if let Some(m) = text("mailerid")? {
            o.mailer = m;
        }
        if let Some(p) = text("priority")?.filter(|p| !p.trim().is_empty()) {
            o.priority = Some(priority(&p)?);
        }
        if let Some(w) = attrs.get("wraptext").filter(|v| !v.is_null()) {
            let w = w.to_num()?;
            o.wrap = (w >= 1.0).then_some(w as usize);
        }
        if let Some(t) = attrs.get("timeout").filter(|v| !v.is_null()) {
            let secs = t.to_num()?;
            if secs > 0.0 && secs.is_finite() {
                o.timeout = Duration::from_secs_f64(secs.min(86_400.0));
            }
        }
        if let Some(p) = text("mimeattach")?.filter(|p| !p.trim().is_empty()) {
            o.attach.push(PathBuf::from(p));
        }
        if let Some(r) = attrs.get("remove").filter(|v| !v.is_null()) {
            o.remove = r.to_bool()?;
        }
        for p in &draft.params {
            let (Some(name), None, None) = (&p.name, &p.file, &p.content) else {
                continue;
            };
            let value = p.value.clone().unwrap_or_default();
            o.param(name, &value)?;
        }
        // Every header text is one line: a CR or LF would start a header of its own.
        check_header("Subject", &o.subject)?;
        check_header("X-Mailer", &o.mailer)?;
        if o.from.is_empty() {
            return Err(CfmlError::application(
                "attribute [from] of the tag [mail] is required",
            ));
        }
        if o.to.is_empty() && o.cc.is_empty() && o.bcc.is_empty() {
            return Err(CfmlError::application(
                "One of the following attributes must be defined [to, cc, bcc]",
            ));
        }
        Ok(o)
    }

    fn set_charset(&mut self, name: &str) -> CfResult<()> {
        self.charset = conversion::charset(name)?;
        self.charset_label = label(self.charset).to_string();
        Ok(())
    }

    /// One `<cfmailparam name=... value=...>`.
    fn param(&mut self, name: &str, value: &str) -> CfResult<()> {
        let lname = name.trim().to_ascii_lowercase();
        if !ATTRIBUTE_PARAMS.contains(&lname.as_str()) {
            check_header(name, value)?;
            self.headers
                .push((name.trim().to_string(), value.to_string()));
            return Ok(());
        }
        let list = |v: &str| address::parse_list(v, &lname);
        match lname.as_str() {
            "to" => self.to.extend(list(value)?),
            "cc" => self.cc.extend(list(value)?),
            "bcc" => self.bcc.extend(list(value)?),
            "from" => self.from = list(value)?,
            "replyto" => self.reply_to.extend(list(value)?),
            "failto" => self.fail_to = list(value)?,
            "subject" => self.subject = value.to_string(),
            "charset" => self.set_charset(value)?,
            "mailerid" => self.mailer = value.to_string(),
            "priority" => self.priority = Some(priority(value)?),
            _ => self.attach.push(PathBuf::from(value)), // mimeattach
        }
        Ok(())
    }
}

/// A header a page adds must be one line with a proper name: a CR or LF would let a value
/// start headers (or a body) of its own.
pub(crate) fn check_header(name: &str, value: &str) -> CfResult<()> {
    let name_ok = !name.trim().is_empty()
        && name
            .trim()
            .chars()
            .all(|c| c.is_ascii_graphic() && c != ':');
    if !name_ok {
        return Err(CfmlError::application(format!(
            "invalid mail header name [{name}]"
        )));
    }
    if value.contains(['\r', '\n']) {
        return Err(CfmlError::application(format!(
            "the value of the mail header [{name}] must not contain line breaks"
        )));
    }
    Ok(())
}

/// `type`: text (`plain`, `text`, `text/plain`) or HTML (`html`, `htm`, `text/html`).
pub(crate) fn is_html(t: &str) -> CfResult<bool> {
    match t.trim().to_ascii_lowercase().as_str() {
        "text/plain" | "plain" | "text" => Ok(false),
        "text/html" | "html" | "htm" => Ok(true),
        _ => Err(
            CfmlError::application("attribute type of tag mail has an invalid values").with_detail(
                format!("valid values are [plain,text,html] but value is now [{t}]"),
            ),
        ),
    }
}

/// `priority`: 1-5 or Lucee's words for them.
fn priority(p: &str) -> CfResult<u8> {
    let p = p.trim().to_ascii_lowercase();
    let n = match p.as_str() {
        "highest" | "urgent" => 1,
        "high" => 2,
        "normal" => 3,
        "low" => 4,
        "lowest" | "non-urgent" | "none-urgent" => 5,
        other => match other.parse::<f64>() {
            Ok(n) if (1.0..=5.0).contains(&n) => n as u8,
            _ => {
                return Err(CfmlError::expression(format!(
                    "the value of attribute priority is invalid [{p}], the value should be an integer between [1-5] or one of the following [highest,urgent,high,normal,low,lowest,non-urgent]"
                )))
            }
        },
    };
    Ok(n)
}

/// The name a charset goes by in MIME headers.
pub(crate) fn label(cs: Charset) -> &'static str {
    match cs {
        Charset::Utf8 => "UTF-8",
        Charset::Latin1 => "ISO-8859-1",
        Charset::Ascii => "US-ASCII",
        Charset::Windows1252 => "windows-1252",
        Charset::Utf16 => "UTF-16",
        Charset::Utf16Be => "UTF-16BE",
        Charset::Utf16Le => "UTF-16LE",
    }
}

/// One SMTP server to try.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailServer {
    pub host: String,
    pub port: u16,
    pub username: Option<String>,
    pub password: Option<String>,
    /// Implicit TLS from the first byte (`useSSL`, usually port 465).
    pub ssl: bool,
    /// Plain connection upgraded with STARTTLS (`useTLS`, usually port 587).
    pub tls: bool,
}

/// The servers to try, in order: the tag's `server` (a comma list of `host`, `host:port` or
/// `user:password@host:port`), else `configured` (an array of `{host|smtp, port, username,
/// password, ssl, tls}` structs). The tag's `useSSL`/`useTLS` apply to every server.
pub(crate) fn servers(attrs: &Struct, configured: Option<&Value>) -> CfResult<Vec<MailServer>> {
    let flag = |keys: &[&str]| -> CfResult<Option<bool>> {
        for k in keys {
            if let Some(v) = attrs.get(k).filter(given) {
                return Ok(Some(v.to_bool()?));
            }
        }
        Ok(None)
    };
    let ssl = flag(&["usessl", "ssl", "secure"])?;
    let tls = flag(&["usetls", "tls", "starttls"])?;
    let port = match attrs.get("port").filter(given) {
        Some(p) => Some(port_number(&p)?),
        None => None,
    };
    let mut out = Vec::new();
    if let Some(list) = attrs.get_text("server")?.filter(|s| !s.trim().is_empty()) {
        let username = attrs.get_text("username")?.filter(|u| !u.is_empty());
        let password = attrs.get_text("password")?;
        for entry in list.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let mut s = parse_server(entry)?;
            if s.username.is_none() && username.is_some() {
                s.username.clone_from(&username);
                s.password.clone_from(&password);
            }
            s.ssl = ssl.unwrap_or(false);
            s.tls = tls.unwrap_or(false);
            if s.port == 0 {
                s.port = port.unwrap_or(if s.ssl { 465 } else { 25 });
            }
            out.push(s);
        }
    } else if let Some(conf) = configured {
        let list = match conf {
            Value::Array(a) => a.to_vec(),
            Value::Struct(_) => vec![conf.clone()],
            _ => Vec::new(),
        };
        for item in list {
            let Value::Struct(def) = item else { continue };
            let get = |keys: &[&str]| -> CfResult<Option<String>> {
                for k in keys {
                    if let Some(v) = def.get_text(k)?.filter(|v| !v.trim().is_empty()) {
                        return Ok(Some(v));
                    }
                }
                Ok(None)
            };
            let Some(host) = get(&["host", "smtp", "server", "hostname"])? else {
                continue;
            };
            let mut s = parse_server(&host)?;
            let def_flag = |keys: &[&str]| -> CfResult<bool> {
                for k in keys {
                    if let Some(v) = def.get(k).filter(given) {
                        return v.to_bool();
                    }
                }
                Ok(false)
            };
            s.ssl = ssl.unwrap_or(def_flag(&["ssl", "usessl", "secure"])?);
            s.tls = tls.unwrap_or(def_flag(&["tls", "usetls", "starttls"])?);
            if let Some(p) = def.get("port").filter(given) {
                s.port = port_number(&p)?;
            }
            if s.port == 0 {
                s.port = if s.ssl { 465 } else { 25 };
            }
            if let Some(u) = get(&["username", "user"])? {
                s.username = Some(u);
                s.password = get(&["password"])?;
            }
            out.push(s);
        }
    }
    if out.is_empty() {
        return Err(CfmlError::application(
            "no SMTP Server defined: give cfmail a [server] attribute, or configure this.mailServers in Application.cfc or mailServers in .cfconfig.json",
        ));
    }
    Ok(out)
}

/// Set to something: not null and not an empty string (`port=""` means the default).
fn given(v: &Value) -> bool {
    !v.is_null() && !matches!(v, Value::Str(s) if s.trim().is_empty())
}

fn port_number(v: &Value) -> CfResult<u16> {
    let n = v.to_num()?;
    if (1.0..=65535.0).contains(&n) {
        Ok(n as u16)
    } else {
        Err(CfmlError::application(format!(
            "invalid mail server port [{}]",
            v.to_str()?
        )))
    }
}

/// `host`, `host:port`, `[v6]:port`, with an optional `user:password@` in front.
fn parse_server(entry: &str) -> CfResult<MailServer> {
    let bad = || CfmlError::application(format!("invalid mail server [{entry}]"));
    let (creds, hostport) = match entry.rsplit_once('@') {
        Some((c, h)) => (Some(c), h),
        None => (None, entry),
    };
    let (host, port) = if let Some(rest) = hostport.strip_prefix('[') {
        let (h, after) = rest.split_once(']').ok_or_else(bad)?;
        match after.strip_prefix(':') {
            Some(p) => (h, Some(p)),
            None if after.is_empty() => (h, None),
            None => return Err(bad()),
        }
    } else {
        match hostport.rsplit_once(':') {
            Some((h, p)) if !h.contains(':') => (h, Some(p)),
            _ => (hostport, None),
        }
    };
    let host = host.trim();
    if host.is_empty()
        || !host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".-_:".contains(c))
    {
        return Err(bad());
    }
    let port = match port {
        Some(p) => p.trim().parse::<u16>().map_err(|_| bad())?,
        None => 0,
    };
    let (username, password) = match creds {
        Some(c) => match c.split_once(':') {
            Some((u, p)) => (Some(u.to_string()), Some(p.to_string())),
            None => (Some(c.to_string()), None),
        },
        None => (None, None),
    };
    Ok(MailServer {
        host: host.to_string(),
        port,
        username,
        password,
        ssl: false,
        tls: false,
    })
}

//! Mail addresses: parsing the lists `<cfmail>` takes (`a@b.com, "Doe, Jane" <jane@x.org>,
//! Bob <bob@y.net>`, or an array of such strings) and writing them into headers.
//!
//! Only plain ASCII addresses are accepted (no SMTPUTF8); display names may be any text and are
//! encoded-words in the header when not ASCII. A line break anywhere is refused, so no value can
//! add a header or an SMTP command of its own.

use super::encode;
use crate::conversion::Charset;
use rime_runtime::{CfResult, CfmlError, Value};

/// One mailbox: an optional display name and the address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub name: Option<String>,
    pub email: String,
}

/// The error Lucee raises for a bad address attribute, with what was wrong as the detail.
pub(crate) fn invalid(attr: &str, detail: impl Into<String>) -> Box<CfmlError> {
    CfmlError::application(format!("attribute [{attr}] of the tag [mail] is invalid"))
        .with_detail(detail)
}

/// The addresses in an attribute value: a string list, or an array of strings.
pub(crate) fn parse_value(v: &Value, attr: &str) -> CfResult<Vec<Address>> {
    match v {
        Value::Null => Ok(Vec::new()),
        Value::Array(a) => {
            let mut out = Vec::new();
            for item in a.to_vec() {
                out.extend(parse_list(&item.to_str()?, attr)?);
            }
            Ok(out)
        }
        v => parse_list(&v.to_str()?, attr),
    }
}

/// A comma (or semicolon) separated list; separators inside quotes or `<...>` do not count.
pub(crate) fn parse_list(text: &str, attr: &str) -> CfResult<Vec<Address>> {
    if text.contains(['\r', '\n']) {
        return Err(invalid(
            attr,
            "an address must not contain a line break (header injection)",
        ));
    }
    let mut out = Vec::new();
    let mut piece = String::new();
    let (mut quoted, mut angle, mut escaped) = (false, false, false);
    for c in text.chars() {
        if escaped {
            escaped = false;
            piece.push(c);
            continue;
        }
        match c {
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '<' if !quoted => angle = true,
            '>' if !quoted => angle = false,
            ',' | ';' if !quoted && !angle => {
                if !piece.trim().is_empty() {
                    out.push(parse_one(piece.trim(), attr)?);
                }
                piece.clear();
                continue;
            }
            _ => {}
        }
        piece.push(c);
    }
    if !piece.trim().is_empty() {
        out.push(parse_one(piece.trim(), attr)?);
    }
    Ok(out)
}

/// `addr`, `<addr>`, `Name <addr>`, `"Name" <addr>` or `addr (Name)`.
fn parse_one(s: &str, attr: &str) -> CfResult<Address> {
    let (name, email) = if let (Some(open), true) = (s.rfind('<'), s.ends_with('>')) {
        let name = s[..open].trim();
        (unquote(name), s[open + 1..s.len() - 1].trim())
    } else if let (Some(open), true) = (s.find('('), s.ends_with(')')) {
        (
            Some(s[open + 1..s.len() - 1].trim().to_string()),
            s[..open].trim(),
        )
    } else {
        (None, s)
    };
    if !valid_email(email) {
        return Err(invalid(attr, format!("[{s}] is not a valid email address")));
    }
    Ok(Address {
        name: name.filter(|n| !n.is_empty()),
        email: email.to_string(),
    })
}

/// A display name without its quotes and backslash escapes.
fn unquote(name: &str) -> Option<String> {
    let inner = match name.strip_prefix('"').and_then(|n| n.strip_suffix('"')) {
        Some(inner) => inner,
        None => return Some(name.to_string()),
    };
    let mut out = String::with_capacity(inner.len());
    let mut escaped = false;
    for c in inner.chars() {
        if escaped || c != '\\' {
            out.push(c);
            escaped = false;
        } else {
            escaped = true;
        }
    }
    Some(out)
}

/// `local@domain` with an ASCII local part of atoms and dots, and a domain of labels or an
/// address literal (`[127.0.0.1]`). Strict enough that the address is safe in `MAIL FROM:<...>`.
pub(crate) fn valid_email(email: &str) -> bool {
    let Some((local, domain)) = email.rsplit_once('@') else {
        return false;
    };
    let atext = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c);
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && local
            .split('.')
            .all(|a| !a.is_empty() && a.chars().all(atext));
    let domain_ok = if let Some(lit) = domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
        !lit.is_empty()
            && lit
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || ".:".contains(c))
    } else {
        !domain.is_empty()
            && domain.len() <= 253
            && domain.split('.').all(|l| {
                !l.is_empty()
                    && l.len() <= 63
                    && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            })
    };
    local_ok && domain_ok
}

impl Address {
    /// The mailbox as a header shows it: the address alone, `Name <addr>`, `"N, ame" <addr>`
    /// when the name has special characters, or encoded-words when it is not ASCII.
    pub(crate) fn header_form(&self, cs: Charset, label: &str) -> String {
        let Some(name) = &self.name else {
            return self.email.clone();
        };
        let atext =
            |c: char| c.is_ascii_alphanumeric() || c == ' ' || "!#$%&'*+-/=?^_`{|}~".contains(c);
        let shown = if name.chars().all(atext) {
            name.clone()
        } else if name.chars().all(|c| (' '..='~').contains(&c)) {
            format!("\"{}\"", name.replace('\\', "\\\\").replace('"', "\\\""))
        } else {
            encode::encoded_words(name, cs, label)
        };
        format!("{shown} <{}>", self.email)
    }
}

/// A header value listing mailboxes, comma separated.
pub(crate) fn header_list(list: &[Address], cs: Charset, label: &str) -> String {
    list.iter()
        .map(|a| a.header_form(cs, label))
        .collect::<Vec<_>>()
        .join(", ")
}

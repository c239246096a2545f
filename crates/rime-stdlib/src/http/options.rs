//! The tag's attributes read into `Options`, with their CFML defaults and checks.

use super::*;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum AsBinary {
    No,
    Yes,
    Auto,
    Never,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Encode {
    Auto,
    Always,
    Never,
}

impl Encode {
    pub(super) fn of(flag: Option<bool>) -> Encode {
        match flag {
            None => Encode::Auto,
            Some(true) => Encode::Always,
            Some(false) => Encode::Never,
        }
    }
}

/// The tag's attributes, cast and defaulted.
pub(super) struct Options {
    pub(super) url: String,
    pub(super) method: http::Method,
    pub(super) port: Option<u16>,
    pub(super) timeout: Duration,
    pub(super) username: Option<String>,
    pub(super) password: String,
    pub(super) user_agent: String,
    pub(super) charset_name: String,
    pub(super) charset: Charset,
    pub(super) resolve_url: bool,
    pub(super) redirect: bool,
    pub(super) throw_on_error: bool,
    pub(super) as_binary: AsBinary,
    pub(super) multipart: bool,
    pub(super) multipart_type: &'static str,
    pub(super) proxy: Option<String>,
    pub(super) path: Option<String>,
    pub(super) file: Option<String>,
    pub(super) compression: bool,
    pub(super) encode_url: bool,
}

pub(super) fn app_err(msg: impl Into<String>) -> Box<CfmlError> {
    CfmlError::application(msg)
}

pub(super) fn attr_text(attrs: &Struct, name: &str) -> CfResult<Option<String>> {
    Ok(attrs
        .get_text(name)?
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty()))
}

pub(super) fn attr_bool(attrs: &Struct, name: &str, default: bool) -> CfResult<bool> {
    match attrs.get(name) {
        None | Some(Value::Null) => Ok(default),
        Some(Value::Str(s)) if s.trim().is_empty() => Ok(default),
        Some(v) => v.to_bool().map_err(|_| {
            app_err(format!(
                "attribute [{name}] of the tag [http] must be a boolean value, [{}] is not",
                v.to_str().unwrap_or_default()
            ))
        }),
    }
}

pub(super) fn attr_num(attrs: &Struct, name: &str) -> CfResult<Option<f64>> {
    match attrs.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Str(s)) if s.trim().is_empty() => Ok(None),
        Some(v) => v.to_num().map(Some).map_err(|_| {
            app_err(format!(
                "attribute [{name}] of the tag [http] must be a number, [{}] is not",
                v.to_str().unwrap_or_default()
            ))
        }),
    }
}

pub(super) fn attr_port(attrs: &Struct, name: &str) -> CfResult<Option<u16>> {
    match attr_num(attrs, name)? {
        None => Ok(None),
        Some(n) if n > 0.0 && n <= 65535.0 && n.fract() == 0.0 => Ok(Some(n as u16)),
        Some(n) if n <= 0.0 => Ok(None),
        Some(n) => Err(app_err(format!(
            "attribute [{name}] of the tag [http] must be a port number, [{}] is not",
            rime_runtime::number::format(n)
        ))),
    }
}

impl Options {
    pub(super) fn read(attrs: &Struct) -> CfResult<Options> {
        let url = attr_text(attrs, "url")?
            .ok_or_else(|| app_err("attribute [url] is required for the tag [http]"))?;
        let method_name = attr_text(attrs, "method")?
            .unwrap_or_else(|| "GET".into())
            .to_ascii_uppercase();
        let method = match method_name.as_str() {
            "GET" => http::Method::GET,
            "POST" => http::Method::POST,
            "PUT" => http::Method::PUT,
            "DELETE" => http::Method::DELETE,
            "HEAD" => http::Method::HEAD,
            "OPTIONS" => http::Method::OPTIONS,
            "TRACE" => http::Method::TRACE,
            "PATCH" => http::Method::PATCH,
            _ => {
                return Err(app_err(format!(
                    "invalid value [{method_name}] for attribute [method] of the tag [http]"
                ))
                .with_detail(
                    "valid values are [GET, POST, PUT, DELETE, HEAD, OPTIONS, TRACE, PATCH]",
                ))
            }
        };
        let timeout_secs = match attrs.get("timeout") {
            // a timespan (createTimespan) is a number of days
            Some(Value::Struct(_)) | Some(Value::Array(_)) => None,
            _ => attr_num(attrs, "timeout")?,
        }
        .filter(|t| *t > 0.0 && t.is_finite())
        .unwrap_or(DEFAULT_TIMEOUT_SECS);
        let charset_name = attr_text(attrs, "charset")?.unwrap_or_else(|| "UTF-8".into());
        // a charset this build cannot encode falls back to UTF-8 (its name is still sent)
        let charset = conversion::charset(&charset_name).unwrap_or(Charset::Utf8);
        let as_binary = match attr_text(attrs, "getasbinary")?
            .unwrap_or_default()
            .to_ascii_lowercase()
            .as_str()
        {
            "yes" | "true" => AsBinary::Yes,
            "auto" => AsBinary::Auto,
            "never" => AsBinary::Never,
            "" | "no" | "false" => AsBinary::No,
            other => {
                return Err(app_err(format!(
                    "invalid value [{other}] for attribute [getAsBinary] of the tag [http]"
                ))
                .with_detail("valid values are [auto, yes, no, never]"))
            }
        };
        let multipart_type = match attr_text(attrs, "multiparttype")?
            .unwrap_or_default()
            .to_ascii_lowercase()
            .as_str()
        {
            "" | "form-data" => "multipart/form-data",
            "related" => "multipart/related",
            other => {
                return Err(app_err(format!(
                    "invalid value [{other}] for attribute [multiPartType] of the tag [http]"
                ))
                .with_detail("valid values are [form-data, related]"))
            }
        };
        let proxy = match attr_text(attrs, "proxyserver")? {
            None => None,
            Some(server) => {
                let port = attr_port(attrs, "proxyport")?.unwrap_or(80);
                let host = server
                    .split_once("://")
                    .map_or(server.as_str(), |(_, h)| h)
                    .trim_end_matches('/');
                let auth = match attr_text(attrs, "proxyuser")? {
                    Some(u) => {
                        let p = attrs.get_text("proxypassword")?.unwrap_or_default();
                        format!("{}:{}@", pct_all(&u), pct_all(&p))
                    }
                    None => String::new(),
                };
                let host_port = if host
                    .rsplit_once(':')
                    .is_some_and(|(_, p)| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
                {
                    host.to_string()
                } else {
                    format!("{host}:{port}")
                };
                Some(format!("http://{auth}{host_port}"))
            }
        };
        // `redirect` is a string in Lucee's tag definition; anything not false follows
        let redirect = match attrs.get("redirect") {
            Some(v) if !v.is_null() => v.to_bool().unwrap_or(true),
            _ => true,
        };
        let compression = match attrs.get("compression") {
            Some(Value::Str(s)) if s.trim().eq_ignore_ascii_case("none") => false,
            Some(v) if !v.is_null() => v.to_bool().unwrap_or(true),
            _ => true,
        };
        Ok(Options {
            url,
            method,
            port: attr_port(attrs, "port")?,
            timeout: Duration::from_secs_f64(timeout_secs.min(1e9)),
            username: attrs.get_text("username")?.filter(|u| !u.is_empty()),
            password: attrs.get_text("password")?.unwrap_or_default(),
            user_agent: attrs
                .get_text("useragent")?
                .filter(|u| !u.trim().is_empty())
                .unwrap_or_else(|| DEFAULT_USER_AGENT.into()),
            charset_name,
            charset,
            resolve_url: attr_bool(attrs, "resolveurl", false)?,
            redirect,
            throw_on_error: attr_bool(attrs, "throwonerror", false)?,
            as_binary,
            multipart: attr_bool(attrs, "multipart", false)?,
            multipart_type,
            proxy,
            path: attr_text(attrs, "path")?,
            file: attr_text(attrs, "file")?,
            compression,
            encode_url: attr_bool(attrs, "encodeurl", true)?,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// encoding

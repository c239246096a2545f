//! `java.net`: `InetAddress` (the host's name and address, name lookups), `URI` and `URL`
//! (parsing and building, RFC 3986 as Java reads it). No sockets.

use crate::{java_error, str_arg};
use rime_runtime::{Array, CfResult, Ctx, Native, NativeObject, Value};
use std::net::{IpAddr, ToSocketAddrs};

// ---- InetAddress ----

fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .map(|s| s.trim().to_string())
        .ok()
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "localhost".to_string())
}

/// The addresses a name resolves to (a literal address is itself), IPv4 first as Java prefers.
fn resolve(host: &str) -> Vec<IpAddr> {
    if let Ok(ip) = host.parse::<IpAddr>() {
        return vec![ip];
    }
    let mut ips: Vec<IpAddr> = (host, 0)
        .to_socket_addrs()
        .map(|it| it.map(|a| a.ip()).collect())
        .unwrap_or_default();
    ips.sort_by_key(|ip| ip.is_ipv6());
    ips.dedup();
    ips
}

fn inet(host: Option<String>, ip: IpAddr) -> Value {
    Value::Native(Native::new(InetAddress { host, ip }))
}

pub(crate) fn inet_statics(_: &mut dyn Ctx, name: &str, args: &[Value]) -> Option<CfResult<Value>> {
    let unknown = |h: &str| {
        java_error(
            "java.net.UnknownHostException",
            format!("{h}: Name or service not known"),
        )
    };
    Some(match name.to_ascii_lowercase().as_str() {
        "getlocalhost" => {
            let h = host_name();
            let ip = resolve(&h)
                .into_iter()
                .next()
                .unwrap_or(IpAddr::from([127, 0, 0, 1]));
            Ok(inet(Some(h), ip))
        }
        "getloopbackaddress" => Ok(inet(Some("localhost".into()), IpAddr::from([127, 0, 0, 1]))),
        "getbyname" | "getallbyname" => {
            let h = match args.first() {
                None | Some(Value::Null) => "localhost".to_string(),
                Some(v) => v.to_str().map(|s| s.into_owned()).unwrap_or_default(),
            };
            let h = if h.is_empty() {
                "localhost".to_string()
            } else {
                h
            };
            let ips = resolve(&h);
            // A literal address has no name until one is asked for.
            let named = h.parse::<IpAddr>().is_err();
            let make = |ip: IpAddr| inet(named.then(|| h.clone()), ip);
            if ips.is_empty() {
                Err(unknown(&h))
            } else if name.eq_ignore_ascii_case("getByName") {
                Ok(make(ips[0]))
            } else {
                Ok(Value::Array(Array::from_vec(
                    ips.into_iter().map(make).collect(),
                )))
            }
        }
        _ => return None,
    })
}

#[derive(Debug)]
struct InetAddress {
    host: Option<String>,
    ip: IpAddr,
}

impl NativeObject for InetAddress {
    fn class_name(&self) -> &str {
        match self.ip {
            IpAddr::V4(_) => "java.net.Inet4Address",
            IpAddr::V6(_) => "java.net.Inet6Address",
        }
    }
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        Ok(match name.to_ascii_lowercase().as_str() {
            // Without a reverse lookup the name of a literal address is the address itself.
            "gethostname" | "getcanonicalhostname" => {
                Value::from(self.host.clone().unwrap_or_else(|| self.ip.to_string()))
            }
            "gethostaddress" => Value::from(self.ip.to_string()),
            "getaddress" => Value::Binary(std::sync::Arc::new(match self.ip {
                IpAddr::V4(a) => a.octets().to_vec(),
                IpAddr::V6(a) => a.octets().to_vec(),
            })),
            "isloopbackaddress" => Value::Bool(self.ip.is_loopback()),
            "isanylocaladdress" => Value::Bool(self.ip.is_unspecified()),
            "ismulticastaddress" => Value::Bool(self.ip.is_multicast()),
            "equals" => Value::Bool(
                matches!(args.first(), Some(Value::Native(n)) if n.get().class_name().starts_with("java.net.Inet") && n.get().to_text().and_then(|t| t.rsplit('/').next().map(str::to_string)) == Some(self.ip.to_string())),
            ),
            _ => return crate::static_or_object(this, ctx, inet_statics, name, &args),
        })
    }
    fn to_text(&self) -> Option<String> {
        Some(format!(
            "{}/{}",
            self.host.clone().unwrap_or_default(),
            self.ip
        ))
    }
}

// ---- URI ----

/// Percent-encode what is not a legal URI character in a component (`allowed`: the
/// punctuation it may hold unquoted); `%` is always quoted, as Java's multi-argument
/// constructors do, and non-ASCII characters are kept.
pub(crate) fn quote(s: &str, allowed: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii_alphanumeric()
            || "_-!.~'()*".contains(c)
            || allowed.contains(c)
            || !c.is_ascii() && !c.is_control() && !c.is_whitespace()
        {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

/// `%XX` escapes decoded (as UTF-8).
pub(crate) fn unquote(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let Some(v) = s
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A URI's parts, raw (still escaped).
#[derive(Debug, Clone, Default)]
struct Parts {
    scheme: Option<String>,
    authority: Option<String>,
    user_info: Option<String>,
    host: Option<String>,
    port: i64,
    path: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
    /// `mailto:a@b`: an absolute URI whose part after the scheme does not start with `/`.
    opaque: Option<String>,
}

fn syntax(input: &str, reason: &str) -> Box<rime_runtime::CfmlError> {
    java_error("java.net.URISyntaxException", format!("{reason}: {input}"))
}

fn parse(input: &str) -> CfResult<Parts> {
    if let Some(c) = input
        .chars()
        .find(|c| c.is_whitespace() || c.is_control() || "<>\"{}|\\^`".contains(*c))
    {
        let at = input.find(c).unwrap_or(0);
        return Err(syntax(
            input,
            &format!(
                "Illegal character in {} at index {at}",
                if input[..at].contains('?') {
                    "query"
                } else {
                    "path"
                }
            ),
        ));
    }
    let mut p = Parts {
        port: -1,
        ..Parts::default()
    };
    let mut rest = input;
    if let Some(i) = rest.find('#') {
        p.fragment = Some(rest[i + 1..].to_string());
        rest = &rest[..i];
    }
    if let Some(i) = rest.find(':') {
        let scheme = &rest[..i];
        if !scheme.is_empty()
            && scheme
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        {
            p.scheme = Some(scheme.to_string());
            rest = &rest[i + 1..];
            if rest.is_empty() {
                return Err(syntax(
                    input,
                    &format!("Expected scheme-specific part at index {}", i + 1),
                ));
            }
            if !rest.starts_with('/') {
                p.opaque = Some(rest.to_string());
                return Ok(p);
            }
        } else if scheme.is_empty() {
            return Err(syntax(input, "Expected scheme name at index 0"));
        }
    }
    if let Some(i) = rest.find('?') {
        p.query = Some(rest[i + 1..].to_string());
        rest = &rest[..i];
    }
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find('/').unwrap_or(after.len());
        let auth = &after[..end];
        rest = &after[end..];
        if !auth.is_empty() {
            p.authority = Some(auth.to_string());
            let (ui, hp) = match auth.rfind('@') {
                Some(i) => (Some(auth[..i].to_string()), &auth[i + 1..]),
                None => (None, auth),
            };
            p.user_info = ui;
            let (host, port) = match hp.rfind(':') {
                Some(i) if !hp[i + 1..].contains(']') => (&hp[..i], Some(&hp[i + 1..])),
                _ => (hp, None),
            };
            if let Some(port) = port.filter(|s| !s.is_empty()) {
                p.port = port
                    .parse()
                    .map_err(|_| syntax(input, "Illegal character in port number"))?;
            }
            p.host = Some(host.to_string()).filter(|h| !h.is_empty());
        }
    }
    p.path = Some(rest.to_string());
    Ok(p)
}

impl Parts {
    fn text(&self) -> String {
        let mut s = String::new();
        if let Some(sc) = &self.scheme {
            s.push_str(sc);
            s.push(':');
        }
        if let Some(o) = &self.opaque {
            s.push_str(o);
        } else {
            if let Some(a) = &self.authority {
                s.push_str("//");
                s.push_str(a);
            }
            if let Some(p) = &self.path {
                s.push_str(p);
            }
            if let Some(q) = &self.query {
                s.push('?');
                s.push_str(q);
            }
        }
        if let Some(f) = &self.fragment {
            s.push('#');
            s.push_str(f);
        }
        s
    }
}

pub(crate) fn uri_value(text: &str) -> CfResult<Value> {
    Ok(Value::Native(Native::new(Uri(parse(text)?))))
}

fn opt_str(v: Option<&Value>) -> CfResult<Option<String>> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(v) => Ok(Some(v.to_str()?.into_owned())),
    }
}

/// `new URI(text)`, `new URI(scheme, ssp, fragment)`, `new URI(scheme, authority, path,
/// query, fragment)`, `new URI(scheme, userInfo, host, port, path, query, fragment)`.
pub(crate) fn new_uri(args: &[Value]) -> CfResult<Value> {
    const C: &str = "java.net.URI";
    let s = |i: usize| opt_str(args.get(i));
    let text = match args.len() {
        0 | 1 => str_arg(args, 0, C, "init")?,
        3 => {
            let mut t = String::new();
            if let Some(sc) = s(0)? {
                t.push_str(&sc);
                t.push(':');
            }
            t.push_str(&quote(&s(1)?.unwrap_or_default(), ";/?:@&=+$,[]"));
            if let Some(f) = s(2)? {
                t.push('#');
                t.push_str(&quote(&f, ";/?:@&=+$,[]"));
            }
            t
        }
        5 | 7 => {
            let (scheme, authority, path, query, fragment) = if args.len() == 5 {
                (
                    s(0)?,
                    s(1)?.map(|a| quote(&a, ";:@&=+$,[]")),
                    s(2)?,
                    s(3)?,
                    s(4)?,
                )
            } else {
                let mut auth = String::new();
                if let Some(ui) = s(1)? {
                    auth.push_str(&quote(&ui, ";:&=+$,"));
                    auth.push('@');
                }
                let host = s(2)?;
                if let Some(h) = &host {
                    auth.push_str(h);
                }
                let port = match args.get(3) {
                    Some(v) if !v.is_null() => v.to_num()? as i64,
                    _ => -1,
                };
                if port != -1 {
                    auth.push_str(&format!(":{port}"));
                }
                (s(0)?, host.map(|_| auth), s(4)?, s(5)?, s(6)?)
            };
            let mut t = String::new();
            if let Some(sc) = &scheme {
                t.push_str(sc);
                t.push(':');
            }
            if let Some(a) = &authority {
                t.push_str("//");
                t.push_str(a);
            }
            if let Some(p) = &path {
                if scheme.is_some() && !p.is_empty() && !p.starts_with('/') {
                    return Err(syntax(&t, "Relative path in absolute URI"));
                }
                t.push_str(&quote(p, ";/:@&=+$,"));
            }
            if let Some(q) = &query {
                t.push('?');
                t.push_str(&quote(q, ";/?:@&=+$,[]"));
            }
            if let Some(f) = &fragment {
                t.push('#');
                t.push_str(&quote(f, ";/?:@&=+$,[]"));
            }
            t
        }
        n => {
            return Err(rime_runtime::CfmlError::expression(format!(
                "No matching constructor for [java.net.URI] with {n} arguments"
            )))
        }
    };
    uri_value(&text)
}

pub(crate) fn uri_statics(_: &mut dyn Ctx, name: &str, args: &[Value]) -> Option<CfResult<Value>> {
    // `URI.create` is the constructor with the checked exception made unchecked.
    name.eq_ignore_ascii_case("create").then(|| {
        str_arg(args, 0, "java.net.URI", name).and_then(|s| {
            uri_value(&s).map_err(|e| java_error("java.lang.IllegalArgumentException", e.message))
        })
    })
}

#[derive(Debug)]
struct Uri(Parts);

fn opt_value(s: &Option<String>, decode: bool) -> Value {
    match s {
        Some(s) if decode => Value::from(unquote(s)),
        Some(s) => Value::from(s.as_str()),
        None => Value::Null,
    }
}

impl NativeObject for Uri {
    fn class_name(&self) -> &str {
        "java.net.URI"
    }
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        let p = &self.0;
        let m = name.to_ascii_lowercase();
        let (raw, key) = match m.strip_prefix("getraw") {
            Some(k) => (true, format!("get{k}")),
            None => (false, m.clone()),
        };
        Ok(match key.as_str() {
            "getscheme" => opt_value(&p.scheme, false),
            "getauthority" => opt_value(&p.authority, !raw),
            "getuserinfo" => opt_value(&p.user_info, !raw),
            "gethost" => opt_value(&p.host, false),
            "getport" => Value::Num(p.port as f64),
            "getpath" => match &p.opaque {
                Some(_) => Value::Null,
                None => opt_value(&p.path, !raw),
            },
            "getquery" => opt_value(&p.query, !raw),
            "getfragment" => opt_value(&p.fragment, !raw),
            "getschemespecificpart" => {
                let full = Parts {
                    scheme: None,
                    fragment: None,
                    ..p.clone()
                }
                .text();
                Value::from(if raw { full } else { unquote(&full) })
            }
            "isabsolute" => Value::Bool(p.scheme.is_some()),
            "isopaque" => Value::Bool(p.opaque.is_some()),
            "tostring" | "toasciistring" => Value::from(p.text()),
            "tourl" => new_url(&[Value::from(p.text())])?,
            "equals" => Value::Bool(
                matches!(args.first(), Some(Value::Native(n)) if n.get().class_name() == "java.net.URI" && n.get().to_text() == Some(p.text())),
            ),
            "hashcode" => Value::Num(crate::lang::java_string_hash(&p.text()) as f64),
            _ => return crate::static_or_object(this, ctx, uri_statics, name, &args),
        })
    }
    fn to_text(&self) -> Option<String> {
        Some(self.0.text())
    }
}

// ---- URL ----

const PROTOCOLS: &[(&str, i64)] = &[
    ("http", 80),
    ("https", 443),
    ("ftp", 21),
    ("file", -1),
    ("jar", -1),
    ("mailto", -1),
];

/// `new URL(spec)` or `new URL(protocol, host[, port], file)`.
pub(crate) fn new_url(args: &[Value]) -> CfResult<Value> {
    const C: &str = "java.net.URL";
    let spec = match args.len() {
        0 | 1 => str_arg(args, 0, C, "init")?,
        3 | 4 => {
            let protocol = str_arg(args, 0, C, "init")?;
            let host = str_arg(args, 1, C, "init")?;
            let (port, file) = if args.len() == 4 {
                (
                    crate::int_arg(args, 2, C, "init")?,
                    str_arg(args, 3, C, "init")?,
                )
            } else {
                (-1, str_arg(args, 2, C, "init")?)
            };
            let port = if port == -1 {
                String::new()
            } else {
                format!(":{port}")
            };
            format!("{protocol}://{host}{port}{file}")
        }
        n => {
            return Err(rime_runtime::CfmlError::expression(format!(
                "No matching constructor for [java.net.URL] with {n} arguments"
            )))
        }
    };
    let malformed = |m: String| java_error("java.net.MalformedURLException", m);
    let Some((protocol, _)) = spec.split_once(':') else {
        return Err(malformed(format!("no protocol: {spec}")));
    };
    let protocol = protocol.to_ascii_lowercase();
    let Some(&(_, default_port)) = PROTOCOLS.iter().find(|(p, _)| *p == protocol) else {
        return Err(malformed(format!("unknown protocol: {protocol}")));
    };
    // URL is lenient where URI is strict: spaces and the like stay as they are.
    let lenient: String = spec
        .chars()
        .map(|c| if c == ' ' { '\u{1}' } else { c })
        .collect();
    let mut parts = parse(&lenient.replace('\u{1}', "%20")).map_err(|e| malformed(e.message))?;
    parts.scheme = Some(protocol);
    let restore = |s: &mut Option<String>| {
        if let Some(x) = s {
            *x = x.replace("%20", " ");
        }
    };
    restore(&mut parts.path);
    restore(&mut parts.query);
    restore(&mut parts.fragment);
    if parts.port < -1 {
        return Err(malformed(format!("Invalid port number :{}", parts.port)));
    }
    Ok(Value::Native(Native::new(Url {
        parts,
        default_port,
    })))
}

#[derive(Debug)]
struct Url {
    parts: Parts,
    default_port: i64,
}

impl NativeObject for Url {
    fn class_name(&self) -> &str {
        "java.net.URL"
    }
    fn call(
        &self,
        this: &Native,
        _: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        let p = &self.parts;
        let s = |v: &Option<String>| Value::from(v.clone().unwrap_or_default());
        Ok(match name.to_ascii_lowercase().as_str() {
            "getprotocol" => s(&p.scheme),
            "gethost" => s(&p.host),
            "getport" => Value::Num(p.port as f64),
            "getdefaultport" => Value::Num(self.default_port as f64),
            "getpath" => s(&p.path),
            "getquery" | "getref" | "getuserinfo" | "getauthority" => {
                let v = match name.to_ascii_lowercase().as_str() {
                    "getquery" => &p.query,
                    "getref" => &p.fragment,
                    "getuserinfo" => &p.user_info,
                    _ => &p.authority,
                };
                v.as_deref().map_or(Value::Null, Value::from)
            }
            "getfile" => Value::from(format!(
                "{}{}",
                p.path.clone().unwrap_or_default(),
                p.query.as_ref().map_or(String::new(), |q| format!("?{q}"))
            )),
            "tostring" | "toexternalform" => Value::from(p.text()),
            "touri" => uri_value(&p.text())?,
            "equals" => Value::Bool(
                matches!(args.first(), Some(Value::Native(n)) if n.get().class_name() == "java.net.URL" && n.get().to_text() == Some(p.text())),
            ),
            _ => return crate::object_method(this, name, &args),
        })
    }
    fn to_text(&self) -> Option<String> {
        Some(self.parts.text())
    }
}

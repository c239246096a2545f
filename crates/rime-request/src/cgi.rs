//! The `cgi` scope, built from the request when a page first reads it.

use crate::HttpRequest;
use arcstr::{literal, ArcStr};
use rime_runtime::{Key, Struct, Value};

/// The CGI variables that have no value here (reading them must not fail).
const EMPTY: [ArcStr; 28] = [
    literal!("auth_password"),
    literal!("auth_type"),
    literal!("auth_user"),
    literal!("cert_cookie"),
    literal!("cert_flags"),
    literal!("cert_issuer"),
    literal!("cert_keysize"),
    literal!("cert_secretkeysize"),
    literal!("cert_serialnumber"),
    literal!("cert_server_issuer"),
    literal!("cert_server_subject"),
    literal!("cert_subject"),
    literal!("context_path"),
    literal!("http_accept"),
    literal!("http_accept_encoding"),
    literal!("http_accept_language"),
    literal!("http_connection"),
    literal!("http_cookie"),
    literal!("http_referer"),
    literal!("http_user_agent"),
    literal!("https_keysize"),
    literal!("https_secretkeysize"),
    literal!("https_server_issuer"),
    literal!("https_server_subject"),
    literal!("local_addr"),
    literal!("local_host"),
    literal!("remote_user"),
    literal!("web_server_api"),
];

/// The variables the server sets for each request, in the order `cgi_scope` gives their values.
const SERVER: [ArcStr; 19] = [
    literal!("request_method"),
    literal!("server_protocol"),
    literal!("script_name"),
    literal!("path_info"),
    literal!("path_translated"),
    literal!("cf_template_path"),
    literal!("query_string"),
    literal!("remote_addr"),
    literal!("remote_host"),
    literal!("server_name"),
    literal!("server_port"),
    literal!("server_port_secure"),
    literal!("server_software"),
    literal!("gateway_interface"),
    literal!("https"),
    literal!("http_host"),
    literal!("content_type"),
    literal!("content_length"),
    literal!("request_url"),
];

/// Fill an empty `cgi` scope when a page first reads it (building its fifty variables costs
/// more than many pages, and most pages never read it): the standard CGI variables, `http_*` for
/// every header (repeated headers joined with ", "), and empty strings for the usual names that
/// have no value.
pub fn fill(cgi: &Struct, http: &HttpRequest) {
    let info = &http.cgi;
    // Every name first (the server's with a value below), so their order is the same each time.
    let key = |n: &ArcStr| Key::new(n.clone());
    cgi.set_all(
        EMPTY
            .iter()
            .chain(SERVER.iter())
            .map(|n| (key(n), Value::Str(ArcStr::new()))),
    );
    // Headers first, so the server's own variables below win over a client header of the same
    // CGI name.
    let headers = http.headers.list();
    let mut joined: Vec<(String, String)> = Vec::with_capacity(headers.len());
    for (name, value) in headers {
        match joined.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => {
                v.push_str(", ");
                v.push_str(value);
            }
            None => joined.push((name.clone(), value.clone())),
        }
    }
    let header = |n: &str| {
        joined
            .iter()
            .find(|(k, _)| k == n)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let host = header("host");
    // The Host header's name (`[::1]:8500` and `example.com:8500` lose the port, a bare IPv6
    // address does not), or the name the server listens on.
    let server_name = match host.rsplit_once(':') {
        Some((h, p)) if p.bytes().all(|b| b.is_ascii_digit()) && !h.is_empty() => h,
        _ if !host.is_empty() => host.as_str(),
        _ => &info.server_name,
    };
    let server_name = Value::from(server_name);
    let content_type = header("content-type");
    let content_length = header("content-length");
    cgi.set_all(joined.into_iter().map(|(name, v)| {
        let key = format!("http_{}", name.replace('-', "_"));
        (Key::new(key), Value::from(v))
    }));
    let http_host = if host.is_empty() {
        format!("{}:{}", info.server_name, info.server_port)
    } else {
        host
    };
    let scheme = if info.https { "https" } else { "http" };
    let mut request_url = format!(
        "{scheme}://{http_host}{}{}",
        info.script_name, info.path_info
    );
    if !info.query_string.is_empty() {
        request_url.push('?');
        request_url.push_str(&info.query_string);
    }
    let path_translated = Value::from(info.path_translated.to_string_lossy().into_owned());
    let values: [Value; 19] = [
        Value::from(&*http.method),
        Value::from(http.protocol),
        Value::from(&*info.script_name),
        Value::from(info.path_info.as_str()),
        path_translated.clone(),
        path_translated,
        Value::from(info.query_string.as_str()),
        Value::from(&*info.remote_addr),
        Value::from(&*info.remote_addr),
        server_name,
        Value::from(info.server_port.to_string()),
        Value::Str(if info.https {
            literal!("1")
        } else {
            literal!("0")
        }),
        Value::Str(literal!(concat!("Rime/", env!("CARGO_PKG_VERSION")))),
        Value::Str(literal!("CGI/1.1")),
        Value::Str(if info.https {
            literal!("on")
        } else {
            literal!("off")
        }),
        Value::from(http_host),
        Value::from(content_type),
        Value::from(content_length),
        Value::from(request_url),
    ];
    cgi.set_all(SERVER.iter().map(key).zip(values));
}

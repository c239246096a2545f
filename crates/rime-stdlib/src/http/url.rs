//! URLs: relative links resolved against the request URL (`resolveURL`), the request URL
//! built from the attributes and `url` params.

use super::*;

/// Resolve a `Location` or a link against the URL it came from.
pub(super) fn resolve_relative(base: &http::Uri, rel: &str) -> Option<String> {
    let rel = rel.trim();
    if rel.is_empty() {
        return None;
    }
    let scheme = base.scheme_str().unwrap_or("http");
    if let Some((s, _)) = rel.split_once(':') {
        if !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
            && s.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
        {
            return Some(rel.to_string()); // absolute
        }
    }
    if let Some(rest) = rel.strip_prefix("//") {
        return Some(format!("{scheme}://{rest}"));
    }
    let authority = base.authority()?.as_str();
    let origin = format!("{scheme}://{authority}");
    let base_path = base.path();
    if rel.starts_with('/') {
        return Some(format!("{origin}{}", normalize_path(rel)));
    }
    if rel.starts_with('?') {
        return Some(format!("{origin}{base_path}{rel}"));
    }
    if rel.starts_with('#') {
        let q = base.query().map(|q| format!("?{q}")).unwrap_or_default();
        return Some(format!("{origin}{base_path}{q}{rel}"));
    }
    let dir = match base_path.rfind('/') {
        Some(i) => &base_path[..=i],
        None => "/",
    };
    Some(format!(
        "{origin}{}",
        normalize_path(&format!("{dir}{rel}"))
    ))
}

/// Remove `.` and `..` segments from a path (the query part is kept as it is).
pub(super) fn normalize_path(p: &str) -> String {
    let (path, rest) = match p.find(['?', '#']) {
        Some(i) => (&p[..i], &p[i..]),
        None => (p, ""),
    };
    let mut out: Vec<&str> = Vec::new();
    let segs: Vec<&str> = path.split('/').collect();
    let last = segs.len().saturating_sub(1);
    for (i, seg) in segs.iter().enumerate() {
        match *seg {
            "." => {
                if i == last {
                    out.push("");
                }
            }
            ".." => {
                if out.len() > 1 {
                    out.pop();
                }
                if i == last {
                    out.push("");
                }
            }
            s => out.push(s),
        }
    }
    let mut joined = out.join("/");
    if !joined.starts_with('/') {
        joined.insert(0, '/');
    }
    joined + rest
}

/// Turn relative links of an HTML page into absolute ones (`resolveURL="yes"`).
pub(super) fn resolve_links(html: &str, base: &http::Uri) -> String {
    const ATTRS: [&str; 5] = ["href", "src", "action", "background", "codebase"];
    let lower = html.to_ascii_lowercase();
    let bytes = html.as_bytes();
    let mut out = String::with_capacity(html.len() + 64);
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        let Some(attr) = ATTRS
            .iter()
            .find(|a| lower.as_bytes()[i..].starts_with(a.as_bytes()))
        else {
            i += 1;
            continue;
        };
        let before_ok = i > 0 && bytes[i - 1].is_ascii_whitespace();
        let mut j = i + attr.len();
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        if !before_ok || bytes.get(j) != Some(&b'=') {
            i += 1;
            continue;
        }
        j += 1;
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        let quote = bytes.get(j).copied().filter(|q| *q == b'"' || *q == b'\'');
        let start = if quote.is_some() { j + 1 } else { j };
        let mut end = start;
        while end < bytes.len() {
            let c = bytes[end];
            let stop = match quote {
                Some(q) => c == q,
                None => c.is_ascii_whitespace() || c == b'>',
            };
            if stop {
                break;
            }
            end += 1;
        }
        let value = &html[start..end];
        let low = value.trim().to_ascii_lowercase();
        let skip = low.is_empty()
            || low.starts_with('#')
            || low.starts_with("mailto:")
            || low.starts_with("javascript:")
            || low.starts_with("data:")
            || low.contains("://");
        if !skip {
            if let Some(abs) = resolve_relative(base, value) {
                out.push_str(&html[copied..start]);
                out.push_str(&abs);
                copied = end;
            }
        }
        i = end.max(i + 1);
    }
    out.push_str(&html[copied..]);
    out
}

/// The request URL: encoded, with the `port` attribute applied and the url params appended.
/// Returns the URL and the credentials found in it (`http://user:pass@host/`).
pub(super) fn build_url(
    opts: &Options,
    query: &str,
) -> CfResult<(http::Uri, Option<(String, String)>)> {
    let mut raw = opts.url.clone();
    if !raw.contains("://") {
        raw.insert_str(0, "http://");
    }
    if let Some(i) = raw.find('#') {
        raw.truncate(i);
    }
    if opts.encode_url {
        raw = encode_url_chars(&raw);
    }
    let (scheme, rest) = raw.split_once("://").unwrap_or(("http", raw.as_str()));
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return Err(app_err(format!(
            "invalid url [{}], only the protocols http and https are supported",
            opts.url
        )));
    }
    let split = rest.find(['/', '?']).unwrap_or(rest.len());
    let (mut authority, path_query) = rest.split_at(split);
    let mut creds = None;
    if let Some((userinfo, host)) = authority.rsplit_once('@') {
        let (u, p) = userinfo.split_once(':').unwrap_or((userinfo, ""));
        let dec = |s: &str| {
            crate::string::format::url_decode_str(&s.replace('+', "%2B"), "utf-8")
                .unwrap_or_else(|_| s.to_string())
        };
        creds = Some((dec(u), dec(p)));
        authority = host;
    }
    let has_port = match authority.strip_prefix('[') {
        // IPv6 literal: a port follows the closing bracket
        Some(v6) => v6.contains("]:"),
        None => authority.contains(':'),
    };
    let authority = match opts.port {
        Some(port) if !has_port => format!("{authority}:{port}"),
        _ => authority.to_string(),
    };
    let mut path_query = if path_query.is_empty() {
        "/".to_string()
    } else if path_query.starts_with('?') {
        format!("/{path_query}")
    } else {
        path_query.to_string()
    };
    if !query.is_empty() {
        let sep = match path_query.find('?') {
            None => "?",
            Some(i) if i + 1 == path_query.len() || path_query.ends_with('&') => "",
            Some(_) => "&",
        };
        path_query.push_str(sep);
        path_query.push_str(query);
    }
    let full = format!("{scheme}://{authority}{path_query}");
    let uri = http::Uri::try_from(full.as_str())
        .map_err(|e| app_err(format!("invalid url [{}]", opts.url)).with_detail(e.to_string()))?;
    if uri.host().is_none_or(str::is_empty) {
        return Err(app_err(format!("invalid url [{}], no host name", opts.url)));
    }
    Ok((uri, creds))
}

pub(super) fn same_origin(a: &http::Uri, b: &http::Uri) -> bool {
    a.scheme_str() == b.scheme_str()
        && a.host().map(str::to_ascii_lowercase) == b.host().map(str::to_ascii_lowercase)
        && a.port_u16() == b.port_u16()
}

// ---------------------------------------------------------------------------------------------
// request

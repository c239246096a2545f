//! REST URLs (Lucee's `RestServlet`): under a REST prefix (`/rest` by default, server.json's
//! `app.restMappings` to change it), `/rest/<mapping>/<path>` is answered by the REST components
//! of the mapping's folder (`rime_engine::rest`). Mappings come from `Config::rest_mappings`,
//! `.cfconfig.json`'s `restMappings` and `restInitApplication()`; a `default` mapping also
//! answers `/rest/<path>`. A URL
//! under the prefix that names no mapping is an ordinary URL (a site may have a `/rest/`
//! folder of its own). Errors are plain-text answers, with details only in development.

use crate::body::Body;
use crate::compress::Coding;
use crate::State;
use hyper::header::{self, HeaderValue};
use hyper::{Response, StatusCode};
use rime_engine::page::{Outcome, PageResult};
use rime_engine::rest::RestCall;
use rime_runtime::{Struct, Value};
use std::path::PathBuf;

/// A REST mapping: URLs under `/rest/<virtual>` run the REST components of `physical`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestMapping {
    /// `/api` (the leading slash added, a trailing one dropped).
    pub virtual_path: String,
    /// The folder, relative to the webroot unless absolute.
    pub physical: PathBuf,
    /// Also answers `/rest/<path>` when no other mapping matches.
    pub default: bool,
}

impl RestMapping {
    pub fn new(virtual_path: &str, physical: impl Into<PathBuf>, default: bool) -> RestMapping {
        RestMapping {
            virtual_path: format!("/{}", virtual_path.trim().trim_matches('/')),
            physical: physical.into(),
            default,
        }
    }
}

/// The REST mappings a `.cfconfig.json` declares (`restMappings`, see
/// `rime_engine::cfconfig`): an array of `{virtual, physical, default}`.
pub fn mappings_from_settings(settings: &Struct) -> Vec<RestMapping> {
    let Some(Value::Array(list)) = settings.get("restMappings") else {
        return Vec::new();
    };
    list.to_vec()
        .iter()
        .filter_map(|m| {
            let Value::Struct(m) = m else { return None };
            let text = |k: &str| m.get_text(k).ok().flatten();
            let physical = text("physical").filter(|p| !p.trim().is_empty())?;
            let default = m
                .get("default")
                .and_then(|v| v.to_bool().ok())
                .unwrap_or(false);
            Some(RestMapping::new(
                &text("virtual").unwrap_or_default(),
                physical,
                default,
            ))
        })
        .collect()
}

/// A REST request found in a URL.
pub(crate) struct Located {
    pub call: RestCall,
    /// The REST prefix (`/rest`), as `cgi.script_name`.
    pub script_name: String,
    /// The rest of the path (`/api/users/7`), as `cgi.path_info`.
    pub path_info: String,
}

/// Whether `raw_path` is a REST URL: `Some(Ok)` with the call, `Some(Err)` for a REST URL that
/// can't be understood, `None` for any other URL.
pub(crate) fn locate(st: &State, raw_path: &str) -> Option<Result<Located, StatusCode>> {
    if st.rest.is_empty() && !st.engine.has_rest_apps() {
        return None;
    }
    let prefix = st.config.rest_prefixes.iter().find(|p| {
        raw_path.starts_with(p.as_str())
            && matches!(raw_path.as_bytes().get(p.len()), None | Some(b'/'))
    })?;
    let after = &raw_path[prefix.len()..];
    // Matrix parameters: everything after the first `;`, split on `;` (Lucee).
    let (main, matrix_raw) = after.split_once(';').unwrap_or((after, ""));
    let Some(decoded) = crate::resolve::decode_path(main) else {
        return Some(Err(StatusCode::BAD_REQUEST));
    };
    let mut matrix = Vec::new();
    for entry in matrix_raw.split(';').filter(|e| !e.trim().is_empty()) {
        let (k, v) = entry.split_once('=').unwrap_or((entry, ""));
        let (Some(k), Some(v)) = (
            crate::resolve::decode_path(k.trim()),
            crate::resolve::decode_path(v.trim()),
        ) else {
            return Some(Err(StatusCode::BAD_REQUEST));
        };
        matrix.push((k, v));
    }
    let (path, json) = match decoded.len().checked_sub(5) {
        Some(cut)
            if decoded
                .get(cut..)
                .is_some_and(|t| t.eq_ignore_ascii_case(".json")) =>
        {
            (decoded.get(..cut).unwrap_or_default().to_string(), true)
        }
        _ => (decoded.clone(), false),
    };
    // The configured mappings and those `restInitApplication` registered, longest first.
    let apps = st.engine.rest_apps();
    let mut mappings: Vec<(&str, &PathBuf, bool)> = st
        .rest
        .iter()
        .map(|(m, dir)| (m.virtual_path.as_str(), dir, m.default))
        .chain(
            apps.iter()
                .map(|a| (a.virtual_path.as_str(), &a.dir, a.default)),
        )
        .collect();
    mappings.sort_by_key(|m| std::cmp::Reverse(m.0.len()));
    let named = mappings.iter().find_map(|(virtual_path, dir, _)| {
        let rest = path.strip_prefix(virtual_path)?;
        (rest.is_empty() || rest.starts_with('/')).then(|| (*dir, rest.to_string()))
    });
    let (dir, sub) = match named {
        Some(found) => found,
        None => {
            let (_, dir, _) = mappings.iter().find(|m| m.2)?;
            (*dir, path.clone())
        }
    };
    Some(Ok(Located {
        call: RestCall {
            dir: dir.clone(),
            path: if sub.is_empty() { "/".to_string() } else { sub },
            matrix,
            json,
        },
        script_name: prefix.clone(),
        path_info: decoded,
    }))
}

/// The answer to a REST request: the page's, except that an uncaught error is a plain-text
/// 500 (the error in development, nothing about it in production; logged either way).
pub(crate) fn response(
    st: &State,
    r: PageResult,
    coding: Option<Coding>,
    request_line: &dyn std::fmt::Display,
) -> Response<Body> {
    let PageResult {
        outcome,
        response,
        body,
    } = r;
    let e = match outcome {
        Outcome::Error(e) => e,
        outcome => {
            let r = PageResult {
                outcome,
                response,
                body,
            };
            return crate::handler::page_response(st, r, coding, request_line);
        }
    };
    st.logs.error(&format!(
        "rime: error in {request_line}: {}",
        rime_engine::render_error(&e)
    ));
    let text = if st.config.production {
        "Internal Server Error".to_string()
    } else {
        rime_engine::render_error(&e)
    };
    let mut r = Response::new(Body::bytes(text));
    *r.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=UTF-8"),
    );
    // Cookies set before the error (a new session's) still reach the client.
    for c in response.cookies {
        if let Ok(v) = HeaderValue::from_str(&c) {
            r.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mappings_from_cfconfig_settings() {
        let s = Struct::with_flags(true);
        let m = Struct::with_flags(true);
        m.set_str("virtual", Value::from("api/"));
        m.set_str("physical", Value::from("/srv/api"));
        m.set_str("default", Value::Bool(true));
        let skipped = Struct::with_flags(true);
        skipped.set_str("virtual", Value::from("/none"));
        s.set_str(
            "restMappings",
            Value::Array(rime_runtime::Array::from_vec(vec![
                Value::Struct(m),
                Value::Struct(skipped),
            ])),
        );
        assert_eq!(
            mappings_from_settings(&s),
            [RestMapping::new("/api", "/srv/api", true)]
        );
    }
}

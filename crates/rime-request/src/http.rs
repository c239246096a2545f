//! The HTTP request as the server received it and the response a page asks for: the types the
//! server fills and reads, and the VM's tags (`<cfheader>`, `<cfcookie>`, `<cfflush>`) write.

use std::sync::Arc;

/// The raw HTTP request, for `getHTTPRequestData()` and the `cgi` scope.
#[derive(Clone, Debug)]
pub struct HttpRequest {
    pub cgi: CgiInfo,
    /// Borrowed for the standard methods (no allocation per request).
    pub method: std::borrow::Cow<'static, str>,
    /// `HTTP/1.1`.
    pub protocol: &'static str,
    pub headers: RequestHeaders,
    pub body: Arc<Vec<u8>>,
    /// The files of a multipart body, already in the upload folder.
    pub uploads: Vec<Upload>,
}

impl HttpRequest {
    /// The first value of the header `name` (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .list()
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// The request's headers, as text only when a page asks for them (most never do): the server
/// hands over a function that converts what it parsed.
#[derive(Default)]
pub struct RequestHeaders {
    list: std::sync::OnceLock<Vec<(String, String)>>,
    source: Option<HeaderSource>,
}

/// Converts the headers the server parsed into (lower-case name, value) pairs.
pub type HeaderSource = Box<dyn Fn() -> Vec<(String, String)> + Send + Sync>;

impl RequestHeaders {
    pub fn new(source: HeaderSource) -> RequestHeaders {
        RequestHeaders {
            list: std::sync::OnceLock::new(),
            source: Some(source),
        }
    }

    /// These headers, converted now.
    pub fn of(list: Vec<(String, String)>) -> RequestHeaders {
        RequestHeaders {
            list: std::sync::OnceLock::from(list),
            source: None,
        }
    }

    /// In the order received; repeated headers appear once each.
    pub fn list(&self) -> &[(String, String)] {
        self.list
            .get_or_init(|| self.source.as_ref().map(|f| f()).unwrap_or_default())
    }
}

impl Clone for RequestHeaders {
    fn clone(&self) -> RequestHeaders {
        RequestHeaders::of(self.list().to_vec())
    }
}

impl std::fmt::Debug for RequestHeaders {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.list()).finish()
    }
}

/// One uploaded file: its form field, the name and type the client sent, and where the server
/// put it (a temporary file, deleted after the request unless a page moved it).
#[derive(Clone, Debug)]
pub struct Upload {
    pub field: String,
    pub client_file: String,
    pub content_type: String,
    pub path: std::path::PathBuf,
    pub size: u64,
}

/// What the server knows of a request for its `cgi` scope besides the headers.
#[derive(Clone, Debug)]
pub struct CgiInfo {
    pub script_name: Arc<str>,
    pub path_info: String,
    pub path_translated: Arc<std::path::Path>,
    pub query_string: String,
    pub remote_addr: Arc<str>,
    /// The name the server listens on: `cgi.server_name` when the request has no Host header.
    pub server_name: Arc<str>,
    pub server_port: u16,
    pub https: bool,
}

/// What a template asked of the HTTP response: status, headers, cookies (`<cfheader>`,
/// `<cfcontent>`, `<cflocation>`, `<cfcookie>`).
#[derive(Clone, Debug)]
pub struct Response {
    pub status: u16,
    pub status_text: String,
    /// In the order set; a later header of the same name replaces an earlier one.
    pub headers: Vec<(String, String)>,
    /// `Set-Cookie` header values.
    pub cookies: Vec<String>,
    /// `<cfcontent file=...>` / `<cfcontent variable=...>`: the body, instead of the output.
    pub body: Option<Arc<Vec<u8>>>,
}

impl Default for Response {
    fn default() -> Response {
        Response {
            status: 200,
            status_text: String::new(),
            headers: Vec::new(),
            cookies: Vec::new(),
            body: None,
        }
    }
}

impl Response {
    /// Set a header, replacing one of the same name (case-insensitive).
    pub fn set_header(&mut self, name: &str, value: &str) {
        self.headers.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
        self.headers.push((name.to_string(), value.to_string()));
    }
}

/// Where `<cfflush>` sends what the page has written so far: the response head (status,
/// headers, cookies) travels with the first chunk. Set by the server for pages that flush.
pub type FlushSink = Box<dyn FnMut(&Response, String) + Send>;

#[cfg(test)]
mod tests {
    use super::Response;

    #[test]
    fn a_header_set_twice_keeps_the_last_value() {
        let mut r = Response::default();
        r.set_header("X-A", "1");
        r.set_header("x-a", "2");
        assert_eq!(r.headers, vec![("x-a".to_string(), "2".to_string())]);
    }
}

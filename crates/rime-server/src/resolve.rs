//! URL path to file: percent-decoding, the traversal defence, index files and `path_info`.
//!
//! The defence has two layers. The URL is rejected before it touches the file system when it
//! holds anything a path could be smuggled through (`..`, encoded slashes or backslashes, NUL
//! and other control bytes, malformed escapes). Then the file that would be served is
//! canonicalised (symlinks resolved) and must still lie inside the canonical webroot. Source
//! files (`.cfm`, `.cfc`, `Application.cfc`…) and dotfiles are never served as static files,
//! whatever the URL's case or a symlink's name.

use rime_runtime::thread_copies::{OwnerId, ThreadCopies};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What a URL path names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A CFML page to execute. `script_name` is its web path (`/sub/page.cfm`); `path_info`
    /// the rest of the URL after it (`/extra/path`, or empty).
    Page {
        file: Arc<Path>,
        script_name: Arc<str>,
        path_info: String,
    },
    /// A file served as it is.
    Static {
        file: Arc<Path>,
    },
    /// A directory asked for without its trailing slash: redirect to this path.
    Redirect(String),
    /// A CFML page that does not exist; `onMissingTemplate` may answer for it. `file` is where it
    /// would be.
    MissingPage {
        file: Arc<Path>,
        script_name: Arc<str>,
    },
    /// A component requested by URL: only its `access="remote"` methods may be called
    /// (`?method=name`).
    Component {
        file: Arc<Path>,
        script_name: Arc<str>,
    },
    NotFound,
    Forbidden,
    BadRequest,
}

/// Production mode: URL paths already resolved, so a page costs no file-system calls. Only
/// paths that name something are kept (a flood of random URLs can't grow it), up to a bound.
///
/// Each worker thread keeps its own copy of what it looked up (`NEAR`): taking the shared map's
/// lock and the shared paths' reference counts on every request would move their cache lines
/// between cores.
#[derive(Default)]
pub struct ResolveCache {
    /// Tells this cache's entries apart in the threads' copies.
    id: OwnerId,
    map: parking_lot::Mutex<foldhash::HashMap<String, Target>>,
}

const RESOLVE_CACHE_MAX: usize = 10_000;

thread_local! {
    /// This thread's copies of `ResolveCache` entries.
    static NEAR: std::cell::RefCell<ThreadCopies<String, Target>> =
        const { std::cell::RefCell::new(ThreadCopies::new()) };
}

impl ResolveCache {
    /// What `raw_path` names: cached, or computed by `locate` and then cached.
    pub fn get_or(&self, raw_path: &str, locate: impl FnOnce() -> Target) -> Target {
        let found = NEAR
            .try_with(|n| n.borrow().get(&self.id, raw_path).cloned())
            .ok()
            .flatten();
        if let Some(t) = found {
            return t;
        }
        let shared = self.map.lock().get(raw_path).cloned();
        let t = match shared {
            Some(t) => t,
            None => {
                let t = locate();
                if !matches!(
                    t,
                    Target::Page { .. } | Target::Static { .. } | Target::Component { .. }
                ) {
                    return t;
                }
                let mut map = self.map.lock();
                if map.len() < RESOLVE_CACHE_MAX {
                    map.insert(raw_path.to_string(), t.clone());
                }
                t
            }
        };
        let own = t.thread_copy();
        let _ = NEAR.try_with(|n| {
            let key = raw_path.to_string();
            n.borrow_mut().insert(&self.id, key, own, RESOLVE_CACHE_MAX);
        });
        t
    }
}

impl Target {
    /// The same target in allocations of its own (see `ResolveCache`).
    fn thread_copy(&self) -> Target {
        let path = |p: &Arc<Path>| Arc::<Path>::from(&**p);
        let name = |n: &Arc<str>| Arc::<str>::from(&**n);
        match self {
            Target::Page {
                file,
                script_name,
                path_info,
            } => Target::Page {
                file: path(file),
                script_name: name(script_name),
                path_info: path_info.clone(),
            },
            Target::Static { file } => Target::Static { file: path(file) },
            Target::MissingPage { file, script_name } => Target::MissingPage {
                file: path(file),
                script_name: name(script_name),
            },
            Target::Component { file, script_name } => Target::Component {
                file: path(file),
                script_name: name(script_name),
            },
            other => other.clone(),
        }
    }
}

/// Extensions that run as CFML pages.
fn is_page_ext(ext: &str) -> bool {
    ext.eq_ignore_ascii_case("cfm") || ext.eq_ignore_ascii_case("cfml")
}

/// Extensions whose files are CFML source and are never sent as they are.
fn is_source_ext(ext: &str) -> bool {
    ["cfm", "cfml", "cfc", "cfs", "cfr", "lucee", "lex"]
        .iter()
        .any(|e| ext.eq_ignore_ascii_case(e))
}

/// Files never sent though they are not CFML by extension: copies of CFML source an editor or a
/// person left behind (`index.cfm.bak`, `index.cfm~`, `Application.cfc.orig`, `#index.cfm#`,
/// `.swp`...), which would send the source as text, and database files (`*.sqlite`, `*.db`
/// and SQLite's `-wal`/`-shm` journals), which hold an application's data.
fn is_private_file(name: &str) -> bool {
    let name = name.trim_end_matches(['.', ' ']).as_bytes();
    // Case-insensitive tests on the bytes: no lower-cased copy per request.
    let ends = |e: &str| {
        name.len() >= e.len() && name[name.len() - e.len()..].eq_ignore_ascii_case(e.as_bytes())
    };
    let contains = |e: &str| {
        name.windows(e.len())
            .any(|w| w.eq_ignore_ascii_case(e.as_bytes()))
    };
    // CFML source with anything after its extension.
    let source_copy = [".cfm", ".cfc", ".cfml", ".cfs"]
        .iter()
        .any(|e| contains(e) && !ends(e));
    let editor_backup = ends("~")
        || (name.first() == Some(&b'#') && ends("#"))
        || [".bak", ".orig", ".old", ".save", ".swp", ".swo", ".tmp"]
            .iter()
            .any(|e| ends(e));
    let database = [
        ".sqlite", ".sqlite3", ".db", ".db3", "-wal", "-shm", "-journal",
    ]
    .iter()
    .any(|e| ends(e));
    source_copy || editor_backup || database
}

/// The extension of a file name, ignoring the trailing dots and spaces some file systems drop.
fn extension(name: &str) -> &str {
    let name = name.trim_end_matches(['.', ' ']);
    match name.rfind('.') {
        Some(i) => &name[i + 1..],
        None => "",
    }
}

/// Files that only the engine may run: requesting them directly is forbidden.
fn is_application_file(name: &str) -> bool {
    let name = name.trim_end_matches(['.', ' ']);
    ["Application.cfc", "Application.cfm", "OnRequestEnd.cfm"]
        .iter()
        .any(|n| name.eq_ignore_ascii_case(n))
}

/// Path segments that are never served: dotfiles (but `.well-known`, which ACME and other
/// protocols need) and the servlet-style private folders.
fn is_hidden_segment(seg: &str) -> bool {
    (seg.starts_with('.') && !seg.eq_ignore_ascii_case(".well-known"))
        || seg.eq_ignore_ascii_case("WEB-INF")
        || seg.eq_ignore_ascii_case("META-INF")
}

/// Decode `%XX` escapes of a URL path. `None` (a bad request) for a malformed escape, an encoded
/// `/` or `\`, a control byte (NUL included) in any form, or text that isn't UTF-8.
pub fn decode_path(raw: &str) -> Option<String> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let decoded = if b == b'%' {
            let hi = hex(*bytes.get(i + 1)?)?;
            let lo = hex(*bytes.get(i + 2)?)?;
            i += 3;
            let d = hi << 4 | lo;
            if d == b'/' || d == b'\\' {
                return None;
            }
            d
        } else {
            i += 1;
            b
        };
        if decoded < 0x20 || decoded == 0x7f || decoded == b'\\' {
            return None;
        }
        out.push(decoded);
    }
    String::from_utf8(out).ok()
}

fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Whether `path` (which may not exist) lies inside `root` (canonical) once its nearest existing
/// ancestor is canonicalised: a symlinked folder must not lead out of the webroot.
fn inside_root(root: &Path, path: &Path) -> bool {
    let mut p = path;
    loop {
        if let Ok(c) = p.canonicalize() {
            return c.starts_with(root);
        }
        match p.parent() {
            Some(parent) => p = parent,
            None => return false,
        }
    }
}

/// The canonical form of an existing file, when it is inside `root` and not hidden there.
fn canonical_inside(root: &Path, file: &Path) -> Result<PathBuf, Target> {
    let c = file.canonicalize().map_err(|_| Target::NotFound)?;
    let Ok(rel) = c.strip_prefix(root) else {
        return Err(Target::Forbidden);
    };
    // A symlink named `style.css` may point at `.env` or `x.cfm` inside the root.
    if rel
        .components()
        .any(|c| is_hidden_segment(&c.as_os_str().to_string_lossy()))
    {
        return Err(Target::NotFound);
    }
    Ok(c)
}

/// How URLs map to files beyond the fixed rules (`server.json`'s `web` settings).
#[derive(Clone, Debug)]
pub struct Options {
    /// Files a folder URL serves, in order (`web.welcomeFiles`).
    pub welcome_files: Vec<String>,
    /// Refuse the project files CommandBox blocks (`web.blockSensitivePaths`, on by default).
    pub block_sensitive: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            welcome_files: ["index.cfm", "index.cfml", "index.html", "index.htm"]
                .map(String::from)
                .to_vec(),
            block_sensitive: true,
        }
    }
}

/// Whether a decoded URL path names something never served whatever exists there (dotfiles,
/// private folders, blocked project files): such paths are not rewritten either.
pub fn is_private(decoded: &str, opts: &Options) -> bool {
    decoded.split('/').any(|s| {
        is_hidden_segment(s) || (opts.block_sensitive && is_sensitive_file(s)) || s == ".."
    })
}

/// The same target seen through a URL prefix (`web.aliases`): web paths gain the prefix.
pub fn under_prefix(t: Target, prefix: &str) -> Target {
    match t {
        Target::Page {
            file,
            script_name,
            path_info,
        } => Target::Page {
            file,
            script_name: format!("{prefix}{script_name}").into(),
            path_info,
        },
        Target::MissingPage { file, script_name } => Target::MissingPage {
            file,
            script_name: format!("{prefix}{script_name}").into(),
        },
        Target::Component { file, script_name } => Target::Component {
            file,
            script_name: format!("{prefix}{script_name}").into(),
        },
        Target::Redirect(p) => Target::Redirect(format!("{prefix}{p}")),
        other => other,
    }
}

/// Project files never served when sensitive paths are blocked (as CommandBox blocks them).
fn is_sensitive_file(name: &str) -> bool {
    [
        "server.json",
        "box.json",
        "web.config",
        "urlrewrite.xml",
        "package.json",
        "package-lock.json",
    ]
    .iter()
    .any(|n| name.trim_end_matches(['.', ' ']).eq_ignore_ascii_case(n))
}

/// Resolve the path part of a request URL against the canonical webroot `root`.
pub fn resolve(root: &Path, raw_path: &str) -> Target {
    resolve_with(root, raw_path, &Options::default())
}

/// `resolve`, with the welcome files and blocking of `opts`.
pub fn resolve_with(root: &Path, raw_path: &str, opts: &Options) -> Target {
    if !raw_path.starts_with('/') || raw_path.contains('\\') {
        return Target::BadRequest;
    }
    let Some(decoded) = decode_path(raw_path) else {
        return Target::BadRequest;
    };
    let segs: Vec<&str> = decoded
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect();
    if segs.contains(&"..") {
        return Target::BadRequest;
    }
    if segs.iter().any(|s| is_hidden_segment(s))
        || (opts.block_sensitive && segs.iter().any(|s| is_sensitive_file(s)))
    {
        return Target::NotFound;
    }
    let trailing_slash = decoded.ends_with('/');

    // A page in the middle of the path takes the rest as `path_info`.
    let mut cur = root.to_path_buf();
    for (i, seg) in segs.iter().enumerate() {
        cur.push(seg);
        if i + 1 < segs.len() && is_page_ext(extension(seg)) && cur.is_file() {
            if is_application_file(seg) {
                return Target::Forbidden;
            }
            let mut path_info = format!("/{}", segs[i + 1..].join("/"));
            if trailing_slash {
                path_info.push('/');
            }
            return page(root, &cur, format!("/{}", segs[..=i].join("/")), path_info);
        }
    }
    let web = format!("/{}", segs.join("/"));

    if cur.is_dir() {
        if !trailing_slash && !segs.is_empty() {
            return if inside_root(root, &cur) {
                Target::Redirect(format!("{web}/"))
            } else {
                Target::NotFound
            };
        }
        let dir_web = if segs.is_empty() {
            String::from("/")
        } else {
            format!("{web}/")
        };
        for index in &opts.welcome_files {
            let f = cur.join(index);
            if !f.is_file() || is_application_file(index) {
                continue;
            }
            return if is_page_ext(extension(index)) {
                page(root, &f, format!("{dir_web}{index}"), String::new())
            } else if is_source_ext(extension(index)) {
                Target::Forbidden
            } else {
                static_file(root, &f)
            };
        }
        return missing_page(root, cur.join("index.cfm"), format!("{dir_web}index.cfm"));
    }

    let Some(name) = segs.last() else {
        return Target::NotFound;
    };
    let ext = extension(name);
    if is_application_file(name) {
        return Target::Forbidden;
    }
    if is_page_ext(ext) {
        return if cur.is_file() {
            let path_info = if trailing_slash { "/" } else { "" };
            page(root, &cur, web, path_info.to_string())
        } else {
            missing_page(root, cur, web)
        };
    }
    if ext.eq_ignore_ascii_case("cfc") && cur.is_file() && !trailing_slash {
        // A component URL invokes a remote method; its source is never sent.
        return match canonical_inside(root, &cur) {
            Ok(c)
                if extension(
                    &c.file_name()
                        .map(|n| n.to_string_lossy())
                        .unwrap_or_default(),
                )
                .eq_ignore_ascii_case("cfc") =>
            {
                Target::Component {
                    file: c.into(),
                    script_name: web.into(),
                }
            }
            Ok(_) => Target::Forbidden,
            Err(t) => t,
        };
    }
    if is_source_ext(ext) {
        // Other CFML source is never sent.
        return if cur.exists() {
            Target::Forbidden
        } else {
            Target::NotFound
        };
    }
    if is_private_file(name) {
        // As if it did not exist: its name says nothing to a client.
        return Target::NotFound;
    }
    if trailing_slash || !cur.is_file() {
        return Target::NotFound;
    }
    static_file(root, &cur)
}

fn page(root: &Path, file: &Path, script_name: String, path_info: String) -> Target {
    match canonical_inside(root, file) {
        Ok(c) => {
            // A `.cfm` symlink must lead to CFML, not make some other file run as a template.
            let name = c
                .file_name()
                .map(|n| n.to_string_lossy())
                .unwrap_or_default();
            if !is_page_ext(extension(&name)) || is_application_file(&name) {
                return Target::Forbidden;
            }
            Target::Page {
                file: c.into(),
                script_name: script_name.into(),
                path_info,
            }
        }
        Err(t) => t,
    }
}

fn static_file(root: &Path, file: &Path) -> Target {
    match canonical_inside(root, file) {
        Ok(c) => {
            // A harmless-looking name may be a symlink to source.
            let name = c
                .file_name()
                .map(|n| n.to_string_lossy())
                .unwrap_or_default();
            if is_source_ext(extension(&name)) || is_application_file(&name) {
                return Target::Forbidden;
            }
            Target::Static { file: c.into() }
        }
        Err(t) => t,
    }
}

fn missing_page(root: &Path, file: PathBuf, script_name: String) -> Target {
    if inside_root(root, &file) {
        Target::MissingPage {
            file: file.into(),
            script_name: script_name.into(),
        }
    } else {
        Target::NotFound
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_rejects_smuggled_separators_and_control_bytes() {
        assert_eq!(decode_path("/a%20b").as_deref(), Some("/a b"));
        assert_eq!(decode_path("/%2e%2e/x").as_deref(), Some("/../x"));
        for bad in [
            "/a%2fb", "/a%2Fb", "/a%5cb", "/a%00b", "/a%0a", "/%zz", "/%4", "/%ff",
        ] {
            assert_eq!(decode_path(bad), None, "{bad}");
        }
    }

    #[test]
    fn extensions_ignore_case_and_trailing_dots() {
        assert!(is_page_ext(extension("INDEX.CFM")));
        assert!(is_source_ext(extension("x.cfc. ")));
        assert!(is_application_file("application.CFC"));
        for private in [
            "index.cfm.bak",
            "index.cfm~",
            "Application.cfc.orig",
            "#index.cfm#",
            "page.CFM.old",
            "notes.txt.swp",
            "app.db",
            "data.sqlite",
            "data.sqlite-wal",
            "app.db-shm",
        ] {
            assert!(is_private_file(private), "{private}");
        }
        for public in [
            "style.css",
            "logo.png",
            "readme.txt",
            "cfml-guide.pdf",
            "db.js",
        ] {
            assert!(!is_private_file(public), "{public}");
        }
        assert_eq!(extension("noext"), "");
    }
}

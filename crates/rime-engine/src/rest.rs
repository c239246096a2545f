//! REST services the way Lucee runs them. A REST mapping names a folder; the components in it
//! (not in its subfolders, as in Lucee) with `rest="true"` or a `restPath` are its resources,
//! found at `restPath` (or their file name). Each public or remote function with an
//! `httpMethod` is a route at the resource's path plus its own `restPath`, whose segments may
//! be `{name}` or `{name:regex}` variables. `restArgSource` maps request data to arguments;
//! `consumes`/`produces` are checked against `Content-Type`/`Accept`; the return value goes out
//! as JSON (or as text for `text/*`), unless `restSetResponse` gave the answer.
//!
//! The order follows Lucee's: the application starts, the resource is found (404 before
//! `onRequestStart` when none is), `onRequestStart`, then the method (404, 405, 406 or 415 when
//! no function fits), then `onRequestEnd`. The server turns URLs into a `RestCall` and errors
//! into answers (`rime-server/src/rest.rs`).

use crate::{AppContext, Engine};
use parking_lot::Mutex;
use rime_bytecode::{Const, FuncProto};
use rime_runtime::{CfResult, CfmlError, Key, Struct, Value};
use rime_vm::Vm;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

/// A REST request, as the server hands it over.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RestCall {
    /// The mapping's folder (canonical).
    pub dir: PathBuf,
    /// The URL path under the mapping, decoded (`/users/7`), without matrix parameters and
    /// without a `.json` suffix.
    pub path: String,
    /// Matrix parameters (`/users;active=1`).
    pub matrix: Vec<(String, String)>,
    /// The path ended in `.json`: answer JSON whatever the `Accept` header says (Lucee).
    pub json: bool,
}

/// How a REST request failed.
pub enum RestError {
    /// In an `Application.cfc` event (`vm.req.event` names it): `onError` may handle it.
    Event(Box<CfmlError>),
    /// Finding or running the REST method: the answer is a 500 (Lucee does not involve
    /// `onError` here).
    Call(Box<CfmlError>),
}

/// One segment of a `restPath`.
enum Segment {
    Literal(String),
    /// `{id}`, `{id:[0-9]+}`, `v{major}.{minor}`: an anchored regex whose named groups `v0`,
    /// `v1`... are the variables, in order.
    Pattern {
        regex: fancy_regex::Regex,
        vars: Vec<String>,
        /// Some variable has its own regex (`{id:[0-9]+}`).
        constrained: bool,
    },
}

/// A parsed `restPath`.
pub(crate) struct RestPath {
    segments: Vec<Segment>,
}

impl RestPath {
    fn parse(path: &str) -> Result<RestPath, String> {
        let segments = path
            .split('/')
            .filter(|s| !s.is_empty())
            .map(segment)
            .collect::<Result<Vec<_>, String>>()?;
        Ok(RestPath { segments })
    }

    /// Match the leading segments of `parts`, adding the variables to `vars`; how many parts
    /// matched.
    fn match_prefix(&self, parts: &[&str], vars: &mut Vec<(String, String)>) -> Option<usize> {
        if self.segments.len() > parts.len() {
            return None;
        }
        for (seg, part) in self.segments.iter().zip(parts) {
            match seg {
                // Case-sensitive, as in Lucee (and as URLs are).
                Segment::Literal(l) => {
                    if l != part {
                        return None;
                    }
                }
                Segment::Pattern {
                    regex, vars: names, ..
                } => {
                    let caps = regex.captures(part).ok().flatten()?;
                    for (i, name) in names.iter().enumerate() {
                        let value = caps.name(&format!("v{i}")).map_or("", |m| m.as_str());
                        vars.push((name.clone(), value.trim().to_string()));
                    }
                }
            }
        }
        Some(self.segments.len())
    }

    /// How specific the path is: literal segments outrank constrained variables, which outrank
    /// plain ones, so `/users/me` wins over `/users/{id}` whatever the declaration order.
    fn specificity(&self) -> usize {
        self.segments
            .iter()
            .map(|s| match s {
                Segment::Literal(_) => 3,
                Segment::Pattern {
                    constrained: true, ..
                } => 2,
                Segment::Pattern { .. } => 1,
            })
            .sum()
    }
}

/// One segment: literal text, or text with `{name}` / `{name:regex}` variables.
fn segment(text: &str) -> Result<Segment, String> {
    if !text.contains('{') {
        return Ok(Segment::Literal(text.to_string()));
    }
    let mut regex = String::from("^(?:");
    let mut vars = Vec::new();
    let mut constrained = false;
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        regex.push_str(&fancy_regex::escape(&rest[..open]));
        // The closing brace at depth 0, so `{id:[0-9]{3}}` keeps its quantifier.
        let mut depth = 0usize;
        let mut close = None;
        for (i, c) in rest[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(open + i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(close) = close else {
            // An unclosed brace is plain text (Lucee).
            return Ok(Segment::Literal(text.to_string()));
        };
        let inner = &rest[open + 1..close];
        let (name, pattern) = match inner.split_once(':') {
            Some((n, p)) => {
                constrained = true;
                (n.trim(), p.trim())
            }
            None => (inner.trim(), ".+"),
        };
        regex.push_str(&format!("(?P<v{}>{pattern})", vars.len()));
        vars.push(name.to_string());
        rest = &rest[close + 1..];
    }
    regex.push_str(&fancy_regex::escape(rest));
    regex.push_str(")$");
    let regex = fancy_regex::Regex::new(&regex)
        .map_err(|e| format!("invalid restPath segment [{text}]: {e}"))?;
    Ok(Segment::Pattern {
        regex,
        vars,
        constrained,
    })
}

/// A REST resource: one component of a mapping's folder.
pub(crate) struct Resource {
    file: PathBuf,
    path: Arc<RestPath>,
    consumes: Option<String>,
    produces: Option<String>,
}

/// What a folder held when it was last scanned.
struct Scan {
    /// The `.cfc` files and their modification times: a change means a new scan.
    files: Vec<(PathBuf, Option<SystemTime>)>,
    skip_errors: bool,
    resources: Arc<Vec<Arc<Resource>>>,
}

/// Most distinct `restPath`s kept parsed (they come from code, so this is only a backstop).
const PATHS_MAX: usize = 10_000;

/// Scanned REST folders and parsed `restPath`s, shared by all requests, and the mappings
/// registered at run time.
#[derive(Default)]
pub(crate) struct RestCache {
    scans: Mutex<HashMap<PathBuf, Scan>>,
    paths: Mutex<HashMap<String, Arc<RestPath>>>,
    apps: parking_lot::RwLock<Vec<RestApp>>,
}

/// A REST mapping registered by `restInitApplication` (for the life of the process; Lucee
/// writes it to the server's configuration).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestApp {
    /// `/api`.
    pub virtual_path: String,
    /// The folder (canonical).
    pub dir: PathBuf,
    /// Also answers URLs that name no mapping.
    pub default: bool,
}

/// A declared attribute as text.
fn attr(attrs: &[(Key, Const)], name: &str) -> Option<String> {
    attrs
        .iter()
        .find(|(k, _)| k.as_str().eq_ignore_ascii_case(name))
        .map(|(_, c)| match c {
            Const::Str(s) => s.to_string(),
            Const::Num(n) => rime_runtime::number::format(*n),
        })
        .filter(|s| !s.trim().is_empty())
}

/// The `.cfc` files directly in `dir` (not `Application.cfc`), sorted, with their times.
fn component_files(dir: &Path) -> Vec<(PathBuf, Option<SystemTime>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(PathBuf, Option<SystemTime>)> = entries
        .flatten()
        .filter_map(|e| {
            let path = e.path();
            let name = path.file_name()?.to_str()?;
            let cfc = path
                .extension()
                .is_some_and(|x| x.eq_ignore_ascii_case("cfc"));
            if !cfc || name.eq_ignore_ascii_case("Application.cfc") || name.starts_with('.') {
                return None;
            }
            let meta = e.metadata().ok()?;
            meta.is_file().then(|| (path, meta.modified().ok()))
        })
        .collect();
    files.sort();
    files
}

/// What the request asks for, from its `Accept` header (or `.json`).
struct MediaType {
    main: String,
    sub: String,
    q: f32,
}

impl MediaType {
    fn parse_list(list: &str) -> Vec<MediaType> {
        let mut out: Vec<MediaType> = list
            .split(',')
            .filter_map(|item| {
                let mut parts = item.split(';');
                let (main, sub) = parts.next()?.trim().split_once('/')?;
                let mut q = 1.0f32;
                for p in parts {
                    if let Some(v) = p.trim().strip_prefix("q=") {
                        q = v.trim().parse().unwrap_or(1.0);
                    }
                }
                Some(MediaType {
                    main: main.trim().to_ascii_lowercase(),
                    sub: sub.trim().to_ascii_lowercase(),
                    q,
                })
            })
            .collect();
        // Best quality first; equal ones keep the client's order.
        out.sort_by(|a, b| b.q.total_cmp(&a.q));
        out
    }

    fn matches(&self, other: &MediaType) -> bool {
        let part = |a: &str, b: &str| a == "*" || b == "*" || a == b;
        part(&self.main, &other.main) && part(&self.sub, &other.sub)
    }

    fn wild(&self) -> bool {
        self.main == "*" || self.sub == "*"
    }

    fn name(&self) -> String {
        format!("{}/{}", self.main, self.sub)
    }
}

/// The type to answer in: the best of `produces` the client accepts (None: 406).
fn negotiate(produces: Option<&str>, accept: &str) -> Option<String> {
    let Some(produces) = produces else {
        // Nothing declared: JSON (Lucee's default return format), whatever was asked.
        return Some("application/json".to_string());
    };
    let accepted = MediaType::parse_list(if accept.trim().is_empty() {
        "*/*"
    } else {
        accept
    });
    let offered = MediaType::parse_list(produces);
    for a in accepted.iter().filter(|a| a.q > 0.0) {
        if let Some(p) = offered.iter().find(|p| a.matches(p)) {
            return Some(if p.wild() && !a.wild() {
                a.name()
            } else if p.wild() {
                "application/json".to_string()
            } else {
                p.name()
            });
        }
    }
    None
}

/// Argument types whose value is text: a JSON body bound to one stays the raw text (Lucee).
fn simple_type(t: Option<&str>) -> bool {
    t.is_some_and(|t| {
        matches!(
            t.to_ascii_lowercase().as_str(),
            "string" | "numeric" | "number" | "boolean" | "date" | "uuid" | "guid" | "email"
        )
    })
}

/// A plain-text answer that replaces whatever was written (Lucee's `RestUtil.setStatus`).
fn reply(vm: &mut Vm, status: u16, text: &str) {
    let _ = vm.take_output();
    vm.req.response.status = status;
    vm.req
        .response
        .set_header("Content-Type", "text/plain; charset=UTF-8");
    vm.write_output(text);
}

/// A resource whose path is a prefix of the request's: the variables it took, and how many
/// segments.
struct Candidate {
    resource: Arc<Resource>,
    vars: Vec<(String, String)>,
    used: usize,
}

/// A function of a resource instance that fits the request path.
struct Route {
    func: Value,
    proto: Arc<FuncProto>,
    methods: Vec<String>,
    vars: Vec<(String, String)>,
    specificity: usize,
}

impl Engine {
    /// The REST mappings `restInitApplication` registered.
    pub fn rest_apps(&self) -> Vec<RestApp> {
        self.rest.apps.read().clone()
    }

    /// Whether `restInitApplication` registered any mapping (cheap: asked on every request).
    pub fn has_rest_apps(&self) -> bool {
        !self.rest.apps.read().is_empty()
    }

    /// `restInitApplication` / `restDeleteApplication` (see `Host::rest_application`).
    pub(crate) fn set_rest_app(&self, dir: &str, mapping: Option<(&str, bool)>) -> CfResult<()> {
        let dir = Path::new(dir).canonicalize().map_err(|e| {
            CfmlError::application(format!("REST directory [{dir}] does not exist"))
                .with_detail(e.to_string())
        })?;
        if !dir.is_dir() {
            return Err(CfmlError::application(format!(
                "REST directory [{}] is not a directory",
                dir.display()
            )));
        }
        // Registering again refreshes: the folder is scanned anew.
        self.rest.scans.lock().remove(&dir);
        let mut apps = self.rest.apps.write();
        let Some((name, default)) = mapping else {
            apps.retain(|a| a.dir != dir);
            return Ok(());
        };
        let virtual_path = format!("/{}", name.trim().trim_matches('/'));
        apps.retain(|a| !a.virtual_path.eq_ignore_ascii_case(&virtual_path));
        apps.push(RestApp {
            virtual_path,
            dir,
            default,
        });
        // Longest first, so `/api/v2` is tried before `/api`.
        apps.sort_by_key(|a| std::cmp::Reverse(a.virtual_path.len()));
        Ok(())
    }

    /// Answer a REST request: `app` is the `Application.cfc` of the mapping's folder (already
    /// started), `new_session` whether `onSessionStart` is due.
    pub fn run_rest(
        self: &Arc<Self>,
        vm: &mut Vm,
        app: Option<&AppContext>,
        call: &RestCall,
        new_session: bool,
    ) -> Result<(), RestError> {
        if let (Some(app), true) = (app, new_session) {
            if let Some(f) = app.this.get("onSessionStart") {
                vm.req.event = "onSessionStart";
                vm.call_method(&f, Vec::new(), &app.this)
                    .map_err(RestError::Event)?;
            }
        }
        let (dirs, skip_errors) = self.rest_settings(vm, app, call).map_err(RestError::Call)?;
        let mut resources = Vec::new();
        for dir in &dirs {
            let found = self
                .rest_resources(dir, skip_errors)
                .map_err(RestError::Call)?;
            resources.extend(found.iter().cloned());
        }
        let parts: Vec<&str> = call.path.split('/').filter(|p| !p.is_empty()).collect();
        let mut candidates: Vec<Candidate> = resources
            .into_iter()
            .filter_map(|resource| {
                let mut vars = Vec::new();
                let used = resource.path.match_prefix(&parts, &mut vars)?;
                Some(Candidate {
                    resource,
                    vars,
                    used,
                })
            })
            .collect();
        // The resource whose path took more of the URL first (`/users/admin` before `/users`).
        candidates.sort_by_key(|c| std::cmp::Reverse(c.used));
        let Some(first) = candidates.first() else {
            reply(
                vm,
                404,
                &format!("no rest service for [{}] found", call.path),
            );
            return Ok(());
        };
        let target = Value::from(self.web_path(&first.resource.file));
        if let Some(app) = app {
            if let Some(f) = app.this.get("onRequestStart") {
                vm.req.event = "onRequestStart";
                let ok = vm
                    .call_method(&f, vec![target.clone()], &app.this)
                    .map_err(RestError::Event)?;
                if matches!(ok, Value::Bool(false)) {
                    return Ok(());
                }
            }
        }
        vm.req.event = "onRequest";
        self.dispatch(vm, call, &parts, candidates)
            .map_err(RestError::Call)?;
        if let Some(app) = app {
            if let Some(f) = app.this.get("onRequestEnd") {
                vm.req.event = "onRequestEnd";
                vm.call_method(&f, vec![target], &app.this)
                    .map_err(RestError::Event)?;
            }
        }
        Ok(())
    }

    /// The folders to scan and whether components that fail to compile are skipped:
    /// `this.restSettings.cfcLocation` / `skipCFCWithError` (Lucee), else the mapping's folder.
    fn rest_settings(
        &self,
        vm: &Vm,
        app: Option<&AppContext>,
        call: &RestCall,
    ) -> CfResult<(Vec<PathBuf>, bool)> {
        let settings = match app.and_then(|a| a.this.get("restSettings")) {
            Some(Value::Struct(s)) => s,
            _ => return Ok((vec![call.dir.clone()], false)),
        };
        let skip = match settings.get("skipCFCWithError") {
            Some(v) if v.is_simple() => v.to_bool()?,
            _ => false,
        };
        let locations: Vec<String> = match settings.get("cfcLocation") {
            Some(Value::Array(a)) => a
                .to_vec()
                .iter()
                .filter(|v| v.is_simple())
                .map(|v| v.to_str().map(|s| s.into_owned()))
                .collect::<CfResult<_>>()?,
            Some(v) if v.is_simple() => v
                .to_str()?
                .split(',')
                .map(|s| s.trim().to_string())
                .collect(),
            _ => Vec::new(),
        };
        let from = app.map_or_else(
            || call.dir.join("Application.cfc"),
            |a| a.path.to_path_buf(),
        );
        let dirs: Vec<PathBuf> = locations
            .iter()
            .filter(|l| !l.is_empty())
            .map(|l| {
                let p = Path::new(l);
                // An existing absolute folder as it is; otherwise as `expandPath` sees it from
                // the Application.cfc (`/x` through the mappings and the webroot).
                if p.is_absolute() && p.is_dir() {
                    p.to_path_buf()
                } else {
                    crate::normalize(self.resolve(&vm.req.app, l, &from.to_string_lossy()))
                }
            })
            .collect();
        if dirs.is_empty() {
            return Ok((vec![call.dir.clone()], skip));
        }
        Ok((dirs, skip))
    }

    /// The resources of `dir`: scanned once in production; in development again whenever a
    /// `.cfc` in it is added, removed or changed (as templates are recompiled).
    fn rest_resources(&self, dir: &Path, skip_errors: bool) -> CfResult<Arc<Vec<Arc<Resource>>>> {
        if self.config.production {
            if let Some(s) = self.rest.scans.lock().get(dir) {
                if s.skip_errors == skip_errors {
                    return Ok(s.resources.clone());
                }
            }
        }
        let files = component_files(dir);
        if let Some(s) = self.rest.scans.lock().get(dir) {
            if s.files == files && s.skip_errors == skip_errors {
                return Ok(s.resources.clone());
            }
        }
        let mut resources = Vec::new();
        for (file, _) in &files {
            match self.rest_resource(file) {
                Ok(Some(r)) => resources.push(Arc::new(r)),
                Ok(None) => {}
                Err(e) if skip_errors => {
                    eprintln!(
                        "rime: REST: skipping {}: {}: {}",
                        file.display(),
                        e.type_,
                        e.message
                    );
                }
                Err(e) => return Err(e),
            }
        }
        let resources = Arc::new(resources);
        self.rest.scans.lock().insert(
            dir.to_path_buf(),
            Scan {
                files,
                skip_errors,
                resources: resources.clone(),
            },
        );
        Ok(resources)
    }

    /// The resource a component file declares, if it is one.
    fn rest_resource(&self, file: &Path) -> CfResult<Option<Resource>> {
        let proto = self.template(file)?;
        let Some(decl) = proto.component.as_ref().filter(|d| !d.is_interface) else {
            return Ok(None);
        };
        let rest = attr(&decl.attrs, "rest")
            .and_then(|r| rime_runtime::value::parse_bool_word(r.trim()))
            .unwrap_or(false);
        let rest_path = attr(&decl.attrs, "restPath");
        if !rest && rest_path.is_none() {
            return Ok(None);
        }
        let stem = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let path = self.rest_path(rest_path.as_deref().unwrap_or(&stem))?;
        Ok(Some(Resource {
            file: file.to_path_buf(),
            path,
            consumes: attr(&decl.attrs, "consumes"),
            produces: attr(&decl.attrs, "produces"),
        }))
    }

    /// A parsed `restPath`, cached.
    fn rest_path(&self, text: &str) -> CfResult<Arc<RestPath>> {
        if let Some(p) = self.rest.paths.lock().get(text) {
            return Ok(p.clone());
        }
        let parsed = Arc::new(RestPath::parse(text).map_err(CfmlError::application)?);
        let mut paths = self.rest.paths.lock();
        if paths.len() >= PATHS_MAX {
            paths.clear();
        }
        paths.insert(text.to_string(), parsed.clone());
        Ok(parsed)
    }

    /// Find the function for the request among the candidate resources and call it; answer
    /// 404/405/406/415 when none fits.
    fn dispatch(
        &self,
        vm: &mut Vm,
        call: &RestCall,
        parts: &[&str],
        candidates: Vec<Candidate>,
    ) -> CfResult<()> {
        let method = vm
            .req
            .scopes
            .http
            .as_ref()
            .map_or_else(|| "GET".to_string(), |h| h.method.to_ascii_uppercase());
        let mut allowed: Vec<String> = Vec::new();
        for Candidate {
            resource,
            vars,
            used,
        } in candidates
        {
            let sub = parts.get(used..).unwrap_or(&[]);
            let Some(stem) = resource.file.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            let obj = vm.create_component(
                stem,
                &resource.file.to_string_lossy(),
                Vec::new(),
                None,
                false,
                &[],
            )?;
            let Value::Struct(this) = &obj else {
                continue;
            };
            let mut routes = Vec::new();
            for (_, v) in this.entries() {
                let Value::Func(f) = &v else { continue };
                let proto = f.proto.clone();
                let callable = proto.access.as_deref().is_none_or(|a| {
                    a.eq_ignore_ascii_case("remote") || a.eq_ignore_ascii_case("public")
                });
                let Some(methods) = attr(&proto.attrs, "httpMethod").filter(|_| callable) else {
                    continue;
                };
                let path = self.rest_path(&attr(&proto.attrs, "restPath").unwrap_or_default())?;
                let mut route_vars = vars.clone();
                if path.match_prefix(sub, &mut route_vars) != Some(sub.len()) {
                    continue;
                }
                routes.push(Route {
                    func: v.clone(),
                    methods: methods
                        .split(',')
                        .map(|m| m.trim().to_ascii_uppercase())
                        .filter(|m| !m.is_empty())
                        .collect(),
                    vars: route_vars,
                    specificity: path.specificity(),
                    proto,
                });
            }
            // The most specific path first; equal ones in declaration order.
            routes.sort_by(|a, b| {
                b.specificity
                    .cmp(&a.specificity)
                    .then(a.proto.offset.cmp(&b.proto.offset))
            });
            let chosen = routes
                .iter()
                .find(|r| r.methods.contains(&method))
                // HEAD is a GET without the body (the server drops it).
                .or_else(|| {
                    (method == "HEAD")
                        .then(|| routes.iter().find(|r| r.methods.iter().any(|m| m == "GET")))
                        .flatten()
                });
            match chosen {
                Some(route) => return self.call_route(vm, call, &resource, this, route),
                None => allowed.extend(routes.iter().flat_map(|r| r.methods.iter().cloned())),
            }
        }
        if allowed.is_empty() {
            reply(
                vm,
                404,
                &format!("no rest service for [{}] found", call.path),
            );
            return Ok(());
        }
        if allowed.iter().any(|m| m == "GET") {
            allowed.push("HEAD".into());
        }
        allowed.push("OPTIONS".into());
        allowed.sort();
        allowed.dedup();
        let allow = allowed.join(", ");
        if method == "OPTIONS" {
            // Without an OPTIONS function, the answer lists the methods the path takes.
            reply(vm, 204, "");
            vm.req.response.set_header("Allow", &allow);
            return Ok(());
        }
        reply(
            vm,
            405,
            &format!("method [{method}] is not allowed for [{}]", call.path),
        );
        vm.req.response.set_header("Allow", &allow);
        Ok(())
    }

    /// Check the media types, bind the arguments, call the function and write its answer.
    fn call_route(
        &self,
        vm: &mut Vm,
        call: &RestCall,
        resource: &Resource,
        this: &Struct,
        route: &Route,
    ) -> CfResult<()> {
        let http = vm.req.scopes.http.clone();
        let header = |name: &str| Some(http.as_ref()?.header(name)?.to_string());
        let content_type = header("content-type").unwrap_or_default();
        let consumes = attr(&route.proto.attrs, "consumes").or_else(|| resource.consumes.clone());
        if let Some(consumes) = consumes {
            let sent = MediaType::parse_list(&content_type);
            let ok = sent.is_empty()
                || MediaType::parse_list(&consumes)
                    .iter()
                    .any(|c| sent.iter().any(|s| c.matches(s)));
            if !ok {
                reply(vm, 415, "Unsupported Media Type");
                return Ok(());
            }
        }
        let produces = attr(&route.proto.attrs, "produces").or_else(|| resource.produces.clone());
        let accept = if call.json {
            "application/json".to_string()
        } else {
            header("accept").unwrap_or_default()
        };
        let Some(answer_type) = negotiate(produces.as_deref(), &accept) else {
            reply(vm, 406, "Not Acceptable");
            return Ok(());
        };
        if answer_type.contains("xml") {
            reply(
                vm,
                406,
                "Not Acceptable: Rime does not write XML; ask for application/json",
            );
            return Ok(());
        }
        let (values, names) = self.rest_arguments(vm, call, route, &content_type, &header)?;
        vm.req.rest_response = Some(Struct::new());
        let result = vm.call_method_named(&route.func, values, &names, this);
        let custom = vm.req.rest_response.take();
        let result = result?;
        let mut has_content = false;
        let mut type_set = false;
        if let Some(custom) = custom.filter(|c| !c.is_empty()) {
            if let Some(status) = custom.get("status").filter(|v| v.is_simple()) {
                let status = status.to_num()?;
                if (100.0..1000.0).contains(&status) {
                    vm.req.response.status = status as u16;
                }
            }
            if let Some(content) = custom.get("content").filter(|v| v.is_simple()) {
                vm.write_output(&content.to_str()?);
                has_content = true;
            }
            if let Some(Value::Struct(headers)) = custom.get("headers") {
                for (k, v) in headers.entries() {
                    if v.is_simple() {
                        type_set |= k.as_str().eq_ignore_ascii_case("Content-Type");
                        vm.req.response.set_header(k.as_str(), &v.to_str()?);
                    }
                }
            }
        }
        if !type_set {
            vm.req
                .response
                .set_header("Content-Type", &format!("{answer_type}; charset=UTF-8"));
        }
        if has_content || result.is_null() {
            return Ok(());
        }
        let json = !answer_type.starts_with("text/") || !result.is_simple();
        let body = if json {
            let def = rime_stdlib::registry()
                .lookup("serializeJSON")
                .and_then(|id| rime_stdlib::registry().get(id))
                .ok_or_else(|| CfmlError::application("serializeJSON is not available"))?;
            vm.call_builtin_value(def, vec![result])?
                .to_str()?
                .into_owned()
        } else {
            result.to_str()?.into_owned()
        };
        vm.write_output(&body);
        Ok(())
    }

    /// The named arguments of the call, from where each argument's `restArgSource` says:
    /// `path`, `query`/`url`, `form`, `cookie`, `header`, `matrix`, or the body (the default,
    /// as in Lucee: a JSON body deserialized, unless the argument is a simple type).
    fn rest_arguments(
        &self,
        vm: &mut Vm,
        call: &RestCall,
        route: &Route,
        content_type: &str,
        header: &dyn Fn(&str) -> Option<String>,
    ) -> CfResult<(Vec<Value>, Vec<Option<Key>>)> {
        let mut values = Vec::new();
        let mut names = Vec::new();
        let raw_body = vm
            .req
            .scopes
            .http
            .as_ref()
            .filter(|h| !h.body.is_empty())
            .map(|h| String::from_utf8_lossy(&h.body).into_owned());
        let mut parsed_body: Option<Value> = None;
        for p in &route.proto.params {
            let source = attr(&p.attrs, "restArgSource")
                .map(|s| s.trim().to_ascii_lowercase())
                .unwrap_or_default();
            let name = attr(&p.attrs, "restArgName").unwrap_or_else(|| p.name.as_str().to_string());
            let value = match source.as_str() {
                "path" => route
                    .vars
                    .iter()
                    .find(|(k, _)| k.eq_ignore_ascii_case(&name))
                    .map(|(_, v)| Value::from(v.as_str())),
                "query" | "url" => vm.req.scopes.url.get(&name),
                "form" => vm.req.scopes.form.get(&name),
                "cookie" => vm.req.scopes.cookie.get(&name),
                "header" | "head" => header(&name).map(Value::from),
                "matrix" => call
                    .matrix
                    .iter()
                    .find(|(k, _)| k.eq_ignore_ascii_case(&name))
                    .map(|(_, v)| Value::from(v.as_str())),
                "body" | "" => match &raw_body {
                    None => None,
                    Some(text) => {
                        if parsed_body.is_none() {
                            parsed_body = Some(self.rest_body(vm, text, content_type));
                        }
                        match &parsed_body {
                            Some(v) if v.is_simple() || !simple_type(p.type_name.as_deref()) => {
                                Some(v.clone())
                            }
                            _ => Some(Value::from(text.as_str())),
                        }
                    }
                },
                other => {
                    return Err(CfmlError::application(format!(
                        "restArgSource [{other}] of argument [{}] is not one of path, query, form, cookie, header, matrix, body",
                        p.name.as_str()
                    )))
                }
            };
            // Absent: the argument's default applies (or its `required` check fails).
            if let Some(v) = value {
                names.push(Some(p.name.clone()));
                values.push(v);
            }
        }
        Ok((values, names))
    }

    /// The request body as an argument value: JSON deserialized when the request says it is
    /// JSON (and it parses), else the text.
    fn rest_body(&self, vm: &mut Vm, text: &str, content_type: &str) -> Value {
        let ct = content_type.to_ascii_lowercase();
        let json = ct.starts_with("application/json") || ct.contains("+json");
        let parsed = json
            .then(|| {
                let def = rime_stdlib::registry()
                    .lookup("deserializeJSON")
                    .and_then(|id| rime_stdlib::registry().get(id))?;
                vm.call_builtin_value(def, vec![Value::from(text)]).ok()
            })
            .flatten();
        parsed.unwrap_or_else(|| Value::from(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars_of(path: &str, url: &str) -> Option<Vec<(String, String)>> {
        let p = RestPath::parse(path).ok()?;
        let parts: Vec<&str> = url.split('/').filter(|s| !s.is_empty()).collect();
        let mut vars = Vec::new();
        (p.match_prefix(&parts, &mut vars)? == parts.len()).then_some(vars)
    }

    #[test]
    fn paths_with_variables_and_patterns() {
        let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
        assert_eq!(
            vars_of("/users/{id}", "/users/7"),
            Some(vec![pair("id", "7")])
        );
        assert_eq!(
            vars_of("users/{id:[0-9]+}", "users/42"),
            Some(vec![pair("id", "42")])
        );
        // Anchored: the whole segment must match the pattern.
        assert_eq!(vars_of("users/{id:[0-9]+}", "users/42x"), None);
        assert_eq!(
            vars_of("v{major:[0-9]}.{minor}", "v1.2"),
            Some(vec![pair("major", "1"), pair("minor", "2")])
        );
        assert_eq!(
            vars_of("code/{c:[A-Z]{3}}", "code/ABC"),
            Some(vec![pair("c", "ABC")])
        );
        assert_eq!(vars_of("users", "Users"), None);
        assert!(RestPath::parse("x/{id:[0-9}").is_err());
        let specific = |p: &str| RestPath::parse(p).map(|p| p.specificity()).unwrap_or(0);
        assert!(specific("users/me") > specific("users/{id:[0-9]+}"));
        assert!(specific("users/{id:[0-9]+}") > specific("users/{id}"));
    }

    #[test]
    fn content_negotiation() {
        assert_eq!(negotiate(None, "").as_deref(), Some("application/json"));
        assert_eq!(
            negotiate(None, "image/png").as_deref(),
            Some("application/json")
        );
        assert_eq!(
            negotiate(Some("text/plain,application/json"), "application/json").as_deref(),
            Some("application/json")
        );
        assert_eq!(
            negotiate(
                Some("application/json, text/plain"),
                "text/*;q=0.9, */*;q=0.1"
            )
            .as_deref(),
            Some("text/plain")
        );
        assert_eq!(negotiate(Some("application/json"), "text/html"), None);
    }
}

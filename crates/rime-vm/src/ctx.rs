//! The `Ctx` that builtins see: the VM plus the calling frame.

use crate::run::Frame;
use crate::Vm;
use rime_bytecode::{ScopeId, Source};
use rime_runtime::{
    key::eq_fold, AppCtx, CfResult, CfmlError, CodeCtx, DataCtx, Key, PageCtx, Struct, Value,
};
use rime_syntax::ast::{Stmt, StmtKind, Template};

pub(crate) struct CallCtx<'v, 'f> {
    pub vm: &'v mut Vm,
    pub frame: &'v mut Frame<'f>,
}

/// Split `a.b.c` / `a["b"]` / `a[b.c]` style paths into plain segments. An unquoted, non-numeric
/// bracket is a variable path whose value is the key, as Lucee reads
/// `param name="settings[ config.name ]"` (`resolve` gives it; a name it cannot read stays as
/// written). A bracketed key keeps its case when written, a dotted one is upper-cased (as CFML
/// names are); the second of each pair says which.
pub(crate) fn segments(
    path: &str,
    resolve: &dyn Fn(&str) -> Option<String>,
) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = path.trim().chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '.' => out.push((std::mem::take(&mut cur), false)),
            '[' => {
                if !cur.is_empty() {
                    out.push((std::mem::take(&mut cur), false));
                }
                let mut inner = String::new();
                for d in chars.by_ref() {
                    if d == ']' {
                        break;
                    }
                    inner.push(d);
                }
                let inner = inner.trim();
                let quoted = inner.len() >= 2
                    && (inner.starts_with('"') || inner.starts_with('\''))
                    && inner.ends_with(&inner[..1]);
                let key = if quoted {
                    inner[1..inner.len() - 1].to_string()
                } else if inner.is_empty() || inner.parse::<f64>().is_ok() {
                    inner.to_string()
                } else {
                    resolve(inner).unwrap_or_else(|| inner.to_string())
                };
                out.push((key, true));
                if chars.peek() == Some(&'.') {
                    chars.next();
                }
            }
            _ => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push((cur, false));
    }
    out
}

/// The key a path segment writes: a bracketed one as written, a dotted one upper-cased.
fn write_key((name, bracket): &(String, bool)) -> Key {
    if *bracket {
        Key::new(name.as_str())
    } else {
        Key::new(name.to_uppercase())
    }
}

/// The slot of the local or argument `name` in a function that keeps them in slots.
pub(crate) fn slot_index(f: &Frame, name: &str) -> Option<usize> {
    if f.proto.dynamic_scope {
        return None;
    }
    f.proto
        .slot_names
        .iter()
        .position(|k| eq_fold(k.as_str(), name) && !k.as_str().starts_with('#'))
}

impl CallCtx<'_, '_> {
    fn slot_index(&self, name: &str) -> Option<usize> {
        slot_index(self.frame, name)
    }
}

impl CodeCtx for CallCtx<'_, '_> {
    fn check_stop(&mut self) -> CfResult<()> {
        self.vm.check_deadline_now()
    }

    fn stop_signals(
        &self,
    ) -> (
        Option<std::time::Instant>,
        Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    ) {
        (self.vm.deadline, self.vm.cancel.clone())
    }

    fn blocking(&mut self, f: &mut dyn FnMut()) {
        self.vm.host.blocking(f)
    }

    fn call(&mut self, f: &Value, args: Vec<Value>) -> CfResult<Value> {
        self.vm.call_function_value(f, args, None)
    }

    fn call_with(&mut self, f: &Value, args: &[&Value]) -> CfResult<Value> {
        match f {
            Value::Func(func) => self.vm.call_udf_with(func, args),
            _ => self.vm.call_function_value(f, Vec::new(), None),
        }
    }

    fn lookup(&mut self, name: &str) -> Option<Value> {
        self.vm.value_at_path(self.frame, name)
    }

    fn assign(&mut self, name: &str, value: Value) -> CfResult<()> {
        let mut segs = segments(name, &|e| self.vm.key_at_path(self.frame, e));
        // `local.x` / `arguments.x` of a function that keeps them in slots: the slot `x`.
        if segs.len() >= 2
            && (segs[0].0.eq_ignore_ascii_case("local")
                || segs[0].0.eq_ignore_ascii_case("arguments"))
            && self.slot_index(&segs[1].0).is_some()
        {
            segs.remove(0);
        }
        let Some((last, init)) = segs.split_last() else {
            return Err(CfmlError::expression("invalid variable name"));
        };
        if init.is_empty() {
            if let Some(i) = self.slot_index(&last.0) {
                if let Some(s) = self.frame.slot_mut(i) {
                    *s = Some(value);
                }
                return Ok(());
            }
            self.vm.store_name(self.frame, &write_key(last), value);
            return Ok(());
        }
        let (first_seg, mid) = init.split_first().unwrap_or((last, &[]));
        let first = first_seg.0.as_str();
        let mut cur = match ScopeId::from_name(first) {
            Some(s) => self.vm.load_scope(self.frame, s)?,
            None => match self.vm.path_root(self.frame, first) {
                Some(v) => v,
                // A missing first name becomes a struct: in its slot, else where unscoped
                // writes go.
                None => {
                    let v = Value::Struct(Struct::new());
                    match self.slot_index(first).and_then(|i| self.frame.slot_mut(i)) {
                        Some(s) => *s = Some(v.clone()),
                        None => self
                            .vm
                            .store_name(self.frame, &write_key(first_seg), v.clone()),
                    }
                    v
                }
            },
        };
        for s in mid {
            cur = self.vm.get_member_for_write(&cur, &write_key(s))?;
        }
        // `a[2]` (`<cfparam name="a[i]">`, `setVariable("a[2]", v)`): an array's element.
        if let (Value::Array(_), Ok(i)) = (&cur, last.0.trim().parse::<u32>()) {
            return self.vm.set_index(&cur, &Value::Num(f64::from(i)), value);
        }
        self.vm.set_member(&cur, write_key(last), value)
    }

    fn call_stack(&mut self) -> Vec<(String, u32, String)> {
        self.vm.call_stack(self.frame)
    }

    fn internal_request(
        &mut self,
        request: rime_runtime::InternalRequest,
        throw_on_error: bool,
    ) -> CfResult<Struct> {
        let from = self.current_template();
        let host = self.vm.host.clone();
        let mut out = None;
        let mut request = Some(request);
        // The page runs on a thread of its own: this one only waits.
        self.vm.host.blocking(&mut || {
            if let Some(r) = request.take() {
                out = Some(host.clone().internal_request(r, &from, throw_on_error));
            }
        });
        out.unwrap_or_else(|| Err(CfmlError::application("internalRequest did not run")))
    }

    fn thread_action(&mut self, attrs: &Struct) -> CfResult<()> {
        self.vm.op_thread(attrs)
    }

    fn current_template(&self) -> String {
        self.frame.proto.source.path.to_string()
    }

    fn base_template(&self) -> String {
        self.vm.req.base_template.to_string()
    }

    fn create_object(&mut self, name: &str, args: Vec<Value>) -> CfResult<Value> {
        let from = self.frame.proto.source.path.clone();
        let imports = self.frame.proto.imports.clone();
        self.vm
            .create_component(name, &from, args, None, false, &imports)
    }

    fn component_metadata(
        &mut self,
        name: &str,
    ) -> CfResult<std::sync::Arc<rime_runtime::ComponentMeta>> {
        let from = self.frame.proto.source.path.clone();
        self.vm.declared_meta(name, &from, 0)
    }

    fn invoke(&mut self, obj: &Value, method: &str, args: Value) -> CfResult<Value> {
        // invoke("path.to.Comp", "m"): on a new instance of that component (Lucee).
        if let Value::Str(path) = obj {
            if !path.is_empty() {
                let instance = self.create_object(path, Vec::new())?;
                return self.invoke(&instance, method, args);
            }
        }
        let key = Key::new(method);
        let (positional, names): (Vec<Value>, Option<Vec<Option<Key>>>) = match args {
            Value::Array(a) => (a.to_vec(), None),
            // A struct is an argument collection: named keys by name, numeric keys (an
            // `arguments` scope passed on) by position, as in Lucee.
            Value::Struct(s) => (
                vec![Value::Struct(s)],
                Some(vec![Some(Key::new("argumentCollection"))]),
            ),
            Value::Null => (Vec::new(), None),
            other => (vec![other], None),
        };
        let names = names.as_deref();
        // `invoke(variables, "m")` inside a component: a method of the component itself (its
        // private ones too), called with its `this`, as Lucee resolves the variables scope to
        // its component.
        let receiver = match (obj, &self.frame.this) {
            (Value::Struct(s), Some(this @ Value::Struct(t)))
                if t.instance_variables().is_some_and(|v| v.ptr_eq(s)) =>
            {
                this.clone()
            }
            _ => obj.clone(),
        };
        match obj {
            Value::Struct(s) => match s.get_ref(key.as_ref()) {
                Some(Value::Func(f)) => {
                    let (rebound, this) = crate::call::bind_method(&f, Some(&receiver));
                    let f = rebound.unwrap_or(f);
                    self.vm.note_called_name(&f, &key);
                    self.vm.call_udf(&f, positional, names, this)
                }
                _ => match s.component() {
                    Some(meta) => self.vm.missing_method(s, &meta, &key, positional, names),
                    None => Err(CfmlError::expression(format!(
                        "the struct has no function [{method}]"
                    ))),
                },
            },
            // invoke("", "fn") calls a function of the current page.
            Value::Str(s) if s.is_empty() => match self.vm.lookup_name(self.frame, &key) {
                Some(Value::Func(f)) => {
                    self.vm.note_called_name(&f, &key);
                    self.vm.call_udf(&f, positional, names, None)
                }
                _ => Err(CfmlError::expression(format!(
                    "no function [{method}] found"
                ))),
            },
            // A Java object's method, with the arguments by position (an argument collection's
            // values in order).
            Value::Native(n) => {
                let args = match (names, &positional[..]) {
                    (Some(_), [Value::Struct(s)]) => {
                        s.entries().into_iter().map(|(_, v)| v).collect()
                    }
                    _ => positional,
                };
                rime_java::call_native(self, n, method, args)
            }
            other => Err(CfmlError::expression(format!(
                "can't invoke a method on a {} value",
                other.type_name()
            ))),
        }
    }

    fn base_tags(&mut self) -> Vec<String> {
        // Tags whose bodies run enclose the tags whose templates run now; a tag in its end mode
        // is on both stacks (same variables) and counts once.
        let mut names: Vec<String> = self
            .vm
            .custom_tags
            .iter()
            .filter(|t| {
                !self
                    .vm
                    .tag_stack
                    .iter()
                    .any(|(_, v)| v.ptr_eq(&t.variables))
            })
            .map(|t| t.name.clone())
            .collect();
        names.extend(self.vm.tag_stack.iter().map(|(n, _)| n.clone()));
        names.reverse();
        names
    }

    fn base_tag_data(&mut self, name: &str, level: usize) -> Option<Value> {
        let want = name.trim().to_uppercase();
        let mut found: Vec<Struct> = self
            .vm
            .custom_tags
            .iter()
            .filter(|t| t.name == want)
            .map(|t| t.variables.clone())
            .collect();
        for (n, v) in &self.vm.tag_stack {
            if *n == want && !found.iter().any(|f| f.ptr_eq(v)) {
                found.push(v.clone());
            }
        }
        found
            .iter()
            .rev()
            .nth(level.max(1) - 1)
            .cloned()
            .map(Value::Struct)
    }

    fn background(&mut self) -> Option<std::sync::Arc<dyn rime_runtime::Background>> {
        Some(std::sync::Arc::new(crate::thread::VmBackground::of(
            self.vm,
        )))
    }

    fn function_called_name(&mut self) -> String {
        match &self.frame.called_name {
            Some(k) => k.as_str().to_string(),
            None => self.frame.proto.name.to_string(),
        }
    }

    fn component_static_scope(&mut self, name: &str) -> CfResult<Value> {
        let from = self.frame.proto.source.path.clone();
        self.vm.static_scope_of(name, &from).map(Value::Struct)
    }

    fn evaluate(&mut self, expr: &str) -> CfResult<Value> {
        let (e, diags) = rime_syntax::parse_expression(expr);
        if let Some(d) = diags.first() {
            return Err(CfmlError::template(format!(
                "invalid expression [{expr}]: {}",
                d.message
            )));
        }
        let span = e.span;
        let t = Template {
            body: vec![Stmt {
                kind: StmtKind::Return(Some(e)),
                span,
            }],
        };
        let proto =
            rime_compiler::compile_parsed(&t, Source::new("evaluate", expr)).map_err(|e| {
                let mut e = e;
                e.message = e.message.trim_start_matches("Syntax error: ").to_string();
                e.tag_context.clear();
                e
            })?;
        let mut f = Frame::included(proto, self.frame);
        self.vm.exec(&mut f)
    }

    fn in_thread(&self) -> bool {
        // Only a `<cfthread>` VM can be cancelled.
        self.vm.cancel.is_some()
    }

    fn render(&mut self, cfml: &str) -> CfResult<()> {
        let parsed = rime_syntax::parse_template(cfml);
        if let Some(d) = parsed.diagnostics.first() {
            return Err(CfmlError::template(format!(
                "render: invalid CFML: {}",
                d.message
            )));
        }
        let proto = rime_compiler::compile_parsed(&parsed.template, Source::new("render", cfml))
            .map_err(|e| {
                let mut e = e;
                e.message = format!("render: {}", e.message.trim_start_matches("Syntax error: "));
                e.tag_context.clear();
                e
            })?;
        let mut f = Frame::included(proto, self.frame);
        self.vm.exec(&mut f).map(|_| ())
    }
}

impl PageCtx for CallCtx<'_, '_> {
    fn write(&mut self, s: &str) {
        self.vm.write(s);
    }

    fn session_action(&mut self, action: &str) -> CfResult<()> {
        if self.vm.req.scopes.session.is_none() {
            return Err(CfmlError::expression(format!(
                "session{action}: session management is not enabled"
            )));
        }
        self.vm.req.session_action = Some(if action.eq_ignore_ascii_case("rotate") {
            rime_request::SessionAction::Rotate
        } else {
            // The rest of this request sees an empty session; the old one goes to onSessionEnd.
            self.vm.req.scopes.session = Some(Struct::new());
            rime_request::SessionAction::Invalidate
        });
        Ok(())
    }

    fn response_status(&mut self, status: Option<(u16, String)>) -> u16 {
        if let Some((code, text)) = status {
            self.vm.req.response.status = code;
            self.vm.req.response.status_text = text;
        }
        self.vm.req.response.status
    }

    fn response_header(&mut self, name: &str, value: &str, append: bool) -> CfResult<()> {
        crate::tags::check_header(name, value)?;
        if name.eq_ignore_ascii_case("set-cookie") {
            self.vm.req.response.cookies.push(value.to_string());
        } else if append {
            self.vm
                .req
                .response
                .headers
                .push((name.to_string(), value.to_string()));
        } else {
            self.vm.req.response.set_header(name, value);
        }
        Ok(())
    }

    fn response_header_value(&mut self, name: &str) -> Option<String> {
        self.vm
            .req
            .response
            .headers
            .iter()
            .rev()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.clone())
    }

    fn is_flushed(&mut self) -> bool {
        self.vm.req.flushed
    }

    fn reset_output(&mut self) {
        if let Some(b) = self.vm.bufs.last_mut() {
            b.clear();
        }
    }

    fn http_request_data(&mut self, include_body: bool) -> CfResult<Value> {
        let Some(http) = self.vm.req.scopes.http.clone() else {
            return Ok(rime_runtime::http_request_data_outside_requests());
        };
        let s = Struct::with_flags(true);
        let content = if !include_body || http.body.is_empty() {
            Value::from("")
        } else {
            // Lucee: text bodies (text/*, JSON, XML, form posts) as a string, others as binary.
            let ct = http
                .header("content-type")
                .unwrap_or("")
                .to_ascii_lowercase();
            let textual = ct.is_empty()
                || ct.starts_with("text/")
                || ["json", "xml", "x-www-form-urlencoded", "javascript"]
                    .iter()
                    .any(|t| ct.contains(t));
            match std::str::from_utf8(&http.body) {
                Ok(text) if textual => Value::from(text),
                _ => Value::Binary(http.body.clone()),
            }
        };
        s.set_str("content", content);
        let headers = Struct::with_flags(true);
        for (k, v) in http.headers.list() {
            headers.set_str(k, Value::from(v.as_str()));
        }
        s.set_str("headers", Value::Struct(headers));
        s.set_str("method", Value::from(&*http.method));
        s.set_str("protocol", Value::from(http.protocol));
        Ok(Value::Struct(s))
    }

    fn locale(&mut self) -> String {
        self.vm
            .req
            .locale
            .clone()
            .unwrap_or_else(|| "en_US".to_string())
    }

    fn set_locale(&mut self, locale: &str) {
        self.vm.req.locale = Some(locale.to_string());
    }

    fn time_zone(&mut self) -> Option<String> {
        self.vm.req.time_zone.clone()
    }

    fn set_time_zone(&mut self, zone: Option<&str>) {
        self.vm.req.time_zone = zone.map(str::to_string);
    }

    fn uploaded_files(&mut self) -> Vec<Struct> {
        let Some(http) = &self.vm.req.scopes.http else {
            return Vec::new();
        };
        http.uploads
            .iter()
            .map(|u| {
                let s = Struct::with_flags(true);
                s.set_str("field", Value::from(u.field.as_str()));
                s.set_str("clientFile", Value::from(u.client_file.as_str()));
                s.set_str("contentType", Value::from(u.content_type.as_str()));
                s.set_str("path", Value::from(u.path.to_string_lossy().as_ref()));
                s.set_str("size", Value::Num(u.size as f64));
                s
            })
            .collect()
    }

    fn session_start_time(&mut self) -> Option<rime_runtime::DateTime> {
        self.vm.req.session_started
    }
}

impl AppCtx for CallCtx<'_, '_> {
    fn expand_path(&self, path: &str) -> String {
        // A relative path is relative to the requested page's folder, also inside a component
        // or an included file (Lucee); outside a request, to the running template.
        let from = if self.vm.req.base_template.is_empty() {
            &self.frame.proto.source.path
        } else {
            &self.vm.req.base_template
        };
        self.vm.host.expand_path(&self.vm.req.app, path, from)
    }

    fn application_path(&mut self) -> Option<std::path::PathBuf> {
        self.vm.req.app.as_ref().and_then(|a| a.app_path.clone())
    }

    fn application_settings(&mut self) -> Option<Struct> {
        self.vm.host.application_settings(&self.vm.req.app)
    }

    fn clear_engine_cache(&mut self, which: rime_runtime::EngineCache) -> bool {
        self.vm.host.clear_cache(which)
    }

    fn engine_cache_entries(&mut self, which: rime_runtime::EngineCache) -> Vec<(String, String)> {
        self.vm.host.cache_entries(which)
    }

    fn application_start_time(&mut self) -> Option<rime_runtime::DateTime> {
        self.vm.host.application_start_time(&self.vm.req.app)
    }

    fn file_sandbox(&mut self) -> Option<std::sync::Arc<[std::path::PathBuf]>> {
        self.vm.host.file_sandbox()
    }

    fn cache(&mut self, name: &str) -> CfResult<Option<std::sync::Arc<dyn rime_runtime::Cache>>> {
        Ok(self.vm.host.cache(&self.vm.req.app, name))
    }

    fn rest_set_response(&mut self, response: &Struct) -> CfResult<()> {
        match &self.vm.req.rest_response {
            // A later call replaces an earlier one, as in Lucee.
            Some(_) => {
                self.vm.req.rest_response = Some(response.copy());
                Ok(())
            }
            None => Err(CfmlError::application(
                "restSetResponse: not within a REST call",
            )),
        }
    }

    fn rest_application(&mut self, dir: &str, mapping: Option<(&str, bool)>) -> CfResult<()> {
        // An existing absolute folder as it is (usually `expandPath(...)`), else as
        // `expandPath` sees it.
        let path = std::path::Path::new(dir);
        let dir = if path.is_absolute() && path.is_dir() {
            dir.to_string()
        } else {
            self.expand_path(dir)
        };
        // Without a service mapping, the application's name is the mapping (Lucee).
        let app_name = self
            .vm
            .req
            .scopes
            .application
            .as_ref()
            .and_then(|a| a.get_text("applicationName").ok().flatten())
            .unwrap_or_default();
        let mapping = mapping.map(|(name, default)| {
            let name = if name.trim().is_empty() {
                app_name.as_str()
            } else {
                name
            };
            (name, default)
        });
        if mapping.is_some_and(|(name, _)| name.trim().trim_matches('/').is_empty()) {
            return Err(CfmlError::application(
                "restInitApplication: no service mapping given and the application has no name",
            ));
        }
        self.vm.host.rest_application(&dir, mapping)
    }

    /// Lucee always has an application context (without an Application.cfc, the unnamed one),
    /// so `applicationStop()` never fails: it ends the current application after the request
    /// (the engine acts on `stop_application`), and where no application scope is bound at all
    /// (source run outside a request) there is nothing to end.
    fn application_stop(&mut self) -> CfResult<()> {
        if self.vm.req.scopes.application.is_some() {
            self.vm.req.stop_application = true;
        }
        Ok(())
    }
}

/// An array of query parameters (values or `{value, cfsqltype…}` structs) bound in order.
fn positional_params(a: &rime_runtime::Array) -> CfResult<Vec<rime_runtime::QueryParam>> {
    let mut bound = Vec::new();
    for v in a.to_vec() {
        bound.extend(crate::query::exec_params(&v)?);
    }
    Ok(bound)
}

impl DataCtx for CallCtx<'_, '_> {
    fn within_transaction(&mut self) -> bool {
        self.vm.req.tx.is_some()
    }

    fn execute_sql(
        &mut self,
        sql: &str,
        params: Value,
        datasource: Option<&str>,
    ) -> CfResult<(Value, Struct)> {
        let bound = match &params {
            Value::Array(a) => positional_params(a)?,
            _ => Vec::new(),
        };
        let qo = crate::query::options(&Struct::new())?;
        self.vm.run_sql(datasource, sql, bound, &qo)
    }

    fn clear_pools(&mut self, datasource: Option<&str>) -> CfResult<()> {
        rime_db::Registry::global().clear_idle(datasource);
        Ok(())
    }

    fn orm_session(&mut self) -> Option<rime_runtime::orm::SharedOrmSession> {
        Some(self.vm.req.orm.get_or_insert_with(Default::default).clone())
    }

    fn execute_query(&mut self, sql: &str, params: Value, options: Value) -> CfResult<Value> {
        use crate::query::{exec_params, named_placeholders, options as query_options};
        let opts = match &options {
            Value::Struct(s) => s.clone(),
            _ => Struct::new(),
        };
        let (sql, bound) = match &params {
            Value::Struct(named) => {
                let (rewritten, names) = named_placeholders(sql);
                let mut bound = Vec::new();
                for n in names {
                    let v = named.get(&n).ok_or_else(|| {
                        CfmlError::new(
                            "database",
                            format!("no value for the query parameter [:{n}]"),
                        )
                    })?;
                    bound.extend(exec_params(&v)?);
                }
                (rewritten, bound)
            }
            Value::Array(a) => (sql.to_string(), positional_params(a)?),
            _ => (sql.to_string(), Vec::new()),
        };
        let datasource = match opts.get("datasource").filter(|v| !v.is_null()) {
            // An inline definition (Lucee): a datasource of its own.
            Some(Value::Struct(def)) => {
                Some(self.vm.host.inline_datasource(&self.vm.req.app, &def)?)
            }
            Some(v) => Some(v.to_str()?.into_owned()),
            None => None,
        };
        let qo = query_options(&opts)?;
        let qoq = opts
            .get("dbtype")
            .is_some_and(|v| v.to_str().is_ok_and(|t| t.eq_ignore_ascii_case("query")));
        let (q, result) = if qoq {
            self.vm.run_qoq(self.frame, &sql, bound, &qo)?
        } else {
            self.vm.run_sql(datasource.as_deref(), &sql, bound, &qo)?
        };
        crate::query::set_index(&q, &opts)?;
        if let Some(r) = opts.get("result").filter(|v| !v.is_null()) {
            let name = r.to_str()?.into_owned();
            self.assign(&name, Value::Struct(result))?;
        }
        let rt = opts
            .get("returntype")
            .filter(|v| !v.is_null())
            .map(|v| v.to_str().map(|s| s.to_ascii_lowercase()))
            .transpose()?;
        match (rt.as_deref(), &q) {
            (Some("array"), Value::Query(qq)) => {
                let qq = qq.read();
                let rows = (1..=qq.rows)
                    .map(|r| Value::Struct(qq.row_struct(r)))
                    .collect();
                Ok(Value::Array(rime_runtime::Array::from_vec(rows)))
            }
            (Some("struct"), Value::Query(qq)) => {
                let key = opts
                    .get("columnkey")
                    .ok_or_else(|| CfmlError::application("returntype struct needs a columnKey"))?
                    .to_str()?
                    .into_owned();
                let qq = qq.read();
                let col = qq.column_index(&key).ok_or_else(|| {
                    CfmlError::application(format!("columnKey [{key}] is not a column"))
                })?;
                let out = Struct::with_flags(true);
                for r in 1..=qq.rows {
                    let k = qq.get(col, r).cloned().unwrap_or_default();
                    out.set(
                        Key::new(k.to_str()?.as_ref()),
                        Value::Struct(qq.row_struct(r)),
                    );
                }
                Ok(Value::Struct(out))
            }
            _ => Ok(q),
        }
    }
}

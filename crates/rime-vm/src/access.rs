//! Names, scopes, members and indexes: how reads and writes find their target.

use crate::run::Frame;
use crate::Vm;
use rime_bytecode::{FuncProto, ScopeId};
use rime_runtime::{Array, CfResult, CfmlError, Function, Key, KeyRef, ScopeRef, Struct, Value};
use std::sync::Arc;

/// A struct read of a key that is not there, in Lucee's words (`StructSupport.invalidKey`);
/// a key that holds null says so.
/// `can't access index [i] of a … value` (`verb`: access or assign).
fn index_error(verb: &str, idx: &Value, obj: &Value) -> Box<CfmlError> {
    CfmlError::expression(format!(
        "can't {verb} index [{}] of a {} value",
        idx.to_str().unwrap_or_default(),
        obj.type_name()
    ))
}

fn key_error(key: &str, holds_null: bool) -> Box<CfmlError> {
    if holds_null {
        CfmlError::expression(format!(
            "the value from key [{key}] is NULL, which is the same as not existing in CFML"
        ))
    } else {
        CfmlError::expression(format!("key [{key}] doesn't exist"))
    }
}

/// A key from an index value: numbers print as integers (`s[1]` is key "1").
pub(crate) fn index_key(idx: &Value) -> CfResult<Key> {
    Ok(Key::new(idx.to_str()?.as_ref()))
}

impl Vm {
    /// Unscoped read: local, arguments, closure scopes, active query loops, variables, then
    /// cgi, url, form, cookie (Lucee's order).
    pub(crate) fn lookup_name(&self, f: &Frame, key: &Key) -> Option<Value> {
        // Without Lucee's full null support a null value reads as undefined, so the search
        // goes on to the next scope.
        let k = key.as_ref();
        let found = |s: &Struct| s.get_ref(k).filter(|v| !v.is_null());
        if let Some(local) = &f.local {
            // A page included from a function compiles `local`/`arguments` as names (outside
            // functions they are ordinary names): they are the including function's scopes.
            let name = key.as_str();
            if name.eq_ignore_ascii_case("local") {
                return Some(Value::Struct(local.clone()));
            }
            if name.eq_ignore_ascii_case("arguments") {
                if let Some(a) = &f.args {
                    return Some(Value::Struct(a.clone()));
                }
            }
            if let Some(v) = found(local) {
                return Some(v);
            }
        }
        if let Some(v) = f.args.as_ref().and_then(found) {
            return Some(v);
        }
        for c in f.captured.iter().flat_map(|c| c.iter()) {
            if let Some(v) = found(&c.local).or_else(|| found(&c.arguments)) {
                return Some(v);
            }
        }
        // Inside a query loop: the columns of its current row, then `currentRow`,
        // `recordCount` and `columnList` (Lucee's `QueryImpl.getAt`).
        for q in self.queries.iter().rev() {
            let q = q.read();
            if let Some(ci) = q.column_index(key.as_str()) {
                return q.get(ci, q.current_row).cloned();
            }
        }
        if let Some(q) = self.queries.last() {
            if let Some(v) = query_pseudo_column(&q.read(), key.as_str()) {
                return Some(v);
            }
        }
        if let Some(v) = found(&f.variables) {
            return Some(v);
        }
        // In a thread, `thread` is its scope, after the variables (Lucee's order: a page's
        // `variables.thread`, which TestBox's runner fills for its spec threads, wins).
        if let Some(t) = &self.thread_scope {
            if key.as_str().eq_ignore_ascii_case("thread") {
                return Some(Value::Struct(t.clone()));
            }
        }
        self.req.fill_cgi();
        [
            &self.req.scopes.cgi,
            &self.req.scopes.url,
            &self.req.scopes.form,
            &self.req.scopes.cookie,
        ]
        .into_iter()
        .filter_map(|s| s.peek())
        .find_map(found)
    }

    /// `obj.name` of a Java object without such a field: its getter, `getName()` (or
    /// `isName()`), as Lucee's reflection reads bean properties; None when it has neither.
    pub(crate) fn bean_property(
        &mut self,
        f: &mut Frame,
        n: &rime_runtime::Native,
        key: &Key,
    ) -> Option<CfResult<Value>> {
        for prefix in ["get", "is"] {
            let method = format!("{prefix}{}", key.as_str());
            let mut ctx = crate::ctx::CallCtx { vm: self, frame: f };
            match rime_java::call_native(&mut ctx, n, &method, Vec::new()) {
                Err(e) if rime_java::is_no_method(&e) => continue,
                r => return Some(r),
            }
        }
        None
    }

    /// Unscoped write: an existing local, argument or closure-scope variable, else `variables`;
    /// in a thread body, always its local scope.
    pub(crate) fn store_name(&self, f: &Frame, key: &Key, v: Value) {
        if let (true, Some(local)) = (f.proto.thread_body, &f.local) {
            local.set_key(key, v);
            return;
        }
        // Each scope is tried with one lock (`replace_existing`), not a lookup and a set.
        let mut v = v;
        for s in [&f.local, &f.args].into_iter().flatten() {
            match s.replace_existing(key, v) {
                Ok(()) => return,
                Err(back) => v = back,
            }
        }
        for c in f.captured.iter().flat_map(|c| c.iter()) {
            for s in [&c.local, &c.arguments] {
                match s.replace_existing(key, v) {
                    Ok(()) => return,
                    Err(back) => v = back,
                }
            }
        }
        f.variables.set_key(key, v);
    }

    /// The value of a variable path written as a string (`isDefined("a.b")`, the builtins'
    /// `Ctx::lookup`, `<cfoutput query="rc.items">`): its root (`path_root`), then keys of
    /// structs, positions of arrays, XML children and columns of the current query row.
    pub(crate) fn value_at_path(&self, f: &Frame, path: &str) -> Option<Value> {
        let segs = crate::ctx::segments(path, &|e| self.key_at_path(f, e));
        let ((first, _), rest) = segs.split_first()?;
        let mut cur = self.path_root(f, first);
        for (s, _) in rest {
            cur = match cur? {
                Value::Struct(st) => st.get(s),
                Value::Array(a) => s.parse::<usize>().ok().and_then(|i| a.get1(i)),
                Value::Xml(x) => x.get(s).ok(),
                Value::Query(q) => {
                    let q = q.read();
                    q.column_index(s)
                        .and_then(|ci| q.get(ci, q.current_row).cloned())
                }
                _ => None,
            };
        }
        cur
    }

    /// The simple value at a variable path as a key (an unquoted bracket of a path string,
    /// `ctx::segments`).
    pub(crate) fn key_at_path(&self, f: &Frame, path: &str) -> Option<String> {
        let v = self.value_at_path(f, path)?;
        if !v.is_simple() {
            return None;
        }
        v.to_str().ok().map(|c| c.into_owned())
    }

    /// The first name of a variable path: a scope, a local or argument in its slot, else an
    /// unscoped name.
    pub(crate) fn path_root(&self, f: &Frame, name: &str) -> Option<Value> {
        if let Some(s) = ScopeId::from_name(name) {
            if let Ok(v) = self.load_scope(f, s) {
                return Some(v);
            }
        }
        if let Some(i) = crate::ctx::slot_index(f, name) {
            return f.slot(i).cloned().flatten();
        }
        self.lookup_name(f, &Key::new(name))
    }

    /// `arguments = s`: the scope keeps its identity (closures may hold it) and takes the
    /// entries of the struct on top of the stack.
    pub(crate) fn set_scope(&self, f: &Frame, s: ScopeId) -> CfResult<()> {
        let Some(Value::Struct(src)) = self.stack.last() else {
            return Err(CfmlError::expression(
                "only a struct can be assigned to a scope",
            ));
        };
        let entries = src.entries();
        let Value::Struct(scope) = self.load_scope(f, s)? else {
            return Ok(());
        };
        let mut g = scope.write();
        g.map.clear();
        for (k, v) in entries {
            g.map.insert(k, v);
        }
        Ok(())
    }

    pub(crate) fn load_scope(&self, f: &Frame, s: ScopeId) -> CfResult<Value> {
        let st = match s {
            ScopeId::Variables => f.variables.clone(),
            ScopeId::Local => match &f.local {
                Some(l) => l.clone(),
                None => slots_struct(f, false),
            },
            ScopeId::Arguments => match &f.args {
                // The whole scope once `BindArguments` made it (it makes `local` too).
                Some(a) if f.proto.dynamic_scope && f.local.is_some() => a.clone(),
                // Arguments in slots (a slot-mode function, or the defaults of a dynamic one
                // before `BindArguments`): they, then the undeclared ones.
                Some(extra) => {
                    let s = slots_struct(f, true);
                    for (k, v) in extra.entries() {
                        s.set(k, v);
                    }
                    s
                }
                None => slots_struct(f, true),
            },
            ScopeId::This => {
                return f.this.clone().ok_or_else(|| {
                    CfmlError::expression("the [this] scope exists only in components")
                })
            }
            ScopeId::Request => (*self.req.scopes.request).clone(),
            ScopeId::Url => (*self.req.scopes.url).clone(),
            ScopeId::Form => (*self.req.scopes.form).clone(),
            ScopeId::Cgi => {
                self.req.fill_cgi();
                (*self.req.scopes.cgi).clone()
            }
            ScopeId::Cookie => (*self.req.scopes.cookie).clone(),
            ScopeId::Server => self.host.server_scope().clone(),
            ScopeId::Application => self.req.scopes.application.clone().ok_or_else(|| {
                CfmlError::expression(
                    "there is no application context defined for this application",
                )
            })?,
            ScopeId::Session => self.req.scopes.session.clone().ok_or_else(|| {
                CfmlError::expression(
                    "session scope is not enabled (set this.sessionManagement = true)",
                )
            })?,
            ScopeId::Super => {
                return f.super_.clone().map(Value::Struct).ok_or_else(|| {
                    CfmlError::expression("[super] exists only in a component that extends another")
                })
            }
            ScopeId::Static => {
                return f.static_.clone().map(Value::Struct).ok_or_else(|| {
                    CfmlError::expression("[static] exists only inside a component")
                })
            }
            ScopeId::CfThread => {
                return Ok(Value::Struct(self.cfthread.clone().unwrap_or_default()))
            }
            ScopeId::Client => self.req.scopes.client.clone().ok_or_else(|| {
                CfmlError::expression(
                    "client scope is not enabled (set this.clientManagement = true)",
                )
            })?,
        };
        Ok(Value::Struct(st))
    }

    pub(crate) fn get_member(&self, obj: &Value, key: &Key) -> CfResult<Value> {
        match obj {
            // Lucee: an unknown CGI variable reads as an empty string.
            Value::Struct(s) if self.req.scopes.cgi.peek().is_some_and(|c| s.ptr_eq(c)) => Ok(s
                .get_ref(key.as_ref())
                .unwrap_or_else(|| Value::Str(arcstr::ArcStr::new()))),
            Value::Struct(s) => match s.get_ref(key.as_ref()) {
                Some(v) if !v.is_null() => Ok(detach_method(s, v)),
                // An arguments scope reads a declared argument given no value as null, also
                // when passed on as a struct (Lucee's `ArgumentImpl.get`).
                Some(_) if s.read().positional => Ok(Value::Null),
                found => Err(match (&found, s.component()) {
                    // A component's member, as Lucee's `ComponentImpl` words it.
                    (None, Some(m)) => CfmlError::expression(format!(
                        "Component [{}] has no accessible Member with name [{}]",
                        m.fullname,
                        key.as_str()
                    )),
                    _ => key_error(key.as_str(), found.is_some()),
                }),
            },
            Value::Query(q) => {
                let q = q.read();
                if let Some(ci) = q.column_index(key.as_str()) {
                    return Ok(q.get(ci, q.current_row).cloned().unwrap_or_default());
                }
                let name = key.as_str();
                query_pseudo_column(&q, name).ok_or_else(|| {
                    CfmlError::expression(format!(
                        "column [{name}] not found in query, columns are [{}]",
                        q.column_list()
                    ))
                })
            }
            Value::Xml(x) => x.get(key.as_str()),
            // A Java class's public field (`TimeUnit.SECONDS`, `System.out`).
            Value::Native(n) => n.get().field(key.as_str()).ok_or_else(|| {
                CfmlError::expression(format!(
                    "the Java object [{}] has no field [{}]",
                    n.get().class_name(),
                    key.as_str()
                ))
            }),
            Value::Null => Err(CfmlError::expression(format!(
                "can't access key [{}] from a null value",
                key.as_str()
            ))),
            other => Err(CfmlError::expression(format!(
                "can't access key [{}] from a {} value",
                key.as_str(),
                other.type_name()
            ))),
        }
    }

    /// `q.col[row]`: None when `obj` is not a query (the caller falls back to member + index).
    pub(crate) fn query_cell(
        &self,
        obj: &Value,
        col: &str,
        row: &Value,
    ) -> Option<CfResult<Value>> {
        let Value::Query(q) = obj else {
            return None;
        };
        let q = q.read();
        let Some(ci) = q.column_index(col) else {
            return Some(Err(CfmlError::expression(format!(
                "column [{col}] not found in query, columns are [{}]",
                q.column_list()
            ))));
        };
        Some(array_index(row).and_then(|r| {
            q.get(ci, r).cloned().ok_or_else(|| {
                CfmlError::expression(format!(
                    "row [{r}] doesn't exist in the query, it has {} rows",
                    q.rows
                ))
            })
        }))
    }

    pub(crate) fn get_member_for_write(&self, obj: &Value, key: &Key) -> CfResult<Value> {
        if let Value::Struct(s) = obj {
            if let Some(v) = s.get_ref(key.as_ref()) {
                if !v.is_null() {
                    return Ok(v);
                }
            }
            let v = Value::Struct(Struct::new());
            s.set(key.clone(), v.clone());
            return Ok(v);
        }
        if let Some(col) = ColumnRef::of(obj, key.as_str()) {
            return Ok(col);
        }
        self.get_member(obj, key)
    }

    pub(crate) fn set_member(&self, obj: &Value, key: Key, v: Value) -> CfResult<()> {
        match obj {
            Value::Struct(s) => {
                s.set(key, v);
                Ok(())
            }
            Value::Query(q) => {
                let mut q = q.write();
                let row = q.current_row;
                match q.column_index(key.as_str()) {
                    Some(ci) if q.set(ci, row, v) => Ok(()),
                    _ => Err(CfmlError::expression(format!(
                        "can't set column [{}] of the query",
                        key.as_str()
                    ))),
                }
            }
            Value::Xml(x) => x.set(key.as_str(), v),
            other => Err(CfmlError::expression(format!(
                "can't assign key [{}] to a {} value",
                key.as_str(),
                other.type_name()
            ))),
        }
    }

    pub(crate) fn get_index(&self, obj: &Value, idx: &Value) -> CfResult<Value> {
        match obj {
            Value::Str(s) => char_at(s, idx),
            Value::Array(a) => {
                let i = array_index(idx)?;
                a.get1(i).filter(|v| !v.is_null()).ok_or_else(|| {
                    CfmlError::expression(format!(
                        "Element at position [{i}] doesn't exist in array"
                    ))
                })
            }
            Value::Struct(s) => {
                let g = s.read();
                if g.positional {
                    if let Some(n) = idx.as_numeric() {
                        let i = n as usize;
                        if n.fract() == 0.0 && i >= 1 {
                            if let Some((_, v)) = g.map.get_index(i - 1) {
                                return Ok(v.clone());
                            }
                        }
                    }
                }
                let k = idx.to_str()?;
                let found = g.map.get(&KeyRef::new(&k));
                // As `get_member`: an arguments scope's argument without a value is null.
                if found.is_some_and(|v| v.is_null()) && g.positional {
                    return Ok(Value::Null);
                }
                let holds_null = found.is_some();
                let v = found.filter(|v| !v.is_null()).cloned();
                drop(g);
                v.map(|v| detach_method(s, v))
                    .ok_or_else(|| key_error(&k, holds_null))
            }
            Value::Query(_) => self.get_member(obj, &index_key(idx)?),
            Value::Xml(x) => x.get_index(idx),
            // `q.col[row]` inside an assignment (`ColumnRef`).
            Value::Native(n) => match ColumnRef::in_native(n) {
                Some(col) => col.cell(idx),
                None => Err(index_error("access", idx, obj)),
            },
            other => Err(index_error("access", idx, other)),
        }
    }

    pub(crate) fn get_index_for_write(&self, obj: &Value, idx: &Value) -> CfResult<Value> {
        match obj {
            Value::Struct(_) => self.get_member_for_write(obj, &index_key(idx)?),
            Value::Query(_) => match ColumnRef::of(obj, &idx.to_str()?) {
                Some(col) => Ok(col),
                None => self.get_index(obj, idx),
            },
            Value::Array(a) => {
                let i = array_index(idx)?;
                if let Some(v) = a.get1(i) {
                    if !v.is_null() {
                        return Ok(v);
                    }
                }
                // Lucee: a missing element of an n-dimensional array (`arrayNew(2)`) is an
                // (n-1)-dimensional array; of any other array, a struct.
                let v = match a.dimension() {
                    d if d > 1 => Value::Array(Array::with_dimension(d - 1)),
                    _ => Value::Struct(Struct::new()),
                };
                self.set_index(obj, idx, v.clone())?;
                Ok(v)
            }
            _ => self.get_index(obj, idx),
        }
    }

    pub(crate) fn set_index(&self, obj: &Value, idx: &Value, v: Value) -> CfResult<()> {
        match obj {
            Value::Array(a) => {
                let i = array_index(idx)?;
                if i > 100_000_000 {
                    return Err(CfmlError::expression(format!(
                        "array index [{i}] is too large"
                    )));
                }
                let mut w = a.write();
                if w.len() < i {
                    // Lucee grows the array, leaving undefined (null) elements.
                    w.resize(i, Value::Null);
                }
                w[i - 1] = v;
                Ok(())
            }
            Value::Struct(s) => {
                let positional_slot = {
                    let g = s.read();
                    if g.positional {
                        idx.as_numeric()
                            .filter(|n| n.fract() == 0.0 && *n >= 1.0)
                            .and_then(|n| g.map.get_index(n as usize - 1).map(|(k, _)| k.clone()))
                    } else {
                        None
                    }
                };
                match (positional_slot, idx) {
                    (Some(k), _) => s.set(k, v),
                    (None, Value::Str(name)) => s.set_arcstr(name, v),
                    (None, _) => s.set(index_key(idx)?, v),
                }
                Ok(())
            }
            Value::Query(_) => self.set_member(obj, index_key(idx)?, v),
            Value::Xml(x) => x.set_index(idx, v),
            Value::Native(n) => match ColumnRef::in_native(n) {
                Some(col) => col.set_cell(idx, v),
                None => Err(index_error("assign", idx, obj)),
            },
            other => Err(index_error("assign", idx, other)),
        }
    }
}

/// A method read out of an instance as a value (`f = new C().m`, or a bare `m` inside one of
/// its methods: `arr.each(processItem)`) is bound to the instance, whose `this` it keeps when
/// called without a receiver (Lucee: a UDF runs in its owner component), and keeps the
/// instance's `variables` alive: the instance itself may not outlive it.
pub(crate) fn detach_method(this: &Struct, v: Value) -> Value {
    let Value::Func(func) = &v else {
        return v;
    };
    let Some(ScopeRef::Weak(w)) = &func.variables else {
        return v;
    };
    match this.instance_variables().filter(|vars| w.ptr_eq(vars)) {
        Some(vars) => Value::Func(Arc::new(Function {
            proto: func.proto.clone(),
            captured: func.captured.clone(),
            variables: Some(ScopeRef::Strong(vars)),
            super_: func.super_.clone(),
            static_: func.static_.clone(),
            this: Some(this.clone()),
        })),
        None => v,
    }
}

/// `s[i]`: the i-th character (1-based, Lucee 6); a negative or outside index is an error.
fn char_at(s: &str, idx: &Value) -> CfResult<Value> {
    let text = || idx.to_str().map(|t| t.into_owned()).unwrap_or_default();
    let Some(n) = idx.as_numeric() else {
        return Err(CfmlError::expression(format!(
            "can't access index [{}] of a string value",
            text()
        )));
    };
    (n.fract() == 0.0 && n >= 1.0)
        .then(|| s.chars().nth(n as usize - 1))
        .flatten()
        .map(|c| Value::from(c.to_string()))
        .ok_or_else(|| {
            CfmlError::expression(format!(
                "string index [{}] is out of range, the string has {} characters",
                text(),
                s.chars().count()
            ))
        })
}

fn array_index(idx: &Value) -> CfResult<usize> {
    let n = idx.to_num()?;
    if n < 1.0 || n.fract() != 0.0 || !n.is_finite() {
        return Err(CfmlError::expression(format!(
            "invalid array index [{}]",
            idx.to_str().unwrap_or_default()
        )));
    }
    Ok(n as usize)
}

/// A struct view of a slot-mode function's locals or arguments (a snapshot).
fn slots_struct(f: &Frame, arguments: bool) -> Struct {
    let s = Struct::with_flags(true);
    let n = f.proto.params.len();
    let range = if arguments { 0..n } else { n..f.slots().len() };
    for i in range {
        let Some(name) = f.proto.slot_names.get(i) else {
            continue;
        };
        if name.as_str().starts_with('#') {
            continue;
        }
        if let Some(Some(v)) = f.slot(i) {
            s.set(name.clone(), v.clone());
        }
    }
    if arguments {
        s.write().positional = true;
    }
    s
}

/// The error for reading a variable that does not exist.
pub(crate) fn undefined_var(name: &str) -> Box<CfmlError> {
    CfmlError::expression(format!("variable [{name}] doesn't exist"))
}

/// The error for reading slot `i` while it holds nothing.
#[cold]
pub(crate) fn undefined_slot(proto: &FuncProto, i: u16) -> Box<CfmlError> {
    undefined_var(
        proto
            .slot_names
            .get(i as usize)
            .map(|k| k.as_str())
            .unwrap_or("?"),
    )
}

/// What a query answers besides its columns: `recordCount`, `columnList`, `currentRow`.
fn query_pseudo_column(q: &rime_runtime::Query, name: &str) -> Option<Value> {
    if name.eq_ignore_ascii_case("recordcount") {
        Some(Value::Num(q.rows as f64))
    } else if name.eq_ignore_ascii_case("columnlist") {
        Some(Value::from(q.column_list()))
    } else if name.eq_ignore_ascii_case("currentrow") {
        Some(Value::Num(q.current_row as f64))
    } else {
        None
    }
}

/// A query column as the container of an assignment (`q.col[row] = v`, `q[col][row] = v`):
/// what `GetMemberForWrite`/`GetIndexForWrite` give for a query's column (a read gives the
/// current row's cell), so the index that follows reads or writes that row's cell, as Lucee's
/// `QueryColumn` does. It lives on the stack for the one assignment.
#[derive(Debug)]
struct ColumnRef {
    query: Arc<parking_lot::RwLock<rime_runtime::Query>>,
    col: usize,
}

impl ColumnRef {
    /// The column `name` of `obj` when `obj` is a query that has it.
    fn of(obj: &Value, name: &str) -> Option<Value> {
        let Value::Query(q) = obj else {
            return None;
        };
        let col = q.read().column_index(name)?;
        Some(Value::Native(rime_runtime::Native::new(ColumnRef {
            query: q.clone(),
            col,
        })))
    }

    fn in_native(n: &rime_runtime::Native) -> Option<&ColumnRef> {
        n.get().as_any()?.downcast_ref::<ColumnRef>()
    }

    fn row(&self, idx: &Value, rows: usize) -> CfResult<usize> {
        let r = array_index(idx)?;
        if r > rows {
            return Err(CfmlError::expression(format!(
                "row [{r}] doesn't exist in the query, it has {rows} rows"
            )));
        }
        Ok(r)
    }

    fn cell(&self, idx: &Value) -> CfResult<Value> {
        let q = self.query.read();
        let r = self.row(idx, q.rows)?;
        Ok(q.get(self.col, r).cloned().unwrap_or_default())
    }

    fn set_cell(&self, idx: &Value, v: Value) -> CfResult<()> {
        let mut q = self.query.write();
        let r = self.row(idx, q.rows)?;
        q.set(self.col, r, v);
        Ok(())
    }
}

impl rime_runtime::NativeObject for ColumnRef {
    fn class_name(&self) -> &str {
        "lucee.runtime.type.QueryColumnImpl"
    }
    fn call(
        &self,
        _: &rime_runtime::Native,
        _: &mut dyn rime_runtime::Ctx,
        name: &str,
        _: Vec<Value>,
    ) -> CfResult<Value> {
        Err(rime_runtime::native::no_method(self.class_name(), name))
    }
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }
}

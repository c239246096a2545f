//! Component instances: `new`/`createObject`, inheritance with `super`, properties and
//! accessors, interfaces, `init` and `onMissingMethod`.
//!
//! An instance is its `this` struct (public members, tagged with `ComponentMeta`) plus a
//! `variables` struct shared by every method of every level of the inheritance chain. Parents'
//! pseudo-constructors run first; each level's methods see the level above as `super`.

use crate::Vm;
use arcstr::ArcStr;
use foldhash::HashMap;
use parking_lot::Mutex;
use rime_bytecode::{has_modifier, ComponentDecl, Const, FuncProto, Key};
use rime_runtime::{CfResult, CfmlError, ComponentMeta, Struct, Value};
use std::sync::{Arc, OnceLock};

/// Deepest `extends` chain before we call it a cycle.
const MAX_EXTENDS_DEPTH: usize = 64;

/// The metadata of one declaration; its parent and interfaces are resolved by the caller.
fn meta_of(
    functions: &[Arc<FuncProto>],
    decl: &ComponentDecl,
    path: ArcStr,
    fullname: ArcStr,
    extends: Option<Arc<ComponentMeta>>,
    implements: Vec<Arc<ComponentMeta>>,
) -> ComponentMeta {
    let consts = |attrs: &[(Key, Const)]| -> Vec<(Key, Value)> {
        attrs
            .iter()
            .map(|(k, c)| (k.clone(), Value::from(c)))
            .collect()
    };
    ComponentMeta {
        name: ArcStr::from(fullname.rsplit(['.', '/']).next().unwrap_or(&fullname)),
        fullname: fullname.clone(),
        path,
        extends,
        implements,
        is_interface: decl.is_interface,
        attrs: consts(&decl.attrs),
        properties: decl.properties.iter().map(|p| consts(p)).collect(),
        functions: functions
            .iter()
            .filter(|f| !f.name.is_empty())
            .cloned()
            .collect(),
    }
}

fn attr<'a>(attrs: &'a [(Key, Const)], name: &str) -> Option<&'a Const> {
    attrs
        .iter()
        .find(|(k, _)| k.as_str().eq_ignore_ascii_case(name))
        .map(|(_, v)| v)
}

fn attr_str(attrs: &[(Key, Const)], name: &str) -> Option<ArcStr> {
    match attr(attrs, name)? {
        Const::Str(s) => Some(s.clone()),
        Const::Num(n) => Some(ArcStr::from(rime_runtime::number::format(*n))),
    }
}

fn attr_true(attrs: &[(Key, Const)], name: &str) -> bool {
    attr_str(attrs, name).is_some_and(|s| rime_runtime::value::parse_bool_word(&s).unwrap_or(false))
}

/// What `accessors="true"` generates for one property.
struct Accessor {
    name: String,
    /// The declared type, checked by the setter like a typed argument.
    type_name: Option<String>,
    getter: bool,
    setter: bool,
    /// A persistent component's relationship (`fieldtype="one-to-many"`…), lower-case.
    fieldtype: String,
    /// The name its `add`/`remove`/`has` methods take (`singularName`, else the name).
    singular: String,
    /// A collection kept as a struct (`type="struct"`): its methods take a key.
    keyed: bool,
}

impl Accessor {
    fn to_many(&self) -> bool {
        matches!(self.fieldtype.as_str(), "one-to-many" | "many-to-many")
    }

    fn of(attrs: &[(Key, Const)]) -> Option<Accessor> {
        let name = attr_str(attrs, "name")?.to_string();
        let is_word = |s: &str| {
            !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        };
        // Property names are identifiers; anything else gets no accessors.
        if !is_word(&name) || name.contains('.') {
            return None;
        }
        let flag = |k: &str| {
            attr_str(attrs, k)
                .is_none_or(|v| rime_runtime::value::parse_bool_word(&v) != Some(false))
        };
        Some(Accessor {
            type_name: attr_str(attrs, "type")
                .map(|t| t.trim().to_string())
                .filter(|t| is_word(t) && !t.eq_ignore_ascii_case("any")),
            getter: flag("getter"),
            setter: flag("setter"),
            fieldtype: attr_str(attrs, "fieldtype")
                .map(|t| t.trim().to_ascii_lowercase())
                .unwrap_or_default(),
            singular: attr_str(attrs, "singularName")
                .map(|t| t.trim().to_string())
                .filter(|t| is_word(t) && !t.contains('.'))
                .unwrap_or_else(|| name.clone()),
            keyed: attr_str(attrs, "type").is_some_and(|t| t.trim().eq_ignore_ascii_case("struct")),
            name,
        })
    }
}

/// The methods of a persistent component's relationship property: for a collection
/// `add<Singular>`, `remove<Singular>` and `has<Singular>` (with an object, or a key for a struct
/// collection; without one, whether it holds any), and `has<Name>()`; for a to-one `has<Name>()`.
fn relation_methods(p: &Accessor, src: &mut String) {
    let (n, s) = (&p.name, &p.singular);
    let v = format!("variables[\"{n}\"]");
    let load = lazy_load(n);
    match p.fieldtype.as_str() {
        "one-to-many" | "many-to-many" if p.keyed => {
            src.push_str(&format!(
                "function add{s}(required key, required obj) {{ {load}if (isNull({v}) || !isStruct({v})) {{ {v} = {{}}; }} {v}[arguments.key] = arguments.obj; }}\n\
                 function remove{s}(required key) {{ {load}if (!isNull({v})) {{ structDelete({v}, arguments.key); }} }}\n\
                 function has{s}(key) {{ {load}if (isNull({v})) {{ return false; }} if (isNull(arguments.key)) {{ return !structIsEmpty({v}); }} return structKeyExists({v}, arguments.key); }}\n"
            ));
        }
        "one-to-many" | "many-to-many" => {
            src.push_str(&format!(
                "function add{s}(required obj) {{ {load}if (isNull({v}) || !isArray({v})) {{ {v} = []; }} arrayAppend({v}, arguments.obj); }}\n\
                 function remove{s}(required obj) {{ {load}if (!isNull({v})) {{ for (var i = arrayLen({v}); i >= 1; i--) {{ if ({v}[i] === arguments.obj) {{ arrayDeleteAt({v}, i); }} }} }} }}\n\
                 function has{s}(obj) {{ {load}if (isNull({v})) {{ return false; }} if (isNull(arguments.obj)) {{ return arrayLen({v}) > 0; }} for (var x in {v}) {{ if (x === arguments.obj) {{ return true; }} }} return false; }}\n"
            ));
            if !s.eq_ignore_ascii_case(n) {
                src.push_str(&format!(
                    "function has{n}() {{ {load}return !isNull({v}) && (isArray({v}) ? arrayLen({v}) > 0 : true); }}\n"
                ));
            }
        }
        "many-to-one" | "one-to-one" => {
            src.push_str(&format!("function has{n}() {{ return !isNull({v}); }}\n"));
        }
        _ => {}
    }
}

/// The statement that reads a persistent collection still lazy (`rime.orm.LazyCollection`).
fn lazy_load(n: &str) -> String {
    format!(
        "if (isInstanceOf(variables[\"{n}\"] ?: \"\", \"rime.orm.LazyCollection\")) {{ variables[\"{n}\"] = variables[\"{n}\"].load(); }} "
    )
}

/// The accessor functions `accessors="true"` generates for a component's properties, compiled
/// once per compiled component (keyed by its code, which the cache keeps alive so the key can't
/// be reused); None when it generates none.
fn accessors(path: &str, proto: &Arc<FuncProto>) -> CfResult<Option<Arc<FuncProto>>> {
    type Generated = HashMap<usize, (Arc<FuncProto>, Option<Arc<FuncProto>>)>;
    static CACHE: OnceLock<Mutex<Generated>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::default()));
    let key = Arc::as_ptr(proto) as usize;
    if let Some((_, generated)) = cache.lock().get(&key) {
        return Ok(generated.clone());
    }
    let Some(decl) = &proto.component else {
        return Ok(None);
    };
    let persistent = attr_true(&decl.attrs, "persistent");
    let wants = attr_true(&decl.attrs, "accessors") || persistent;
    let props: Vec<Accessor> = decl
        .properties
        .iter()
        .filter_map(|p| Accessor::of(p))
        .collect();
    let mut src = String::from("<cfscript>");
    for p in props.iter().filter(|_| wants) {
        let n = &p.name;
        if p.getter {
            // A persistent collection not read yet is read on first use (`rime-stdlib` ORM).
            let load = if persistent && p.to_many() {
                lazy_load(n)
            } else {
                String::new()
            };
            src.push_str(&format!(
                "function get{n}() {{ {load}return variables[\"{n}\"] ?: nullValue(); }}\n"
            ));
        }
        if p.setter {
            let ty = p.type_name.as_deref().unwrap_or("any");
            src.push_str(&format!(
                "function set{n}({ty} {n}) {{ variables[\"{n}\"] = arguments[\"{n}\"]; return this; }}\n"
            ));
        }
    }
    // A persistent component's relationships get Lucee's `add`, `remove` and `has` methods.
    for p in props.iter().filter(|_| persistent) {
        relation_methods(p, &mut src);
    }
    src.push_str("</cfscript>");
    let generated = if src.len() > "<cfscript></cfscript>".len() {
        let code = rime_compiler::compile(path, &src).map_err(|_| {
            CfmlError::template(format!("could not generate accessors for [{path}]"))
        })?;
        Some(code)
    } else {
        None
    };
    cache.lock().insert(key, (proto.clone(), generated.clone()));
    Ok(generated)
}

impl Vm {
    /// `new name(args)` / `createObject("component", name)`.
    pub fn create_component(
        &mut self,
        name: &str,
        from: &str,
        args: Vec<Value>,
        names: Option<&[Option<Key>]>,
        call_init: bool,
        imports: &[ArcStr],
    ) -> CfResult<Value> {
        let found = self.host.resolve_component(&self.req.app, name, from);
        // Not found as written: try the packages the calling file imports.
        let found = match found {
            Err(e) if !name.contains('.') => imports
                .iter()
                .find_map(|pkg| {
                    self.host
                        .resolve_component(&self.req.app, &format!("{pkg}.{name}"), from)
                        .ok()
                })
                .ok_or(e),
            other => other,
        };
        let (path, fullname, proto) = found?;
        self.instantiate(&path, &fullname, &proto, args, names, call_init)
    }

    /// An instance of the component `proto` (its parents first), `init` called with `args`
    /// when `call_init`.
    pub(crate) fn instantiate(
        &mut self,
        path: &ArcStr,
        fullname: &str,
        proto: &Arc<FuncProto>,
        args: Vec<Value>,
        names: Option<&[Option<Key>]>,
        call_init: bool,
    ) -> CfResult<Value> {
        // Room for the methods (and accessors) at once, with some for a parent's: growing the
        // maps one method at a time rehashed them several times per instance.
        let room = proto
            .component
            .as_ref()
            .map_or(0, |d| proto.functions.len() + 2 * d.properties.len() + 8);
        let this = Struct::with_capacity(false, room);
        let variables = Struct::with_capacity(false, room);
        this.write().vars = Some(variables.clone());
        let (meta, _) = self.construct(path, fullname, proto, &variables, &this, 0)?;
        if meta.is_interface {
            return Err(CfmlError::application(format!(
                "the interface [{}] cannot be used as a component",
                meta.name
            )));
        }
        if meta.has_modifier("abstract") {
            return Err(CfmlError::application(format!(
                "you can't create an instance of the abstract component [{}]; create one of a component that extends it",
                meta.fullname
            )));
        }
        check_abstract_functions(&meta, &variables)?;
        check_interfaces(&meta, &this)?;
        this.write().meta = Some(meta);
        let instance = Value::Struct(this.clone());
        if !call_init {
            return Ok(instance);
        }
        if let Some(Value::Func(init)) = this.get("init") {
            let r = self.call_udf(&init, args, names, Some(instance.clone()))?;
            if !r.is_null() {
                return Ok(r);
            }
            return Ok(instance);
        }
        // No `init`: Lucee's implicit constructor calls the setter of each named argument (or
        // of each key of a single struct argument); other names are ignored.
        let pairs: Vec<(Key, Value)> = match (names, args.as_slice()) {
            (Some(names), _) => names
                .iter()
                .cloned()
                .zip(args)
                .filter_map(|(k, v)| Some((k?, v)))
                .collect(),
            (None, [Value::Struct(s)]) => s.entries(),
            _ => Vec::new(),
        };
        for (k, v) in pairs {
            if let Some(Value::Func(setter)) = this.get(&format!("set{}", k.as_str())) {
                self.call_udf(&setter, vec![v], None, Some(instance.clone()))?;
            }
        }
        Ok(instance)
    }

    /// Run a component file that is not looked up by name (`Application.cfc`) with its parents
    /// into `variables` and `this`; its metadata.
    pub(crate) fn construct_file(
        &mut self,
        proto: &Arc<FuncProto>,
        variables: &Struct,
        this: &Struct,
    ) -> CfResult<Arc<ComponentMeta>> {
        let path = proto.source.path.clone();
        let name = std::path::Path::new(path.as_str()).file_stem().map_or_else(
            || "Application".to_string(),
            |s| s.to_string_lossy().into_owned(),
        );
        self.construct(&path, &name, proto, variables, this, 0)
            .map(|(meta, _)| meta)
    }

    /// Run one level of a component (after its parents) into the shared scopes. Returns its
    /// metadata and the methods visible at this level (what a child sees as `super`).
    fn construct(
        &mut self,
        path: &ArcStr,
        fullname: &str,
        proto: &Arc<FuncProto>,
        variables: &Struct,
        this: &Struct,
        depth: usize,
    ) -> CfResult<(Arc<ComponentMeta>, Struct)> {
        let Some(decl) = &proto.component else {
            return Err(CfmlError::application(format!(
                "[{path}] is not a component"
            )));
        };
        if depth > MAX_EXTENDS_DEPTH {
            return Err(CfmlError::application(format!(
                "the component [{fullname}] extends itself (through its parents)"
            )));
        }
        let mut parent = None;
        let mut inherited = Struct::new();
        if let Some(ext) = attr_str(&decl.attrs, "extends").filter(|e| !e.trim().is_empty()) {
            if !decl.is_interface {
                let (ppath, pfull, pproto) =
                    self.host
                        .resolve_component(&self.req.app, ext.trim(), path)?;
                let pfull = beside_name(path, fullname, ext.trim(), &ppath).unwrap_or(pfull);
                let (pmeta, pmethods) =
                    self.construct(&ppath, &pfull, &pproto, variables, this, depth + 1)?;
                check_final(&pmeta, fullname, proto)?;
                parent = Some(pmeta);
                inherited = pmethods;
            }
        }
        let super_ = parent.as_ref().map(|_| inherited.clone());
        // The level's metadata is the instance's before its pseudo-constructor runs, which may
        // already hand `this` on as its declared type. In production the files never change:
        // one metadata per component level, parent and name (one file reached through two
        // mappings has two names).
        // By level and parent, then by name among the few names a file has (found without
        // building a key string on every instantiation).
        type Metas = HashMap<(usize, usize), (Arc<FuncProto>, Vec<Arc<ComponentMeta>>)>;
        static METAS: OnceLock<Mutex<Metas>> = OnceLock::new();
        let key = (
            Arc::as_ptr(proto) as usize,
            parent.as_ref().map_or(0, |p| Arc::as_ptr(p) as usize),
        );
        let production = self.host.production();
        let cached = production
            .then(|| {
                let metas = METAS.get_or_init(|| Mutex::new(HashMap::default()));
                // The parent's metadata is cached too, so its pointer is a stable key.
                metas.lock().get(&key).and_then(|(_, by_name)| {
                    by_name
                        .iter()
                        .find(|m| m.fullname.as_str() == fullname)
                        .cloned()
                })
            })
            .flatten();
        let meta = match cached {
            Some(m) => m,
            None => {
                let implements =
                    self.interfaces(attr_str(&decl.attrs, "implements"), path, depth)?;
                let meta = Arc::new(meta_of(
                    &proto.functions,
                    decl,
                    path.clone(),
                    ArcStr::from(fullname),
                    parent,
                    implements,
                ));
                if production {
                    let metas = METAS.get_or_init(|| Mutex::new(HashMap::default()));
                    let mut metas = metas.lock();
                    let entry = metas
                        .entry(key)
                        .or_insert_with(|| (proto.clone(), Vec::new()));
                    entry.1.push(meta.clone());
                }
                meta
            }
        };
        this.write().meta = Some(meta.clone());
        // Property defaults exist before the pseudo-constructor runs.
        for p in &decl.properties {
            if let (Some(Const::Str(name)), Some(d)) = (attr(p, "name"), attr(p, "default")) {
                variables.set(Key::new(name.clone()), Value::from(d));
            }
        }
        let generated = accessors(path, proto)?;
        if let Some(acc) = &generated {
            let mut frame = crate::run::Frame::new(acc.clone(), variables.clone());
            frame.this = Some(Value::Struct(this.clone()));
            frame.super_ = super_.clone();
            self.exec(&mut frame)?;
        }
        let statics = self.static_scope(path, proto)?;
        let mut frame = crate::run::Frame::new(proto.clone(), variables.clone());
        frame.this = Some(Value::Struct(this.clone()));
        frame.super_ = super_;
        frame.static_ = Some(statics);
        self.exec(&mut frame)?;
        // The methods visible at this level: the parent's, overridden by this level's (only a
        // child level, which sees them as `super`, asks for them).
        let visible = if depth > 0 {
            let visible = inherited.copy();
            let generated = generated.iter().flat_map(|g| g.functions.iter());
            for f in proto
                .functions
                .iter()
                .chain(generated)
                .filter(|f| !f.name.is_empty())
            {
                if let Some(v) = variables.get(&f.name) {
                    visible.set(Key::new(f.name.clone()), v);
                }
            }
            visible
        } else {
            inherited
        };
        Ok((meta, visible))
    }

    /// `Comp::x`: the static scope of the component `name` as seen from the template `from`.
    pub(crate) fn static_scope_of(&mut self, name: &str, from: &str) -> CfResult<Struct> {
        let (path, _, proto) = self.host.resolve_component(&self.req.app, name, from)?;
        self.static_scope(&path, &proto)
    }

    /// A component's static scope: one per component file for the host (`Host::component_statics`),
    /// created with its static functions and initialised by its `static {}` block on first use
    /// (again when the file is recompiled: the table keeps the compiled component it was built
    /// from, so a new compilation is never mistaken for it).
    fn static_scope(&mut self, path: &ArcStr, proto: &Arc<FuncProto>) -> CfResult<Struct> {
        let host = self.host.clone();
        let table = &host.component_statics().0;
        if let Some((built_from, s)) = table.lock().get(path.as_str()) {
            if Arc::ptr_eq(built_from, proto) {
                return Ok(s.clone());
            }
        }
        let scope = Struct::new();
        table
            .lock()
            .insert(path.to_string(), (proto.clone(), scope.clone()));
        let Some(decl) = &proto.component else {
            return Ok(scope);
        };
        for idx in &decl.static_functions {
            if let Some(f) = proto.functions.get(*idx as usize) {
                scope.set(
                    Key::new(f.name.clone()),
                    Value::Func(Arc::new(rime_runtime::Function {
                        proto: f.clone(),
                        captured: None,
                        variables: Some(rime_runtime::ScopeRef::Weak(scope.downgrade())),
                        super_: None,
                        static_: Some(scope.clone()),
                        this: None,
                    })),
                );
            }
        }
        if let Some(init) = decl
            .static_init
            .and_then(|i| proto.functions.get(i as usize))
        {
            let mut frame = crate::run::Frame::new(init.clone(), scope.clone());
            frame.static_ = Some(scope.clone());
            self.exec(&mut frame)?;
        }
        Ok(scope)
    }

    /// `getComponentMetadata(name)`: a component's metadata from its declaration, without
    /// creating an instance (no pseudo-constructor runs).
    pub(crate) fn declared_meta(
        &mut self,
        name: &str,
        from: &str,
        depth: usize,
    ) -> CfResult<Arc<ComponentMeta>> {
        if depth > MAX_EXTENDS_DEPTH {
            return Err(CfmlError::application(format!(
                "the component [{name}] extends itself (through its parents)"
            )));
        }
        let (path, fullname, proto) = self.host.resolve_component(&self.req.app, name, from)?;
        let Some(decl) = &proto.component else {
            return Err(CfmlError::application(format!(
                "[{name}] is not a component"
            )));
        };
        if decl.is_interface {
            return self.interface_meta(name, from, depth);
        }
        let extends = match attr_str(&decl.attrs, "extends").filter(|e| !e.trim().is_empty()) {
            Some(ext) => Some(self.declared_meta(ext.trim(), &path, depth + 1)?),
            None => None,
        };
        let implements = self.interfaces(attr_str(&decl.attrs, "implements"), &path, depth)?;
        Ok(Arc::new(meta_of(
            &proto.functions,
            decl,
            path.clone(),
            fullname.clone(),
            extends,
            implements,
        )))
    }

    /// The metadata of an interface (and the interfaces it extends).
    fn interface_meta(
        &mut self,
        name: &str,
        from: &str,
        depth: usize,
    ) -> CfResult<Arc<ComponentMeta>> {
        if depth > MAX_EXTENDS_DEPTH {
            return Err(CfmlError::application(format!(
                "the interface [{name}] extends itself"
            )));
        }
        let (path, fullname, proto) = self.host.resolve_component(&self.req.app, name, from)?;
        let decl = match &proto.component {
            Some(d) if d.is_interface => d,
            _ => {
                return Err(CfmlError::application(format!(
                    "[{name}] is not an interface"
                )))
            }
        };
        let parents = self.interfaces(attr_str(&decl.attrs, "extends"), &path, depth)?;
        Ok(Arc::new(meta_of(
            &proto.functions,
            decl,
            path.clone(),
            fullname.clone(),
            None,
            parents,
        )))
    }

    /// The interfaces named in an `implements` (or an interface's `extends`) list.
    fn interfaces(
        &mut self,
        list: Option<ArcStr>,
        from: &str,
        depth: usize,
    ) -> CfResult<Vec<Arc<ComponentMeta>>> {
        let Some(list) = list else {
            return Ok(Vec::new());
        };
        list.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|name| self.interface_meta(name, from, depth + 1))
            .collect()
    }

    /// A call of a method the component does not have: `onMissingMethod` if it defines one,
    /// else an error that says whether the method exists but is private.
    pub(crate) fn missing_method(
        &mut self,
        this: &Struct,
        meta: &ComponentMeta,
        key: &Key,
        args: Vec<Value>,
        names: Option<&[Option<Key>]>,
    ) -> CfResult<Value> {
        if let Some(Value::Func(omm)) = this.get("onMissingMethod") {
            let margs = Struct::with_flags(true);
            for (i, v) in args.into_iter().enumerate() {
                let k = names
                    .and_then(|n| n.get(i))
                    .and_then(|n| n.clone())
                    .unwrap_or_else(|| Key::new((i + 1).to_string()));
                // An argument collection passes its keys on as the arguments themselves.
                match v {
                    Value::Struct(coll)
                        if k.as_str().eq_ignore_ascii_case("argumentCollection") =>
                    {
                        for (ck, cv) in coll.entries() {
                            margs.set(ck, cv);
                        }
                    }
                    v => margs.set(k, v),
                }
            }
            return self.call_udf(
                &omm,
                vec![Value::from(key.as_str()), Value::Struct(margs)],
                None,
                Some(Value::Struct(this.clone())),
            );
        }
        let private = meta_chain_has_private(meta, key.as_str());
        Err(CfmlError::expression(if private {
            format!(
                "the function [{}] of the component [{}] is private and can't be called from outside",
                key.as_str(),
                meta.fullname
            )
        } else {
            format!(
                "the component [{}] has no function with name [{}]",
                meta.fullname,
                key.as_str()
            )
        }))
    }
}

fn meta_chain_has_private(meta: &ComponentMeta, name: &str) -> bool {
    meta.chain().flat_map(|m| m.functions.iter()).any(|f| {
        f.name.eq_ignore_ascii_case(name)
            && f.access
                .as_deref()
                .is_some_and(|a| a.eq_ignore_ascii_case("private"))
    })
}

/// A `final` component can't be extended, and a `final` function can't be overridden.
fn check_final(parent: &ComponentMeta, child: &str, proto: &FuncProto) -> CfResult<()> {
    if parent.has_modifier("final") {
        return Err(CfmlError::application(format!(
            "the component [{child}] can't extend the final component [{}]",
            parent.fullname
        )));
    }
    for f in proto.functions.iter().filter(|f| !f.name.is_empty()) {
        let fin = parent.chain().find(|m| {
            m.functions
                .iter()
                .any(|pf| pf.name.eq_ignore_ascii_case(&f.name) && has_modifier(&pf.attrs, "final"))
        });
        if let Some(m) = fin {
            return Err(CfmlError::application(format!(
                "the function [{}] of the component [{}] is final and can't be overridden by the component [{child}]",
                f.name, m.fullname
            )));
        }
    }
    Ok(())
}

/// Every `abstract function` of the chain must have a concrete implementation on the instance.
fn check_abstract_functions(meta: &ComponentMeta, variables: &Struct) -> CfResult<()> {
    for level in meta.chain() {
        for f in level
            .functions
            .iter()
            .filter(|f| has_modifier(&f.attrs, "abstract"))
        {
            let implemented = matches!(variables.get(&f.name),
                Some(Value::Func(g)) if !has_modifier(&g.proto.attrs, "abstract"));
            if !implemented {
                return Err(CfmlError::application(format!(
                    "the component [{}] must implement the abstract function [{}] of the component [{}]",
                    meta.fullname, f.name, level.fullname
                )));
            }
        }
    }
    Ok(())
}

/// Every function of every implemented interface must exist on the instance.
fn check_interfaces(meta: &ComponentMeta, this: &Struct) -> CfResult<()> {
    fn walk(iface: &ComponentMeta, comp: &ComponentMeta, this: &Struct) -> CfResult<()> {
        for f in &iface.functions {
            if !matches!(this.get(&f.name), Some(Value::Func(_))) {
                return Err(CfmlError::application(format!(
                    "the component [{}] does not implement the function [{}] of the interface [{}]",
                    comp.fullname, f.name, iface.fullname
                )));
            }
        }
        for parent in &iface.implements {
            walk(parent, comp, this)?;
        }
        Ok(())
    }
    for m in meta.chain() {
        for i in &m.implements {
            walk(i, meta, this)?;
        }
    }
    Ok(())
}

/// The name of a parent `extends` found beside its child (`extends="Class2"` in
/// `tests/resources/Class1.cfc`): in the child's package, as Lucee names a component after the
/// page source it was loaded through (the child created as `tests.resources.Class1` has the
/// parent `tests.resources.Class2`, whichever mappings also hold the folder). None when the
/// parent was found elsewhere (from the root or through a mapping: named by that path).
fn beside_name(child: &str, child_name: &str, ext: &str, parent: &str) -> Option<ArcStr> {
    if ext.contains('/') || ext.contains('\\') {
        return None;
    }
    // `parent` is the child's folder, then `ext` with its dots as separators, then `.cfc`.
    let dir = &child[..child.rfind(['/', '\\'])? + 1];
    let rest = parent
        .get(..dir.len())
        .filter(|d| d.eq_ignore_ascii_case(dir))
        .map(|_| &parent[dir.len()..])?;
    let file = rest
        .strip_suffix(".cfc")
        .or_else(|| rest.strip_suffix(".CFC"))?;
    let same = file.len() == ext.len()
        && file
            .bytes()
            .zip(ext.bytes())
            .all(|(f, e)| f.eq_ignore_ascii_case(&e) || (e == b'.' && (f == b'/' || f == b'\\')));
    if !same {
        return None;
    }
    // The file's own spelling (a file system may have matched another case).
    let mut name = String::with_capacity(child_name.len() + file.len() + 1);
    if let Some((package, _)) = child_name.rsplit_once('.') {
        name.push_str(package);
        name.push('.');
    }
    name.extend(
        file.chars()
            .map(|c| if c == '/' || c == '\\' { '.' } else { c }),
    );
    Some(ArcStr::from(name))
}

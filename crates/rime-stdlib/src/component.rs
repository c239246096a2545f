//! Component functions: creation, type checks, metadata and dynamic invocation.

use rime_runtime::registry::{def, opt, req, Args, BuiltinDef};
use rime_runtime::Ctx;
use rime_runtime::{Array, CfResult, CfmlError, ComponentMeta, Key, Struct, Value};

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "createObject",
        &[req("type"), opt("className"), opt("context")],
        create_object,
    )
    .variadic(),
    def(
        "isInstanceOf",
        &[req("object"), req("typeName")],
        is_instance_of,
    ),
    def("getMetadata", &[req("object")], get_metadata),
    def("getComponentMetadata", &[req("path")], |ctx, a| {
        // An instance gives its own component's metadata (Lucee).
        if let Value::Struct(s) = a.val(0)? {
            if let Some(m) = s.component() {
                return Ok(Value::Struct(meta_struct(&m)));
            }
        }
        let name = a.str(0)?.into_owned();
        let meta = ctx.component_metadata(&name)?;
        Ok(Value::Struct(meta_struct(&meta)))
    }),
    def(
        "invoke",
        &[req("instance"), req("methodName"), opt("arguments")],
        invoke,
    ),
    def("isObject", &[req("value")], is_object),
    def(
        "createDynamicProxy",
        &[req("cfc"), req("interfaces")],
        |ctx, a| rime_java::dynamic_proxy(ctx, a.val(0)?, a.val(1)?),
    ),
];

/// `createObject("component", "path", args...)` or `createObject("path")` (Lucee's short form).
/// `createObject("java", class)` gives one of the Java classes `rime-java` provides; COM, .NET
/// and web-service objects do not exist in Rime: a clear, catchable error.
fn create_object(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let first = a.str(0)?;
    let (kind, name, rest) = match a.get(1) {
        Some(n) => (first.to_ascii_lowercase(), n.to_str()?.into_owned(), 2),
        None => ("component".to_string(), first.into_owned(), 1),
    };
    match kind.as_str() {
        "component" | "cfc" => {
            let args: Vec<Value> = a.rest(rest).cloned().collect();
            ctx.create_object(&name, args)
        }
        // The Java classes Rime implements natively (rime-java).
        "java" => rime_java::create(&name),
        other => Err(CfmlError::new(
            "object",
            format!("createObject of type [{other}] is not supported by Rime"),
        )),
    }
}

fn is_object(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    // A component instance or a Java object.
    Ok(Value::Bool(match a.val(0)? {
        Value::Struct(s) => s.component().is_some(),
        Value::Native(_) => true,
        _ => false,
    }))
}

fn is_instance_of(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let t = a.str(1)?;
    Ok(Value::Bool(match a.val(0)? {
        Value::Struct(s) if s.component().is_some() => {
            s.component().is_some_and(|m| m.is_instance_of(&t))
        }
        // Other values are Java objects in Lucee: their classes and interfaces.
        other => rime_java::is_instance_of(other, &t),
    }))
}

fn invoke(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let method = a.str(1)?.into_owned();
    let args = a.raw(2).cloned().unwrap_or_default();
    ctx.invoke(a.val(0)?, &method, args)
}

fn get_metadata(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    match a.val(0)? {
        Value::Struct(s) => match s.component() {
            Some(m) => Ok(Value::Struct(meta_struct(&m))),
            None => Ok(Value::from("struct")),
        },
        Value::Func(f) => Ok(Value::Struct(function_struct(&f.proto))),
        // A query's columns (Lucee): name, type, and that names are not case-sensitive.
        Value::Query(q) => {
            let cols = Array::new();
            for c in &q.read().columns {
                let col = Struct::with_flags(true);
                col.set(Key::new("isCaseSensitive"), Value::Bool(false));
                col.set(Key::new("name"), Value::Str(c.name.arc().clone()));
                let ty = if c.type_name.is_empty() {
                    "OBJECT".to_string()
                } else {
                    c.type_name.to_ascii_uppercase()
                };
                col.set(Key::new("typeName"), Value::from(ty));
                cols.push(Value::Struct(col));
            }
            Ok(Value::Array(cols))
        }
        // A Java object's class, as Lucee's `getMetadata` gives.
        Value::Native(n) => Ok(rime_java::class_of(n)),
        other => Ok(Value::from(other.type_name())),
    }
}

fn function_struct(f: &rime_bytecode::FuncProto) -> Struct {
    let s = Struct::with_flags(true);
    s.set(Key::new("name"), Value::Str(f.name.clone()));
    s.set(
        Key::new("access"),
        Value::from(f.access.as_deref().unwrap_or("public")),
    );
    s.set(
        Key::new("returntype"),
        Value::from(f.return_type.as_deref().unwrap_or("any")),
    );
    let params = Array::new();
    for p in &f.params {
        let ps = Struct::with_flags(true);
        ps.set(Key::new("name"), Value::Str(p.name.arc().clone()));
        ps.set(Key::new("required"), Value::Bool(p.required));
        ps.set(
            Key::new("type"),
            Value::from(p.type_name.as_deref().unwrap_or("any")),
        );
        if let Some(d) = &p.default {
            ps.set(Key::new("default"), Value::from(d));
        }
        for (k, c) in &p.attrs {
            ps.set(k.clone(), Value::from(c));
        }
        params.push(Value::Struct(ps));
    }
    s.set(Key::new("parameters"), Value::Array(params));
    for (k, c) in &f.attrs {
        if !s.contains(k.as_str()) {
            // `output` is a boolean in Lucee's metadata.
            let v = match c {
                rime_bytecode::Const::Str(t) if k.as_str().eq_ignore_ascii_case("output") => {
                    match t.to_ascii_lowercase().as_str() {
                        "true" | "yes" => Value::Bool(true),
                        "false" | "no" => Value::Bool(false),
                        _ => Value::from(c),
                    }
                }
                _ => Value::from(c),
            };
            s.set(k.clone(), v);
        }
    }
    s
}

/// Lucee's `getMetadata(component)` shape: name, fullname, path, type, extends, implements,
/// functions, properties, and the component's own attributes.
fn meta_struct(m: &ComponentMeta) -> Struct {
    let s = Struct::with_flags(true);
    s.set(Key::new("name"), Value::Str(m.fullname.clone()));
    s.set(Key::new("fullname"), Value::Str(m.fullname.clone()));
    s.set(Key::new("path"), Value::Str(m.path.clone()));
    s.set(
        Key::new("type"),
        Value::from(if m.is_interface {
            "interface"
        } else {
            "component"
        }),
    );
    for (k, v) in &m.attrs {
        if !s.contains(k.as_str()) {
            s.set(k.clone(), v.clone());
        }
    }
    let funcs = Array::new();
    for f in &m.functions {
        funcs.push(Value::Struct(function_struct(f)));
    }
    s.set(Key::new("functions"), Value::Array(funcs));
    let props = Array::new();
    for p in &m.properties {
        let ps = Struct::with_flags(true);
        for (k, v) in p {
            ps.set(k.clone(), v.clone());
        }
        props.push(Value::Struct(ps));
    }
    s.set(Key::new("properties"), Value::Array(props));
    if let Some(parent) = &m.extends {
        s.set(Key::new("extends"), Value::Struct(meta_struct(parent)));
    }
    if !m.implements.is_empty() {
        let imp = Struct::with_flags(true);
        for i in &m.implements {
            imp.set(Key::new(i.fullname.clone()), Value::Struct(meta_struct(i)));
        }
        // An interface's parents are its `extends`, keyed by name as `implements` is (Lucee).
        let key = if m.is_interface {
            "extends"
        } else {
            "implements"
        };
        s.set(Key::new(key), Value::Struct(imp));
    }
    s
}

//! Struct functions (`structNew`, `structKeyExists`, `structAppend`, `structEach`...) and members.
//!
//! Structs are shared by reference and keep insertion order. Callbacks run without any lock
//! held (they may modify the struct they iterate). Lucee's member chaining (the member form
//! returns the receiver) applies to structAppend, structClear, structDelete, structEach,
//! structInsert and structUpdate; the VM handles that, these functions return `true`.

use crate::array::{
    call_bool, compare_by, ordering_of, parse_sort_desc, parse_sort_type, try_sort, values_equal,
};
use rime_runtime::key::Key;
use rime_runtime::{
    def, opt, req, Args, Array, BuiltinDef, CfResult, CfmlError, Ctx, MemberType, Struct, Value,
};

use MemberType::Struct as S;

/// Lucee's names for the struct argument: `struct`, `structure` or `object`.
const STRUCT_ALIASES: &[&str] = &["struct", "object"];

pub static FUNCTIONS: &[BuiltinDef] = &[
    def("structNew", &[opt("type")], struct_new),
    def("struct", &[], struct_of_named).any_named().variadic(),
    def(
        "structCount",
        &[req("structure").alias(STRUCT_ALIASES)],
        struct_count,
    )
    .members(&[(S, "len"), (S, "count")]),
    def(
        "structKeyExists",
        &[req("structure").alias(STRUCT_ALIASES), req("key")],
        struct_key_exists,
    )
    .members(&[(S, "keyExists")]),
    def(
        "structKeyList",
        &[req("structure").alias(STRUCT_ALIASES), opt("delimiter")],
        struct_key_list,
    )
    .members(&[(S, "keyList")]),
    def(
        "structKeyArray",
        &[req("structure").alias(STRUCT_ALIASES)],
        struct_key_array,
    )
    .members(&[(S, "keyArray")]),
    def(
        "structValueArray",
        &[req("structure").alias(STRUCT_ALIASES)],
        struct_value_array,
    )
    .members(&[(S, "valueArray")]),
    def(
        "structInsert",
        &[
            req("structure").alias(STRUCT_ALIASES),
            req("key"),
            req("value"),
            opt("allowoverwrite"),
        ],
        struct_insert,
    )
    .chain()
    .members(&[(S, "insert")]),
    def(
        "structUpdate",
        &[
            req("structure").alias(STRUCT_ALIASES),
            req("key"),
            req("value"),
        ],
        struct_update,
    )
    .chain()
    .members(&[(S, "update")]),
    def(
        "structDelete",
        &[
            req("structure").alias(STRUCT_ALIASES),
            req("key"),
            opt("indicateNotExisting"),
        ],
        struct_delete,
    )
    .chain()
    .members(&[(S, "delete")]),
    def(
        "structClear",
        &[req("structure").alias(STRUCT_ALIASES)],
        struct_clear,
    )
    .chain()
    .members(&[(S, "clear")]),
    def(
        "structAppend",
        &[req("struct1"), req("struct2"), opt("overwriteFlag")],
        struct_append,
    )
    .chain()
    .members(&[(S, "append")]),
    def(
        "structCopy",
        &[req("structure").alias(STRUCT_ALIASES)],
        struct_copy,
    )
    .members(&[(S, "copy")]),
    def(
        "structFind",
        &[
            req("structure").alias(STRUCT_ALIASES),
            req("key"),
            opt("defaultValue"),
        ],
        struct_find,
    )
    .members(&[(S, "find")]),
    def(
        "structFindKey",
        &[req("top"), req("value"), opt("scope")],
        struct_find_key,
    )
    .members(&[(S, "findKey")]),
    def(
        "structFindValue",
        &[req("top"), req("value"), opt("scope")],
        struct_find_value,
    )
    .members(&[(S, "findValue")]),
    def(
        "structIsEmpty",
        &[req("structure").alias(STRUCT_ALIASES)],
        struct_is_empty,
    )
    .members(&[(S, "isEmpty")]),
    def("structGet", &[req("path")], struct_get).by_name(),
    def(
        "structKeyTranslate",
        &[
            req("structure").alias(STRUCT_ALIASES),
            opt("deepTranslation"),
            opt("leaveOriginalKey"),
        ],
        struct_key_translate,
    )
    .members(&[(S, "keyTranslate")]),
    def(
        "structSort",
        &[
            req("struct"),
            opt("sortType"),
            opt("sortOrder"),
            opt("path"),
            opt("localeSensitive"),
        ],
        struct_sort,
    )
    .members(&[(S, "sort")]),
    def(
        "structEach",
        &[
            req("struct"),
            req("callback"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        struct_each,
    )
    .chain()
    .members(&[(S, "each")]),
    def(
        "structMap",
        &[
            req("struct"),
            req("callback"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        struct_map,
    )
    .members(&[(S, "map")]),
    def(
        "structFilter",
        &[
            req("struct"),
            req("callback"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        struct_filter,
    )
    .members(&[(S, "filter")]),
    def(
        "structReduce",
        &[req("struct"), req("callback"), opt("initialValue")],
        struct_reduce,
    )
    .members(&[(S, "reduce")]),
    def(
        "structSome",
        &[
            req("struct"),
            req("callback"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        struct_some,
    )
    .members(&[(S, "some")]),
    def(
        "structEvery",
        &[
            req("struct"),
            req("closure"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        struct_every,
    )
    .members(&[(S, "every")]),
];

/// Lucee's error for a missing key.
pub(crate) fn missing_key(key: &str, s: &Struct) -> Box<CfmlError> {
    let keys: Vec<String> = s.keys().iter().map(|k| k.as_str().to_string()).collect();
    CfmlError::expression(format!("key [{key}] doesn't exist"))
        .with_detail(format!("keys existing are [{}]", keys.join(",")))
}

fn key_arg(args: &Args, i: usize) -> CfResult<String> {
    let v = args.val(i)?;
    if !v.is_simple() {
        return Err(CfmlError::expression(format!(
            "Can't cast Complex Object Type {} to String (a struct key)",
            v.type_name()
        )));
    }
    Ok(v.to_str()?.into_owned())
}

fn struct_new(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let ty = args.str_or(0, "normal")?.trim().to_ascii_lowercase();
    match ty.as_str() {
        // Weak/soft/synchronized are memory or locking flavours of a normal struct; Rime's
        // structs are always thread-safe and strongly held.
        "" | "normal" | "weak" | "soft" | "synchronized" | "sync" => Ok(Value::Struct(Struct::new())),
        "ordered" | "linked" => Ok(Value::Struct(Struct::with_flags(true))),
        "casesensitive" | "ordered-casesensitive" => Err(CfmlError::expression(format!(
            "Struct type [{ty}] is not supported by Rime: struct keys are always case-insensitive"
        ))),
        other => Err(CfmlError::expression(format!(
            "Invalid struct type [{other}], valid types are [normal, ordered, linked, weak, soft, synchronized]"
        ))),
    }
}

/// `struct(name: value, ...)` (Lucee): a struct of the named arguments, in call order.
fn struct_of_named(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let out = Struct::new();
    match args.get(0) {
        None => {}
        Some(Value::Struct(named)) => {
            for (k, v) in named.entries() {
                out.set(k, v);
            }
        }
        Some(_) => {
            return Err(CfmlError::expression(
                "invalid argument for function struct, only named arguments are allowed like struct(name:\"value\",name2:\"value2\")",
            ))
        }
    }
    Ok(Value::Struct(out))
}

fn struct_count(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(args.structure(0)?.len()))
}

fn struct_key_exists(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    // A query's keys are its columns (Lucee casts it to a struct of columns).
    if let Some(Value::Query(q)) = args.get(0) {
        let name = args.str(1)?;
        return Ok(Value::Bool(q.read().column_index(name.trim()).is_some()));
    }
    let s = args.structure(0)?;
    let k = key_arg(args, 1)?;
    // A key holding null does not count as existing, as in Lucee.
    Ok(Value::Bool(s.get(&k).is_some_and(|v| !v.is_null())))
}

fn struct_key_list(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.structure(0)?;
    let delim = args.str_or(1, ",")?;
    let keys: Vec<String> = s.keys().iter().map(|k| k.as_str().to_string()).collect();
    Ok(Value::from(keys.join(delim.as_ref())))
}

fn struct_key_array(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.structure(0)?;
    Ok(Value::Array(Array::from_vec(
        s.keys()
            .into_iter()
            .map(|k| Value::Str(k.arc().clone()))
            .collect(),
    )))
}

fn struct_value_array(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.structure(0)?;
    Ok(Value::Array(Array::from_vec(
        s.entries().into_iter().map(|(_, v)| v).collect(),
    )))
}

fn struct_insert(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.structure(0)?;
    let k = key_arg(args, 1)?;
    let v = args.val(2)?.clone();
    if !args.bool_or(3, false)? && s.contains(&k) {
        return Err(CfmlError::expression(format!(
            "The key [{k}] already exists."
        )));
    }
    s.set(Key::new(k.as_str()), v);
    Ok(Value::Bool(true))
}

fn struct_update(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.structure(0)?;
    let k = key_arg(args, 1)?;
    if !s.contains(&k) {
        return Err(missing_key(&k, s));
    }
    s.set(Key::new(k.as_str()), args.val(2)?.clone());
    Ok(Value::Bool(true))
}

fn struct_delete(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.structure(0)?;
    let k = key_arg(args, 1)?;
    let existed = s.remove(&k).is_some();
    if args.bool_or(2, false)? {
        return Ok(Value::Bool(existed));
    }
    Ok(Value::Bool(true))
}

fn struct_clear(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    args.structure(0)?.clear();
    Ok(Value::Bool(true))
}

fn struct_append(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let dest = args.structure(0)?;
    let src = args.structure(1)?;
    let overwrite = args.bool_or(2, true)?;
    // Entries are copied out first: appending a struct to itself must not deadlock. Without
    // overwrite, a key holding null is filled as a missing one is (Lucee).
    for (k, v) in src.entries() {
        if overwrite || dest.get(k.as_str()).is_none_or(|d| d.is_null()) {
            dest.set(k, v);
        }
    }
    Ok(Value::Bool(true))
}

fn struct_copy(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Struct(args.structure(0)?.copy()))
}

fn struct_find(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.structure(0)?;
    let k = key_arg(args, 1)?;
    match s.get(&k) {
        Some(v) if !v.is_null() => Ok(v),
        _ => match args.raw(2) {
            Some(d) => Ok(d.clone()),
            None => Err(missing_key(&k, s)),
        },
    }
}

fn parse_scope(args: &Args, i: usize) -> CfResult<bool> {
    match args.str_or(i, "one")?.trim().to_ascii_lowercase().as_str() {
        "one" | "" => Ok(false),
        "all" => Ok(true),
        other => Err(CfmlError::expression(format!(
            "Invalid scope [{other}], valid values are [one, all]"
        ))),
    }
}

/// Depth limit for the deep searches, so a struct that contains itself cannot loop forever.
const MAX_DEPTH: usize = 64;

/// Walk `top` depth-first, calling `visit(owner, key, value, path)` for every struct entry;
/// array elements are walked but only struct entries are visited. Stops when `visit` says so.
fn walk(
    v: &Value,
    path: &str,
    depth: usize,
    visit: &mut dyn FnMut(&Value, &Key, &Value, &str) -> CfResult<bool>,
) -> CfResult<bool> {
    if depth > MAX_DEPTH {
        return Ok(true);
    }
    match v {
        Value::Struct(s) => {
            for (k, child) in s.entries() {
                let p = format!("{path}.{}", k.as_str());
                if !visit(v, &k, &child, &p)? {
                    return Ok(false);
                }
                if !walk(&child, &p, depth + 1, visit)? {
                    return Ok(false);
                }
            }
        }
        Value::Array(a) => {
            for (i, child) in a.to_vec().iter().enumerate() {
                let p = format!("{path}[{}]", i + 1);
                if !walk(child, &p, depth + 1, visit)? {
                    return Ok(false);
                }
            }
        }
        _ => {}
    }
    Ok(true)
}

fn top_arg(args: &Args) -> CfResult<&Value> {
    let v = args.val(0)?;
    if matches!(v, Value::Struct(_) | Value::Array(_)) {
        Ok(v)
    } else {
        Err(CfmlError::expression(format!(
            "Argument top of [{}] must be a struct or an array, got {}",
            args.fname,
            v.type_name()
        )))
    }
}

fn struct_find_key(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let top = top_arg(args)?;
    let name = args.str(1)?.into_owned();
    let all = parse_scope(args, 2)?;
    let out = Array::new();
    walk(top, "", 0, &mut |owner, k, v, path| {
        if rime_runtime::key::eq_fold(k.as_str(), &name) {
            let r = Struct::with_flags(true);
            r.set_str("value", v.clone());
            r.set_str("path", Value::from(path));
            r.set_str("owner", owner.clone());
            out.push(Value::Struct(r));
            return Ok(all);
        }
        Ok(true)
    })?;
    Ok(Value::Array(out))
}

fn struct_find_value(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let top = top_arg(args)?;
    let needle = args.val(1)?.clone();
    if !needle.is_simple() {
        return Err(CfmlError::expression(
            "The value to search for with structFindValue must be a simple value",
        ));
    }
    let all = parse_scope(args, 2)?;
    let out = Array::new();
    walk(top, "", 0, &mut |owner, k, v, path| {
        if v.is_simple() && values_equal(v, &needle, false) {
            let r = Struct::with_flags(true);
            r.set_str("key", Value::Str(k.arc().clone()));
            r.set_str("owner", owner.clone());
            r.set_str("path", Value::from(path));
            out.push(Value::Struct(r));
            return Ok(all);
        }
        Ok(true)
    })?;
    Ok(Value::Array(out))
}

fn struct_is_empty(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Bool(args.structure(0)?.is_empty()))
}

/// structGet: the value at a dotted path, creating missing levels as empty structs.
fn struct_get(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let path = args.str(0)?.trim().to_string();
    if path.is_empty() {
        return Err(CfmlError::expression(
            "The path of structGet must not be empty",
        ));
    }
    let parts: Vec<&str> = path.split('.').collect();
    for i in 1..=parts.len() {
        let prefix = parts.get(..i).map(|p| p.join(".")).unwrap_or_default();
        match ctx.lookup(&prefix) {
            Some(_) => {}
            None => ctx.assign(&prefix, Value::Struct(Struct::new()))?,
        }
    }
    ctx.lookup(&path)
        .ok_or_else(|| CfmlError::expression(format!("Can't create the struct at path [{path}]")))
}

/// structKeyTranslate: every key holding a dot (`"a.b.c"`) becomes nested structs (`a` ->
/// `b` -> `c`), merged into structs already at those keys; a value that is not a struct in the
/// way is replaced by a new struct. With `deepTranslation`, structs nested in values (also
/// inside arrays) are translated too; with `leaveOriginalKey`, the dotted key stays as well.
/// Returns how many keys were translated.
fn struct_key_translate(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.structure(0)?;
    let deep = args.bool_or(1, false)?;
    let leave = args.bool_or(2, false)?;
    Ok(Value::from(translate_keys(s, deep, leave, 0)))
}

fn translate_keys(s: &Struct, deep: bool, leave: bool, depth: usize) -> usize {
    if depth > MAX_DEPTH {
        return 0;
    }
    let mut count = 0;
    for (k, v) in s.entries() {
        if deep {
            count += translate_nested(&v, leave, depth + 1);
        }
        let key = k.as_str();
        if !key.contains('.') {
            continue;
        }
        count += 1;
        let value = if leave { v } else { s.remove(key).unwrap_or(v) };
        let mut parts: Vec<&str> = key.split('.').collect();
        let leaf = parts.pop().unwrap_or_default();
        let mut target = s.clone();
        for part in parts {
            let next = match target.get(part) {
                Some(Value::Struct(child)) => child,
                _ => {
                    let child = Struct::new();
                    target.set(Key::new(part), Value::Struct(child.clone()));
                    child
                }
            };
            target = next;
        }
        target.set(Key::new(leaf), value);
    }
    count
}

fn translate_nested(v: &Value, leave: bool, depth: usize) -> usize {
    if depth > MAX_DEPTH {
        return 0;
    }
    match v {
        Value::Struct(s) => translate_keys(s, true, leave, depth),
        Value::Array(a) => a
            .to_vec()
            .iter()
            .map(|x| translate_nested(x, leave, depth + 1))
            .sum(),
        _ => 0,
    }
}

/// structSort: the keys ordered by their values (or by the value at a sub-path of each value).
fn struct_sort(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.structure(0)?;
    let entries = s.entries();
    let sorted = if let Some(f @ Value::Func(_)) = args.get(1) {
        try_sort(entries, &mut |x: &(Key, Value), y: &(Key, Value)| {
            ordering_of(&ctx.call(
                f,
                vec![
                    x.1.clone(),
                    y.1.clone(),
                    Value::Str(x.0.arc().clone()),
                    Value::Str(y.0.arc().clone()),
                ],
            )?)
        })?
    } else {
        let ty = parse_sort_type(&args.str_or(1, "text")?)?;
        let desc = parse_sort_desc(&args.str_or(2, "asc")?)?;
        let sub = args.str_or(3, "")?.trim().to_string();
        let mut keyed = Vec::with_capacity(entries.len());
        for (k, v) in entries {
            let sv = if sub.is_empty() {
                v
            } else {
                sub_path(&v, &sub, k.as_str())?
            };
            if !sv.is_simple() {
                return Err(CfmlError::expression(format!(
                    "Can't sort by the value of key [{}]: it is a complex value of type [{}]",
                    k.as_str(),
                    sv.type_name()
                )));
            }
            keyed.push((k, sv));
        }
        try_sort(keyed, &mut |x: &(Key, Value), y: &(Key, Value)| {
            let o = compare_by(&x.1, &y.1, ty)?;
            Ok(if desc { o.reverse() } else { o })
        })?
    };
    Ok(Value::Array(Array::from_vec(
        sorted
            .into_iter()
            .map(|(k, _)| Value::Str(k.arc().clone()))
            .collect(),
    )))
}

fn sub_path(v: &Value, path: &str, key: &str) -> CfResult<Value> {
    let mut cur = v.clone();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        cur = match &cur {
            Value::Struct(s) => s.get(part).ok_or_else(|| missing_key(part, s))?,
            other => {
                return Err(CfmlError::expression(format!(
                    "The value of key [{key}] is a {}, not a struct with the path [{path}]",
                    other.type_name()
                )))
            }
        };
    }
    Ok(cur)
}

fn cb_args(k: &Key, v: Value, s: &Struct) -> Vec<Value> {
    vec![Value::Str(k.arc().clone()), v, Value::Struct(s.clone())]
}

fn struct_each(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.structure(0)?;
    let f = args.func(1)?;
    for (k, v) in s.entries() {
        ctx.call(f, cb_args(&k, v, s))?;
    }
    Ok(Value::Null)
}

fn struct_map(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.structure(0)?;
    let f = args.func(1)?;
    let out = Struct::with_flags(s.read().ordered);
    for (k, v) in s.entries() {
        let r = ctx.call(f, cb_args(&k, v, s))?;
        out.set(k, r);
    }
    Ok(Value::Struct(out))
}

fn struct_filter(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.structure(0)?;
    let f = args.func(1)?;
    let out = Struct::with_flags(s.read().ordered);
    for (k, v) in s.entries() {
        if call_bool(ctx, f, cb_args(&k, v.clone(), s), "structFilter")? {
            out.set(k, v);
        }
    }
    Ok(Value::Struct(out))
}

fn struct_reduce(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.structure(0)?;
    let f = args.func(1)?;
    let mut acc = args.raw(2).cloned().unwrap_or_default();
    for (k, v) in s.entries() {
        acc = ctx.call(
            f,
            vec![
                acc,
                Value::Str(k.arc().clone()),
                v,
                Value::Struct(s.clone()),
            ],
        )?;
    }
    Ok(acc)
}

fn struct_some(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.structure(0)?;
    let f = args.func(1)?;
    for (k, v) in s.entries() {
        if call_bool(ctx, f, cb_args(&k, v, s), "structSome")? {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

fn struct_every(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.structure(0)?;
    let f = args.func(1)?;
    for (k, v) in s.entries() {
        if !call_bool(ctx, f, cb_args(&k, v, s), "structEvery")? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}

#[cfg(test)]
mod tests {
    use crate::array::test_support::*;
    use rime_runtime::{Struct, Value};

    fn ordered(pairs: &[(&str, Value)]) -> Value {
        let s = Struct::with_flags(true);
        for (k, v) in pairs {
            s.set_str(k, v.clone());
        }
        Value::Struct(s)
    }

    #[test]
    fn keys_and_updates() {
        let s = ordered(&[("a", n(1.0)), ("B", n(2.0))]);
        assert_eq!(s_("structKeyList", vec![s.clone()]), "a,B");
        assert_eq!(s_("structKeyList", vec![s.clone(), st("|")]), "a|B");
        assert_eq!(s_("structCount", vec![s.clone()]), "2");
        assert_eq!(s_("structKeyExists", vec![s.clone(), st("b")]), "true");
        assert_eq!(s_("structInsert", vec![s.clone(), st("A"), n(5.0)]), "ERR");
        assert_eq!(s_("structInsert", vec![s.clone(), st("c"), n(3.0)]), "true");
        assert_eq!(s_("structUpdate", vec![s.clone(), st("zz"), n(3.0)]), "ERR");
        assert_eq!(s_("structUpdate", vec![s.clone(), st("C"), n(4.0)]), "true");
        assert_eq!(s_("structFind", vec![s.clone(), st("c")]), "4");
        assert_eq!(
            s_("structFind", vec![s.clone(), st("q"), st("dflt")]),
            "dflt"
        );
        assert_eq!(
            s_("structDelete", vec![s.clone(), st("q"), Value::Bool(true)]),
            "false"
        );
        assert_eq!(s_("structDelete", vec![s.clone(), st("a")]), "true");
        assert_eq!(s_("structKeyList", vec![s.clone()]), "B,c");
        s_("structAppend", vec![s.clone(), s.clone()]);
        assert_eq!(s_("structCount", vec![s.clone()]), "2");
        let o = ordered(&[("c", n(9.0)), ("d", n(1.0))]);
        s_("structAppend", vec![s.clone(), o, Value::Bool(false)]);
        assert_eq!(s_("structKeyList", vec![s.clone()]), "B,c,d");
        assert_eq!(s_("structFind", vec![s.clone(), st("c")]), "4");
        assert_eq!(s_("structNew", vec![st("casesensitive")]), "ERR");
    }

    #[test]
    fn sort_and_find() {
        let s = ordered(&[("red", n(93.0)), ("yellow", n(90.0)), ("green", n(94.0))]);
        let r = call("structSort", vec![s.clone(), st("numeric"), st("desc")]).unwrap_or_default();
        assert_eq!(s_("arrayToList", vec![r]), "green,red,yellow");
        let inner = ordered(&[("lastName", st("Lennon"))]);
        let top = ordered(&[("p1", inner)]);
        let r = call("structFindKey", vec![top, st("lastname"), st("all")]).unwrap_or_default();
        let Value::Array(a) = r else {
            panic!("array expected")
        };
        let Some(Value::Struct(hit)) = a.get1(1) else {
            panic!("struct expected")
        };
        assert_eq!(
            hit.get("path")
                .map(|v| v.to_str().unwrap_or_default().into_owned()),
            Some(".p1.lastName".to_string())
        );
    }

    #[test]
    fn key_translate() {
        let inner = ordered(&[("x.y", n(1.0))]);
        let s = ordered(&[
            ("a.b.c", n(1.0)),
            ("a.d", n(2.0)),
            ("e", arr(std::slice::from_ref(&inner))),
            ("f", n(3.0)),
        ]);
        assert_eq!(s_("structKeyTranslate", vec![s.clone()]), "2");
        let json = |v: &Value| s_("serializeJSON", vec![v.clone()]);
        assert_eq!(
            json(&s),
            r#"{"e":[{"x.y":1}],"f":3,"a":{"b":{"c":1},"d":2}}"#
        );
        assert_eq!(
            s_("structKeyTranslate", vec![s.clone(), Value::Bool(true)]),
            "1"
        );
        assert_eq!(json(&inner), r#"{"x":{"y":1}}"#);
        let keep = ordered(&[("p.q", n(1.0)), ("p", st("scalar"))]);
        assert_eq!(
            s_(
                "structKeyTranslate",
                vec![keep.clone(), Value::Bool(false), Value::Bool(true)]
            ),
            "1"
        );
        assert_eq!(json(&keep), r#"{"p.q":1,"p":{"q":1}}"#);
    }

    fn s_(name: &str, args: Vec<Value>) -> String {
        s(name, args)
    }
}

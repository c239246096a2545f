//! `collectionEach`/`Map`/`Filter`/`Reduce`/`Some`/`Every` (and `each`, Lucee's older name of
//! `collectionEach`): one function over arrays, structs and queries.
//!
//! As in Lucee, each dispatches on the type of the collection to the matching `array*`,
//! `struct*` or `query*` function, so the callback receives what that function passes
//! (`item, index, array`; `key, value, struct`; `row, rowNumber, query`) and the result has the
//! same shape. The `arguments` scope is a struct here, as in Lucee. The positional arguments of
//! the collection functions line up with those of the functions they delegate to.

use rime_runtime::{def, opt, req, Args, BuiltinDef, CfResult, CfmlError, Ctx, Value};

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "collectionEach",
        &[req("collection"), req("closure")],
        collection_each,
    ),
    def(
        "collectionMap",
        &[
            req("collection"),
            req("closure"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        collection_map,
    ),
    def(
        "collectionFilter",
        &[
            req("collection"),
            req("filter"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        collection_filter,
    ),
    def(
        "collectionReduce",
        &[req("collection"), req("closure"), opt("initialValue")],
        collection_reduce,
    ),
    def(
        "collectionSome",
        &[
            req("collection"),
            req("closure"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        collection_some,
    ),
    def(
        "each",
        &[
            req("collection"),
            req("closure"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        each,
    ),
    def(
        "collectionEvery",
        &[
            req("collection"),
            req("closure"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        collection_every,
    ),
];

/// Call the function of `table` named `name` (exactly as registered) with the same arguments.
fn call_in(
    table: &'static [BuiltinDef],
    name: &str,
    ctx: &mut dyn Ctx,
    args: &Args,
) -> CfResult<Value> {
    let d = table.iter().find(|d| d.name == name).ok_or_else(|| {
        CfmlError::expression(format!(
            "[{}] can't delegate to the missing function [{name}]",
            args.fname
        ))
    })?;
    (d.func)(ctx, args)
}

/// Run the array, struct or query flavour of an operation (`"Each"`, `"Map"`...) according to
/// the type of the collection.
fn dispatch(op: &str, ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    match args.val(0)? {
        Value::Array(_) => call_in(crate::array::FUNCTIONS, &format!("array{op}"), ctx, args),
        Value::Struct(_) => call_in(crate::structs::FUNCTIONS, &format!("struct{op}"), ctx, args),
        Value::Query(_) => call_in(crate::query::FUNCTIONS, &format!("query{op}"), ctx, args),
        other => Err(CfmlError::expression(format!(
            "Invalid argument 1 of function [{}]: can't iterate over a value of type [{}], \
             only over an array, a struct or a query",
            args.fname,
            other.type_name()
        ))),
    }
}

fn collection_each(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    dispatch("Each", ctx, args)
}

/// `each(collection, closure [, parallel, maxThreads])`: Lucee's older name of
/// `collectionEach`; returns nothing. `parallel` and `maxThreads` go to the delegate, which (like
/// every closure function of Rime) visits the items one after another; the output comes in
/// order, as Lucee writes a parallel run's output.
fn each(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    dispatch("Each", ctx, args)?;
    Ok(Value::Null)
}

fn collection_map(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    dispatch("Map", ctx, args)
}

fn collection_filter(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    dispatch("Filter", ctx, args)
}

fn collection_reduce(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    dispatch("Reduce", ctx, args)
}

fn collection_some(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    dispatch("Some", ctx, args)
}

fn collection_every(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    dispatch("Every", ctx, args)
}

#[cfg(test)]
mod tests {
    use crate::array::test_support::*;
    use rime_runtime::{Struct, Value};

    #[test]
    fn every_target_exists() {
        for op in ["Each", "Map", "Filter", "Reduce", "Some", "Every"] {
            for (table, prefix) in [
                (crate::array::FUNCTIONS, "array"),
                (crate::structs::FUNCTIONS, "struct"),
                (crate::query::FUNCTIONS, "query"),
            ] {
                let name = format!("{prefix}{op}");
                assert!(table.iter().any(|d| d.name == name), "{name} is missing");
            }
        }
    }

    #[test]
    fn rejects_simple_values() {
        // The closure is never reached: the type check comes first.
        let f = st("not a function");
        assert_eq!(s("collectionEach", vec![st("a,b"), f.clone()]), "ERR");
        assert_eq!(s("collectionMap", vec![n(1.0), f]), "ERR");
    }

    #[test]
    fn delegates_by_type() {
        // Without a VM the unit-test context can't call closures, so a delegated call fails in
        // the target function's argument check (a string is not a function) for each type.
        let not_f = st("x");
        let coll = [
            arr(&[n(1.0)]),
            Value::Struct(Struct::new()),
            call("queryNew", vec![st("a")]).unwrap_or_default(),
        ];
        for c in coll {
            let e = call("collectionSome", vec![c, not_f.clone()]).err();
            assert!(e.is_some_and(|e| e.message.contains("must be a function")));
        }
    }
}

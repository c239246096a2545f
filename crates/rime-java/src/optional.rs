//! `java.util.Optional`: a value or nothing, with the closures CFML code passes standing for
//! Java's functional interfaces (`map`, `filter`, `orElseGet`, `ifPresent`).

use crate::values::java_equals;
use crate::{arg, java_error};
use rime_runtime::{CfResult, CfmlError, Ctx, Native, NativeObject, Value};

const C: &str = "java.util.Optional";

fn optional(v: Option<Value>) -> Value {
    Value::Native(Native::new(Optional(v.filter(|v| !v.is_null()))))
}

fn npe() -> Box<CfmlError> {
    java_error("java.lang.NullPointerException", "value is null")
}

pub(crate) fn optional_statics(
    _: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    Some(match name.to_ascii_lowercase().as_str() {
        "of" => arg(args, 0, C, name).and_then(|v| {
            if v.is_null() {
                Err(npe())
            } else {
                Ok(optional(Some(v.clone())))
            }
        }),
        "ofnullable" => Ok(optional(args.first().cloned())),
        "empty" => Ok(optional(None)),
        _ => return None,
    })
}

#[derive(Debug)]
struct Optional(Option<Value>);

/// The value an `Optional` holds, when `v` is one.
fn as_optional(v: &Value) -> Option<Option<Value>> {
    match v {
        Value::Native(n) if n.get().class_name() == C => {
            // Its `toString` is "Optional.empty" exactly when it holds nothing.
            let text = n.get().to_text()?;
            if text == "Optional.empty" {
                Some(None)
            } else {
                let mut ctx = crate::NoCtx;
                n.get().call(n, &mut ctx, "get", vec![]).ok().map(Some)
            }
        }
        _ => None,
    }
}

impl NativeObject for Optional {
    fn class_name(&self) -> &str {
        C
    }

    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        let m = name.to_ascii_lowercase();
        let f = |i: usize| arg(&args, i, C, name).cloned();
        match (m.as_str(), &self.0) {
            ("ispresent", v) => Ok(Value::Bool(v.is_some())),
            ("isempty", v) => Ok(Value::Bool(v.is_none())),
            ("get" | "orelsethrow" | "getasint" | "getaslong" | "getasdouble", Some(v))
                if m != "orelsethrow" || args.is_empty() =>
            {
                Ok(v.clone())
            }
            ("get" | "getasint" | "getaslong" | "getasdouble", None) | ("orelsethrow", None)
                if args.is_empty() =>
            {
                Err(java_error(
                    "java.util.NoSuchElementException",
                    "No value present",
                ))
            }
            ("orelsethrow", Some(v)) => Ok(v.clone()),
            // `orElseThrow(supplier)`: the supplier's exception is thrown.
            ("orelsethrow", None) => {
                let e = ctx.call(&f(0)?, vec![])?;
                let class = match &e {
                    Value::Native(n) => n.get().class_name().to_string(),
                    _ => "java.lang.RuntimeException".to_string(),
                };
                let msg = match &e {
                    Value::Native(n) => n
                        .get()
                        .call(n, ctx, "getMessage", vec![])
                        .ok()
                        .and_then(|m| m.to_str().ok().map(|s| s.into_owned()))
                        .unwrap_or_default(),
                    other => other.to_str().map(|s| s.into_owned()).unwrap_or_default(),
                };
                Err(java_error(&class, msg))
            }
            ("orelse", Some(v)) => Ok(v.clone()),
            ("orelse", None) => f(0),
            ("orelseget", Some(v)) => Ok(v.clone()),
            ("orelseget", None) => ctx.call(&f(0)?, vec![]),
            ("ifpresent", Some(v)) => {
                ctx.call(&f(0)?, vec![v.clone()])?;
                Ok(Value::Null)
            }
            ("ifpresent", None) => f(0).map(|_| Value::Null),
            ("ifpresentorelse", Some(v)) => {
                ctx.call(&f(0)?, vec![v.clone()])?;
                Ok(Value::Null)
            }
            ("ifpresentorelse", None) => {
                ctx.call(&f(1)?, vec![])?;
                Ok(Value::Null)
            }
            ("map", Some(v)) => Ok(optional(Some(ctx.call(&f(0)?, vec![v.clone()])?))),
            ("flatmap", Some(v)) => {
                let r = ctx.call(&f(0)?, vec![v.clone()])?;
                match as_optional(&r) {
                    Some(_) => Ok(r),
                    None if r.is_null() => Err(npe()),
                    None => Err(CfmlError::expression(
                        "java.util.Optional.flatMap(): the function must return an Optional",
                    )),
                }
            }
            ("filter", Some(v)) => {
                if ctx.call(&f(0)?, vec![v.clone()])?.to_bool()? {
                    Ok(Value::Native(this.clone()))
                } else {
                    Ok(optional(None))
                }
            }
            ("map" | "flatmap" | "filter", None) => f(0).map(|_| Value::Native(this.clone())),
            ("or", Some(_)) => Ok(Value::Native(this.clone())),
            ("or", None) => ctx.call(&f(0)?, vec![]),
            ("equals", _) => Ok(Value::Bool(match args.first().and_then(as_optional) {
                Some(other) => match (&self.0, &other) {
                    (None, None) => true,
                    (Some(a), Some(b)) => java_equals(a, b),
                    _ => false,
                },
                None => false,
            })),
            ("hashcode", v) => Ok(Value::Num(match v {
                None => 0.0,
                Some(Value::Str(s)) => crate::lang::java_string_hash(s) as f64,
                Some(other) => crate::lang::identity_hash(other),
            })),
            _ => crate::static_or_object(this, ctx, optional_statics, name, &args),
        }
    }

    fn to_text(&self) -> Option<String> {
        Some(match &self.0 {
            Some(v) => format!("Optional[{}]", crate::java_text(v)),
            None => "Optional.empty".to_string(),
        })
    }
}

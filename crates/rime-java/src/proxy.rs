//! `createDynamicProxy(component, interfaces)`: a Java object that implements the named
//! interfaces by calling the component's methods of the same names (Lucee). Executors run them
//! as `Callable`s and `Runnable`s.

use crate::no_method;
use rime_runtime::{Array, CfResult, CfmlError, Ctx, Native, NativeObject, Value};

/// The proxy of `target` (a component instance, or a component name to create) for
/// `interfaces` (an array or a comma list of Java interface names).
pub fn dynamic_proxy(ctx: &mut dyn Ctx, target: &Value, interfaces: &Value) -> CfResult<Value> {
    let target = match target {
        Value::Struct(s) if s.component().is_some() => target.clone(),
        Value::Str(name) => ctx.create_object(name, Vec::new())?,
        other => {
            return Err(CfmlError::expression(format!(
                "createDynamicProxy needs a component instance or name, not a {}",
                other.type_name()
            )))
        }
    };
    let interfaces: Vec<String> = match interfaces {
        Value::Array(a) => a
            .to_vec()
            .iter()
            .map(|v| v.to_str().map(|s| s.trim().to_string()))
            .collect::<CfResult<_>>()?,
        other => other
            .to_str()?
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect(),
    };
    if interfaces.is_empty() {
        return Err(CfmlError::expression(
            "createDynamicProxy needs at least one interface",
        ));
    }
    Ok(Value::Native(Native::new(Proxy { target, interfaces })))
}

#[derive(Debug)]
struct Proxy {
    target: Value,
    interfaces: Vec<String>,
}

impl NativeObject for Proxy {
    fn class_name(&self) -> &str {
        self.interfaces
            .first()
            .map_or("java.lang.Object", |s| s.as_str())
    }

    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        let has = match &self.target {
            Value::Struct(s) => s.get(name).is_some_and(|f| matches!(f, Value::Func(_))),
            _ => false,
        };
        if has {
            return ctx.invoke(&self.target, name, Value::Array(Array::from_vec(args)));
        }
        match name.to_ascii_lowercase().as_str() {
            "getinterfaces" => Ok(Value::Array(Array::from_vec(
                self.interfaces
                    .iter()
                    .map(|i| Value::from(i.as_str()))
                    .collect(),
            ))),
            "getclass" | "hashcode" | "equals" | "tostring" => {
                crate::object_method(this, name, &args)
            }
            _ => Err(no_method(self.class_name(), name)),
        }
    }

    fn implements(&self, name: &str) -> bool {
        self.interfaces.iter().any(|i| i.eq_ignore_ascii_case(name))
    }
}

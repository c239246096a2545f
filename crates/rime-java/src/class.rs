//! Class objects: what `createObject("java", name)` returns.

use crate::classes::{ClassDef, CLASSES};
use parking_lot::Mutex;
use rime_runtime::{CfResult, CfmlError, Ctx, Native, NativeObject, Value};

/// `createObject("java", name)`: the class, or an error naming a class Rime does not provide.
pub fn create(name: &str) -> CfResult<Value> {
    let def = CLASSES
        .iter()
        .find(|c| c.name == name.trim())
        .ok_or_else(|| {
            CfmlError::new(
                "object",
                format!(
                    "The Java class [{name}] is not available in Rime (it implements part of Java's API natively; see docs/compatibility.md)"
                ),
            )
        })?;
    Ok(Value::Native(Native::new(JavaClass {
        def,
        instance: Mutex::new(None),
    })))
}

/// The names of the classes Rime provides (docs/compatibility.md lists them).
pub fn class_names() -> impl Iterator<Item = &'static str> {
    CLASSES.iter().map(|c| c.name)
}

/// A class, with the instance Lucee creates on first use when an instance method is called on
/// the class itself (`createObject("java", "java.lang.StringBuilder").append("x")`).
#[derive(Debug)]
struct JavaClass {
    def: &'static ClassDef,
    instance: Mutex<Option<Value>>,
}

impl JavaClass {
    fn construct(&self, args: &[Value]) -> CfResult<Value> {
        match self.def.new {
            Some(new) => new(args),
            None => Err(CfmlError::expression(format!(
                "The Java class [{}] has no public constructor",
                self.def.name
            ))),
        }
    }
}

impl NativeObject for JavaClass {
    fn class_name(&self) -> &str {
        self.def.name
    }

    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        if name.eq_ignore_ascii_case("init") {
            return self.construct(&args);
        }
        if let Some(r) = (self.def.statics)(ctx, name, &args) {
            return r;
        }
        if name.eq_ignore_ascii_case("getName") && args.is_empty() {
            return Ok(Value::from(self.def.name));
        }
        if self.def.new.is_none() {
            return Err(crate::no_method(self.def.name, name));
        }
        let instance = {
            let mut slot = self.instance.lock();
            match &*slot {
                Some(v) => v.clone(),
                None => {
                    let v = self.construct(&[])?;
                    *slot = Some(v.clone());
                    v
                }
            }
        };
        let _ = this;
        crate::values::call_on(ctx, &instance, name, args)
    }

    fn field(&self, name: &str) -> Option<Value> {
        (self.def.fields)(name)
    }

    fn to_text(&self) -> Option<String> {
        Some(format!("class {}", self.def.name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_class_in_the_table_can_be_created() {
        for name in class_names() {
            match create(name) {
                Ok(Value::Native(n)) => assert_eq!(n.get().class_name(), name),
                other => panic!("{name}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_missing_class_is_an_error_naming_it() {
        match create("lucee.runtime.PageSourceImpl") {
            Err(e) => assert!(e.message.contains("lucee.runtime.PageSourceImpl")),
            Ok(v) => panic!("created {v:?}"),
        }
    }
}

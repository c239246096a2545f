//! `<cfinvoke>` and `<cfinvokeargument>`: its opening starts an argument collection, the
//! body's `<cfinvokeargument>`s add to it, its end makes the call.

use crate::ctx::CallCtx;
use crate::run::Frame;
use crate::Vm;
use rime_runtime::{CfResult, CfmlError, Key, Struct, Value};

impl Vm {
    /// `<cfinvokeargument name value>`: an argument of the enclosing `<cfinvoke>`.
    pub(super) fn op_invoke_argument(&mut self, a: &Struct) -> CfResult<()> {
        let name = a
            .get_text("name")?
            .ok_or_else(|| CfmlError::application("cfinvokeargument requires [name]"))?;
        let value = a.get("value").unwrap_or_default();
        match self.tags.invoke_args.last() {
            Some(args) => {
                args.set_str(&name, value);
                Ok(())
            }
            None => Err(CfmlError::application(
                "cfinvokeargument must be inside cfinvoke",
            )),
        }
    }

    /// `<cfinvoke component|object="..." method="..." returnVariable="..."
    /// argumentCollection="...">`: the arguments are `<cfinvokeargument>`s, then the tag's other
    /// attributes, then `argumentCollection` (earlier ones win).
    pub(crate) fn op_invoke_tag(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let args = self.tags.invoke_args.pop().unwrap_or_default();
        let method = a
            .get_text("method")?
            .ok_or_else(|| CfmlError::application("cfinvoke requires [method]"))?;
        let target = a
            .get("object")
            .or_else(|| a.get("component"))
            .unwrap_or_else(|| Value::from(""));
        const OWN: [&str; 5] = [
            "component",
            "object",
            "method",
            "returnvariable",
            "argumentcollection",
        ];
        let mut extra: Vec<(Key, Value)> = a
            .entries()
            .into_iter()
            .filter(|(k, _)| !OWN.iter().any(|o| k.as_str().eq_ignore_ascii_case(o)))
            .collect();
        if let Some(Value::Struct(coll)) = a.get("argumentcollection") {
            extra.extend(coll.entries());
        }
        for (k, v) in extra {
            if !args.contains(k.as_str()) {
                args.set(k, v);
            }
        }
        let mut ctx = CallCtx { vm: self, frame: f };
        let r = rime_runtime::CodeCtx::invoke(&mut ctx, &target, &method, Value::Struct(args))?;
        match a.get_text("returnvariable")? {
            Some(var) if !var.is_empty() => self.assign_var(f, &var, r),
            _ => Ok(()),
        }
    }
}

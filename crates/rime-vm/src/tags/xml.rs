//! `<cfxml>` (the body parsed as a document) and `<cfwddx>` (WDDX packets and their
//! JavaScript form).

use crate::ctx::CallCtx;
use crate::run::Frame;
use crate::Vm;
use rime_runtime::{CfResult, CfmlError, Struct, Value};

impl Vm {
    /// `<cfxml variable="x" casesensitive="false">`: the body's output parsed as a document.
    pub(crate) fn op_xml_tag(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let variable = a
            .get_text("variable")?
            .ok_or_else(|| CfmlError::application("cfxml requires the attribute [variable]"))?;
        let body = a.get_text("__body")?.unwrap_or_default();
        let case_sensitive = match a.get("casesensitive").filter(|v| !v.is_null()) {
            Some(v) => v.to_bool()?,
            None => false,
        };
        let doc = rime_stdlib::xml::parse_document(&body, case_sensitive)?;
        self.assign_var(f, &variable, doc)
    }

    /// `<cfwddx action=cfml2wddx|wddx2cfml|cfml2js|wddx2js input output topLevelVariable>`:
    /// the result goes to `output`, or to the page when there is none (`wddx2cfml` needs one).
    pub(crate) fn op_wddx(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let action = a
            .get_text("action")?
            .ok_or_else(|| CfmlError::application("cfwddx requires the attribute [action]"))?
            .to_ascii_lowercase();
        let input = a
            .get("input")
            .ok_or_else(|| CfmlError::application("cfwddx requires the attribute [input]"))?;
        let output = a.get_text("output")?.filter(|s| !s.is_empty());
        let validate = match a.get("validate").filter(|v| !v.is_null()) {
            Some(v) => v.to_bool()?,
            None => false,
        };
        let xml_conform = match a.get("xmlconform").filter(|v| !v.is_null()) {
            Some(v) => v.to_bool()?,
            None => false,
        };
        let read = |vm: &mut Vm, f: &mut Frame| -> CfResult<Value> {
            let text = input.to_str()?;
            if validate
                && !vm
                    .call_named_builtin(f, "isWddx", vec![input.clone()])?
                    .to_bool()?
            {
                return Err(CfmlError::expression(
                    "cfwddx: the input is not a valid WDDX packet",
                ));
            }
            let mut ctx = CallCtx { vm, frame: f };
            rime_stdlib::xml::wddx::deserialize(&mut ctx, &text)
        };
        let js = |vm: &mut Vm, f: &mut Frame, v: Value| -> CfResult<Value> {
            let name = a.get_text("toplevelvariable")?.ok_or_else(|| {
                CfmlError::application(format!(
                    "cfwddx action [{action}] requires the attribute [topLevelVariable]"
                ))
            })?;
            vm.call_named_builtin(f, "toScript", vec![v, Value::from(name)])
        };
        let result = match action.as_str() {
            "cfml2wddx" => {
                let mut ctx = CallCtx { vm: self, frame: f };
                Value::from(rime_stdlib::xml::wddx::serialize(
                    &mut ctx,
                    &input,
                    xml_conform,
                )?)
            }
            "wddx2cfml" => {
                if output.is_none() {
                    return Err(CfmlError::application(
                        "cfwddx action [wddx2cfml] requires the attribute [output]",
                    ));
                }
                read(self, f)?
            }
            "cfml2js" => js(self, f, input.clone())?,
            "wddx2js" => {
                let v = read(self, f)?;
                js(self, f, v)?
            }
            other => {
                return Err(CfmlError::application(format!(
                    "cfwddx: invalid action [{other}], valid are [cfml2wddx, wddx2cfml, cfml2js, wddx2js]"
                )))
            }
        };
        match output {
            Some(name) => self.assign_var(f, &name, result),
            None => {
                let text = result.to_str()?;
                self.write(&text);
                Ok(())
            }
        }
    }
}

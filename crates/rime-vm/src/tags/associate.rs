//! `<cfassociate>`: a nested custom tag's attributes, added to its parent tag's `thisTag`.

use crate::ctx::CallCtx;
use crate::run::Frame;
use crate::Vm;
use rime_runtime::{CfResult, CfmlError, Struct, Value};

impl Vm {
    /// `<cfassociate baseTag="cf_parent" dataCollection="items">` in a nested custom tag: its
    /// attributes are appended to the enclosing tag's `thisTag[dataCollection]` (default
    /// `assocAttribs`).
    pub(crate) fn op_associate(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let base = a
            .get_text("basetag")?
            .ok_or_else(|| CfmlError::application("cfassociate requires [baseTag]"))?;
        let collection = a
            .get_text("datacollection")?
            .filter(|c| !c.trim().is_empty())
            .unwrap_or_else(|| "assocAttribs".to_string());
        let Some(Value::Struct(attributes)) = f.variables.get("attributes") else {
            return Err(CfmlError::application(
                "cfassociate is only allowed inside a custom tag",
            ));
        };
        let mut ctx = CallCtx { vm: self, frame: f };
        let parent = rime_runtime::CodeCtx::base_tag_data(&mut ctx, &base, 1);
        let Some(Value::Struct(vars)) = parent else {
            return Err(CfmlError::application(format!(
                "cfassociate: no enclosing custom tag [{base}]"
            )));
        };
        let Some(Value::Struct(this_tag)) = vars.get("thisTag") else {
            return Err(CfmlError::application(format!(
                "cfassociate: [{base}] has no thisTag scope"
            )));
        };
        let list = match this_tag.get(&collection) {
            Some(Value::Array(list)) => list,
            _ => {
                let list = rime_runtime::Array::new();
                this_tag.set_str(&collection, Value::Array(list.clone()));
                list
            }
        };
        list.push(Value::Struct(attributes.copy()));
        Ok(())
    }
}

//! Component metadata: what an instance's `this` struct carries to say which component it is.

use crate::key::Key;
use crate::value::Value;
use arcstr::ArcStr;
use rime_bytecode::FuncProto;
use std::sync::Arc;

/// One component (or interface) in an inheritance chain.
#[derive(Debug)]
pub struct ComponentMeta {
    /// The last segment of the dotted name (`User`).
    pub name: ArcStr,
    /// The dotted name it was created with (`models.User`).
    pub fullname: ArcStr,
    /// The `.cfc` file.
    pub path: ArcStr,
    pub extends: Option<Arc<ComponentMeta>>,
    /// Interfaces this component implements (with their own `extends`), by full name.
    pub implements: Vec<Arc<ComponentMeta>>,
    pub is_interface: bool,
    /// Component-level attributes (`accessors`, `output`, `hint`, annotations).
    pub attrs: Vec<(Key, Value)>,
    /// `property` declarations, each as its attributes.
    pub properties: Vec<Vec<(Key, Value)>>,
    /// The functions this level declares.
    pub functions: Vec<Arc<FuncProto>>,
}

/// The attribute `name` (case-insensitive) of a component's or a property's attribute list.
pub fn attr_in<'a>(attrs: &'a [(Key, Value)], name: &str) -> Option<&'a Value> {
    attrs
        .iter()
        .find(|(k, _)| k.as_str().eq_ignore_ascii_case(name))
        .map(|(_, v)| v)
}

impl ComponentMeta {
    /// Whether this component is, extends or implements `type_name` (by name or full name,
    /// case-insensitively).
    pub fn is_instance_of(&self, type_name: &str) -> bool {
        let t = type_name.trim();
        // Every component is a `Component` (Lucee's base, `WEB-INF.cftags.component`).
        if t.eq_ignore_ascii_case("component") || t.eq_ignore_ascii_case("web-inf.cftags.component")
        {
            return true;
        }
        // A type matches by short name, full dotted name, or a dotted tail of the full name.
        let matches = |m: &ComponentMeta| {
            let full = m.fullname.as_str();
            m.name.eq_ignore_ascii_case(t)
                || full.eq_ignore_ascii_case(t)
                || (full.len() > t.len()
                    && full.as_bytes().get(full.len() - t.len() - 1) == Some(&b'.')
                    && full[full.len() - t.len()..].eq_ignore_ascii_case(t))
        };
        if matches(self) {
            return true;
        }
        if self.implements.iter().any(|i| i.is_instance_of(t)) {
            return true;
        }
        self.extends.as_ref().is_some_and(|p| p.is_instance_of(t))
    }

    pub fn attr(&self, name: &str) -> Option<&Value> {
        attr_in(&self.attrs, name)
    }

    /// `abstract component` / `final component` (or `modifier="..."` on `<cfcomponent>`).
    pub fn has_modifier(&self, word: &str) -> bool {
        self.attr(word)
            .and_then(|v| v.to_bool().ok())
            .unwrap_or(false)
            || self
                .attr("modifier")
                .and_then(|v| v.to_str().ok().map(|s| s.into_owned()))
                .is_some_and(|m| {
                    m.split([' ', ','])
                        .any(|w| w.trim().eq_ignore_ascii_case(word))
                })
    }

    /// The levels of the inheritance chain, this one first.
    pub fn chain(&self) -> impl Iterator<Item = &ComponentMeta> {
        std::iter::successors(Some(self), |m| m.extends.as_deref())
    }
}

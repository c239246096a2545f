//! `getTagList()` and `getTagData(nameSpace, tagName)`: the tags of Lucee's core library, from
//! the tag table (`rime_syntax::tag_table`, `crates/rime-syntax/data/tags.tsv`). All core tags
//! live in the `cf` name space, written without a separator (`cf` + `lock`).
//!
//! The tag names, their status and script forms are Lucee 6.2's; the attributes come from the
//! cfdocs reference data, so their list may differ slightly from Lucee's own tag library, and
//! descriptions are left empty.

use rime_runtime::{Args, Array, CfResult, CfmlError, Ctx, Struct, Value};

use rime_syntax::tag_table::tags;

const NAMESPACE: &str = "cf";

/// A status as Lucee names it (an unmarked tag is "implemented").
fn status(s: &str) -> &str {
    if s.is_empty() {
        "implemented"
    } else {
        s
    }
}

/// `getTagList()`: `{cf: {abort: "", …}}`, the usable core tags (not hidden or unimplemented) by
/// lower-cased name, sorted.
pub(super) fn get_tag_list(_: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    let mut names: Vec<String> = tags()
        .iter()
        .filter(|t| !matches!(t.lucee_status, "hidden" | "unimplemented" | "extension"))
        .map(|t| t.name.to_ascii_lowercase())
        .collect();
    names.sort();
    names.dedup();
    let inner = Struct::new();
    for n in names {
        inner.set_str(&n, Value::from(""));
    }
    let out = Struct::with_flags(true);
    out.set_str(NAMESPACE, Value::Struct(inner));
    Ok(Value::Struct(out))
}

/// `getTagData("cf", name)`: a struct describing a core tag: `nameSpace`, `nameSpaceSeperator`,
/// `name`, `description`, `status`, `type` (`java`: built in), `attributeCollection`, `script`
/// (`type` single or multiple, when the tag has a script form) and `attributes`, each with
/// `type`, `required`, `status`, `description`, and `defaultValue` / `values` when known.
pub(super) fn get_tag_data(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let ns = args.str(0)?;
    let name = args.str(1)?;
    let tag = ns
        .trim()
        .eq_ignore_ascii_case(NAMESPACE)
        .then(|| {
            tags()
                .iter()
                .filter(|t| t.lucee_status != "extension")
                .find(|t| t.name.eq_ignore_ascii_case(name.trim()))
        })
        .flatten()
        .ok_or_else(|| CfmlError::expression(format!("tag [{ns}{name}] is not a built in tag")))?;
    let s = Struct::new();
    s.set_str("nameSpaceSeperator", Value::from(""));
    s.set_str("nameSpace", Value::from(NAMESPACE));
    s.set_str("name", Value::from(tag.name));
    s.set_str("description", Value::from(""));
    s.set_str("status", Value::from(status(tag.lucee_status)));
    s.set_str("attributeCollection", Value::Bool(true));
    if !tag.lucee_script.is_empty() {
        let sc = Struct::new();
        sc.set_str("type", Value::from(tag.lucee_script));
        s.set_str("script", Value::Struct(sc));
    }
    s.set_str("type", Value::from("java"));
    let attrs = Struct::new();
    for a in &tag.attrs {
        let st = Struct::new();
        st.set_str("status", Value::from("implemented"));
        st.set_str("description", Value::from(""));
        st.set_str("type", Value::from(a.ty));
        if !a.values.is_empty() {
            st.set_str(
                "values",
                Value::Array(Array::from_vec(
                    a.values.split(',').map(Value::from).collect(),
                )),
            );
        }
        if !a.default.is_empty() {
            st.set_str("defaultValue", Value::from(a.default));
        }
        st.set_str("required", Value::Bool(a.required));
        attrs.set_str(a.name, Value::Struct(st));
    }
    s.set_str("attributes", Value::Struct(attrs));
    Ok(Value::Struct(s))
}

#[cfg(test)]
pub(super) fn tag_count() -> usize {
    tags().len()
}

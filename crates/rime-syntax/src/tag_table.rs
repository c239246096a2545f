//! The tag table: one `TagSpec` per tag Rime knows, read once from `data/tags.tsv` (embedded
//! at build time; the file's header says what each column means). The parser's body rules and
//! script forms, the compiler's generic tags and `getTagList`/`getTagData` all come from it,
//! so a tag is declared in one place.

use std::collections::HashMap;
use std::sync::OnceLock;

const DATA: &str = include_str!("../data/tags.tsv");

/// Whether a tag has a body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Body {
    /// Never: no look-ahead for a closing tag (`<cfset>`, `<cfparam>`).
    None,
    /// When a closing tag follows.
    Optional,
    /// Always: a missing closing tag is an error (`<cflock>`).
    Required,
    /// Always, and `#expr#` interpolates in it as in `<cfoutput>` (`<cfquery>`, `<cfmail>`).
    Interpolated,
}

/// How a tag is written in `<cfscript>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Script {
    /// No generic script form (a keyword of its own, `if`/`set`…, or none).
    None,
    /// `lock name="x" { … }` as a statement, and the call form `cflock(name="x")`.
    Statement,
    /// Only the call form `cfabort(…)` (the keyword has a statement syntax of its own).
    Call,
}

/// An attribute, as `getTagData` reports it.
#[derive(Debug)]
pub struct AttrSpec {
    pub name: &'static str,
    pub ty: &'static str,
    pub required: bool,
    pub default: &'static str,
    /// Allowed values, comma-separated (empty: any).
    pub values: &'static str,
}

/// A tag.
#[derive(Debug)]
pub struct TagSpec {
    /// Lucee's spelling (`DBInfo`), matched case-insensitively.
    pub name: &'static str,
    /// Lucee's status: empty (implemented), `deprecated`, `hidden`, `unimplemented`, or
    /// `extension` for a tag Lucee's core library does not list.
    pub lucee_status: &'static str,
    /// Lucee's script form as `getTagData` reports it: `single`, `multiple` or empty.
    pub lucee_script: &'static str,
    pub body: Body,
    pub script: Script,
    /// A use without a body compiles to one generic tag instruction (`Op::Tag`) with the
    /// attributes as a struct, run by the VM's tag dispatch; otherwise the parser or the
    /// compiler lowers the tag to instructions of its own (or does not support it).
    pub generic: bool,
    pub attrs: Vec<AttrSpec>,
}

struct Table {
    tags: Vec<TagSpec>,
    /// Lower-cased name to index in `tags`.
    by_name: HashMap<String, usize>,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| parse(DATA))
}

/// Every tag, in the file's order.
pub fn tags() -> &'static [TagSpec] {
    &table().tags
}

/// The tag named `name` (lower-cased, without the `cf` prefix).
pub fn tag(name: &str) -> Option<&'static TagSpec> {
    let t = table();
    match t.by_name.get(name) {
        Some(&i) => t.tags.get(i),
        None => t
            .by_name
            .get(&name.to_ascii_lowercase())
            .and_then(|&i| t.tags.get(i)),
    }
}

/// The index of the tag named `name` in [`tags`] (the id compiled code dispatches by).
pub fn index(name: &str) -> Option<usize> {
    let t = table();
    t.by_name
        .get(name)
        .or_else(|| t.by_name.get(&name.to_ascii_lowercase()))
        .copied()
}

/// The body rule of `name`; a tag the table does not know (a custom tag) may have a body.
pub fn body(name: &str) -> Body {
    tag(name).map_or(Body::Optional, |t| t.body)
}

/// The script form of `name`.
pub fn script(name: &str) -> Script {
    tag(name).map_or(Script::None, |t| t.script)
}

/// For a tag whose script form takes one unnamed value (Lucee's `single`: `silent false { }`),
/// the attribute the value sets: the tag's first.
pub fn single_value_attr(name: &str) -> Option<&'static str> {
    tag(name)
        .filter(|t| t.lucee_script == "single")
        .and_then(|t| t.attrs.first())
        .map(|a| a.name)
}

/// Whether a body-less use of `name` is a generic tag instruction.
pub fn is_generic(name: &str) -> bool {
    tag(name).is_some_and(|t| t.generic)
}

fn parse(data: &'static str) -> Table {
    let mut tags: Vec<TagSpec> = Vec::new();
    for line in data.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&'static str> = line.split('\t').collect();
        let field = |i: usize| f.get(i).copied().unwrap_or("");
        if field(0) == "@" {
            if let Some(tag) = tags.last_mut() {
                tag.attrs.push(AttrSpec {
                    name: field(1),
                    ty: field(2),
                    required: field(3) == "1",
                    default: field(4),
                    values: field(5),
                });
            }
            continue;
        }
        tags.push(TagSpec {
            name: field(0),
            lucee_status: field(1),
            lucee_script: field(2),
            body: match field(3) {
                "none" => Body::None,
                "required" => Body::Required,
                "interp" => Body::Interpolated,
                _ => Body::Optional,
            },
            script: match field(4) {
                "statement" => Script::Statement,
                "call" => Script::Call,
                _ => Script::None,
            },
            generic: field(5) == "tag",
            attrs: Vec::new(),
        });
    }
    let by_name = tags
        .iter()
        .enumerate()
        .map(|(i, t)| (t.name.to_ascii_lowercase(), i))
        .collect();
    Table { tags, by_name }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_come_from_the_table() {
        assert_eq!(body("set"), Body::None);
        assert_eq!(body("LOCK"), Body::Required);
        assert_eq!(body("query"), Body::Interpolated);
        assert_eq!(body("my_custom_tag"), Body::Optional);
        assert_eq!(script("lock"), Script::Statement);
        assert_eq!(script("abort"), Script::Call);
        assert!(is_generic("dump") && !is_generic("loop"));
        assert!(tag("dbinfo").is_some_and(|t| !t.attrs.is_empty()));
    }

    #[test]
    fn names_are_unique() {
        assert_eq!(table().by_name.len(), tags().len());
    }
}

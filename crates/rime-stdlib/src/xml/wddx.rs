//! `isWddx(value)`: whether a string is a WDDX packet Lucee's WDDX reader accepts. The packet
//! is checked against the WDDX 1.0 structure, without building the value:
//!
//! - the root is `<wddxPacket>`, its children an optional `<header>` and one `<data>`;
//! - `<data>` holds at most one value; a value is `<null/>`, `<boolean value="true|false"/>`,
//!   `<string>` (text and `<char code="hh"/>`), `<number>` (numeric text), `<dateTime>`,
//!   `<binary>`, `<array>` (values), `<struct>` (`<var name="...">` each holding one value) or
//!   `<recordset>` (`<field name="...">` each holding values).
//!
//! Anything else, text that is not XML, and values that are not strings are not WDDX.

use rime_runtime::{Args, CfResult, Ctx, Value};
use roxmltree::{Document, Node};

pub(super) fn is_wddx(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = args.val(0)?;
    let ok = match v {
        Value::Str(s) => packet_ok(s.trim()),
        _ => false,
    };
    Ok(Value::Bool(ok))
}

fn elements<'a, 'i>(n: Node<'a, 'i>) -> impl Iterator<Item = Node<'a, 'i>> {
    n.children().filter(|c| c.is_element())
}

/// Whether `n` has non-blank text directly inside.
fn has_text(n: Node) -> bool {
    n.children()
        .any(|c| c.is_text() && c.text().is_some_and(|t| !t.trim().is_empty()))
}

fn packet_ok(text: &str) -> bool {
    let Ok(doc) = Document::parse(text) else {
        return false;
    };
    let root = doc.root_element();
    if !root.has_tag_name("wddxPacket") {
        return false;
    }
    let mut data = None;
    for (i, c) in elements(root).enumerate() {
        match c.tag_name().name() {
            "header" if i == 0 => {}
            "data" if data.is_none() => data = Some(c),
            _ => return false,
        }
    }
    let Some(data) = data else {
        return false;
    };
    let values: Vec<Node> = elements(data).collect();
    if values.len() > 1 || has_text(data) {
        return false;
    }
    // An explicit stack: packets may nest deeper than recursion allows.
    let mut stack = values;
    while let Some(v) = stack.pop() {
        match v.tag_name().name() {
            "null" => {}
            "boolean" => {
                if !matches!(v.attribute("value"), Some("true" | "false")) {
                    return false;
                }
            }
            "string" => {
                if elements(v).any(|c| !c.has_tag_name("char") || c.attribute("code").is_none()) {
                    return false;
                }
            }
            "number" => {
                let t = v.text().unwrap_or("").trim();
                if t.parse::<f64>().is_err() {
                    return false;
                }
            }
            "dateTime" | "binary" => {
                if elements(v).next().is_some() {
                    return false;
                }
            }
            "array" => stack.extend(elements(v)),
            "struct" => {
                for var in elements(v) {
                    let inner: Vec<Node> = elements(var).collect();
                    if !var.has_tag_name("var")
                        || var.attribute("name").is_none()
                        || inner.len() != 1
                    {
                        return false;
                    }
                    stack.extend(inner);
                }
            }
            "recordset" => {
                for field in elements(v) {
                    if !field.has_tag_name("field") || field.attribute("name").is_none() {
                        return false;
                    }
                    stack.extend(elements(field));
                }
            }
            _ => return false,
        }
    }
    true
}

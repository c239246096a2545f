//! XML functions: `xmlParse`, `htmlParse`, `xmlNew`, `xmlElemNew`, `xmlSearch`, `xmlChildPos`,
//! `xmlGetNodeType`, the `isXml*` decisions (Lucee files those under decision) and `isWddx`.
//!
//! The document model (nodes, `doc.root.item[2].xmlText`, assignment, serialization) is
//! `rime_runtime::xml`; parsing (`parse.rs`, roxmltree; `html.rs`, html5ever, for HTML) and
//! XPath (`xpath.rs`) are here, and `<cffeed>`'s reading and writing of RSS and Atom
//! (`feed.rs`).
//! `xmlFormat` is with the encoders (security/encode.rs). `<cfxml>` is the VM's tag on top of
//! `xmlParse`. Not supported: `xmlTransform` (XSLT), `xmlValidate` and `xmlParse`'s validator,
//! the SOAP functions.

pub mod feed;
pub mod html;
pub mod parse;
pub mod wddx;
pub mod xpath;

use rime_runtime::xml::{check_name, NodeId, NodeKind, Tree, View, XmlDoc};
use rime_runtime::{
    def, opt, req, Args, Array, BuiltinDef, CfResult, CfmlError, Ctx, MemberType, Value, Xml,
};
use xpath::XValue;

use MemberType::Xml as X;

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "xmlParse",
        &[req("xmlString"), opt("caseSensitive"), opt("validator")],
        xml_parse,
    ),
    def("xmlNew", &[opt("caseSensitive")], xml_new),
    def(
        "xmlElemNew",
        &[req("xmlObj"), opt("namespace"), opt("childName")],
        xml_elem_new,
    )
    .members(&[(X, "elemNew")]),
    def("xmlSearch", &[req("xmlNode"), req("xpath")], xml_search).members(&[(X, "search")]),
    def(
        "xmlChildPos",
        &[req("elem"), req("childName"), req("n")],
        xml_child_pos,
    )
    .members(&[(X, "childPos")]),
    def("xmlGetNodeType", &[req("xmlNode")], xml_get_node_type).members(&[(X, "getNodeType")]),
    def(
        "htmlParse",
        &[req("html").alias(&["string", "text"]), opt("caseSensitive")],
        html::html_parse,
    ),
    def("isXml", &[req("value")], is_xml),
    def("isWddx", &[req("value")], wddx::is_wddx),
    def("isXmlDoc", &[req("value")], is_xml_doc),
    def("isXmlElem", &[req("value")], is_xml_elem),
    def("isXmlNode", &[req("value")], is_xml_node),
    def("isXmlRoot", &[req("value")], is_xml_root),
    def("isXmlAttribute", &[req("value")], is_xml_attribute),
];

/// Parse XML text into a document value (what `xmlParse` and `<cfxml>` give).
pub fn parse_document(text: &str, case_sensitive: bool) -> CfResult<Value> {
    let text = text.trim().trim_start_matches('\u{feff}').trim_start();
    let tree = parse::parse(text, case_sensitive)?;
    Ok(Value::Xml(Xml::document(tree)))
}

/// `isValid("xml", v)` and `isXml`: an XML node, or text that parses as XML.
pub fn is_xml_value(v: &Value) -> bool {
    match v {
        Value::Xml(x) => x.node_id().is_some(),
        v if v.is_simple() => v
            .to_str()
            .is_ok_and(|s| parse::parse(s.trim(), false).is_ok()),
        _ => false,
    }
}

/// The XML node argument `i` (a node list is not one).
fn node_arg<'a>(a: &'a Args, i: usize, what: &str) -> CfResult<(&'a Xml, NodeId)> {
    match a.val(i)? {
        Value::Xml(x) => match x.node_id() {
            Some(id) => Ok((x, id)),
            None => Err(CfmlError::expression(format!(
                "{}: {what} must be an XML node, not an XML node list or attribute struct",
                a.fname
            ))),
        },
        other => Err(CfmlError::expression(format!(
            "{}: {what} must be an XML document or node, got a {} value",
            a.fname,
            other.type_name()
        ))),
    }
}

/// `xmlParse(xmlString [, caseSensitive [, validator]])`: the text, or (as Lucee) the path of a
/// file holding it when it does not start with `<`.
fn xml_parse(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let case_sensitive = a.bool_or(1, false)?;
    if let Some(v) = a.get(2) {
        if !v.to_str()?.trim().is_empty() {
            return Err(CfmlError::expression(
                "xmlParse: validating against a DTD or XML schema (the validator argument) is \
                 not supported",
            ));
        }
    }
    let raw = match a.val(0)? {
        Value::Binary(b) => decode(b),
        Value::Xml(x) => x.to_xml_string()?,
        other => other.to_str()?.into_owned(),
    };
    let text = raw.trim().trim_start_matches('\u{feff}').trim_start();
    if !text.starts_with('<') && !text.is_empty() && text.len() < 2000 {
        let lower = text.to_ascii_lowercase();
        if lower.starts_with("http://") || lower.starts_with("https://") {
            return Err(CfmlError::expression(format!(
                "xmlParse: reading XML from a URL [{text}] is not supported; fetch it with \
                 cfhttp and parse the fileContent"
            )));
        }
        let path = crate::file::resolve(ctx, text)?;
        let bytes = std::fs::read(&path).map_err(|e| {
            CfmlError::expression(format!(
                "xmlParse: [{text}] is neither XML text nor a readable file"
            ))
            .with_detail(e.to_string())
        })?;
        return parse_document(&decode(&bytes), case_sensitive);
    }
    parse_document(text, case_sensitive)
}

/// Bytes of an XML file as text: UTF-8, else ISO-8859-1 (every byte a character).
fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|b| char::from(*b)).collect(),
    }
}

fn xml_new(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::Xml(Xml::document(Tree::new(a.bool_or(0, false)?))))
}

/// `xmlElemNew(doc, [namespace,] name)`: a new element of the document, not yet in its tree.
/// With a namespace, `name` may carry a prefix; without one, a prefix the root element
/// declares gives the element that namespace (Lucee).
fn xml_elem_new(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (x, _) = node_arg(a, 0, "the first argument")?;
    let mut ns = a.str_or(1, "")?.into_owned();
    let mut name = a.str_or(2, "")?.into_owned();
    if name.is_empty() {
        if ns.is_empty() {
            return Err(CfmlError::expression(
                "xmlElemNew: the argument [childName] is required",
            ));
        }
        name = std::mem::take(&mut ns);
    }
    let doc: &XmlDoc = x.doc();
    let mut t = doc.write();
    if ns.is_empty() {
        if let Some((prefix, local)) = name.split_once(':') {
            let decl = format!("xmlns:{prefix}");
            let uri = t
                .root_element()
                .and_then(|r| t.attr_node(r, &decl, false))
                .map(|a| t.n(a).value.clone());
            name = match uri {
                Some(u) if !u.is_empty() => {
                    ns = u;
                    format!("{prefix}:{local}")
                }
                _ => local.to_string(),
            };
        }
    }
    check_name(&name)?;
    let id = t.add(
        NodeKind::Element,
        name.as_str().into(),
        ns.as_str().into(),
        String::new(),
    )?;
    drop(t);
    Ok(Value::Xml(Xml::node(doc, id)))
}

/// `xmlSearch(node, xpath)`: an array of nodes for a node-set, else the number, string or
/// boolean the expression gives (Lucee).
fn xml_search(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (x, id) = node_arg(a, 0, "the first argument")?;
    let expr = a.str(1)?;
    let result = {
        let t = x.doc().read();
        xpath::evaluate(&t, id, &expr)?
    };
    Ok(match result {
        XValue::Nodes(ids) => Value::Array(Array::from_vec(
            ids.into_iter()
                .map(|n| Value::Xml(Xml::node(x.doc(), n)))
                .collect(),
        )),
        XValue::Num(n) => Value::Num(n),
        XValue::Str(s) => Value::from(s),
        XValue::Bool(b) => Value::Bool(b),
    })
}

/// `xmlChildPos(elem, name, n)`: the position among `elem`'s element children of its `n`-th
/// child named `name` (case-insensitive, as Lucee), -1 when there is none.
fn xml_child_pos(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (x, id) = node_arg(a, 0, "the first argument")?;
    let name = a.str(1)?;
    let n = a.num(2)?;
    let t = x.doc().read();
    let mut count = 0.0;
    for (i, c) in t.elements(id).enumerate() {
        let matches =
            t.n(c).name.eq_ignore_ascii_case(&name) || t.local_name(c).eq_ignore_ascii_case(&name);
        if matches {
            count += 1.0;
            if count == n {
                return Ok(Value::from(i + 1));
            }
        }
    }
    Ok(Value::Num(-1.0))
}

/// `xmlGetNodeType(node)`: `ELEMENT_NODE`, `DOCUMENT_NODE`, `TEXT_NODE`...
fn xml_get_node_type(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (x, id) = node_arg(a, 0, "the argument")?;
    let kind = x.doc().read().n(id).kind;
    Ok(Value::from(format!("{}_NODE", kind.type_name())))
}

fn is_xml(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::Bool(is_xml_value(a.val(0)?)))
}

/// The kind of node an argument is, None for anything else.
fn kind_of(v: &Value) -> Option<(NodeKind, Option<NodeId>)> {
    match v {
        Value::Xml(x) => {
            let id = x.node_id()?;
            let t = x.doc().read();
            let n = t.n(id);
            Some((n.kind, n.parent))
        }
        _ => None,
    }
}

fn is_xml_doc(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::Bool(matches!(
        kind_of(a.val(0)?),
        Some((NodeKind::Document, _))
    )))
}

fn is_xml_elem(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::Bool(matches!(
        kind_of(a.val(0)?),
        Some((NodeKind::Element, _))
    )))
}

/// Nodes, and node lists with at least one node (Lucee); not attribute structs.
fn is_xml_node(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::Bool(match a.val(0)? {
        Value::Xml(x) if x.is_list() => x.array_snapshot().is_some_and(|l| !l.is_empty()),
        Value::Xml(x) => x.node_id().is_some(),
        _ => false,
    }))
}

fn is_xml_root(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::Bool(matches!(
        kind_of(a.val(0)?),
        Some((NodeKind::Element, Some(Tree::DOCUMENT)))
    )))
}

fn is_xml_attribute(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let v = a.val(0)?;
    Ok(Value::Bool(match v {
        Value::Xml(x) if x.is_list() => x
            .array_snapshot()
            .and_then(|l| l.get1(1))
            .and_then(|first| kind_of(&first))
            .is_some_and(|(k, _)| k == NodeKind::Attribute),
        Value::Xml(x) if matches!(x.view(), View::Attributes(_)) => false,
        other => matches!(kind_of(other), Some((NodeKind::Attribute, _))),
    }))
}

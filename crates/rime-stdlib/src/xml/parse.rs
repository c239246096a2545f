//! XML text into a document tree, with roxmltree (strict XML 1.0 and namespaces; internal DTD
//! entities are expanded, external ones are never fetched).
//!
//! roxmltree merges CDATA sections into text; a text node that is exactly one CDATA section in
//! the source is kept as a CDATA node, so `toString` writes it back as one. It also keeps
//! namespace declarations apart from attributes; they are put back as `xmlns` attributes, as
//! the DOM Lucee uses shows them.

use rime_runtime::xml::{NodeId, NodeKind, Tree, MAX_NODES};
use rime_runtime::{CfResult, CfmlError};
use roxmltree::{Node, NodeType, ParsingOptions};

/// Parse `text` (already trimmed of surrounding blanks) into a tree.
pub fn parse(text: &str, case_sensitive: bool) -> CfResult<Tree> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let opts = ParsingOptions {
        allow_dtd: true,
        nodes_limit: MAX_NODES as u32,
        ..ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, opts).map_err(parse_error)?;
    let mut t = Tree::new(case_sensitive);
    t.standalone = declares_standalone(text);
    // An explicit stack: documents may nest deeper than the Rust stack allows recursion.
    let mut stack: Vec<(Node, NodeId)> = doc
        .root()
        .children()
        .rev()
        .map(|c| (c, Tree::DOCUMENT))
        .collect();
    while let Some((node, parent)) = stack.pop() {
        let Some(id) = convert(text, node, &mut t)? else {
            continue;
        };
        t.append_child(parent, id)?;
        if node.is_element() {
            for c in node.children().rev() {
                stack.push((c, id));
            }
        }
    }
    Ok(t)
}

/// The tree node for one roxmltree node (its children come later); None for nodes Lucee's
/// model has no place for.
fn convert(text: &str, node: Node, t: &mut Tree) -> CfResult<Option<NodeId>> {
    Ok(Some(match node.node_type() {
        NodeType::Element => {
            let ns = node.tag_name().namespace().unwrap_or("");
            let name = qualified_name(text, node.range().start, node.tag_name().name());
            let id = t.add(NodeKind::Element, name.into(), ns.into(), String::new())?;
            for a in node.attributes() {
                let qname = text
                    .get(a.range_qname())
                    .filter(|q| q.ends_with(a.name()))
                    .unwrap_or(a.name());
                t.push_attr(
                    id,
                    qname.into(),
                    a.namespace().unwrap_or("").into(),
                    a.value().to_string(),
                )?;
            }
            // The declarations made on this element (not inherited from its parent).
            let inherited: Vec<(Option<&str>, &str)> = node
                .parent_element()
                .map(|p| p.namespaces().map(|n| (n.name(), n.uri())).collect())
                .unwrap_or_default();
            for ns in node.namespaces() {
                if inherited.contains(&(ns.name(), ns.uri())) {
                    continue;
                }
                let name = match ns.name() {
                    Some(p) => format!("xmlns:{p}"),
                    None => "xmlns".to_string(),
                };
                t.push_attr(
                    id,
                    name.into(),
                    "http://www.w3.org/2000/xmlns/".into(),
                    ns.uri().to_string(),
                )?;
            }
            id
        }
        NodeType::Text => {
            let value = node.text().unwrap_or("");
            let kind = if is_cdata(text, node, value) {
                NodeKind::CData
            } else {
                NodeKind::Text
            };
            t.add(kind, "".into(), "".into(), value.to_string())?
        }
        NodeType::Comment => t.add(
            NodeKind::Comment,
            "".into(),
            "".into(),
            node.text().unwrap_or("").to_string(),
        )?,
        NodeType::PI => {
            let Some(pi) = node.pi() else {
                return Ok(None);
            };
            t.add(
                NodeKind::Pi,
                pi.target.into(),
                "".into(),
                pi.value.unwrap_or("").to_string(),
            )?
        }
        NodeType::Root => return Ok(None),
    }))
}

/// The element's name as written (`soap:Body`): the source right after its `<`.
fn qualified_name<'a>(text: &'a str, start: usize, local: &'a str) -> &'a str {
    let Some(rest) = text.get(start..).and_then(|s| s.strip_prefix('<')) else {
        return local;
    };
    let end = rest
        .find(|c: char| c.is_whitespace() || c == '/' || c == '>')
        .unwrap_or(rest.len());
    let name = &rest[..end];
    if name.ends_with(local) {
        name
    } else {
        local
    }
}

/// Whether a text node is exactly one CDATA section of the source.
fn is_cdata(text: &str, node: Node, value: &str) -> bool {
    let Some(raw) = text.get(node.range()) else {
        return false;
    };
    let Some(inner) = raw
        .strip_prefix("<![CDATA[")
        .and_then(|r| r.strip_suffix("]]>"))
    else {
        return false;
    };
    inner == value
        || (inner.contains('\r') && inner.replace("\r\n", "\n").replace('\r', "\n") == value)
}

/// Whether the XML declaration says `standalone="yes"`.
fn declares_standalone(text: &str) -> bool {
    if !text.starts_with("<?xml") {
        return false;
    }
    let decl = text.split("?>").next().unwrap_or("");
    let compact: String = decl.chars().filter(|c| !c.is_whitespace()).collect();
    compact.contains("standalone=\"yes\"") || compact.contains("standalone='yes'")
}

/// A CFML error naming where the text is malformed.
fn parse_error(e: roxmltree::Error) -> Box<CfmlError> {
    let pos = e.pos();
    // roxmltree puts the position in most messages; it is given once, in front.
    let msg = e
        .to_string()
        .replace(&format!(" at {}:{}", pos.row, pos.col), "");
    CfmlError::expression(format!(
        "XML parse error on line {}, column {}: {msg}",
        pos.row, pos.col
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_cdata_comments_and_namespace_declarations() {
        let t = parse(
            "<?xml version=\"1.0\" standalone=\"yes\"?><r xmlns:p=\"urn:p\"><p:a>x</p:a><![CDATA[<b>]]><!--c--></r>",
            false,
        )
        .map_err(|e| e.message.clone())
        .unwrap_or_else(|m| panic!("{m}"));
        assert!(t.standalone);
        let root = t.root_element().unwrap_or_default();
        assert_eq!(t.n(root).attrs.len(), 1);
        let kids = &t.n(root).children;
        assert_eq!(t.n(kids[0]).name.as_str(), "p:a");
        assert_eq!(t.n(kids[0]).ns.as_str(), "urn:p");
        assert_eq!(t.n(kids[1]).kind, NodeKind::CData);
        assert_eq!(t.n(kids[2]).kind, NodeKind::Comment);
    }

    #[test]
    fn errors_name_the_position() {
        let e = parse("<a>\n<b></a>", false)
            .err()
            .map(|e| e.message.clone());
        assert_eq!(
            e.as_deref(),
            Some("XML parse error on line 2, column 4: expected 'b' tag, not 'a'")
        );
    }
}

//! XML text from a tree, as Lucee's `toString(xml)` gives it (the JDK's identity transform,
//! without indentation): an XML declaration, then the node. A document's declaration says
//! `standalone="no"` unless the parsed text declared `standalone="yes"`. Attributes come in
//! name order, empty elements as `<x/>`; namespace declarations missing for an element created
//! with a namespace (`xmlElemNew(doc, uri, name)`) are added where it is written.

use super::{NodeId, NodeKind, Tree};

/// Escape text content: `&`, `<`, `>` and carriage returns.
pub fn escape_text(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\r' => out.push_str("&#13;"),
            c => out.push(c),
        }
    }
}

/// Escape an attribute value (double-quoted).
pub fn escape_attr(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c => out.push(c),
        }
    }
}

/// The text of node `id` with the XML declaration in front (`toString`).
pub fn to_xml_string(tree: &Tree, id: NodeId) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"");
    if tree.n(id).kind == NodeKind::Document && !tree.standalone {
        out.push_str(" standalone=\"no\"");
    }
    out.push_str("?>");
    write_node(tree, id, &mut out);
    out
}

/// The markup of node `id` alone.
pub fn write_node(tree: &Tree, id: NodeId, out: &mut String) {
    let mut w = Writer {
        tree,
        scopes: Vec::new(),
    };
    w.node(id, out, 0);
}

struct Writer<'t> {
    tree: &'t Tree,
    /// In-scope namespace bindings (prefix, uri), innermost last.
    scopes: Vec<(String, String)>,
}

impl Writer<'_> {
    fn lookup(&self, prefix: &str) -> Option<&str> {
        self.scopes
            .iter()
            .rev()
            .find(|(p, _)| p == prefix)
            .map(|(_, u)| u.as_str())
    }

    fn node(&mut self, id: NodeId, out: &mut String, depth: usize) {
        if depth > 10_000 {
            return;
        }
        let n = self.tree.n(id);
        match n.kind {
            NodeKind::Document => {
                for c in &n.children {
                    self.node(*c, out, depth + 1);
                }
            }
            NodeKind::Element => self.element(id, out, depth),
            NodeKind::Attribute => escape_text(&n.value, out),
            NodeKind::Text => escape_text(&n.value, out),
            NodeKind::CData => {
                out.push_str("<![CDATA[");
                out.push_str(&n.value.replace("]]>", "]]]]><![CDATA[>"));
                out.push_str("]]>");
            }
            NodeKind::Comment => {
                out.push_str("<!--");
                out.push_str(&n.value);
                out.push_str("-->");
            }
            NodeKind::Pi => {
                out.push_str("<?");
                out.push_str(&n.name);
                if !n.value.is_empty() {
                    out.push(' ');
                    out.push_str(&n.value);
                }
                out.push_str("?>");
            }
        }
    }

    fn element(&mut self, id: NodeId, out: &mut String, depth: usize) {
        let t = self.tree;
        let n = t.n(id);
        let mark = self.scopes.len();
        out.push('<');
        out.push_str(&n.name);
        // Declarations written as attributes come into scope first.
        for a in &n.attrs {
            let an = t.n(*a);
            if an.name.as_str() == "xmlns" {
                self.scopes.push((String::new(), an.value.clone()));
            } else if let Some(p) = an.name.strip_prefix("xmlns:") {
                self.scopes.push((p.to_string(), an.value.clone()));
            }
        }
        let mut extra: Vec<(String, String)> = Vec::new();
        let prefix = t.prefix(id);
        let have = self.lookup(prefix).unwrap_or("");
        if have != n.ns.as_str() && prefix != "xml" {
            extra.push((prefix.to_string(), n.ns.to_string()));
        }
        for a in &n.attrs {
            let an = t.n(*a);
            let ap = t.prefix(*a);
            if ap.is_empty() || ap == "xmlns" || ap == "xml" || an.ns.is_empty() {
                continue;
            }
            if self.lookup(ap) != Some(an.ns.as_str()) && !extra.iter().any(|(p, _)| p == ap) {
                extra.push((ap.to_string(), an.ns.to_string()));
            }
        }
        for (p, uri) in extra {
            out.push_str(if p.is_empty() { " xmlns" } else { " xmlns:" });
            out.push_str(&p);
            out.push_str("=\"");
            escape_attr(&uri, out);
            out.push('"');
            self.scopes.push((p, uri));
        }
        for a in &n.attrs {
            let an = t.n(*a);
            out.push(' ');
            out.push_str(&an.name);
            out.push_str("=\"");
            escape_attr(&an.value, out);
            out.push('"');
        }
        if n.children.is_empty() {
            out.push_str("/>");
        } else {
            out.push('>');
            for c in &n.children {
                self.node(*c, out, depth + 1);
            }
            out.push_str("</");
            out.push_str(&n.name);
            out.push('>');
        }
        self.scopes.truncate(mark);
    }
}

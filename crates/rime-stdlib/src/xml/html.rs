//! `htmlParse(html [, caseSensitive])`: HTML parsed as a browser does (html5ever: unclosed and
//! misnested tags, implied `html`/`body`/`tbody`, entities, raw `script` text) into the XML
//! document value `xmlParse` gives.
//!
//! The shape follows Lucee's (TagSoup's) where the two parsers meet: element and attribute names
//! are lower case, HTML elements are in the XHTML namespace and the root element declares it as
//! `xmlns:html`, so `//html:p` finds paragraphs in `xmlSearch` (and `//p` finds none, as in
//! Lucee); comments are kept, the doctype is not. Whitespace between the children of
//! element-only elements (`ul`, `table`, `tr`...) is dropped, as TagSoup drops it, and an implied
//! empty `head` is left out when the text has none. Where they differ: TagSoup's schema
//! defaults (`html@version`, `a@shape`, `br@clear`, `td@colspan`...) are not added, SVG and
//! MathML elements are in their own namespaces, and names that are no XML names get `_` for
//! their bad characters.

use html5ever::interface::tree_builder::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::tendril::{StrTendril, TendrilSink};
use html5ever::{parse_document, Attribute, QualName};
use rime_runtime::xml::{NodeId, NodeKind, Tree};
use rime_runtime::{Args, CfResult, CfmlError, Ctx, Value, Xml};
use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;

/// The deepest element nesting a parsed page may have.
pub const MAX_DEPTH: usize = 1000;

const XHTML_NS: &str = "http://www.w3.org/1999/xhtml";
const XMLNS_NS: &str = "http://www.w3.org/2000/xmlns/";
const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";

/// `htmlParse(html [, caseSensitive])`.
pub(super) fn html_parse(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let case_sensitive = a.bool_or(1, false)?;
    let text = match a.val(0)? {
        Value::Binary(b) => match std::str::from_utf8(b) {
            Ok(s) => s.to_string(),
            Err(_) => b.iter().map(|c| char::from(*c)).collect(),
        },
        Value::Xml(x) => x.to_xml_string()?,
        other if other.is_simple() => other.to_str()?.into_owned(),
        other => {
            return Err(CfmlError::expression(format!(
                "htmlParse: the argument [html] must be a string, got a {} value",
                other.type_name()
            )))
        }
    };
    let tree = parse_html(&text, case_sensitive)?;
    Ok(Value::Xml(Xml::document(tree)))
}

/// Parse HTML text into a document tree.
pub fn parse_html(text: &str, case_sensitive: bool) -> CfResult<Tree> {
    let mut parser = parse_document(Sink::default(), Default::default());
    // Fed in pieces, so that a page nesting too deep stops early: the tree builder's scope
    // checks walk the open elements, which makes very deep nesting quadratic.
    let mut rest = text;
    while !rest.is_empty() {
        let mut end = rest.len().min(CHUNK);
        while !rest.is_char_boundary(end) {
            end += 1;
        }
        let (piece, tail) = rest.split_at(end);
        parser.process(StrTendril::from_slice(piece));
        rest = tail;
        if parser.tokenizer.sink.sink.dom.borrow().too_deep {
            return Err(too_deep());
        }
    }
    let sink = parser.finish();
    let dom = sink.dom.into_inner();
    if dom.too_deep {
        return Err(too_deep());
    }
    let has_head = text.to_ascii_lowercase().contains("<head");
    convert(&dom, case_sensitive, has_head)
}

/// The text the parser is given at a time.
const CHUNK: usize = 8192;

fn too_deep() -> Box<CfmlError> {
    CfmlError::expression(format!(
        "htmlParse: the HTML nests deeper than {MAX_DEPTH} elements"
    ))
}

// ---------------------------------------------------------------------------------------------
// The parser's tree
// ---------------------------------------------------------------------------------------------

enum Data {
    Document,
    Element {
        name: QualName,
        attrs: Vec<Attribute>,
        /// A `template`'s contents (a fragment node).
        contents: Option<usize>,
        annotation_xml: bool,
    },
    Text(StrTendril),
    Comment(StrTendril),
    Pi(StrTendril, StrTendril),
}

struct Node {
    data: Data,
    parent: Option<usize>,
    children: Vec<usize>,
    /// How deep the node was put (the document is 0).
    depth: usize,
}

struct Dom {
    nodes: Vec<Node>,
    /// A node went deeper than `MAX_DEPTH`.
    too_deep: bool,
}

/// A node as html5ever holds it: its index, and an element's name (so that `elem_name` needs
/// no borrow of the arena while the tree builder may change it).
struct Handle {
    id: usize,
    name: QualName,
}

type H = Rc<Handle>;

fn no_name() -> QualName {
    QualName::new(None, html5ever::ns!(), html5ever::local_name!(""))
}

fn handle(id: usize) -> H {
    Rc::new(Handle {
        id,
        name: no_name(),
    })
}

/// html5ever's tree sink: nodes in an arena.
struct Sink {
    dom: RefCell<Dom>,
    document: H,
}

impl Default for Sink {
    fn default() -> Sink {
        Sink {
            dom: RefCell::new(Dom {
                nodes: vec![Node {
                    data: Data::Document,
                    parent: None,
                    children: Vec::new(),
                    depth: 0,
                }],
                too_deep: false,
            }),
            document: handle(0),
        }
    }
}

impl Dom {
    fn add(&mut self, data: Data) -> usize {
        self.nodes.push(Node {
            data,
            parent: None,
            children: Vec::new(),
            depth: 0,
        });
        self.nodes.len() - 1
    }

    fn detach(&mut self, id: usize) {
        let Some(parent) = self.nodes.get_mut(id).and_then(|n| n.parent.take()) else {
            return;
        };
        if let Some(p) = self.nodes.get_mut(parent) {
            p.children.retain(|c| *c != id);
        }
    }

    /// Insert `child` into `parent` at `index` (the end when None), joining adjacent text.
    fn insert(&mut self, parent: usize, index: Option<usize>, child: NodeOrText<usize>) {
        let len = self.nodes.get(parent).map_or(0, |p| p.children.len());
        let at = index.unwrap_or(len).min(len);
        match child {
            NodeOrText::AppendText(text) => {
                let before = at
                    .checked_sub(1)
                    .and_then(|i| self.nodes.get(parent)?.children.get(i).copied());
                if let Some(Node {
                    data: Data::Text(t),
                    ..
                }) = before.and_then(|b| self.nodes.get_mut(b))
                {
                    t.push_tendril(&text);
                    return;
                }
                let id = self.add(Data::Text(text));
                self.link(parent, at, id);
            }
            NodeOrText::AppendNode(id) => {
                // Taken out first: the position counts the children without it.
                self.detach(id);
                let len = self.nodes.get(parent).map_or(0, |p| p.children.len());
                self.link(parent, index.unwrap_or(len).min(len), id);
            }
        }
    }

    fn link(&mut self, parent: usize, at: usize, id: usize) {
        let depth = self.nodes.get(parent).map_or(0, |p| p.depth) + 1;
        if depth > MAX_DEPTH + 1 {
            self.too_deep = true;
        }
        if let Some(n) = self.nodes.get_mut(id) {
            n.parent = Some(parent);
            n.depth = depth;
        }
        if let Some(p) = self.nodes.get_mut(parent) {
            let at = at.min(p.children.len());
            p.children.insert(at, id);
        }
    }
}

fn ids(child: NodeOrText<H>) -> NodeOrText<usize> {
    match child {
        NodeOrText::AppendNode(h) => NodeOrText::AppendNode(h.id),
        NodeOrText::AppendText(t) => NodeOrText::AppendText(t),
    }
}

impl TreeSink for Sink {
    type Handle = H;
    type Output = Sink;
    type ElemName<'a> = &'a QualName;

    fn finish(self) -> Sink {
        self
    }

    fn parse_error(&self, _msg: Cow<'static, str>) {}

    fn get_document(&self) -> H {
        self.document.clone()
    }

    fn elem_name<'a>(&'a self, target: &'a H) -> &'a QualName {
        &target.name
    }

    fn create_element(&self, name: QualName, attrs: Vec<Attribute>, flags: ElementFlags) -> H {
        let mut d = self.dom.borrow_mut();
        let contents = flags.template.then(|| d.add(Data::Document));
        let id = d.add(Data::Element {
            name: name.clone(),
            attrs,
            contents,
            annotation_xml: flags.mathml_annotation_xml_integration_point,
        });
        Rc::new(Handle { id, name })
    }

    fn create_comment(&self, text: StrTendril) -> H {
        handle(self.dom.borrow_mut().add(Data::Comment(text)))
    }

    fn create_pi(&self, target: StrTendril, data: StrTendril) -> H {
        handle(self.dom.borrow_mut().add(Data::Pi(target, data)))
    }

    fn append(&self, parent: &H, child: NodeOrText<H>) {
        self.dom.borrow_mut().insert(parent.id, None, ids(child));
    }

    fn append_based_on_parent_node(&self, element: &H, prev_element: &H, child: NodeOrText<H>) {
        let has_parent = self
            .dom
            .borrow()
            .nodes
            .get(element.id)
            .is_some_and(|n| n.parent.is_some());
        if has_parent {
            self.append_before_sibling(element, child);
        } else {
            self.append(prev_element, child);
        }
    }

    fn append_doctype_to_document(&self, _: StrTendril, _: StrTendril, _: StrTendril) {}

    fn get_template_contents(&self, target: &H) -> H {
        match self.dom.borrow().nodes.get(target.id) {
            Some(Node {
                data: Data::Element {
                    contents: Some(c), ..
                },
                ..
            }) => handle(*c),
            _ => target.clone(),
        }
    }

    fn same_node(&self, x: &H, y: &H) -> bool {
        x.id == y.id
    }

    fn set_quirks_mode(&self, _: QuirksMode) {}

    fn append_before_sibling(&self, sibling: &H, new_node: NodeOrText<H>) {
        let mut d = self.dom.borrow_mut();
        let Some(parent) = d.nodes.get(sibling.id).and_then(|n| n.parent) else {
            return;
        };
        let new_node = ids(new_node);
        // A node moving within the same parent: take it out first, then find the sibling.
        if let NodeOrText::AppendNode(id) = &new_node {
            d.detach(*id);
        }
        let at = d
            .nodes
            .get(parent)
            .and_then(|p| p.children.iter().position(|c| *c == sibling.id));
        d.insert(parent, at, new_node);
    }

    fn add_attrs_if_missing(&self, target: &H, attrs: Vec<Attribute>) {
        let mut d = self.dom.borrow_mut();
        if let Some(Node {
            data: Data::Element { attrs: have, .. },
            ..
        }) = d.nodes.get_mut(target.id)
        {
            for a in attrs {
                if !have.iter().any(|h| h.name == a.name) {
                    have.push(a);
                }
            }
        }
    }

    fn remove_from_parent(&self, target: &H) {
        self.dom.borrow_mut().detach(target.id);
    }

    fn reparent_children(&self, node: &H, new_parent: &H) {
        let mut d = self.dom.borrow_mut();
        let children = match d.nodes.get_mut(node.id) {
            Some(n) => std::mem::take(&mut n.children),
            None => return,
        };
        for c in children {
            if let Some(n) = d.nodes.get_mut(c) {
                n.parent = None;
            }
            d.insert(new_parent.id, None, NodeOrText::AppendNode(c));
        }
    }

    fn is_mathml_annotation_xml_integration_point(&self, handle: &H) -> bool {
        matches!(
            self.dom.borrow().nodes.get(handle.id),
            Some(Node {
                data: Data::Element {
                    annotation_xml: true,
                    ..
                },
                ..
            })
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Into the XML document
// ---------------------------------------------------------------------------------------------

/// HTML elements whose content is elements only: whitespace between their children is dropped.
const ELEMENT_ONLY: &[&str] = &[
    "html", "head", "table", "thead", "tbody", "tfoot", "tr", "colgroup", "ul", "ol", "dl", "dir",
    "menu", "select", "optgroup", "frameset",
];

/// A name as an XML name: characters XML does not allow in names become `_` (and one that
/// may not start a name gets `_` in front).
fn xml_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 1);
    for (i, c) in name.chars().enumerate() {
        let inner = c.is_alphanumeric()
            || matches!(c, '_' | '-' | '.')
            || (!c.is_ascii() && !c.is_whitespace());
        if i == 0 && inner && !(c.is_alphabetic() || c == '_' || !c.is_ascii()) {
            out.push('_');
        }
        out.push(if inner { c } else { '_' });
    }
    if out.is_empty() {
        out.push('_');
    }
    out
}

/// An attribute's name and namespace in the document, None to leave it out.
fn attr_name(a: &Attribute, elem_ns: &str) -> Option<(String, String)> {
    let local: &str = &a.name.local;
    let ns: &str = &a.name.ns;
    if let Some(p) = &a.name.prefix {
        return Some((format!("{}:{}", &**p, xml_name(local)), ns.to_string()));
    }
    if local == "xmlns" {
        // Only a declaration of the element's own namespace (XHTML pages) is kept.
        return (a.value.as_ref() == elem_ns).then(|| ("xmlns".to_string(), XMLNS_NS.to_string()));
    }
    if let Some((p, l)) = local.split_once(':') {
        match p {
            "xml" => return Some((format!("xml:{}", xml_name(l)), XML_NS.to_string())),
            "xmlns" => return Some((format!("xmlns:{}", xml_name(l)), XMLNS_NS.to_string())),
            _ => {}
        }
    }
    Some((xml_name(local), ns.to_string()))
}

fn convert(dom: &Dom, case_sensitive: bool, has_head: bool) -> CfResult<Tree> {
    let mut t = Tree::new(case_sensitive);
    let mut declared = false;
    // (node, its parent in the tree, depth): an explicit stack, pages nest deep.
    let mut stack: Vec<(usize, NodeId, usize)> = dom
        .nodes
        .first()
        .map(|d| {
            d.children
                .iter()
                .rev()
                .map(|c| (*c, Tree::DOCUMENT, 1))
                .collect()
        })
        .unwrap_or_default();
    while let Some((id, parent, depth)) = stack.pop() {
        let Some(node) = dom.nodes.get(id) else {
            continue;
        };
        match &node.data {
            Data::Document => {}
            Data::Element {
                name,
                attrs,
                contents,
                ..
            } => {
                if depth > MAX_DEPTH {
                    return Err(too_deep());
                }
                let local: &str = &name.local;
                let ns: &str = &name.ns;
                let implied_head = local == "head"
                    && ns == XHTML_NS
                    && !has_head
                    && attrs.is_empty()
                    && node.children.is_empty();
                if implied_head {
                    continue;
                }
                let qname = match &name.prefix {
                    Some(p) => format!("{}:{}", &**p, xml_name(local)),
                    None => xml_name(local),
                };
                let el = t.add(
                    NodeKind::Element,
                    qname.as_str().into(),
                    ns.into(),
                    String::new(),
                )?;
                for a in attrs {
                    let Some((an, ans)) = attr_name(a, ns) else {
                        continue;
                    };
                    if t.attr_node(el, &an, false).is_some() {
                        continue;
                    }
                    t.push_attr(
                        el,
                        an.as_str().into(),
                        ans.as_str().into(),
                        a.value.to_string(),
                    )?;
                }
                if !declared && parent == Tree::DOCUMENT {
                    declared = true;
                    if t.attr_node(el, "xmlns:html", false).is_none() {
                        t.push_attr(el, "xmlns:html".into(), XMLNS_NS.into(), XHTML_NS.into())?;
                    }
                }
                t.append_child(parent, el)?;
                let element_only = ns == XHTML_NS && ELEMENT_ONLY.contains(&local);
                let kids = contents
                    .and_then(|c| dom.nodes.get(c))
                    .map_or(&node.children, |c| &c.children);
                for c in kids.iter().rev() {
                    let blank = matches!(
                        dom.nodes.get(*c).map(|n| &n.data),
                        Some(Data::Text(s)) if s.trim().is_empty()
                    );
                    if element_only && blank {
                        continue;
                    }
                    stack.push((*c, el, depth + 1));
                }
            }
            Data::Text(s) => {
                let n = t.add(NodeKind::Text, "".into(), "".into(), s.to_string())?;
                t.append_child(parent, n)?;
            }
            Data::Comment(s) => {
                // `<?xml ...?>` and other processing instructions reach HTML as comments.
                if let Some(pi) = s.strip_prefix('?') {
                    let pi = pi.strip_suffix('?').unwrap_or(pi);
                    let (target, data) = pi.split_once(char::is_whitespace).unwrap_or((pi, ""));
                    if target.eq_ignore_ascii_case("xml") {
                        continue;
                    }
                    if rime_runtime::xml::is_xml_name(target) {
                        let n =
                            t.add(NodeKind::Pi, target.into(), "".into(), data.trim().into())?;
                        t.append_child(parent, n)?;
                        continue;
                    }
                }
                let n = t.add(NodeKind::Comment, "".into(), "".into(), s.to_string())?;
                t.append_child(parent, n)?;
            }
            Data::Pi(target, data) => {
                let n = t.add(
                    NodeKind::Pi,
                    target.as_ref().into(),
                    "".into(),
                    data.to_string(),
                )?;
                t.append_child(parent, n)?;
            }
        }
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Tree {
        parse_html(s, false)
            .map_err(|e| e.message.clone())
            .unwrap_or_else(|m| panic!("{m}"))
    }

    fn names(t: &Tree, id: NodeId) -> Vec<String> {
        t.elements(id).map(|c| t.n(c).name.to_string()).collect()
    }

    #[test]
    fn builds_the_browser_tree() {
        let t = parse(
            "<!DOCTYPE html><title>x</title><p>one<p>two<b><i>x</b>y</i><table><tr><td>c</table>",
        );
        let root = t.root_element().unwrap_or_default();
        assert_eq!(t.n(root).name.as_str(), "html");
        assert_eq!(t.n(root).ns.as_str(), XHTML_NS);
        assert_eq!(names(&t, root), ["head", "body"]);
        let body = t.elements(root).nth(1).unwrap_or_default();
        assert_eq!(names(&t, body), ["p", "p", "table"]);
        let table = t.elements(body).nth(2).unwrap_or_default();
        assert_eq!(names(&t, table), ["tbody"]);
    }

    #[test]
    fn implied_head_is_left_out_and_entities_decoded() {
        let t = parse("HI <p>a &amp; b &copy;</p>");
        let root = t.root_element().unwrap_or_default();
        assert_eq!(names(&t, root), ["body"]);
        assert_eq!(t.string_value(root), "HI a & b \u{a9}");
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = "<div>".repeat(50_000);
        let e = parse_html(&deep, false).err().map(|e| e.message.clone());
        assert_eq!(
            e.as_deref(),
            Some("htmlParse: the HTML nests deeper than 1000 elements")
        );
        assert!(parse_html(&"<div>".repeat(900), false).is_ok());
    }

    #[test]
    fn odd_names_become_xml_names() {
        let t = parse("<p a@b=1 xml:lang=en foo:bar=2>x</p><x:y>z</x:y>");
        let root = t.root_element().unwrap_or_default();
        let body = t.elements(root).next().unwrap_or_default();
        let p = t.elements(body).next().unwrap_or_default();
        let attrs: Vec<String> = t
            .n(p)
            .attrs
            .iter()
            .map(|a| t.n(*a).name.to_string())
            .collect();
        assert!(attrs.contains(&"a_b".to_string()));
        assert!(attrs.contains(&"xml:lang".to_string()));
        assert!(attrs.contains(&"foo_bar".to_string()));
        assert_eq!(names(&t, body), ["p", "x_y"]);
    }

    #[test]
    fn tricky_pages_parse() {
        let pages = [
            "<table>foster<tr>text<td>a</td>more</tr>x</table>",
            "<a><p>x</a>y</p><b><div>z</b>w</div>",
            "<b><b><b><b>1</b></b></b></b><i><u><s>2</i>3",
            "<template><tr><td>t</td></tr></template><p>after",
            "<svg viewBox='0 0 1 1'><foreignObject><p>html in svg</p></foreignObject><circle r=1 /></svg>",
            "<math><annotation-xml encoding='text/html'><div>d</div></annotation-xml></math>",
            "<frameset><frame src=a></frameset>",
            "<select><option>1<option>2<optgroup><option>3</select>",
            "<!-- unclosed comment",
            "<?php echo 1; ?><p>pi</p>",
            "<p \"weird\"=1 =2 ===3>x",
            "\u{0}<p>\u{0}nul</p>",
            "<table><table><table>",
            "</p></br></div>",
            "<html><html><body><body>",
            "<plaintext><b>raw",
            "<textarea><b>t</textarea><title><i>x</title>",
            "<a href='x'><a href='y'>nested</a></a>",
            "",
        ];
        for p in pages {
            assert!(parse_html(p, false).is_ok(), "{p}");
        }
        let t = parse("<?php echo 1; ?><p>pi</p>");
        let kinds: Vec<NodeKind> = t
            .n(Tree::DOCUMENT)
            .children
            .iter()
            .map(|c| t.n(*c).kind)
            .collect();
        assert_eq!(kinds, [NodeKind::Pi, NodeKind::Element]);
    }
}

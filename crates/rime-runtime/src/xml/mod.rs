//! XML documents as CFML values (Lucee's XML object model).
//!
//! A document is an arena of nodes (`Tree`) behind one `RwLock`, shared by every value that
//! points into it: `Value::Xml` holds the document and a *view* of it (a node, the live
//! `xmlChildren`/`xmlNodes` list of a node, its `xmlAttributes`, or the elements of one name that
//! `doc.root.item` reaches). Two values that point at the same node see each other's changes, as
//! Lucee's DOM wrappers do. Nodes taken out of the tree stay in the arena, detached, until the
//! document goes.
//!
//! `model.rs` holds the CFML side (member access, assignment, array and struct views), `write.rs`
//! the serializer. Parsing and XPath live with the XML functions in `rime-stdlib`.

mod model;
mod write;

use crate::error::{CfResult, CfmlError};
use arcstr::ArcStr;
use parking_lot::{RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::sync::Arc;

pub use model::BuiltinArg;
pub use write::{escape_attr, escape_text, to_xml_string, write_node};

/// A node's index in its document's arena.
pub type NodeId = u32;

/// The kinds of node Lucee's XML values expose (DOM node types).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    Document,
    Element,
    Attribute,
    Text,
    CData,
    Comment,
    Pi,
}

impl NodeKind {
    /// The DOM node type name: `xmlType` gives it bare (`ELEMENT`), `xmlGetNodeType` with
    /// `_NODE` appended.
    pub fn type_name(self) -> &'static str {
        match self {
            NodeKind::Document => "DOCUMENT",
            NodeKind::Element => "ELEMENT",
            NodeKind::Attribute => "ATTRIBUTE",
            NodeKind::Text => "TEXT",
            NodeKind::CData => "CDATA_SECTION",
            NodeKind::Comment => "COMMENT",
            NodeKind::Pi => "PROCESSING_INSTRUCTION",
        }
    }
}

/// One node of a document.
#[derive(Clone, Debug)]
pub struct NodeData {
    pub kind: NodeKind,
    /// The qualified name of an element or attribute (`soap:Body`), a processing instruction's
    /// target; empty for other nodes.
    pub name: ArcStr,
    /// The namespace URI of an element or attribute; empty for none.
    pub ns: ArcStr,
    /// The text of a text, CDATA or comment node, an attribute's value, a PI's data.
    pub value: String,
    /// The element an attribute belongs to, the parent of other nodes; None when detached.
    pub parent: Option<NodeId>,
    pub children: Vec<NodeId>,
    /// An element's attributes, sorted by name (as the DOM Lucee uses keeps them).
    pub attrs: Vec<NodeId>,
}

static MISSING: NodeData = NodeData {
    kind: NodeKind::Comment,
    name: ArcStr::new(),
    ns: ArcStr::new(),
    value: String::new(),
    parent: None,
    children: Vec::new(),
    attrs: Vec::new(),
};

/// A document's nodes; node 0 is the document node.
#[derive(Clone, Debug)]
pub struct Tree {
    nodes: Vec<NodeData>,
    /// Parsed with `caseSensitive=true`: child names match case-sensitively.
    pub case_sensitive: bool,
    /// The parsed text declared `standalone="yes"` (the serializer then omits `standalone`).
    pub standalone: bool,
}

/// The most nodes one document may hold (parsing and building both count).
pub const MAX_NODES: usize = 20_000_000;

impl Tree {
    pub const DOCUMENT: NodeId = 0;

    pub fn new(case_sensitive: bool) -> Tree {
        let mut t = Tree {
            nodes: Vec::new(),
            case_sensitive,
            standalone: false,
        };
        t.nodes.push(NodeData {
            kind: NodeKind::Document,
            name: ArcStr::new(),
            ns: ArcStr::new(),
            value: String::new(),
            parent: None,
            children: Vec::new(),
            attrs: Vec::new(),
        });
        t
    }

    /// The node `id` (ids come from this tree, so a miss is a bug: it reads as an empty comment).
    pub fn n(&self, id: NodeId) -> &NodeData {
        self.nodes.get(id as usize).unwrap_or(&MISSING)
    }

    fn n_mut(&mut self, id: NodeId) -> Option<&mut NodeData> {
        self.nodes.get_mut(id as usize)
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// A new detached node.
    pub fn add(
        &mut self,
        kind: NodeKind,
        name: ArcStr,
        ns: ArcStr,
        value: String,
    ) -> CfResult<NodeId> {
        if self.nodes.len() >= MAX_NODES {
            return Err(CfmlError::expression(format!(
                "the XML document has too many nodes (at most {MAX_NODES})"
            )));
        }
        let id = self.nodes.len() as NodeId;
        self.nodes.push(NodeData {
            kind,
            name,
            ns,
            value,
            parent: None,
            children: Vec::new(),
            attrs: Vec::new(),
        });
        Ok(id)
    }

    /// The document's root element.
    pub fn root_element(&self) -> Option<NodeId> {
        self.n(Self::DOCUMENT)
            .children
            .iter()
            .copied()
            .find(|c| self.n(*c).kind == NodeKind::Element)
    }

    /// The part of a qualified name after the prefix.
    pub fn local_name(&self, id: NodeId) -> &str {
        let name = self.n(id).name.as_str();
        name.split_once(':').map_or(name, |(_, l)| l)
    }

    /// The namespace prefix of a qualified name ("" without one).
    pub fn prefix(&self, id: NodeId) -> &str {
        self.n(id)
            .name
            .as_str()
            .split_once(':')
            .map_or("", |(p, _)| p)
    }

    /// The DOM node name: the qualified name of elements and attributes, `#text` and the like
    /// for the rest.
    pub fn node_name(&self, id: NodeId) -> &str {
        let n = self.n(id);
        match n.kind {
            NodeKind::Document => "#document",
            NodeKind::Text => "#text",
            NodeKind::CData => "#cdata-section",
            NodeKind::Comment => "#comment",
            NodeKind::Element | NodeKind::Attribute | NodeKind::Pi => n.name.as_str(),
        }
    }

    /// Lucee's name match: the qualified or the local name, case-insensitively unless the
    /// document was parsed case-sensitive.
    pub fn name_matches(&self, id: NodeId, name: &str) -> bool {
        let q = self.n(id).name.as_str();
        let l = self.local_name(id);
        if self.case_sensitive {
            q == name || l == name
        } else {
            q.eq_ignore_ascii_case(name)
                || l.eq_ignore_ascii_case(name)
                || (!q.is_ascii() || !name.is_ascii())
                    && (q.to_lowercase() == name.to_lowercase()
                        || l.to_lowercase() == name.to_lowercase())
        }
    }

    /// The element children of `id`.
    pub fn elements(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.n(id)
            .children
            .iter()
            .copied()
            .filter(|c| self.n(*c).kind == NodeKind::Element)
    }

    /// `xmlText`: the text and CDATA children of `id` joined (a text node's own text).
    pub fn text_of(&self, id: NodeId) -> String {
        let n = self.n(id);
        if matches!(n.kind, NodeKind::Text | NodeKind::CData) {
            return n.value.clone();
        }
        let mut s = String::new();
        for c in &n.children {
            let c = self.n(*c);
            if matches!(c.kind, NodeKind::Text | NodeKind::CData) {
                s.push_str(&c.value);
            }
        }
        s
    }

    /// The XPath string value: all descendant text of elements and documents, the value of
    /// other nodes.
    pub fn string_value(&self, id: NodeId) -> String {
        let n = self.n(id);
        match n.kind {
            NodeKind::Element | NodeKind::Document => {
                let mut s = String::new();
                self.collect_text(id, &mut s, 0);
                s
            }
            _ => n.value.clone(),
        }
    }

    fn collect_text(&self, id: NodeId, out: &mut String, depth: usize) {
        if depth > 10_000 {
            return;
        }
        for c in &self.n(id).children {
            let cn = self.n(*c);
            match cn.kind {
                NodeKind::Text | NodeKind::CData => out.push_str(&cn.value),
                NodeKind::Element => self.collect_text(*c, out, depth + 1),
                _ => {}
            }
        }
    }

    /// Whether `anc` is `id` or one of its ancestors.
    pub fn is_ancestor_or_self(&self, anc: NodeId, id: NodeId) -> bool {
        let mut cur = Some(id);
        let mut steps = 0;
        while let Some(c) = cur {
            if c == anc {
                return true;
            }
            steps += 1;
            if steps > self.nodes.len() {
                return false;
            }
            cur = self.n(c).parent;
        }
        false
    }

    /// Take `id` out of its parent (attributes out of their element).
    pub fn detach(&mut self, id: NodeId) {
        let Some(parent) = self.n(id).parent else {
            return;
        };
        let is_attr = self.n(id).kind == NodeKind::Attribute;
        if let Some(p) = self.n_mut(parent) {
            let list = if is_attr {
                &mut p.attrs
            } else {
                &mut p.children
            };
            list.retain(|c| *c != id);
        }
        if let Some(n) = self.n_mut(id) {
            n.parent = None;
        }
    }

    fn check_child(&self, parent: NodeId, child: NodeId) -> CfResult<()> {
        let pk = self.n(parent).kind;
        let ck = self.n(child).kind;
        let allowed = match ck {
            NodeKind::Document | NodeKind::Attribute => false,
            NodeKind::Element => match pk {
                NodeKind::Element => true,
                NodeKind::Document => self.root_element().is_none_or(|r| r == child),
                _ => false,
            },
            NodeKind::Text | NodeKind::CData => pk == NodeKind::Element,
            NodeKind::Comment | NodeKind::Pi => {
                matches!(pk, NodeKind::Element | NodeKind::Document)
            }
        };
        if !allowed || self.is_ancestor_or_self(child, parent) {
            return Err(CfmlError::expression(
                "HIERARCHY_REQUEST_ERR: An attempt was made to insert a node where it is not \
                 permitted.",
            ));
        }
        Ok(())
    }

    /// Insert `child` into `parent`'s children at `index` (clamped), moving it from where it was.
    pub fn insert_child(&mut self, parent: NodeId, index: usize, child: NodeId) -> CfResult<()> {
        self.check_child(parent, child)?;
        self.detach(child);
        if let Some(p) = self.n_mut(parent) {
            let at = index.min(p.children.len());
            p.children.insert(at, child);
        }
        if let Some(c) = self.n_mut(child) {
            c.parent = Some(parent);
        }
        Ok(())
    }

    /// Append `child` to `parent`'s children, moving it from where it was.
    pub fn append_child(&mut self, parent: NodeId, child: NodeId) -> CfResult<()> {
        self.insert_child(parent, usize::MAX, child)
    }

    /// Put `new` where `old` is (`old` is detached).
    pub fn replace_child(&mut self, old: NodeId, new: NodeId) -> CfResult<()> {
        if old == new {
            return Ok(());
        }
        let Some(parent) = self.n(old).parent else {
            return Err(CfmlError::expression("the node to replace has no parent"));
        };
        self.check_child(parent, new)?;
        self.detach(new);
        let at = self.n(parent).children.iter().position(|c| *c == old);
        self.detach(old);
        self.insert_child(parent, at.unwrap_or(usize::MAX), new)
    }

    /// The attribute node of `elem` named `name` (exactly, or ignoring case when `nocase`).
    pub fn attr_node(&self, elem: NodeId, name: &str, nocase: bool) -> Option<NodeId> {
        let attrs = &self.n(elem).attrs;
        attrs
            .iter()
            .copied()
            .find(|a| self.n(*a).name.as_str() == name)
            .or_else(|| {
                nocase
                    .then(|| {
                        attrs
                            .iter()
                            .copied()
                            .find(|a| self.n(*a).name.eq_ignore_ascii_case(name))
                    })
                    .flatten()
            })
    }

    /// Set an attribute (a new one goes in name order).
    pub fn set_attr(
        &mut self,
        elem: NodeId,
        name: &str,
        ns: ArcStr,
        value: String,
    ) -> CfResult<()> {
        if self.n(elem).kind != NodeKind::Element {
            return Err(CfmlError::expression(
                "attributes can only be set on an XML element",
            ));
        }
        if let Some(a) = self.attr_node(elem, name, false) {
            if let Some(n) = self.n_mut(a) {
                n.value = value;
            }
            return Ok(());
        }
        check_name(name)?;
        let a = self.add(NodeKind::Attribute, ArcStr::from(name), ns, value)?;
        self.attach_attr(elem, a);
        Ok(())
    }

    /// Put a detached attribute node on `elem`, in name order.
    fn attach_attr(&mut self, elem: NodeId, a: NodeId) {
        let at = {
            let name = self.n(a).name.as_str();
            let attrs = &self.n(elem).attrs;
            attrs
                .iter()
                .position(|x| self.n(*x).name.as_str() > name)
                .unwrap_or(attrs.len())
        };
        if let Some(e) = self.n_mut(elem) {
            e.attrs.insert(at, a);
        }
        if let Some(n) = self.n_mut(a) {
            n.parent = Some(elem);
        }
    }

    /// Add a parsed attribute (the parser has checked names and duplicates).
    pub fn push_attr(
        &mut self,
        elem: NodeId,
        name: ArcStr,
        ns: ArcStr,
        value: String,
    ) -> CfResult<()> {
        let a = self.add(NodeKind::Attribute, name, ns, value)?;
        self.attach_attr(elem, a);
        Ok(())
    }

    /// Change a node's value (text, CDATA, comment, attribute, PI data).
    pub fn set_value(&mut self, id: NodeId, value: String) {
        if let Some(n) = self.n_mut(id) {
            if n.kind != NodeKind::Element && n.kind != NodeKind::Document {
                n.value = value;
            }
        }
    }

    /// Copy the subtree `id` of `from` into this tree, detached; returns the copy.
    pub fn import(&mut self, from: &Tree, id: NodeId) -> CfResult<NodeId> {
        self.import_at(from, id, 0)
    }

    fn import_at(&mut self, from: &Tree, id: NodeId, depth: usize) -> CfResult<NodeId> {
        if depth > 10_000 {
            return Err(CfmlError::expression(
                "the XML document is nested too deeply",
            ));
        }
        let src = from.n(id);
        let copy = self.add(
            src.kind,
            src.name.clone(),
            src.ns.clone(),
            src.value.clone(),
        )?;
        for a in &src.attrs {
            let an = from.n(*a);
            let ac = self.add(an.kind, an.name.clone(), an.ns.clone(), an.value.clone())?;
            if let Some(n) = self.n_mut(ac) {
                n.parent = Some(copy);
            }
            if let Some(n) = self.n_mut(copy) {
                n.attrs.push(ac);
            }
        }
        for c in &src.children {
            let cc = self.import_at(from, *c, depth + 1)?;
            if let Some(n) = self.n_mut(cc) {
                n.parent = Some(copy);
            }
            if let Some(n) = self.n_mut(copy) {
                n.children.push(cc);
            }
        }
        Ok(copy)
    }

    /// A detached deep copy of `id` in this same tree (DOM `cloneNode(true)`).
    pub fn clone_node(&mut self, id: NodeId) -> CfResult<NodeId> {
        let snapshot = self.clone_subtree(id);
        self.import(&snapshot, Self::DOCUMENT)
    }

    /// The subtree `id` as a tree of its own whose node 0 is the copy of `id`.
    fn clone_subtree(&self, id: NodeId) -> Tree {
        let mut t = Tree {
            nodes: Vec::new(),
            case_sensitive: self.case_sensitive,
            standalone: self.standalone,
        };
        let mut stack = vec![(id, None::<NodeId>, false)];
        while let Some((src, parent, is_attr)) = stack.pop() {
            let n = self.n(src);
            let new_id = t.nodes.len() as NodeId;
            t.nodes.push(NodeData {
                kind: n.kind,
                name: n.name.clone(),
                ns: n.ns.clone(),
                value: n.value.clone(),
                parent,
                children: Vec::new(),
                attrs: Vec::new(),
            });
            if let Some(p) = parent.and_then(|p| t.nodes.get_mut(p as usize)) {
                if is_attr {
                    p.attrs.push(new_id);
                } else {
                    p.children.push(new_id);
                }
            }
            // Pushed in reverse so they are copied in order.
            for c in n.children.iter().rev() {
                stack.push((*c, Some(new_id), false));
            }
            for a in n.attrs.iter().rev() {
                stack.push((*a, Some(new_id), true));
            }
        }
        t
    }

    /// Every node of the document in document order (elements' attributes right after them),
    /// with its position: XPath sorts node-sets by it.
    pub fn document_order(&self) -> Vec<u32> {
        let mut order = vec![u32::MAX; self.nodes.len()];
        let mut next = 0u32;
        let mut stack = vec![Self::DOCUMENT];
        while let Some(id) = stack.pop() {
            if let Some(slot) = order.get_mut(id as usize) {
                *slot = next;
                next += 1;
            }
            let n = self.n(id);
            for a in &n.attrs {
                if let Some(slot) = order.get_mut(*a as usize) {
                    *slot = next;
                    next += 1;
                }
            }
            for c in n.children.iter().rev() {
                stack.push(*c);
            }
        }
        order
    }
}

/// Whether `name` is an XML name (letters, digits, `_`, `-`, `.`, `:`; not starting with a
/// digit, `-` or `.`).
pub fn is_xml_name(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    (first.is_alphabetic() || first == '_' || first == ':' || !first.is_ascii())
        && chars.all(|c| {
            c.is_alphanumeric()
                || matches!(c, '_' | ':' | '-' | '.')
                || (!c.is_ascii() && !c.is_whitespace())
        })
}

pub fn check_name(name: &str) -> CfResult<()> {
    if is_xml_name(name) {
        Ok(())
    } else {
        Err(CfmlError::expression(format!(
            "INVALID_CHARACTER_ERR: [{name}] is not a valid XML name"
        )))
    }
}

/// A document shared by every value that points into it.
#[derive(Clone)]
pub struct XmlDoc(Arc<RwLock<Tree>>);

impl std::fmt::Debug for XmlDoc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "XmlDoc({} nodes)", self.0.read().len())
    }
}

impl XmlDoc {
    pub fn new(tree: Tree) -> XmlDoc {
        XmlDoc(Arc::new(RwLock::new(tree)))
    }
    pub fn read(&self) -> RwLockReadGuard<'_, Tree> {
        self.0.read()
    }
    pub fn write(&self) -> RwLockWriteGuard<'_, Tree> {
        self.0.write()
    }
    pub fn ptr_eq(&self, other: &XmlDoc) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// What part of a document a value stands for.
#[derive(Clone, Debug)]
pub enum View {
    /// One node (document, element, text, attribute...).
    Node(NodeId),
    /// The elements of one name that `parent.name` reached when there are several: reads as
    /// the first, indexes and counts as all of them (Lucee's XMLMultiElementStruct).
    Named(Arc<[NodeId]>),
    /// `xmlChildren`: the live list of a node's element children.
    Children(NodeId),
    /// `xmlNodes`: the live list of all of a node's children.
    Nodes(NodeId),
    /// `xmlAttributes`: the live struct of an element's attributes.
    Attributes(NodeId),
}

/// The payload of `Value::Xml`: a document and a view of it, one pointer wide.
#[derive(Clone, Debug)]
pub struct Xml(Arc<XmlRef>);

#[derive(Debug)]
pub struct XmlRef {
    pub doc: XmlDoc,
    pub view: View,
}

impl Xml {
    pub fn new(doc: XmlDoc, view: View) -> Xml {
        Xml(Arc::new(XmlRef { doc, view }))
    }

    /// A value for the node `id` of `doc`.
    pub fn node(doc: &XmlDoc, id: NodeId) -> Xml {
        Xml::new(doc.clone(), View::Node(id))
    }

    /// A new document value.
    pub fn document(tree: Tree) -> Xml {
        Xml::node(&XmlDoc::new(tree), Tree::DOCUMENT)
    }

    pub fn doc(&self) -> &XmlDoc {
        &self.0.doc
    }

    pub fn view(&self) -> &View {
        &self.0.view
    }

    /// The node a node value stands for (the first of a `Named` view); None for the list and
    /// attribute views.
    pub fn node_id(&self) -> Option<NodeId> {
        match &self.0.view {
            View::Node(id) => Some(*id),
            View::Named(ids) => ids.first().copied(),
            _ => None,
        }
    }

    /// The kind of node a node value stands for.
    pub fn kind(&self) -> Option<NodeKind> {
        self.node_id().map(|id| self.doc().read().n(id).kind)
    }

    /// Whether the value is `xmlChildren` or `xmlNodes` (an array in CFML).
    pub fn is_list(&self) -> bool {
        matches!(self.0.view, View::Children(_) | View::Nodes(_))
    }

    /// Whether the value is an `xmlAttributes` struct.
    pub fn is_attributes(&self) -> bool {
        matches!(self.0.view, View::Attributes(_))
    }

    /// The same view of the same document (`===`).
    pub fn same(&self, other: &Xml) -> bool {
        if !self.doc().ptr_eq(other.doc()) {
            return false;
        }
        match (&self.0.view, &other.0.view) {
            (View::Node(a), View::Node(b))
            | (View::Children(a), View::Children(b))
            | (View::Nodes(a), View::Nodes(b))
            | (View::Attributes(a), View::Attributes(b)) => a == b,
            (View::Named(a), View::Named(b)) => a == b,
            _ => false,
        }
    }
}

//! The CFML face of XML values, after Lucee's `XMLUtil.getProperty`/`setProperty` and its
//! node-list and attribute wrappers: `doc.root.item[2].xmlText`, `elem.xmlAttributes.id = 3`,
//! `elem.child = xmlElemNew(doc, "child")`, and the array and struct views builtins see
//! (`arrayAppend(elem.xmlChildren, node)`, `structKeyExists(elem, "child")`).

use super::{check_name, write, NodeId, NodeKind, Tree, View, Xml};
use crate::error::{CfResult, CfmlError};
use crate::key::Key;
use crate::value::{Array, Struct, Value};
use arcstr::ArcStr;
use std::collections::HashSet;
use std::sync::Arc;

/// A key that is a whole number (`elem["2"]`, `elem[2]`): Lucee's `Decision.isInteger`.
fn index_key(key: &str) -> Option<usize> {
    if key.is_empty() || key.len() > 18 || !key.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    key.parse().ok()
}

fn err(msg: impl Into<String>) -> Box<CfmlError> {
    CfmlError::expression(msg)
}

/// The property names every node answers (`xmlName`...), lower-cased.
const PROPERTIES: &[&str] = &[
    "xmlcomment",
    "xmlnsuri",
    "xmlnsprefix",
    "xmlroot",
    "xmlparent",
    "xmlname",
    "xmlvalue",
    "xmltype",
    "xmlattributes",
    "xmltext",
    "xmlcdata",
    "xmlchildren",
    "xmlnodes",
];

/// The lower-cased property name when `key` is one (`XMLTEXT` → `xmltext`).
fn property(key: &str) -> Option<&'static str> {
    if key.len() < 6 || !key.as_bytes()[..3].eq_ignore_ascii_case(b"xml") {
        return None;
    }
    PROPERTIES
        .iter()
        .find(|l| l.eq_ignore_ascii_case(key))
        .copied()
}

/// Where a node assigned into a document comes from.
enum Source {
    Node(NodeId),
    /// A string assigned where a node goes: a new element of that name (Lucee).
    Element(String),
}

impl Xml {
    fn with(&self, view: View) -> Value {
        Value::Xml(Xml::new(self.doc().clone(), view))
    }

    fn node_value(&self, id: NodeId) -> Value {
        self.with(View::Node(id))
    }

    /// `x.key` (and `x["key"]`).
    pub fn get(&self, key: &str) -> CfResult<Value> {
        match self.view() {
            View::Node(id) => self.node_get(*id, key),
            View::Named(ids) => match index_key(key) {
                Some(i) => i
                    .checked_sub(1)
                    .and_then(|i| ids.get(i))
                    .map(|id| self.node_value(*id))
                    .ok_or_else(|| {
                        err(format!(
                            "Element at position [{i}] doesn't exist in array (it has {} elements)",
                            ids.len()
                        ))
                    }),
                None => match ids.first() {
                    Some(first) => self.node_get(*first, key),
                    None => Err(err(format!("Attribute [{key}] not found"))),
                },
            },
            View::Children(p) | View::Nodes(p) => {
                let found = {
                    let t = self.doc().read();
                    let nth = |i: usize| match self.view() {
                        View::Nodes(_) => t.n(*p).children.get(i).copied(),
                        _ => t.elements(*p).nth(i),
                    };
                    index_key(key).and_then(|i| i.checked_sub(1)).and_then(nth)
                };
                match found {
                    Some(id) => Ok(self.node_value(id)),
                    None => Err(err(format!(
                        "invalid index [{key}] for XML Node List, indexes go from 1 to {}",
                        self.list_ids(*p).len()
                    ))),
                }
            }
            View::Attributes(e) => {
                let t = self.doc().read();
                match t.attr_node(*e, key, true) {
                    Some(a) => Ok(Value::from(t.n(a).value.as_str())),
                    None => {
                        let names: Vec<&str> = t
                            .n(*e)
                            .attrs
                            .iter()
                            .map(|a| t.n(*a).name.as_str())
                            .collect();
                        Err(err(format!("No Attribute {key} defined for tag"))
                            .with_detail(format!("attributes are [{}]", names.join(", "))))
                    }
                }
            }
        }
    }

    /// Whether `x.key` reads without an error (`structKeyExists`, `isDefined`).
    pub fn has_key(&self, key: &str) -> bool {
        self.get(key).is_ok()
    }

    /// The element children (`xmlChildren`) or all children (`xmlNodes`) of `p`.
    fn list_ids(&self, p: NodeId) -> Vec<NodeId> {
        let t = self.doc().read();
        match self.view() {
            View::Nodes(_) => t.n(p).children.clone(),
            _ => t.elements(p).collect(),
        }
    }

    fn node_get(&self, id: NodeId, key: &str) -> CfResult<Value> {
        let t = self.doc().read();
        let n = t.n(id);
        let is_doc = n.kind == NodeKind::Document;
        let not_on_doc = || {
            err(format!(
                "you cannot address [{key}] on the Document Object, to address [{key}] from the \
                 root Node use [{{variable-name}}.xmlRoot.{key}]"
            ))
        };
        if let Some(p) = property(key) {
            return match p {
                "xmlcomment" => {
                    let mut s = String::new();
                    for c in &n.children {
                        if t.n(*c).kind == NodeKind::Comment {
                            s.push_str(&t.n(*c).value);
                        }
                    }
                    Ok(Value::from(s))
                }
                "xmlnsuri" if is_doc => Err(not_on_doc()),
                "xmlnsuri" => Ok(Value::from(n.ns.clone())),
                "xmlnsprefix" if is_doc => Err(not_on_doc()),
                "xmlnsprefix" => Ok(Value::from(t.prefix(id))),
                "xmlroot" => match t.root_element() {
                    Some(r) => Ok(self.node_value(r)),
                    None => Err(err(format!(
                        "Attribute [{key}] not found in XML, XML is empty"
                    ))),
                },
                "xmlparent" => match n.parent {
                    Some(p) => Ok(self.node_value(p)),
                    None if is_doc => Err(err(format!(
                        "Attribute [{key}] not found in XML, there is no parent element, you are \
                         already at the root element"
                    ))),
                    None => Err(err(format!(
                        "Attribute [{key}] not found in XML, there is no parent element"
                    ))),
                },
                "xmlname" => Ok(Value::from(t.node_name(id))),
                "xmlvalue" => Ok(Value::from(n.value.as_str())),
                "xmltype" => Ok(Value::from(n.kind.type_name())),
                "xmlattributes" if is_doc => Err(not_on_doc()),
                "xmlattributes" if n.kind != NodeKind::Element => {
                    Err(err(format!("{key} is undefined")))
                }
                "xmlattributes" => Ok(self.with(View::Attributes(id))),
                "xmltext" if is_doc => Err(not_on_doc()),
                "xmltext" => Ok(Value::from(t.text_of(id))),
                "xmlcdata" if is_doc => Err(not_on_doc()),
                "xmlcdata" => {
                    let mut s = String::new();
                    for c in &n.children {
                        let cn = t.n(*c);
                        if matches!(cn.kind, NodeKind::Text | NodeKind::CData) {
                            s.push_str(&cn.value);
                        }
                    }
                    Ok(Value::from(s))
                }
                "xmlchildren" => Ok(self.with(View::Children(id))),
                _ => Ok(self.with(View::Nodes(id))),
            };
        }
        if is_doc {
            let Some(root) = t.root_element() else {
                return Err(err(format!(
                    "Attribute [{key}] not found in XML, XML is empty"
                )));
            };
            if t.name_matches(root, key) {
                return Ok(self.node_value(root));
            }
            return Err(err(format!("Attribute [{key}] not found")));
        }
        if n.kind == NodeKind::Element {
            if let Some(i) = index_key(key) {
                // `item[2]` on one `item`: its second sibling of that name.
                let name = n.name.clone();
                let sibs: Vec<NodeId> = match n.parent {
                    Some(p) => t
                        .elements(p)
                        .filter(|c| t.name_matches(*c, &name))
                        .collect(),
                    None => vec![id],
                };
                return match i.checked_sub(1).and_then(|i| sibs.get(i)) {
                    Some(s) => Ok(self.node_value(*s)),
                    None => {
                        let detail = match sibs.len() {
                            0 => "there are no Elements with this name".to_string(),
                            1 => "there is only 1 Element with this name".to_string(),
                            c => format!("there are only {c} Elements with this name"),
                        };
                        Err(err(format!(
                            "invalid index [{key}] for Element with name [{name}], {detail}"
                        )))
                    }
                };
            }
        }
        let found: Vec<NodeId> = t.elements(id).filter(|c| t.name_matches(*c, key)).collect();
        match found.len() {
            0 => Err(err(format!("Attribute [{key}] not found"))),
            1 => Ok(self.node_value(found[0])),
            _ => Ok(self.with(View::Named(Arc::from(found)))),
        }
    }

    /// `x.key = v` (and `x["key"] = v`).
    pub fn set(&self, key: &str, v: Value) -> CfResult<()> {
        match self.view() {
            View::Node(id) => self.node_set(*id, key, v),
            View::Named(ids) => match index_key(key) {
                Some(i) => {
                    let src = self.source(&v)?;
                    let mut t = self.doc().write();
                    let new = materialize(&mut t, src, false)?;
                    match i.checked_sub(1).and_then(|i| ids.get(i)) {
                        Some(old) => t.replace_child(*old, new),
                        None if i == ids.len() + 1 => {
                            let last = ids.last().copied().unwrap_or(Tree::DOCUMENT);
                            insert_after(&mut t, last, new)
                        }
                        None => Err(err("the index for child node is out of range")
                            .with_detail(format!("valid range is from 1 to {}", ids.len() + 1))),
                    }
                }
                None => match ids.first() {
                    Some(first) => self.node_set(*first, key, v),
                    None => Err(err(format!("can't set [{key}]"))),
                },
            },
            View::Children(p) | View::Nodes(p) => {
                let Some(i) = index_key(key).filter(|i| *i >= 1) else {
                    return Err(err(format!(
                        "invalid index [{key}] to set a child node, valid indexes start at 1"
                    )));
                };
                let items = self.list_ids(*p);
                let src = self.source(&v)?;
                let mut t = self.doc().write();
                // Lucee's node lists insert a copy of the node assigned.
                let new = materialize(&mut t, src, true)?;
                match items.get(i - 1) {
                    Some(old) => t.replace_child(*old, new),
                    None => t.append_child(*p, new),
                }
            }
            View::Attributes(e) => {
                let value = v.to_str()?.into_owned();
                let mut t = self.doc().write();
                let name = match t.attr_node(*e, key, !t.case_sensitive) {
                    Some(a) => t.n(a).name.to_string(),
                    None => key.to_string(),
                };
                t.set_attr(*e, &name, ArcStr::new(), value)
            }
        }
    }

    /// Where a value assigned into this document comes from: a node of it, or a name.
    fn source(&self, v: &Value) -> CfResult<Source> {
        match v {
            Value::Xml(x) => {
                if !x.doc().ptr_eq(self.doc()) {
                    return Err(err(
                        "WRONG_DOCUMENT_ERR: A node is used in a different document than the \
                         one that created it.",
                    ));
                }
                x.node_id().map(Source::Node).ok_or_else(|| {
                    err("an XML node list or attribute struct can't be used as an XML node")
                })
            }
            other => {
                let s = other.to_str()?;
                let name = if s.is_empty() { "Empty" } else { s.as_ref() };
                check_name(name)?;
                Ok(Source::Element(name.to_string()))
            }
        }
    }

    fn node_set(&self, id: NodeId, key: &str, v: Value) -> CfResult<()> {
        if let Some(p) = property(key) {
            return match p {
                "xmlcomment" => {
                    let text = v.to_str()?.into_owned();
                    let mut t = self.doc().write();
                    let old: Vec<NodeId> = t
                        .n(id)
                        .children
                        .iter()
                        .copied()
                        .filter(|c| t.n(*c).kind == NodeKind::Comment)
                        .collect();
                    for c in old {
                        t.detach(c);
                    }
                    let c = t.add(NodeKind::Comment, ArcStr::new(), ArcStr::new(), text)?;
                    t.append_child(id, c)
                }
                "xmlnsuri" => Err(err("XML NS URI can't be set").with_detail("not implemented")),
                "xmlnsprefix" => {
                    Err(err("XML NS Prefix can't be set").with_detail("not implemented"))
                }
                "xmlroot" => {
                    let src = self.source(&v)?;
                    let mut t = self.doc().write();
                    let new = materialize(&mut t, src, false)?;
                    t.append_child(Tree::DOCUMENT, new)
                }
                "xmlparent" => Err(err(
                    "You can't assign a new value for the property [xmlparent]",
                )),
                "xmlname" => Err(err(
                    "You can't assign a new value for the property [xmlname]",
                )),
                "xmltype" => Err(err("You can't change type of a xml node [xmltype]")),
                "xmlvalue" => {
                    let text = v.to_str()?.into_owned();
                    self.doc().write().set_value(id, text);
                    Ok(())
                }
                "xmlattributes" => {
                    let entries: Vec<(String, String)> = match &v {
                        Value::Struct(s) => s
                            .entries()
                            .into_iter()
                            .map(|(k, v)| Ok((k.as_str().to_string(), v.to_str()?.into_owned())))
                            .collect::<CfResult<_>>()?,
                        Value::Xml(x) if x.is_attributes() => match x.struct_snapshot() {
                            Some(s) => s
                                .entries()
                                .into_iter()
                                .map(|(k, v)| {
                                    Ok((k.as_str().to_string(), v.to_str()?.into_owned()))
                                })
                                .collect::<CfResult<_>>()?,
                            None => Vec::new(),
                        },
                        other => {
                            return Err(err(format!(
                                "can't cast Object of type {} to a XML Attributes Array",
                                other.type_name()
                            )))
                        }
                    };
                    let mut t = self.doc().write();
                    for (k, v) in entries {
                        let name = if index_key(&k).is_some() {
                            format!("attribute-{k}")
                        } else {
                            k
                        };
                        t.set_attr(id, &name, ArcStr::new(), v)?;
                    }
                    Ok(())
                }
                "xmltext" | "xmlcdata" => {
                    let text = v.to_str()?.into_owned();
                    let mut t = self.doc().write();
                    // Lucee removes every character-data child (comments too) and appends
                    // the new text at the end.
                    let old: Vec<NodeId> = t
                        .n(id)
                        .children
                        .iter()
                        .copied()
                        .filter(|c| {
                            matches!(
                                t.n(*c).kind,
                                NodeKind::Text | NodeKind::CData | NodeKind::Comment
                            )
                        })
                        .collect();
                    let kind = if p == "xmltext" {
                        NodeKind::Text
                    } else {
                        NodeKind::CData
                    };
                    // A text node taken out is reused, so a loop setting the text does not
                    // grow the document.
                    let reuse = old.iter().copied().find(|c| t.n(*c).kind == kind);
                    for c in &old {
                        t.detach(*c);
                    }
                    let node = match reuse {
                        Some(r) => {
                            t.set_value(r, text);
                            r
                        }
                        None => t.add(kind, ArcStr::new(), ArcStr::new(), text)?,
                    };
                    t.append_child(id, node)
                }
                _ => {
                    // xmlChildren / xmlNodes: replace the element children (all children).
                    let elements_only = p == "xmlchildren";
                    let values: Vec<Value> = match &v {
                        Value::Array(a) => a.to_vec(),
                        Value::Xml(x) if x.array_snapshot().is_some() => {
                            x.array_snapshot().map(|a| a.to_vec()).unwrap_or_default()
                        }
                        other => vec![other.clone()],
                    };
                    let sources = values
                        .iter()
                        .filter(|v| !v.is_null())
                        .map(|v| self.source(v))
                        .collect::<CfResult<Vec<_>>>()?;
                    let mut t = self.doc().write();
                    let old: Vec<NodeId> = t
                        .n(id)
                        .children
                        .iter()
                        .copied()
                        .filter(|c| !elements_only || t.n(*c).kind == NodeKind::Element)
                        .collect();
                    let mut new = Vec::with_capacity(sources.len());
                    for s in sources {
                        let n = materialize(&mut t, s, false)?;
                        if n == id {
                            return Err(err("can't assign a XML Node to himself"));
                        }
                        new.push(n);
                    }
                    for c in old {
                        t.detach(c);
                    }
                    for n in new {
                        t.append_child(id, n)?;
                    }
                    Ok(())
                }
            };
        }
        let src = self.source(&v)?;
        let mut t = self.doc().write();
        let child = materialize(&mut t, src, false)?;
        let child_name = t.node_name(child).to_string();
        let idx = index_key(key);
        if idx.is_none() && !key.eq_ignore_ascii_case(&child_name) {
            return Err(err(
                "if you assign a XML Element to a XMLStruct , assignment property must have same \
                 name like XML Node Name",
            )
            .with_detail(format!(
                "Property Name is {key} and XML Element Name is {child_name}"
            )));
        }
        if let Some(i) = idx {
            let name = t.n(id).name.clone();
            let sibs: Vec<NodeId> = match t.n(id).parent {
                Some(p) => t
                    .elements(p)
                    .filter(|c| t.name_matches(*c, &name))
                    .collect(),
                None => vec![id],
            };
            return match i.checked_sub(1).and_then(|i| sibs.get(i)) {
                Some(old) => t.replace_child(*old, child),
                None => {
                    let len = sibs.len();
                    let detail = if len > 1 {
                        format!("your index is {i}, but there are only {len} child elements")
                    } else {
                        format!("your index is {i}, but there is only {len} child element")
                    };
                    Err(err("index is out of range").with_detail(detail))
                }
            };
        }
        let existing = t.elements(id).find(|c| t.name_matches(*c, key));
        match existing {
            Some(old) => t.replace_child(old, child),
            None => t.append_child(id, child),
        }
    }

    /// `x[idx]`.
    pub fn get_index(&self, idx: &Value) -> CfResult<Value> {
        self.get(&index_text(idx)?)
    }

    /// `x[idx] = v`.
    pub fn set_index(&self, idx: &Value, v: Value) -> CfResult<()> {
        self.set(&index_text(idx)?, v)
    }

    /// The nodes an array view holds: the list of `xmlChildren`/`xmlNodes`, the elements a
    /// `Named` view holds, a single node as a one-element array (Lucee's cast to array).
    fn group_ids(&self) -> Option<Vec<NodeId>> {
        match self.view() {
            View::Node(id) => Some(vec![*id]),
            View::Named(ids) => Some(ids.to_vec()),
            View::Children(p) | View::Nodes(p) => Some(self.list_ids(*p)),
            View::Attributes(_) => None,
        }
    }

    /// How many nodes the array view holds, None for attributes.
    fn group_len(&self) -> Option<usize> {
        match self.view() {
            View::Node(_) => Some(1),
            View::Named(ids) => Some(ids.len()),
            View::Children(p) => Some(self.doc().read().elements(*p).count()),
            View::Nodes(p) => Some(self.doc().read().n(*p).children.len()),
            View::Attributes(_) => None,
        }
    }

    /// Append copies of `values` (nodes, or names of new elements) to a node list's node.
    fn append_all(&self, values: &[Value]) -> CfResult<()> {
        let (View::Children(p) | View::Nodes(p)) = self.view() else {
            return Ok(());
        };
        let sources = values
            .iter()
            .filter(|v| !v.is_null())
            .map(|v| self.source(v))
            .collect::<CfResult<Vec<_>>>()?;
        let mut t = self.doc().write();
        for s in sources {
            let id = materialize(&mut t, s, true)?;
            t.append_child(*p, id)?;
        }
        Ok(())
    }

    /// The value as a CFML array (a snapshot of the nodes), None for attributes.
    pub fn array_snapshot(&self) -> Option<Array> {
        let ids = self.group_ids()?;
        Some(Array::from_vec(
            ids.into_iter().map(|id| self.node_value(id)).collect(),
        ))
    }

    /// The value as a CFML struct (a snapshot): attributes by name, or a node's child elements
    /// by name (several of one name as one `Named` value). None for node lists.
    pub fn struct_snapshot(&self) -> Option<Struct> {
        let out = Struct::with_flags(true);
        let t = self.doc().read();
        let id = match self.view() {
            View::Attributes(e) => {
                for a in &t.n(*e).attrs {
                    out.set(
                        Key::new(t.n(*a).name.as_str()),
                        Value::from(t.n(*a).value.as_str()),
                    );
                }
                return Some(out);
            }
            View::Children(_) | View::Nodes(_) => return None,
            View::Node(id) => *id,
            View::Named(ids) => *ids.first()?,
        };
        let mut groups: Vec<(ArcStr, Vec<NodeId>)> = Vec::new();
        for c in t.elements(id) {
            let name = t.n(c).name.clone();
            match groups.iter_mut().find(|(n, _)| {
                if t.case_sensitive {
                    n == &name
                } else {
                    n.eq_ignore_ascii_case(&name)
                }
            }) {
                Some((_, ids)) => ids.push(c),
                None => groups.push((name, vec![c])),
            }
        }
        drop(t);
        for (name, ids) in groups {
            let v = if ids.len() == 1 {
                self.node_value(ids[0])
            } else {
                self.with(View::Named(Arc::from(ids)))
            };
            out.set(Key::new(name.as_str()), v);
        }
        Some(out)
    }

    /// What `for (x in value)` and `<cfloop array|collection>` visit: the nodes of an array
    /// view; the keys of a struct view (`keys`).
    pub fn loop_items(&self, keys: bool) -> CfResult<Vec<Value>> {
        if keys && !self.is_list() && !matches!(self.view(), View::Named(_)) {
            if let Some(s) = self.struct_snapshot() {
                return Ok(s
                    .keys()
                    .into_iter()
                    .map(|k| Value::Str(k.arc().clone()))
                    .collect());
            }
        }
        match self.array_snapshot() {
            Some(a) => Ok(a.to_vec()),
            None => Err(err("can't loop over XML attributes as an array")),
        }
    }

    /// Put the nodes of an array a builtin changed back into the document: the array's nodes
    /// take the places of the view's nodes in order (text between them stays); more go after
    /// the last, fewer leave places empty. Nodes new to the view are copies (Lucee's node lists
    /// copy what is added); strings become new elements of that name.
    pub fn array_write_back(&self, before: &[Value], after: &Array) -> CfResult<()> {
        let after = after.to_vec();
        let unchanged = before.len() == after.len()
            && before.iter().zip(&after).all(|(b, a)| match (b, a) {
                (Value::Xml(x), Value::Xml(y)) => x.same(y),
                _ => false,
            });
        if unchanged {
            return Ok(());
        }
        let parent = match self.view() {
            View::Children(p) | View::Nodes(p) => *p,
            View::Node(id) => match self.doc().read().n(*id).parent {
                Some(p) => p,
                None => return Ok(()),
            },
            View::Named(ids) => match ids.first().and_then(|f| self.doc().read().n(*f).parent) {
                Some(p) => p,
                None => return Ok(()),
            },
            View::Attributes(_) => return Ok(()),
        };
        let group: HashSet<NodeId> = before
            .iter()
            .filter_map(|v| match v {
                Value::Xml(x) => x.node_id(),
                _ => None,
            })
            .collect();
        let sources = after
            .iter()
            .filter(|v| !v.is_null())
            .map(|v| self.source(v))
            .collect::<CfResult<Vec<_>>>()?;
        let mut t = self.doc().write();
        let mut new_ids = Vec::with_capacity(sources.len());
        let mut kept = HashSet::new();
        for s in sources {
            let id = match s {
                Source::Node(id) if group.contains(&id) && kept.insert(id) => id,
                s => materialize(&mut t, s, true)?,
            };
            if t.is_ancestor_or_self(id, parent)
                || matches!(t.n(id).kind, NodeKind::Document | NodeKind::Attribute)
            {
                return Err(err(
                    "HIERARCHY_REQUEST_ERR: An attempt was made to insert a node where it is \
                     not permitted.",
                ));
            }
            new_ids.push(id);
        }
        let children = t.n(parent).children.clone();
        let mut out = Vec::with_capacity(children.len() + new_ids.len());
        let mut next = new_ids.iter().copied();
        let mut last_slot = None;
        for c in &children {
            if group.contains(c) {
                if let Some(n) = next.next() {
                    out.push(n);
                    last_slot = Some(out.len());
                }
            } else {
                out.push(*c);
            }
        }
        let rest: Vec<NodeId> = next.collect();
        let at = match self.view() {
            View::Children(_) | View::Nodes(_) => out.len(),
            _ => last_slot.unwrap_or(out.len()),
        };
        out.splice(at..at, rest);
        t.set_children(parent, out)
    }

    /// Put a struct a builtin changed back: attributes are set and removed to match; for a
    /// node, keys removed take those child elements out and keys added or changed assign.
    pub fn struct_write_back(&self, before: &[(Key, Value)], after: &Struct) -> CfResult<()> {
        let after = after.entries();
        let same = |a: &Value, b: &Value| match (a, b) {
            (Value::Xml(x), Value::Xml(y)) => x.same(y),
            (Value::Xml(_), _) | (_, Value::Xml(_)) => false,
            (x, y) => match (x.to_str(), y.to_str()) {
                (Ok(p), Ok(q)) => p == q,
                _ => false,
            },
        };
        let unchanged = before.len() == after.len()
            && before
                .iter()
                .zip(&after)
                .all(|((k1, v1), (k2, v2))| k1.as_str() == k2.as_str() && same(v1, v2));
        if unchanged {
            return Ok(());
        }
        let removed: Vec<&Key> = before
            .iter()
            .filter(|(k, _)| !after.iter().any(|(k2, _)| k2 == k))
            .map(|(k, _)| k)
            .collect();
        match self.view() {
            View::Attributes(e) => {
                let mut t = self.doc().write();
                for k in removed {
                    if let Some(a) = t.attr_node(*e, k.as_str(), !t.case_sensitive) {
                        t.detach(a);
                    }
                }
                drop(t);
                for (k, v) in after {
                    self.set(k.as_str(), v)?;
                }
                Ok(())
            }
            View::Node(_) | View::Named(_) => {
                let Some(id) = self.node_id() else {
                    return Ok(());
                };
                {
                    let mut t = self.doc().write();
                    for k in removed {
                        let gone: Vec<NodeId> = t
                            .elements(id)
                            .filter(|c| t.name_matches(*c, k.as_str()))
                            .collect();
                        for g in gone {
                            t.detach(g);
                        }
                    }
                }
                for (k, v) in after {
                    let old = before.iter().find(|(k2, _)| k2 == &k).map(|(_, v)| v);
                    if old.is_none_or(|o| !same(o, &v)) {
                        self.node_set(id, k.as_str(), v)?;
                    }
                }
                Ok(())
            }
            View::Children(_) | View::Nodes(_) => Ok(()),
        }
    }

    /// The XML text (`toString`, output, `&`); node lists and attribute structs have none.
    pub fn to_xml_string(&self) -> CfResult<String> {
        match self.view() {
            View::Children(_) | View::Nodes(_) => Err(err("Can't cast XML NodeList to String")),
            View::Attributes(_) => Err(err("Can't cast XML NamedNodeMap to String")),
            _ => {
                let id = self.node_id().unwrap_or(Tree::DOCUMENT);
                Ok(write::to_xml_string(&self.doc().read(), id))
            }
        }
    }

    /// `duplicate()`: a document is copied whole; a node becomes a detached copy in its
    /// document (DOM `cloneNode`), a list or attribute view a view of such a copy.
    pub fn deep_copy(&self) -> CfResult<Value> {
        if let View::Node(Tree::DOCUMENT) = self.view() {
            let tree = self.doc().read().clone();
            return Ok(Value::Xml(Xml::document(tree)));
        }
        let mut t = self.doc().write();
        let view = match self.view() {
            View::Node(id) => View::Node(t.clone_node(*id)?),
            View::Named(ids) => View::Named(
                ids.iter()
                    .map(|id| t.clone_node(*id))
                    .collect::<CfResult<Vec<_>>>()?
                    .into(),
            ),
            View::Children(p) => View::Children(t.clone_node(*p)?),
            View::Nodes(p) => View::Nodes(t.clone_node(*p)?),
            View::Attributes(p) => View::Attributes(t.clone_node(*p)?),
        };
        drop(t);
        Ok(self.with(view))
    }

    /// What `writeDump` shows: a title and its rows (values nest, XML ones dump the same way).
    pub fn dump_rows(&self) -> (&'static str, Vec<(String, Value)>) {
        match self.view() {
            View::Children(_) | View::Nodes(_) => {
                let rows = self
                    .array_snapshot()
                    .map(|a| a.to_vec())
                    .unwrap_or_default()
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| ((i + 1).to_string(), v))
                    .collect();
                ("Array (XML Node List)", rows)
            }
            View::Attributes(_) => {
                let rows = self
                    .struct_snapshot()
                    .map(|s| s.entries())
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(k, v)| (k.as_str().to_string(), v))
                    .collect();
                ("Struct (XML Attributes)", rows)
            }
            _ => {
                let id = self.node_id().unwrap_or(Tree::DOCUMENT);
                let (kind, name, value, comment, text) = {
                    let t = self.doc().read();
                    let n = t.n(id);
                    let mut comment = String::new();
                    for c in &n.children {
                        if t.n(*c).kind == NodeKind::Comment {
                            comment.push_str(&t.n(*c).value);
                        }
                    }
                    (
                        n.kind,
                        t.node_name(id).to_string(),
                        n.value.clone(),
                        comment,
                        t.text_of(id),
                    )
                };
                let s = |v: &str| Value::from(v);
                match kind {
                    NodeKind::Document => {
                        let mut rows = vec![("XmlComment".to_string(), s(&comment))];
                        if let Ok(root) = self.node_get(id, "xmlRoot") {
                            rows.push(("XmlRoot".to_string(), root));
                        }
                        ("XML Document", rows)
                    }
                    NodeKind::Element => {
                        let get = |k: &str| self.node_get(id, k).unwrap_or_default();
                        (
                            "XML Element",
                            vec![
                                ("xmlName".to_string(), s(&name)),
                                ("XmlNsPrefix".to_string(), get("xmlNsPrefix")),
                                ("XmlNsURI".to_string(), get("xmlNsURI")),
                                ("XmlText".to_string(), s(&text)),
                                ("XmlComment".to_string(), s(&comment)),
                                ("XmlAttributes".to_string(), get("xmlAttributes")),
                                ("XmlChildren".to_string(), get("xmlChildren")),
                            ],
                        )
                    }
                    NodeKind::Text | NodeKind::CData => {
                        ("XML Text", vec![("XmlText".to_string(), s(&value))])
                    }
                    NodeKind::Attribute => (
                        "XML Attr",
                        vec![
                            ("xmlName".to_string(), s(&name)),
                            ("XmlValue".to_string(), s(&value)),
                            ("XmlType".to_string(), s(kind.type_name())),
                        ],
                    ),
                    _ => (
                        "XML Node",
                        vec![
                            ("xmlName".to_string(), s(&name)),
                            ("XmlValue".to_string(), s(&value)),
                            ("XmlType".to_string(), s(kind.type_name())),
                        ],
                    ),
                }
            }
        }
    }
}

fn index_text(idx: &Value) -> CfResult<String> {
    Ok(idx.to_str()?.into_owned())
}

/// The node a source stands for; a copy when `copy` (and always a new element for a name).
fn materialize(t: &mut Tree, src: Source, copy: bool) -> CfResult<NodeId> {
    match src {
        Source::Node(id) if copy => t.clone_node(id),
        Source::Node(id) => Ok(id),
        Source::Element(name) => t.add(
            NodeKind::Element,
            ArcStr::from(name),
            ArcStr::new(),
            String::new(),
        ),
    }
}

/// Put `new` right after `after` among its parent's children.
fn insert_after(t: &mut Tree, after: NodeId, new: NodeId) -> CfResult<()> {
    let Some(p) = t.n(after).parent else {
        return Err(err("the node has no parent to add to"));
    };
    t.detach(new);
    let at = t
        .n(p)
        .children
        .iter()
        .position(|c| *c == after)
        .map_or(usize::MAX, |i| i + 1);
    t.insert_child(p, at, new)
}

/// Lucee's view of an argument for the builtins that take an array or a struct: an XML value
/// passed to `arrayAppend`, `structKeyExists`, `len`... is handed over as a CFML array or struct
/// (a snapshot), and what the builtin changed in it is put back into the document afterwards.
pub struct BuiltinArg {
    xml: Xml,
    shape: Shape,
}

enum Shape {
    Array(Array, Vec<Value>),
    Struct(Struct, Vec<(Key, Value)>),
    /// A struct that only answers one key lookup; nothing goes back.
    Lookup(Struct),
    /// An empty array whose items are appended to the list afterwards.
    Append(Array),
    /// An array as long as the view, for counting; nothing goes back.
    Count(Array),
}

impl BuiltinArg {
    /// The view of `x` for the builtin `name` (whose second argument is `second`), None when
    /// the builtin takes the XML value as it is (`xmlSearch`, `isXmlNode`, `toString`...).
    pub fn new(name: &str, x: &Xml, second: Option<&Value>) -> Option<BuiltinArg> {
        let prefix = |p: &str| {
            name.len() >= p.len() && name.as_bytes()[..p.len()].eq_ignore_ascii_case(p.as_bytes())
        };
        let arrayish = x.is_list() || matches!(x.view(), View::Named(_));
        let want_array = if prefix("array") {
            true
        } else if prefix("struct") {
            false
        } else if name.eq_ignore_ascii_case("len")
            || name.eq_ignore_ascii_case("isEmpty")
            || prefix("collection")
        {
            arrayish
        } else {
            return None;
        };
        let is = |n: &str| name.eq_ignore_ascii_case(n);
        let shape = if want_array && x.is_list() && is("arrayAppend") {
            // Appending needs only what is added: the nodes are not listed (a loop of appends
            // stays linear).
            Shape::Append(Array::new())
        } else if want_array && (is("arrayLen") || is("len") || is("arrayIsEmpty") || is("isEmpty"))
        {
            // Counting needs no node values either.
            let n = x.group_len()?;
            Shape::Count(Array::from_vec(vec![Value::Null; n]))
        } else if want_array {
            let a = x.array_snapshot()?;
            let before = a.to_vec();
            Shape::Array(a, before)
        } else if name.eq_ignore_ascii_case("structKeyExists") && !x.is_list() {
            // Whether the key reads, as the node answers it: its xml* properties count, and
            // a document parsed case-sensitive matches names exactly.
            let s = Struct::new();
            if let Some(k) = second.and_then(|k| k.to_str().ok()) {
                if x.has_key(&k) {
                    s.set(Key::new(k.as_ref()), Value::Bool(true));
                }
            }
            Shape::Lookup(s)
        } else {
            let s = x.struct_snapshot()?;
            let before = s.entries();
            Shape::Struct(s, before)
        };
        Some(BuiltinArg {
            xml: x.clone(),
            shape,
        })
    }

    /// The value the builtin receives.
    pub fn value(&self) -> Value {
        match &self.shape {
            Shape::Array(a, _) | Shape::Append(a) | Shape::Count(a) => Value::Array(a.clone()),
            Shape::Struct(s, _) | Shape::Lookup(s) => Value::Struct(s.clone()),
        }
    }

    /// After the builtin ran: put its changes back into the document.
    pub fn finish(self) -> CfResult<()> {
        match &self.shape {
            Shape::Array(a, before) => self.xml.array_write_back(before, a),
            Shape::Struct(s, before) => self.xml.struct_write_back(before, s),
            Shape::Lookup(_) | Shape::Count(_) => Ok(()),
            Shape::Append(a) => self.xml.append_all(&a.to_vec()),
        }
    }
}

impl Tree {
    /// Make `list` the children of `parent`: nodes no longer in it are detached, nodes new to
    /// it are taken from where they were.
    pub fn set_children(&mut self, parent: NodeId, list: Vec<NodeId>) -> CfResult<()> {
        let old = self.n(parent).children.clone();
        let keep: HashSet<NodeId> = list.iter().copied().collect();
        for c in &old {
            if !keep.contains(c) {
                self.detach(*c);
            }
        }
        for c in &list {
            if self.n(*c).parent.is_some_and(|p| p != parent) {
                self.detach(*c);
            }
        }
        for c in &list {
            if let Some(n) = self.n_mut(*c) {
                n.parent = Some(parent);
            }
        }
        if let Some(p) = self.n_mut(parent) {
            p.children = list;
        }
        Ok(())
    }
}

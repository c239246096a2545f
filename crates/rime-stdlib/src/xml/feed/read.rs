//! Reading a feed: Lucee's SAX handler's shape over roxmltree (see the module doc of `feed`).

use super::*;
/// What one element of a feed format declares: whether it repeats (an array even when single)
/// and its attributes (with their defaults), which make it a struct even without any.
pub(super) struct Decl {
    path: &'static str,
    many: bool,
    attrs: Option<&'static [(&'static str, Option<&'static str>)]>,
}

pub(super) const fn el(path: &'static str, many: bool) -> Decl {
    Decl {
        path,
        many,
        attrs: None,
    }
}

pub(super) const fn el_attrs(
    path: &'static str,
    many: bool,
    attrs: &'static [(&'static str, Option<&'static str>)],
) -> Decl {
    Decl {
        path,
        many,
        attrs: Some(attrs),
    }
}

pub(super) const RSS_COMMON: &[Decl] = &[
    el_attrs("rss", false, &[("version", None)]),
    el("rss.channel.item", true),
    el_attrs("rss.channel.category", true, &[("domain", None)]),
    el_attrs(
        "rss.channel.cloud",
        false,
        &[
            ("domain", None),
            ("port", None),
            ("path", None),
            ("registerProcedure", None),
            ("protocol", None),
        ],
    ),
    el_attrs("rss.channel.item.category", true, &[("domain", None)]),
    el_attrs(
        "rss.channel.item.enclosure",
        true,
        &[("url", None), ("length", None), ("type", None)],
    ),
    el_attrs(
        "rss.channel.item.guid",
        false,
        &[("isPermaLink", Some("true"))],
    ),
    el_attrs("rss.channel.item.source", false, &[("url", None)]),
    el("rss.channel.image.width", true),
    el("rss.channel.image.height", true),
    el("rss.channel.image.description", true),
];
/// RSS 2.0 adds a struct for an item's description (its text under `value`).
pub(super) const RSS_2: &[Decl] = &[el_attrs("rss.channel.item.description", false, &[])];
pub(super) const ATOM: &[Decl] = &[
    el_attrs("feed", false, &[("version", None)]),
    el_attrs("feed.title", false, &[]),
    el("feed.link", true),
    el("feed.entry", true),
    el("feed.entry.author", true),
    el("feed.entry.contributor", true),
    el("feed.entry.content", true),
    el("feed.entry.link", true),
    el_attrs("feed.entry.title", false, &[]),
    el_attrs(
        "feed.entry.summary",
        false,
        &[("type", Some("text/plain")), ("mode", Some("xml"))],
    ),
];

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Format {
    Rss2,
    Rss09,
    Atom,
    Rdf,
}

impl Format {
    pub(super) fn decl(self, path: &str) -> Option<&'static Decl> {
        let tables: &[&[Decl]] = match self {
            Format::Rss2 => &[RSS_COMMON, RSS_2],
            Format::Rss09 => &[RSS_COMMON],
            Format::Atom => &[ATOM],
            Format::Rdf => &[],
        };
        tables
            .iter()
            .flat_map(|t| t.iter())
            .find(|d| d.path == path)
    }

    /// The keys leading from the document to the struct the feed is.
    pub(super) fn entry_level(self) -> &'static [&'static str] {
        match self {
            Format::Rss2 | Format::Rss09 => &["rss", "channel"],
            Format::Atom => &["feed"],
            Format::Rdf => &[],
        }
    }
}

/// A struct being built: its entries, text, and where it sits.
pub(super) struct Obj {
    entries: Vec<(String, Slot)>,
    /// Lower-cased key -> index in `entries`.
    index: HashMap<String, usize>,
    text: String,
    /// The text escaped, with the markup of children kept as markup (deep Atom content).
    markup: String,
    has_attr: bool,
    key: String,
    uri: String,
    qname: String,
}

/// A value in a struct being built (structs by index into the arena).
pub(super) enum Slot {
    Str(String),
    Obj(usize),
    Arr(Vec<Slot>, Cast),
}

impl Obj {
    pub(super) fn new(key: String, uri: String, qname: String) -> Obj {
        Obj {
            entries: Vec::new(),
            index: HashMap::new(),
            text: String::new(),
            markup: String::new(),
            has_attr: false,
            key,
            uri,
            qname,
        }
    }

    pub(super) fn slot_mut(&mut self, key: &str) -> Option<&mut Slot> {
        let i = *self.index.get(&key.to_lowercase())?;
        self.entries.get_mut(i).map(|(_, s)| s)
    }

    pub(super) fn set(&mut self, key: &str, v: Slot) {
        match self.slot_mut(key) {
            Some(slot) => *slot = v,
            None => {
                self.index.insert(key.to_lowercase(), self.entries.len());
                self.entries.push((key.to_string(), v));
            }
        }
    }

    /// Lucee's "has attribute": declared attributes, or anything set on it.
    pub(super) fn is_struct(&self) -> bool {
        self.has_attr || !self.entries.is_empty()
    }
}

/// A text value set on a struct: a second one makes a string array reading as the first.
pub(super) fn set_text(obj: &mut Obj, key: &str, value: String) {
    match obj.slot_mut(key) {
        Some(Slot::Arr(items, Cast::First)) => items.push(Slot::Str(value)),
        Some(slot @ Slot::Str(_)) => {
            let Slot::Str(first) = std::mem::replace(slot, Slot::Str(String::new())) else {
                return;
            };
            *slot = Slot::Arr(vec![Slot::Str(first), Slot::Str(value)], Cast::First);
        }
        _ => obj.set(key, Slot::Str(value)),
    }
}

/// A parsed feed: the whole data (`name`), whether it uses Dublin Core.
pub(super) struct Feed {
    pub(super) data: FNode,
    pub(super) dc: bool,
}

impl Feed {
    /// The `name` result: the whole feed.
    pub fn data(&self) -> Value {
        self.data.to_value()
    }

    /// The `query` result: a row per item or entry.
    pub fn query(&self) -> Query {
        let rows = to_rows(&self.data, self.dc);
        let cols = columns(self.dc);
        let mut q = Query::new(&cols);
        for row in rows {
            let r = q.add_row();
            for (col, cell) in row {
                if let Some(i) = q.column_index(col) {
                    q.set(i, r, Value::from(cell_string(&cell)));
                }
            }
        }
        q
    }

    /// The `properties` result: the feed's metadata, without its items.
    pub fn properties(&self) -> Value {
        properties(&self.data).to_value()
    }
}

/// Parse feed text (RSS 0.9x, 1.0 or 2.0, Atom 0.3 or 1.0).
pub(super) fn parse_feed(text: &str) -> CfResult<Feed> {
    let text = text.trim_start_matches('\u{feff}').trim_start();
    let opts = ParsingOptions {
        allow_dtd: true,
        nodes_limit: rime_runtime::xml::MAX_NODES as u32,
        ..ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, opts).map_err(|e| {
        CfmlError::expression(format!("cffeed: the feed is not well-formed XML: {e}"))
    })?;
    Reader::new(text).run(doc.root_element())
}

/// Lucee's feed handler over the document's elements, start and end in document order.
pub(super) struct Reader<'t> {
    text: &'t str,
    arena: Vec<Obj>,
    /// The open elements' structs, innermost last (the document's struct first).
    stack: Vec<usize>,
    path: Vec<String>,
    format: Option<Format>,
    version: String,
    dc: bool,
    in_entry: bool,
    in_author: bool,
    in_contributor: bool,
}

impl<'t> Reader<'t> {
    pub(super) fn new(text: &'t str) -> Reader<'t> {
        Reader {
            text,
            arena: vec![Obj::new(String::new(), String::new(), String::new())],
            stack: vec![0],
            path: Vec::new(),
            format: None,
            version: String::new(),
            dc: false,
            in_entry: false,
            in_author: false,
            in_contributor: false,
        }
    }

    pub(super) fn run(mut self, root: Node) -> CfResult<Feed> {
        // An explicit stack of (node, entered): documents may nest deeper than recursion allows.
        let mut work = vec![(root, false)];
        while let Some((node, entered)) = work.pop() {
            if entered {
                self.end(node);
                continue;
            }
            if node.is_element() {
                self.start(node)?;
                work.push((node, true));
                for c in node.children().rev() {
                    work.push((c, false));
                }
            } else if node.is_text() {
                let top = self.top();
                if let Some(o) = self.arena.get_mut(top) {
                    let t = node.text().unwrap_or("");
                    o.text.push_str(t);
                    rime_runtime::xml::escape_text(t, &mut o.markup);
                }
            }
        }
        self.finish()
    }

    pub(super) fn top(&self) -> usize {
        self.stack.last().copied().unwrap_or(0)
    }

    pub(super) fn depth(&self) -> usize {
        self.path.len()
    }

    /// An element's name as written (`dc:creator`), from the source.
    pub(super) fn qname(&self, node: Node) -> String {
        let local = node.tag_name().name();
        let Some(rest) = self
            .text
            .get(node.range().start..)
            .and_then(|s| s.strip_prefix('<'))
        else {
            return local.to_string();
        };
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '/' || c == '>')
            .unwrap_or(rest.len());
        let name = &rest[..end];
        if name.ends_with(local) {
            name.to_string()
        } else {
            local.to_string()
        }
    }

    pub(super) fn start(&mut self, node: Node) -> CfResult<()> {
        if self.depth() >= MAX_DEPTH {
            return Err(CfmlError::expression(format!(
                "cffeed: the feed nests deeper than {MAX_DEPTH} elements"
            )));
        }
        let qname = self.qname(node);
        let local = node.tag_name().name().to_string();
        match local.as_str() {
            "entry" => self.in_entry = true,
            "author" => self.in_author = true,
            "contributor" => self.in_contributor = true,
            _ => {}
        }
        let mut name = local.clone();
        if qname.starts_with("dc:") {
            name = format!("dc_{name}");
            self.dc = true;
        }
        self.path.push(name.clone());
        let path = self.path.join(".");
        let attrs: Vec<(String, String)> = node
            .attributes()
            .map(|a| {
                let q = self
                    .text
                    .get(a.range_qname())
                    .filter(|q| q.ends_with(a.name()))
                    .unwrap_or(a.name());
                (q.to_string(), a.value().to_string())
            })
            .collect();
        let format = match self.format {
            Some(f) => f,
            None => {
                let version = attrs
                    .iter()
                    .find(|(k, _)| k == "version")
                    .map(|(_, v)| v.trim().to_string())
                    .filter(|v| !v.is_empty());
                let (format, decl_name) = match (name.as_str(), version) {
                    ("feed", Some(v)) => (Format::Atom, format!("atom_{v}")),
                    ("feed", None) => (Format::Atom, "atom_1.0".to_string()),
                    (n, v) if n.eq_ignore_ascii_case("rss") => {
                        let decl_name = match &v {
                            Some(v) => format!("rss_{v}"),
                            None => "rss".to_string(),
                        };
                        let old = matches!(v.as_deref(), Some("0.91" | "0.92"));
                        (if old { Format::Rss09 } else { Format::Rss2 }, decl_name)
                    }
                    ("RDF", _) => (Format::Rdf, "RDF".to_string()),
                    (other, _) => {
                        return Err(CfmlError::expression(format!(
                            "cffeed: the document is not an RSS or Atom feed (its root element is [{other}])"
                        )))
                    }
                };
                self.format = Some(format);
                self.version = decl_name;
                format
            }
        };
        let decl = format.decl(&path);
        let uri = node.tag_name().namespace().unwrap_or("").to_string();
        let mut obj = Obj::new(name.clone(), uri, qname);
        if decl.is_some_and(|d| d.attrs.is_some()) || !attrs.is_empty() {
            obj.has_attr = true;
            for (k, v) in decl.and_then(|d| d.attrs).unwrap_or(&[]) {
                if let Some(v) = v {
                    obj.set(k, Slot::Str(v.to_string()));
                }
            }
            for (k, v) in attrs {
                obj.set(&k, Slot::Str(v));
            }
        }
        let id = self.arena.len();
        self.arena.push(obj);
        if format != Format::Atom || self.depth() < 4 {
            let parent = self.top();
            if let Some(p) = self.arena.get_mut(parent) {
                match p.slot_mut(&name) {
                    Some(Slot::Arr(items, _)) => items.push(Slot::Obj(id)),
                    Some(slot @ Slot::Obj(_)) => {
                        let old = std::mem::replace(slot, Slot::Str(String::new()));
                        *slot = Slot::Arr(vec![old, Slot::Obj(id)], Cast::None);
                    }
                    // A text value already there: the element's text joins it at the end.
                    Some(Slot::Str(_)) => {}
                    None => {
                        let v = if decl.is_some_and(|d| d.many) {
                            Slot::Arr(vec![Slot::Obj(id)], Cast::None)
                        } else {
                            Slot::Obj(id)
                        };
                        p.set(&name, v);
                    }
                }
            }
        }
        self.stack.push(id);
        Ok(())
    }

    pub(super) fn end(&mut self, node: Node) {
        match node.tag_name().name() {
            "entry" => self.in_entry = false,
            "author" => self.in_author = false,
            "contributor" => self.in_contributor = false,
            _ => {}
        }
        self.path.pop();
        let id = self.top();
        self.stack.pop();
        let parent = self.top();
        let threshold = if self.in_entry && (self.in_author || self.in_contributor) {
            4
        } else {
            3
        };
        if self.format == Some(Format::Atom) && self.depth() >= threshold {
            // Deep Atom content (XHTML): kept as markup in the parent's text.
            let markup = self.markup(id, parent);
            if let Some(p) = self.arena.get_mut(parent) {
                p.text.push_str(markup.trim());
                p.markup.push_str(markup.trim());
            }
            return;
        }
        let Some(o) = self.arena.get_mut(id) else {
            return;
        };
        let value = o.text.trim().to_string();
        if o.is_struct() {
            if !value.is_empty() {
                set_text(o, "value", value);
            }
        } else {
            let key = o.key.clone();
            if let Some(p) = self.arena.get_mut(parent) {
                set_text(p, &key, value);
            }
        }
    }

    /// An element kept as markup: its name, its namespace when the parent's differs, its
    /// attributes and text (escaped).
    pub(super) fn markup(&self, id: usize, parent: usize) -> String {
        let (Some(o), Some(p)) = (self.arena.get(id), self.arena.get(parent)) else {
            return String::new();
        };
        let mut s = format!("<{}", o.qname);
        if p.uri != o.uri {
            s.push_str(" xmlns=\"");
            rime_runtime::xml::escape_attr(&o.uri, &mut s);
            s.push('"');
        }
        for (k, v) in &o.entries {
            s.push(' ');
            s.push_str(k);
            s.push_str("=\"");
            let v = match v {
                Slot::Str(v) => v.clone(),
                _ => String::new(),
            };
            rime_runtime::xml::escape_attr(&v, &mut s);
            s.push('"');
        }
        if o.markup.is_empty() {
            s.push_str("/>");
        } else {
            s.push('>');
            s.push_str(&o.markup);
            s.push_str("</");
            s.push_str(&o.qname);
            s.push('>');
        }
        s
    }

    pub(super) fn finish(self) -> CfResult<Feed> {
        let format = self.format.unwrap_or(Format::Rdf);
        let mut at = 0;
        let mut seen = Vec::new();
        for key in format.entry_level() {
            seen.push(*key);
            let next = self.arena.get(at).and_then(|o| {
                let i = *o.index.get(&key.to_lowercase())?;
                match o.entries.get(i).map(|(_, s)| s) {
                    Some(Slot::Obj(id)) => Some(*id),
                    _ => None,
                }
            });
            at = next.ok_or_else(|| {
                CfmlError::expression(format!(
                    "cffeed: the feed has no single [{}] element",
                    seen.join(".")
                ))
            })?;
        }
        let mut data = self.node(at, 0);
        data.set("version", FNode::Text(self.version.clone()));
        data.set("encoding", FNode::Text("UTF-8".to_string()));
        Ok(Feed { data, dc: self.dc })
    }

    /// The arena's struct `id` as a tree (depth is bounded by `MAX_DEPTH`).
    pub(super) fn node(&self, id: usize, depth: usize) -> FNode {
        let Some(o) = self.arena.get(id).filter(|_| depth <= MAX_DEPTH) else {
            return FNode::Obj(Vec::new());
        };
        FNode::Obj(
            o.entries
                .iter()
                .map(|(k, s)| (k.clone(), self.slot(s, depth)))
                .collect(),
        )
    }

    pub(super) fn slot(&self, s: &Slot, depth: usize) -> FNode {
        match s {
            Slot::Str(s) => FNode::Text(s.clone()),
            Slot::Obj(id) => self.node(*id, depth + 1),
            Slot::Arr(items, cast) => {
                FNode::Arr(items.iter().map(|i| self.slot(i, depth)).collect(), *cast)
            }
        }
    }
}

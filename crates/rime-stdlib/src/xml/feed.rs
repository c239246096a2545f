//! `<cffeed>`: RSS and Atom feeds read into Lucee's struct and query, and RSS 2.0 / Atom 1.0
//! written from a query or a struct. The VM's tag calls [`feed_tag`] and sets the variables it
//! returns.
//!
//! Reading follows the shape Lucee's SAX handler builds (roxmltree here, the parser `xmlParse`
//! uses): every element becomes a struct of its attributes (and `value`, its text) when it has
//! attributes, a declared attribute list or children, otherwise a string in its parent; repeated
//! elements become arrays; RSS 2.0's `item`, Atom's `entry`, `link`, `author`, `contributor` and
//! `content` are arrays even when single. `dc:` elements get keys `dc_…`. In an Atom feed an
//! element deeper than an entry's children (XHTML content) is kept as markup in its parent's
//! text. The result is the channel (RSS), the feed element (Atom) or the whole document (RSS 1.0,
//! under `RDF`), with `version` (`rss_2.0`, `atom_1.0`, `RDF`...) and `encoding` added. The query
//! has Lucee's columns (`AUTHOREMAIL` ... `XMLBASE`, the `DC_…` ones when the feed uses Dublin
//! Core), one row per item or entry; `properties` is the struct without its items.
//!
//! Where Rime departs from Lucee on purpose: the markup kept for deep Atom elements is escaped
//! XML (Lucee writes the unescaped text), an entry's `contributor` keeps its children as an
//! `author` does, an RSS 1.0 feed with one item gives one row, an RSS 0.9x category gets no
//! `domain` placeholder, and a document that is no feed is an error (Lucee returns an empty
//! result). Writing: attribute values are escaped once (Lucee escapes them twice), only an RSS
//! `category` cell is split at commas into several categories (Lucee also splits guids, dates
//! and Atom titles, contents and summaries), an Atom author or contributor is written with
//! `name`/`email`/`uri` children (Lucee writes attributes, which Atom does not allow) and the
//! feed's own `author` property is written too, Atom dates are RFC 3339 (Lucee writes HTTP
//! dates), only date values (not date-like strings) are formatted, and a cell holding an array
//! writes one element per item.

use crate::conversion::{self, Charset};
use rime_runtime::{Array, CfResult, CfmlError, Ctx, DateTime, Query, Struct, Value};
use roxmltree::{Node, ParsingOptions};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The most bytes a feed may have, read from a file or a URL.
pub const MAX_FEED_BYTES: usize = 32 * 1024 * 1024;
/// The deepest element nesting a feed may have.
const MAX_DEPTH: usize = 256;
/// How deep a struct given to `create` may nest (a struct that holds itself stops here).
const MAX_VALUE_DEPTH: usize = 64;

/// The query's columns, in Lucee's order; with Dublin Core, `DC_COLUMNS` come after
/// `CREATEDDATE`.
const COLUMNS: &[&str] = &[
    "AUTHOREMAIL",
    "AUTHORNAME",
    "AUTHORURI",
    "CATEGORYLABEL",
    "CATEGORYSCHEME",
    "CATEGORYTERM",
    "COMMENTS",
    "CONTENT",
    "CONTENTMODE",
    "CONTENTSRC",
    "CONTENTTYPE",
    "CONTRIBUTOREMAIL",
    "CONTRIBUTORNAME",
    "CONTRIBUTORURI",
    "CREATEDDATE",
    "EXPIRATIONDATE",
    "ID",
    "IDPERMALINK",
    "LINKHREF",
    "LINKHREFLANG",
    "LINKLENGTH",
    "LINKREL",
    "LINKTITLE",
    "LINKTYPE",
    "PUBLISHEDDATE",
    "RIGHTS",
    "RSSLINK",
    "SOURCE",
    "SOURCEURL",
    "SUMMARY",
    "SUMMARYMODE",
    "SUMMARYSRC",
    "SUMMARYTYPE",
    "TITLE",
    "TITLETYPE",
    "UPDATEDDATE",
    "URI",
    "XMLBASE",
];
const DC_COLUMNS: &[&str] = &[
    "DC_CONTRIBUTOR",
    "DC_COVERAGE",
    "DC_CREATOR",
    "DC_DATE",
    "DC_DESCRIPTION",
    "DC_FORMAT",
    "DC_IDENTIFIER",
    "DC_LANGUAGE",
    "DC_PUBLISHER",
    "DC_RELATION",
    "DC_RIGHTS",
    "DC_SOURCE",
    "DC_TITLE",
    "DC_TYPE",
    "DC_SUBJECT_TAXONOMYURI",
    "DC_SUBJECT_VALUE",
];

/// The query's column names (with the Dublin Core ones when `dc`).
pub fn columns(dc: bool) -> Vec<&'static str> {
    let mut cols = Vec::with_capacity(COLUMNS.len() + DC_COLUMNS.len());
    for c in COLUMNS {
        cols.push(*c);
        if dc && *c == "CREATEDDATE" {
            cols.extend_from_slice(DC_COLUMNS);
        }
    }
    cols
}

// ---------------------------------------------------------------------------------------------
// The feed as data
// ---------------------------------------------------------------------------------------------

/// How an array reads as a string (Lucee's `CastableArray`): a repeated text element reads as
/// its first value, values merged from several structs as their comma list; other arrays
/// don't.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cast {
    First,
    Join,
    None,
}

/// A feed value: text, a date (from a CFML value), a struct (keys in order, found without
/// regard to case) or an array.
#[derive(Clone, Debug)]
enum FNode {
    Text(String),
    Date(DateTime),
    Obj(Vec<(String, FNode)>),
    Arr(Vec<FNode>, Cast),
}

impl FNode {
    fn get(&self, key: &str) -> Option<&FNode> {
        match self {
            FNode::Obj(entries) => entries
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(key))
                .map(|(_, v)| v),
            _ => None,
        }
    }

    fn remove(&mut self, key: &str) -> Option<FNode> {
        match self {
            FNode::Obj(entries) => entries
                .iter()
                .position(|(k, _)| k.eq_ignore_ascii_case(key))
                .map(|i| entries.remove(i).1),
            _ => None,
        }
    }

    fn set(&mut self, key: &str, v: FNode) {
        if let FNode::Obj(entries) = self {
            match entries
                .iter_mut()
                .find(|(k, _)| k.eq_ignore_ascii_case(key))
            {
                Some(slot) => slot.1 = v,
                None => entries.push((key.to_string(), v)),
            }
        }
    }

    /// The value as a string the way Lucee casts it; None where the cast fails.
    fn cast(&self) -> Option<String> {
        match self {
            FNode::Text(s) => Some(s.clone()),
            FNode::Date(d) => Some(d.to_cfml_string()),
            FNode::Arr(items, Cast::First) => {
                Some(items.first().and_then(FNode::cast).unwrap_or_default())
            }
            FNode::Arr(items, Cast::Join) => Some(
                items
                    .iter()
                    .map(|i| i.cast().unwrap_or_default())
                    .collect::<Vec<_>>()
                    .join(","),
            ),
            FNode::Arr(_, Cast::None) | FNode::Obj(_) => None,
        }
    }

    fn is_empty_text(&self) -> bool {
        matches!(self, FNode::Text(s) if s.is_empty())
    }

    /// As a CFML value: structs and arrays as CFML structs and arrays.
    fn to_value(&self) -> Value {
        match self {
            FNode::Text(s) => Value::from(s.as_str()),
            FNode::Date(d) => Value::Date(*d),
            FNode::Obj(entries) => {
                let s = Struct::with_capacity(false, entries.len());
                for (k, v) in entries {
                    s.set_str(k, v.to_value());
                }
                Value::Struct(s)
            }
            FNode::Arr(items, _) => {
                Value::Array(Array::from_vec(items.iter().map(FNode::to_value).collect()))
            }
        }
    }

    /// A CFML value as feed data (a struct given to `create`); None for null.
    fn from_value(v: &Value, depth: usize) -> CfResult<Option<FNode>> {
        if depth > MAX_VALUE_DEPTH {
            return Err(CfmlError::application(format!(
                "cffeed: the feed data nests deeper than {MAX_VALUE_DEPTH} levels"
            )));
        }
        Ok(Some(match v {
            Value::Null => return Ok(None),
            Value::Date(d) => FNode::Date(*d),
            Value::Struct(s) => {
                let mut entries = Vec::new();
                for (k, v) in s.entries() {
                    if let Some(n) = FNode::from_value(&v, depth + 1)? {
                        entries.push((k.as_str().to_string(), n));
                    }
                }
                FNode::Obj(entries)
            }
            Value::Array(a) => {
                let mut items = Vec::new();
                for v in a.to_vec() {
                    if let Some(n) = FNode::from_value(&v, depth + 1)? {
                        items.push(n);
                    }
                }
                FNode::Arr(items, Cast::None)
            }
            v if v.is_simple() => FNode::Text(v.to_str()?.into_owned()),
            _ => return Ok(None),
        }))
    }
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/// What one element of a feed format declares: whether it repeats (an array even when single)
/// and its attributes (with their defaults), which make it a struct even without any.
struct Decl {
    path: &'static str,
    many: bool,
    attrs: Option<&'static [(&'static str, Option<&'static str>)]>,
}

const fn el(path: &'static str, many: bool) -> Decl {
    Decl {
        path,
        many,
        attrs: None,
    }
}

const fn el_attrs(
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

const RSS_COMMON: &[Decl] = &[
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
const RSS_2: &[Decl] = &[el_attrs("rss.channel.item.description", false, &[])];
const ATOM: &[Decl] = &[
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
enum Format {
    Rss2,
    Rss09,
    Atom,
    Rdf,
}

impl Format {
    fn decl(self, path: &str) -> Option<&'static Decl> {
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
    fn entry_level(self) -> &'static [&'static str] {
        match self {
            Format::Rss2 | Format::Rss09 => &["rss", "channel"],
            Format::Atom => &["feed"],
            Format::Rdf => &[],
        }
    }
}

/// A struct being built: its entries, text, and where it sits.
struct Obj {
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
enum Slot {
    Str(String),
    Obj(usize),
    Arr(Vec<Slot>, Cast),
}

impl Obj {
    fn new(key: String, uri: String, qname: String) -> Obj {
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

    fn slot_mut(&mut self, key: &str) -> Option<&mut Slot> {
        let i = *self.index.get(&key.to_lowercase())?;
        self.entries.get_mut(i).map(|(_, s)| s)
    }

    fn set(&mut self, key: &str, v: Slot) {
        match self.slot_mut(key) {
            Some(slot) => *slot = v,
            None => {
                self.index.insert(key.to_lowercase(), self.entries.len());
                self.entries.push((key.to_string(), v));
            }
        }
    }

    /// Lucee's "has attribute": declared attributes, or anything set on it.
    fn is_struct(&self) -> bool {
        self.has_attr || !self.entries.is_empty()
    }
}

/// A text value set on a struct: a second one makes a string array reading as the first.
fn set_text(obj: &mut Obj, key: &str, value: String) {
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
pub struct Feed {
    data: FNode,
    dc: bool,
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
pub fn parse_feed(text: &str) -> CfResult<Feed> {
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
struct Reader<'t> {
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
    fn new(text: &'t str) -> Reader<'t> {
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

    fn run(mut self, root: Node) -> CfResult<Feed> {
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

    fn top(&self) -> usize {
        self.stack.last().copied().unwrap_or(0)
    }

    fn depth(&self) -> usize {
        self.path.len()
    }

    /// An element's name as written (`dc:creator`), from the source.
    fn qname(&self, node: Node) -> String {
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

    fn start(&mut self, node: Node) -> CfResult<()> {
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

    fn end(&mut self, node: Node) {
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
    fn markup(&self, id: usize, parent: usize) -> String {
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

    fn finish(self) -> CfResult<Feed> {
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
    fn node(&self, id: usize, depth: usize) -> FNode {
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

    fn slot(&self, s: &Slot, depth: usize) -> FNode {
        match s {
            Slot::Str(s) => FNode::Text(s.clone()),
            Slot::Obj(id) => self.node(*id, depth + 1),
            Slot::Arr(items, cast) => {
                FNode::Arr(items.iter().map(|i| self.slot(i, depth)).collect(), *cast)
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The query and the properties
// ---------------------------------------------------------------------------------------------

/// A query cell: text, a date, or a list (from an array) that reads as one string its way.
#[derive(Clone, Debug)]
enum Cell {
    Null,
    Text(String),
    Date(DateTime),
    List(Vec<String>, Cast),
}

impl Cell {
    fn of(n: Option<&FNode>) -> Cell {
        match n {
            None | Some(FNode::Obj(_)) => Cell::Null,
            Some(FNode::Text(s)) => Cell::Text(s.clone()),
            Some(FNode::Date(d)) => Cell::Date(*d),
            Some(FNode::Arr(items, cast)) => Cell::List(
                items.iter().map(|i| i.cast().unwrap_or_default()).collect(),
                *cast,
            ),
        }
    }

    fn from_value(v: Option<Value>) -> CfResult<Cell> {
        Ok(match v {
            None | Some(Value::Null) => Cell::Null,
            Some(Value::Date(d)) => Cell::Date(d),
            Some(Value::Array(a)) => {
                let mut items = Vec::new();
                for v in a.to_vec().iter().filter(|v| v.is_simple()) {
                    items.push(v.to_str()?.into_owned());
                }
                Cell::List(items, Cast::Join)
            }
            Some(v) if v.is_simple() => Cell::Text(v.to_str()?.into_owned()),
            Some(_) => Cell::Null,
        })
    }

    fn is_empty(&self) -> bool {
        match self {
            Cell::Null => true,
            Cell::Text(s) => s.is_empty(),
            Cell::Date(_) => false,
            Cell::List(items, _) => items.is_empty(),
        }
    }
}

/// A cell as the query shows it.
fn cell_string(c: &Cell) -> String {
    match c {
        Cell::Null => String::new(),
        Cell::Text(s) => s.clone(),
        Cell::Date(d) => d.to_cfml_string(),
        Cell::List(items, Cast::First) => items.first().cloned().unwrap_or_default(),
        Cell::List(items, _) => items.join(","),
    }
}

/// One item's cells by column.
type Row = Vec<(&'static str, Cell)>;

fn put(row: &mut Row, col: &'static str, cell: Cell) {
    match row.iter_mut().find(|(c, _)| *c == col) {
        Some(slot) => slot.1 = cell,
        None => row.push((col, cell)),
    }
}

/// Lucee's value of a feed value: a struct's `value` (or `text`), anything else as text.
fn value_of(n: &FNode) -> Cell {
    match n {
        FNode::Obj(_) => Cell::of(n.get("value").or_else(|| n.get("text"))),
        other => match other.cast() {
            Some(s) => Cell::Text(s),
            None => Cell::Null,
        },
    }
}

/// A value as a struct: a struct as it is, an array's structs merged (a key seen twice gets
/// the comma list of its values); None for text.
fn as_struct(n: &FNode) -> Option<FNode> {
    match n {
        FNode::Obj(_) => Some(n.clone()),
        FNode::Arr(items, _) => {
            let mut merged = FNode::Obj(Vec::new());
            for item in items {
                let FNode::Obj(entries) = item else {
                    continue;
                };
                for (k, v) in entries {
                    let Some(s) = v.cast() else {
                        continue;
                    };
                    let next = match merged.remove(k) {
                        None => FNode::Text(s),
                        Some(FNode::Arr(mut list, Cast::Join)) => {
                            list.push(FNode::Text(s));
                            FNode::Arr(list, Cast::Join)
                        }
                        Some(old) => FNode::Arr(
                            vec![FNode::Text(old.cast().unwrap_or_default()), FNode::Text(s)],
                            Cast::Join,
                        ),
                    };
                    merged.set(k, next);
                }
            }
            Some(merged)
        }
        _ => None,
    }
}

fn starts_with_ci(s: &str, prefix: &str) -> bool {
    s.get(..prefix.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(prefix))
}

/// The rows of the feed's items (RSS, RDF) or entries (Atom).
fn to_rows(data: &FNode, dc: bool) -> Vec<Row> {
    let version = data
        .get("version")
        .and_then(FNode::cast)
        .unwrap_or_default();
    let rss = starts_with_ci(&version, "rss") || starts_with_ci(&version, "rdf");
    let items = if rss {
        data.get("item")
            .or_else(|| data.get(&version).and_then(|d| d.get("item")))
    } else if starts_with_ci(&version, "atom") {
        data.get("entry")
    } else {
        None
    };
    let items: Vec<&FNode> = match items {
        Some(FNode::Arr(items, _)) => items.iter().collect(),
        // One RSS 1.0 item is a struct, not an array.
        Some(one @ FNode::Obj(_)) => vec![one],
        _ => Vec::new(),
    };
    let mut rows = Vec::new();
    for item in items {
        let FNode::Obj(entries) = item else {
            continue;
        };
        let mut row = Row::new();
        for (k, v) in entries {
            if rss {
                rss_cell(&mut row, k, v, dc);
            } else {
                atom_cell(&mut row, k, v);
            }
        }
        rows.push(row);
    }
    rows
}

/// The cells of a struct's keys (`attrs`: struct key, column).
fn struct_cells(row: &mut Row, sct: &FNode, attrs: &[(&str, &'static str)]) {
    for (key, col) in attrs {
        put(row, col, Cell::of(sct.get(key)));
    }
}

fn atom_cell(row: &mut Row, key: &str, v: &FNode) {
    let k = key.to_ascii_lowercase();
    match k.as_str() {
        "author" => {
            if let Some(s) = as_struct(v) {
                struct_cells(
                    row,
                    &s,
                    &[
                        ("email", "AUTHOREMAIL"),
                        ("name", "AUTHORNAME"),
                        ("uri", "AUTHORURI"),
                    ],
                );
            }
        }
        "category" => {
            if let Some(s) = as_struct(v) {
                struct_cells(
                    row,
                    &s,
                    &[
                        ("label", "CATEGORYLABEL"),
                        ("scheme", "CATEGORYSCHEME"),
                        ("term", "CATEGORYTERM"),
                    ],
                );
            }
        }
        "comments" => put(row, "COMMENTS", value_of(v)),
        "content" => match as_struct(v) {
            Some(s) => {
                put(row, "CONTENT", value_of(&s));
                struct_cells(
                    row,
                    &s,
                    &[
                        ("mode", "CONTENTMODE"),
                        ("src", "CONTENTSRC"),
                        ("type", "CONTENTTYPE"),
                        ("xml:base", "XMLBASE"),
                    ],
                );
            }
            None => put(row, "CONTENT", value_of(v)),
        },
        "contributor" => {
            if let Some(s) = as_struct(v) {
                struct_cells(
                    row,
                    &s,
                    &[
                        ("email", "CONTRIBUTOREMAIL"),
                        ("name", "CONTRIBUTORNAME"),
                        ("uri", "CONTRIBUTORURI"),
                    ],
                );
            }
        }
        "created" => put(row, "CREATEDDATE", value_of(v)),
        "id" => put(row, "ID", value_of(v)),
        "link" => {
            if let Some(s) = as_struct(v) {
                struct_cells(
                    row,
                    &s,
                    &[
                        ("href", "LINKHREF"),
                        ("hreflang", "LINKHREFLANG"),
                        ("length", "LINKLENGTH"),
                        ("rel", "LINKREL"),
                        ("title", "LINKTITLE"),
                        ("type", "LINKTYPE"),
                    ],
                );
            }
        }
        "published" | "issued" => put(row, "PUBLISHEDDATE", value_of(v)),
        "rights" | "copyright" => put(row, "RIGHTS", value_of(v)),
        "summary" => match as_struct(v) {
            Some(s) => {
                put(row, "SUMMARY", value_of(&s));
                struct_cells(
                    row,
                    &s,
                    &[
                        ("mode", "SUMMARYMODE"),
                        ("src", "SUMMARYSRC"),
                        ("type", "SUMMARYTYPE"),
                    ],
                );
            }
            None => put(row, "SUMMARY", value_of(v)),
        },
        "title" => match as_struct(v) {
            Some(s) => {
                put(row, "TITLE", value_of(&s));
                put(row, "TITLETYPE", Cell::of(s.get("type")));
            }
            None => put(row, "TITLE", value_of(v)),
        },
        "updated" | "modified" => put(row, "UPDATEDDATE", value_of(v)),
        _ => {}
    }
}

fn rss_cell(row: &mut Row, key: &str, v: &FNode, dc: bool) {
    let k = key.to_ascii_lowercase();
    match k.as_str() {
        "author" => put(row, "AUTHOREMAIL", value_of(v)),
        "category" => match as_struct(v) {
            Some(s) => {
                put(row, "CATEGORYLABEL", value_of(&s));
                put(row, "CATEGORYSCHEME", Cell::of(s.get("domain")));
            }
            None => put(row, "CATEGORYLABEL", value_of(v)),
        },
        "comments" => put(row, "COMMENTS", value_of(v)),
        "description" => put(row, "CONTENT", value_of(v)),
        "expirationdate" => put(row, "EXPIRATIONDATE", value_of(v)),
        "guid" => match as_struct(v) {
            Some(s) => {
                put(row, "ID", value_of(&s));
                put(row, "IDPERMALINK", Cell::of(s.get("isPermaLink")));
            }
            None => put(row, "ID", value_of(v)),
        },
        "enclosure" => {
            if let Some(s) = as_struct(v) {
                struct_cells(
                    row,
                    &s,
                    &[
                        ("url", "LINKHREF"),
                        ("length", "LINKLENGTH"),
                        ("type", "LINKTYPE"),
                    ],
                );
            }
        }
        "pubdate" => put(row, "PUBLISHEDDATE", value_of(v)),
        "rdf:about" => put(row, "URI", value_of(v)),
        "link" => match as_struct(v) {
            Some(s) => {
                put(row, "RSSLINK", value_of(&s));
                if let Some(about) = s.get("rdf:about") {
                    put(row, "URI", Cell::of(Some(about)));
                }
            }
            None => put(row, "RSSLINK", value_of(v)),
        },
        "source" => match as_struct(v) {
            Some(s) => {
                put(row, "SOURCE", value_of(&s));
                put(row, "SOURCEURL", Cell::of(s.get("url")));
            }
            None => put(row, "SOURCE", value_of(v)),
        },
        "summary" => match as_struct(v) {
            Some(s) => {
                put(row, "SUMMARY", value_of(&s));
                put(row, "SUMMARYMODE", Cell::of(s.get("mode")));
                put(row, "SUMMARYTYPE", Cell::of(s.get("type")));
            }
            None => put(row, "SUMMARY", value_of(v)),
        },
        "title" => put(row, "TITLE", value_of(v)),
        _ => {}
    }
    if dc {
        if let Some(rest) = k.strip_prefix("dc_") {
            let col = match rest {
                "subject" => Some("DC_SUBJECT_VALUE"),
                _ => DC_COLUMNS
                    .iter()
                    .copied()
                    .find(|c| c[3..].eq_ignore_ascii_case(rest) && *c != "DC_SUBJECT_VALUE"),
            };
            if let Some(col) = col {
                put(row, col, value_of(v));
            }
        }
    }
}

/// The feed's metadata: a copy without the items (an RSS 1.0 document's channel is lifted up).
fn properties(data: &FNode) -> FNode {
    let mut data = data.clone();
    let mut rdf = data.remove("RDF");
    if rdf.is_none() {
        rdf = data.remove("RSS");
    }
    if let Some(mut rdf @ FNode::Obj(_)) = rdf {
        rdf.remove("item");
        if let Some(FNode::Obj(mut channel)) = rdf.remove("channel") {
            channel.retain(|(k, _)| !k.eq_ignore_ascii_case("items"));
            for (k, v) in channel {
                data.set(&k, v);
            }
        }
    }
    data.remove("item");
    data.remove("entry");
    data
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/// Where the items' cells come from: the tag's query (through `columnMap`) or the rows built
/// from a `name` struct.
enum Items<'a> {
    Query(&'a Query, Option<&'a Struct>),
    Rows(Vec<Row>),
}

impl Items<'_> {
    fn len(&self) -> usize {
        match self {
            Items::Query(q, _) => q.rows,
            Items::Rows(r) => r.len(),
        }
    }

    fn cell(&self, col: &'static str, row: usize) -> CfResult<Cell> {
        match self {
            Items::Query(q, map) => {
                let name = match map.and_then(|m| m.get(col)) {
                    Some(v) if !v.is_null() => v.to_str()?.into_owned(),
                    _ => col.to_string(),
                };
                let v = q
                    .column_index(&name)
                    .and_then(|i| q.get(i, row + 1))
                    .cloned();
                Cell::from_value(v)
            }
            Items::Rows(rows) => Ok(rows
                .get(row)
                .and_then(|r| r.iter().find(|(c, _)| *c == col))
                .map(|(_, c)| c.clone())
                .unwrap_or(Cell::Null)),
        }
    }
}

/// Writes the XML, turning dates into the format's form.
struct Writer {
    out: String,
    /// The request's time zone, for dates.
    zone: Arc<crate::date::zone::Zone>,
    atom: bool,
}

/// A tag's attribute: its name and value.
type Attr = (&'static str, Cell);

/// How an element is written: even when empty (`required`), a text cell's comma list as one
/// element per item (`split`), the attributes as child elements (`children`).
#[derive(Clone, Copy)]
struct Flags {
    required: bool,
    split: bool,
    children: bool,
}

const PLAIN: Flags = Flags {
    required: false,
    split: false,
    children: false,
};
const REQUIRED: Flags = Flags {
    required: true,
    ..PLAIN
};
const CHILDREN: Flags = Flags {
    children: true,
    ..PLAIN
};

impl Writer {
    fn line(&mut self, indent: usize, s: &str) {
        for _ in 0..indent {
            self.out.push('\t');
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// Text for a value: a date in the format's form, anything else escaped.
    fn text(&self, c: &Cell) -> String {
        let raw = match c {
            Cell::Date(d) => {
                let utc = self.zone.to_utc(d.ndt());
                return if self.atom {
                    utc.format("%Y-%m-%dT%H:%M:%SZ").to_string()
                } else {
                    utc.format("%a, %d %b %Y %H:%M:%S GMT").to_string()
                };
            }
            other => cell_string(other),
        };
        escape(&raw)
    }

    /// One element: `value` as its text (a list: one element per item, the attributes' lists
    /// taken item by item), `attrs` as attributes, or as child elements with `children`.
    /// Skipped when it has neither text nor attributes, unless `required`.
    fn tag(&mut self, indent: usize, name: &str, value: Cell, attrs: &[Attr], flags: Flags) {
        let Flags {
            required,
            split,
            children,
        } = flags;
        if !required && value.is_empty() && attrs.iter().all(|(_, v)| v.is_empty()) {
            return;
        }
        let value = match value {
            Cell::Text(s) if split && s.contains(',') => {
                Cell::List(s.split(',').map(str::to_string).collect(), Cast::Join)
            }
            other => other,
        };
        let count = match &value {
            Cell::List(items, _) => items.len(),
            _ => attrs
                .iter()
                .map(|(_, v)| match v {
                    Cell::List(items, _) => items.len(),
                    _ => 1,
                })
                .max()
                .unwrap_or(1),
        };
        let listed = matches!(value, Cell::List(..))
            || attrs.iter().any(|(_, v)| matches!(v, Cell::List(..)));
        if !listed {
            self.one(indent, name, &value, attrs, children);
            return;
        }
        let nth = |c: &Cell, i: usize| -> Cell {
            match c {
                Cell::List(items, _) => items.get(i).map_or(Cell::Null, |s| Cell::Text(s.clone())),
                Cell::Text(s) if split => s
                    .split(',')
                    .nth(i)
                    .map_or(Cell::Null, |s| Cell::Text(s.to_string())),
                other => other.clone(),
            }
        };
        for i in 0..count {
            let v = nth(&value, i);
            let a: Vec<Attr> = attrs.iter().map(|(k, c)| (*k, nth(c, i))).collect();
            self.one(indent, name, &v, &a, children);
        }
    }

    fn one(&mut self, indent: usize, name: &str, value: &Cell, attrs: &[Attr], children: bool) {
        for _ in 0..indent {
            self.out.push('\t');
        }
        self.out.push('<');
        self.out.push_str(name);
        if !children {
            for (k, v) in attrs {
                if v.is_empty() {
                    continue;
                }
                let text = self.text(v);
                self.out.push(' ');
                self.out.push_str(k);
                self.out.push_str("=\"");
                self.out.push_str(&text);
                self.out.push('"');
            }
        }
        self.out.push('>');
        let text = self.text(value);
        self.out.push_str(&text);
        if children && !attrs.is_empty() {
            self.out.push('\n');
            for (k, v) in attrs {
                if v.is_empty() {
                    continue;
                }
                let text = self.text(v);
                self.line(indent + 1, &format!("<{k}>{text}</{k}>"));
            }
            for _ in 0..indent {
                self.out.push('\t');
            }
        }
        self.out.push_str("</");
        self.out.push_str(name);
        self.out.push_str(">\n");
    }

    /// A property: the first of `names` the properties have, one element per array item; a
    /// struct gives its `value` as text and the keys in `attrs` as attributes (or children).
    fn prop(
        &mut self,
        props: &FNode,
        indent: usize,
        names: &[&str],
        target: &str,
        attrs: &[&'static str],
        children: bool,
    ) {
        for name in names {
            match props.get(name) {
                Some(FNode::Arr(items, _)) => {
                    for item in items {
                        self.prop_value(item, indent, target, attrs, children);
                    }
                    return;
                }
                Some(v) => {
                    self.prop_value(v, indent, target, attrs, children);
                    return;
                }
                None => {}
            }
        }
    }

    fn prop_value(
        &mut self,
        v: &FNode,
        indent: usize,
        target: &str,
        attrs: &[&'static str],
        children: bool,
    ) {
        if v.is_empty_text() {
            return;
        }
        let a: Vec<Attr> = match v {
            FNode::Obj(_) => attrs
                .iter()
                .filter_map(|k| v.get(k).map(|x| (*k, Cell::of(Some(x)))))
                .collect(),
            _ => Vec::new(),
        };
        let value = match v {
            FNode::Obj(_) => value_of(v),
            FNode::Date(d) => Cell::Date(*d),
            other => value_of(other),
        };
        self.tag(indent, target, value, &a, Flags { children, ..PLAIN });
    }
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

const RSS_OPEN: &str = "<rss xmlns:taxo=\"http://purl.org/rss/1.0/modules/taxonomy/\" \
xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" \
xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\" \
xmlns:dc=\"http://purl.org/dc/elements/1.1/\" version=\"2.0\">";

fn write_rss(w: &mut Writer, items: &Items, props: &FNode) -> CfResult<()> {
    w.line(0, RSS_OPEN);
    w.line(1, "<channel>");
    w.prop(props, 2, &["title"], "title", &[], false);
    w.prop(props, 2, &["link"], "link", &[], false);
    w.prop(
        props,
        2,
        &["description", "subtitle"],
        "description",
        &[],
        false,
    );
    for p in [
        "language",
        "copyright",
        "managingEditor",
        "webMaster",
        "pubDate",
        "lastBuildDate",
    ] {
        w.prop(props, 2, &[p], p, &[], false);
    }
    w.prop(props, 2, &["category"], "category", &["domain"], false);
    w.prop(props, 2, &["generator"], "generator", &[], false);
    w.prop(props, 2, &["docs"], "docs", &[], false);
    w.prop(
        props,
        2,
        &["cloud"],
        "cloud",
        &["domain", "port", "path", "registerProcedure", "protocol"],
        false,
    );
    w.prop(props, 2, &["ttl"], "ttl", &[], false);
    w.prop(
        props,
        2,
        &["image"],
        "image",
        &["url", "title", "link", "width", "height", "description"],
        true,
    );
    w.prop(
        props,
        2,
        &["textInput"],
        "textInput",
        &["title", "description", "name", "link"],
        true,
    );
    w.prop(props, 2, &["skipHours"], "skipHours", &[], false);
    w.prop(props, 2, &["skipDays"], "skipDays", &[], false);
    for row in 0..items.len() {
        let c = |col| items.cell(col, row);
        w.line(2, "<item>");
        w.tag(3, "title", c("TITLE")?, &[], REQUIRED);
        w.tag(3, "description", c("CONTENT")?, &[], REQUIRED);
        w.tag(3, "link", c("RSSLINK")?, &[], PLAIN);
        w.tag(3, "author", c("AUTHOREMAIL")?, &[], PLAIN);
        let split = matches!(items, Items::Query(..));
        w.tag(
            3,
            "category",
            c("CATEGORYLABEL")?,
            &[("domain", c("CATEGORYSCHEME")?)],
            Flags { split, ..PLAIN },
        );
        w.tag(3, "comments", c("COMMENTS")?, &[], PLAIN);
        w.tag(
            3,
            "enclosure",
            Cell::Null,
            &[
                ("url", c("LINKHREF")?),
                ("length", c("LINKLENGTH")?),
                ("type", c("LINKTYPE")?),
            ],
            PLAIN,
        );
        w.tag(
            3,
            "guid",
            c("ID")?,
            &[("isPermaLink", c("IDPERMALINK")?)],
            PLAIN,
        );
        w.tag(3, "pubDate", c("PUBLISHEDDATE")?, &[], PLAIN);
        w.tag(
            3,
            "source",
            c("SOURCE")?,
            &[("url", c("SOURCEURL")?)],
            PLAIN,
        );
        w.line(2, "</item>");
    }
    w.line(1, "</channel>");
    w.line(0, "</rss>");
    Ok(())
}

fn write_atom(w: &mut Writer, items: &Items, props: &FNode) -> CfResult<()> {
    w.line(0, "<feed xmlns=\"http://www.w3.org/2005/Atom\">");
    w.prop(props, 1, &["title"], "title", &["type"], false);
    w.prop(props, 1, &["subtitle"], "subtitle", &["type"], false);
    w.prop(props, 1, &["updated"], "updated", &[], false);
    w.prop(props, 1, &["id"], "id", &[], false);
    w.prop(
        props,
        1,
        &["link"],
        "link",
        &["rel", "type", "hreflang", "href"],
        false,
    );
    w.prop(
        props,
        1,
        &["author"],
        "author",
        &["name", "email", "uri"],
        true,
    );
    w.prop(props, 1, &["rights"], "rights", &[], false);
    w.prop(
        props,
        1,
        &["generator"],
        "generator",
        &["uri", "version"],
        false,
    );
    for row in 0..items.len() {
        let c = |col| items.cell(col, row);
        w.line(1, "<entry>");
        w.tag(2, "title", c("TITLE")?, &[("type", c("TITLETYPE")?)], PLAIN);
        w.tag(
            2,
            "link",
            Cell::Null,
            &[
                ("href", c("LINKHREF")?),
                ("hreflang", c("LINKHREFLANG")?),
                ("length", c("LINKLENGTH")?),
                ("rel", c("LINKREL")?),
                ("title", c("LINKTITLE")?),
                ("type", c("LINKTYPE")?),
            ],
            PLAIN,
        );
        w.tag(2, "id", c("ID")?, &[], REQUIRED);
        w.tag(2, "updated", c("UPDATEDDATE")?, &[], REQUIRED);
        w.tag(2, "published", c("PUBLISHEDDATE")?, &[], REQUIRED);
        w.tag(
            2,
            "author",
            Cell::Null,
            &[
                ("name", c("AUTHORNAME")?),
                ("email", c("AUTHOREMAIL")?),
                ("uri", c("AUTHORURI")?),
            ],
            CHILDREN,
        );
        w.tag(
            2,
            "category",
            Cell::Null,
            &[
                ("label", c("CATEGORYLABEL")?),
                ("scheme", c("CATEGORYSCHEME")?),
                ("term", c("CATEGORYTERM")?),
            ],
            PLAIN,
        );
        w.tag(
            2,
            "contributor",
            Cell::Null,
            &[
                ("name", c("CONTRIBUTORNAME")?),
                ("email", c("CONTRIBUTOREMAIL")?),
                ("uri", c("CONTRIBUTORURI")?),
            ],
            CHILDREN,
        );
        w.tag(
            2,
            "content",
            c("CONTENT")?,
            &[("src", c("CONTENTSRC")?), ("type", c("CONTENTTYPE")?)],
            PLAIN,
        );
        w.tag(2, "rights", c("RIGHTS")?, &[], REQUIRED);
        w.tag(
            2,
            "summary",
            c("SUMMARY")?,
            &[("type", c("SUMMARYTYPE")?)],
            PLAIN,
        );
        w.line(1, "</entry>");
    }
    w.line(0, "</feed>");
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// The tag
// ---------------------------------------------------------------------------------------------

fn app_err(msg: impl Into<String>) -> Box<CfmlError> {
    CfmlError::application(msg)
}

/// A text attribute, None when missing, null or blank.
fn text_attr(a: &Struct, k: &str) -> CfResult<Option<String>> {
    Ok(match a.get(k) {
        Some(v) if v.is_simple() && !v.is_null() => {
            let s = v.to_str()?.trim().to_string();
            (!s.is_empty()).then_some(s)
        }
        _ => None,
    })
}

fn flag_attr(a: &Struct, k: &str) -> CfResult<bool> {
    match a.get(k).filter(|v| !v.is_null()) {
        Some(v) => v.to_bool(),
        None => Ok(false),
    }
}

/// Run `<cffeed>`; the variables to set, in order.
pub fn feed_tag(ctx: &mut dyn Ctx, a: &Struct) -> CfResult<Vec<(String, Value)>> {
    let action = text_attr(a, "action")?
        .unwrap_or_else(|| "read".to_string())
        .to_ascii_lowercase();
    match action.as_str() {
        "read" => read(ctx, a),
        "create" => create(ctx, a),
        other => Err(app_err(format!(
            "invalid action definition [{other}], valid action definitions are [create,read]"
        ))),
    }
}

/// `outputFile` as a path whose folder exists; refused when it exists and `overwrite` is off.
fn output_file(ctx: &mut dyn Ctx, a: &Struct, what: &str) -> CfResult<Option<PathBuf>> {
    let Some(p) = text_attr(a, "outputfile")? else {
        return Ok(None);
    };
    let path = crate::file::resolve(ctx, &p)?;
    if let Some(parent) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !parent.is_dir() {
            return Err(app_err(format!(
                "cffeed: the folder of the output file [{}] does not exist",
                crate::file::show(&path)
            )));
        }
    }
    if path.exists() && !flag_attr(a, "overwrite")? {
        return Err(app_err(format!(
            "{what} [{}] already exists",
            crate::file::show(&path)
        )));
    }
    Ok(Some(path))
}

fn write_output(path: &Path, bytes: &[u8]) -> CfResult<()> {
    std::fs::write(path, bytes).map_err(|e| {
        app_err(format!(
            "cffeed: can't write the output file [{}]",
            crate::file::show(path)
        ))
        .with_detail(e.to_string())
    })
}

fn read(ctx: &mut dyn Ctx, a: &Struct) -> CfResult<Vec<(String, Value)>> {
    let source = text_attr(a, "source")?.ok_or_else(|| {
        app_err("Attribute [source] for tag [Feed] is required if attribute action has the value [read]")
    })?;
    // The variables to set: names (strings), as Lucee requires.
    let var = |k: &str| -> CfResult<Option<String>> {
        match a.get(k).filter(|v| !v.is_null()) {
            Some(v) if v.is_simple() => {
                let s = v.to_str()?.trim().to_string();
                Ok((!s.is_empty()).then_some(s))
            }
            Some(_) => Err(app_err(format!("attribute [{k}] should be of type string"))),
            None => Ok(None),
        }
    };
    let (name, query, props, xml_var) = (
        var("name")?,
        var("query")?,
        var("properties")?,
        var("xmlvar")?,
    );
    let output = output_file(ctx, a, "outputFile file")?;
    let bytes = fetch(ctx, &source, a)?;
    if let Some(out) = &output {
        write_output(out, &bytes)?;
    }
    let text = decode(&bytes);
    let feed = parse_feed(&text)?;
    let mut set = Vec::new();
    if let Some(p) = props {
        set.push((p, feed.properties()));
    }
    if let Some(q) = query {
        set.push((
            q,
            Value::Query(Arc::new(parking_lot::RwLock::new(feed.query()))),
        ));
    }
    if let Some(n) = name {
        set.push((n, feed.data()));
    }
    if let Some(x) = xml_var {
        set.push((x, Value::from(text)));
    }
    Ok(set)
}

/// The feed's bytes from a URL (fetched as `<cfhttp>` does) or a file.
fn fetch(ctx: &mut dyn Ctx, source: &str, a: &Struct) -> CfResult<Vec<u8>> {
    if starts_with_ci(source, "http://") || starts_with_ci(source, "https://") {
        let attrs = Struct::new();
        attrs.set_str("url", Value::from(source));
        attrs.set_str("method", Value::from("GET"));
        attrs.set_str("getasbinary", Value::from("yes"));
        attrs.set_str("throwonerror", Value::Bool(true));
        for k in [
            "timeout",
            "useragent",
            "proxyserver",
            "proxyport",
            "proxyuser",
            "proxypassword",
        ] {
            if let Some(v) = a.get(k).filter(|v| !v.is_null()) {
                if !(v.is_simple() && v.to_str()?.trim().is_empty()) {
                    attrs.set_str(k, v);
                }
            }
        }
        let mut out = None;
        ctx.blocking(&mut || out = Some(crate::http::execute(&attrs, &[])));
        let result = out
            .unwrap_or_else(|| Err(app_err("the request did not run")))
            .map_err(|e| {
                app_err(format!(
                    "cffeed: can't read the feed [{source}]: {}",
                    e.message
                ))
                .with_detail(e.detail.clone())
            })?;
        let bytes = match result.get("filecontent") {
            Some(Value::Binary(b)) => b.as_ref().clone(),
            Some(v) if v.is_simple() => v.to_str()?.as_bytes().to_vec(),
            _ => Vec::new(),
        };
        if bytes.len() > MAX_FEED_BYTES {
            return Err(app_err(format!(
                "cffeed: the feed [{source}] is larger than {MAX_FEED_BYTES} bytes"
            )));
        }
        return Ok(bytes);
    }
    let path = crate::file::resolve(ctx, source)?;
    let mut shown = crate::file::show(&path);
    if let Some((i, _)) = shown.char_indices().nth(200) {
        shown.truncate(i);
        shown.push_str("...");
    }
    let meta = std::fs::metadata(&path).map_err(|e| {
        app_err(format!("cffeed: the feed source [{shown}] does not exist"))
            .with_detail(e.to_string())
    })?;
    if meta.is_dir() {
        return Err(app_err(format!(
            "cffeed: the feed source [{shown}] is a directory"
        )));
    }
    if meta.len() > MAX_FEED_BYTES as u64 {
        return Err(app_err(format!(
            "cffeed: the feed [{shown}] is larger than {MAX_FEED_BYTES} bytes"
        )));
    }
    std::fs::read(&path).map_err(|e| {
        app_err(format!("cffeed: can't read the feed [{shown}]")).with_detail(e.to_string())
    })
}

/// A feed's bytes as text: by its byte-order mark, else the encoding its XML declaration
/// names, else UTF-8 (ISO-8859-1 when it is not valid UTF-8).
fn decode(bytes: &[u8]) -> String {
    if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        return String::from_utf8_lossy(rest).into_owned();
    }
    if bytes.starts_with(&[0xFE, 0xFF]) {
        return conversion::decode(bytes, Charset::Utf16);
    }
    if bytes.starts_with(&[0xFF, 0xFE]) {
        return conversion::decode(bytes, Charset::Utf16);
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).into_owned();
    let declared = head
        .trim_start()
        .strip_prefix("<?xml")
        .and_then(|d| d.split("?>").next())
        .and_then(|d| {
            let i = d.find("encoding")?;
            let rest = d[i + "encoding".len()..].trim_start().strip_prefix('=')?;
            let rest = rest.trim_start();
            let q = rest.chars().next()?;
            let rest = rest.get(1..)?;
            Some(rest[..rest.find(q)?].to_string())
        });
    match declared.and_then(|d| conversion::charset(&d).ok()) {
        Some(cs) if cs != Charset::Utf8 => conversion::decode(bytes, cs),
        _ => match std::str::from_utf8(bytes) {
            Ok(s) => s.to_string(),
            Err(_) => conversion::decode(bytes, Charset::Latin1),
        },
    }
}

fn create(ctx: &mut dyn Ctx, a: &Struct) -> CfResult<Vec<(String, Value)>> {
    let name = a.get("name").filter(|v| !v.is_null());
    let query = a.get("query").filter(|v| !v.is_null());
    let props_attr = a.get("properties").filter(|v| !v.is_null());
    let query_value;
    let (items, props) = match (&name, &query, &props_attr) {
        (Some(n), _, _) => {
            let data = match n {
                Value::Str(s) => ctx.lookup(s.trim()).ok_or_else(|| {
                    app_err(format!(
                        "cffeed: the variable [{}] does not exist",
                        s.trim()
                    ))
                })?,
                other => other.clone(),
            };
            let Some(data @ FNode::Obj(_)) = FNode::from_value(&data, 0)? else {
                return Err(app_err("cffeed: the attribute [name] must be a struct"));
            };
            (Items::Rows(to_rows(&data, false)), properties(&data))
        }
        (None, Some(q), Some(p)) => {
            let Value::Query(q) = q else {
                return Err(app_err("cffeed: the attribute [query] must be a query"));
            };
            let Some(p @ FNode::Obj(_)) = FNode::from_value(p, 0)? else {
                return Err(app_err(
                    "cffeed: the attribute [properties] must be a struct",
                ));
            };
            query_value = q.read().clone();
            (Items::Query(&query_value, None), properties(&p))
        }
        _ => {
            return Err(app_err(
                "missing attribute [name] or attributes [query] and [properties]",
            ))
        }
    };
    let column_map = match a.get("columnmap").filter(|v| !v.is_null()) {
        Some(Value::Struct(s)) => Some(s),
        Some(_) => {
            return Err(app_err(
                "cffeed: the attribute [columnMap] must be a struct",
            ))
        }
        None => None,
    };
    let items = match items {
        Items::Query(q, _) => Items::Query(q, column_map.as_ref()),
        rows => rows,
    };
    let atom = match text_attr(a, "type")?.map(|t| t.to_ascii_lowercase()) {
        Some(t) if t == "rss" => false,
        Some(t) if t == "atom" => true,
        Some(t) => {
            return Err(app_err(format!(
                "invalid type definition [{t}], valid type definitions are [atom,rss]"
            )))
        }
        None => {
            let version = props
                .get("version")
                .and_then(FNode::cast)
                .unwrap_or_else(|| "rss".to_string());
            !starts_with_ci(&version, "rss")
        }
    };
    let output = output_file(ctx, a, "destination file")?;
    let mut w = Writer {
        out: String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"),
        zone: crate::date::zone::request(ctx)?,
        atom,
    };
    if atom {
        write_atom(&mut w, &items, &props)?;
    } else {
        write_rss(&mut w, &items, &props)?;
    }
    if let Some(out) = output {
        let cs = match text_attr(a, "charset")? {
            Some(c) => conversion::charset(&c)?,
            None => Charset::Utf8,
        };
        write_output(&out, &conversion::encode(&w.out, cs))?;
    }
    let mut set = Vec::new();
    if let Some(x) = text_attr(a, "xmlvar")? {
        set.push((x, Value::from(w.out)));
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Feed {
        parse_feed(text)
            .map_err(|e| e.message.clone())
            .unwrap_or_else(|m| panic!("{m}"))
    }

    fn row_text(f: &Feed, col: &str, row: usize) -> String {
        let q = f.query();
        let i = q
            .column_index(col)
            .unwrap_or_else(|| panic!("no column {col}"));
        q.get(i, row)
            .map(|v| v.to_str().map(|s| s.into_owned()).unwrap_or_default())
            .unwrap_or_default()
    }

    #[test]
    fn rss2_items_and_channel() {
        let f = parse(
            r#"<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>
            <item><title>A</title><description>&lt;b&gt;x&lt;/b&gt;</description>
            <category>c1</category><category domain="d">c2</category>
            <guid>g1</guid></item></channel></rss>"#,
        );
        assert_eq!(
            f.data.get("version").and_then(FNode::cast).as_deref(),
            Some("rss_2.0")
        );
        assert_eq!(
            f.data.get("title").and_then(FNode::cast).as_deref(),
            Some("T")
        );
        assert_eq!(row_text(&f, "CONTENT", 1), "<b>x</b>");
        assert_eq!(row_text(&f, "CATEGORYLABEL", 1), "c1,c2");
        assert_eq!(row_text(&f, "CATEGORYSCHEME", 1), "d");
        assert_eq!(row_text(&f, "IDPERMALINK", 1), "true");
        assert!(properties(&f.data).get("item").is_none());
    }

    #[test]
    fn atom_keeps_xhtml_as_markup_and_authors() {
        let f = parse(
            r#"<feed xmlns="http://www.w3.org/2005/Atom"><title type="text">F</title>
            <entry><title>E</title><author><name>N</name><email>e@x</email></author>
            <contributor><name>C</name></contributor>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>a &amp; b</p></div></content>
            <link rel="alternate" href="h1"/><link rel="self" href="h2"/></entry></feed>"#,
        );
        assert_eq!(row_text(&f, "AUTHORNAME", 1), "N");
        assert_eq!(row_text(&f, "CONTRIBUTORNAME", 1), "C");
        assert_eq!(
            row_text(&f, "CONTENT", 1),
            "<div xmlns=\"http://www.w3.org/1999/xhtml\"><p>a &amp; b</p></div>"
        );
        assert_eq!(row_text(&f, "LINKHREF", 1), "h1,h2");
        assert_eq!(row_text(&f, "SUMMARYMODE", 1), "");
    }

    #[test]
    fn rdf_with_dublin_core() {
        let f = parse(
            r#"<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel rdf:about="http://x/"><title>R</title></channel>
            <item rdf:about="http://x/1"><title>I</title><dc:creator>me</dc:creator></item></rdf:RDF>"#,
        );
        assert!(f.dc);
        assert_eq!(row_text(&f, "URI", 1), "http://x/1");
        assert_eq!(row_text(&f, "DC_CREATOR", 1), "me");
        let p = properties(&f.data);
        assert_eq!(p.get("title").and_then(FNode::cast).as_deref(), Some("R"));
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(parse_feed("<html><body/></html>").is_err());
        assert!(parse_feed("not xml").is_err());
        assert!(parse_feed("<rss version=\"2.0\"></rss>").is_err());
        let deep = format!(
            "<rss><channel>{}{}</channel></rss>",
            "<a>".repeat(300),
            "</a>".repeat(300)
        );
        assert!(parse_feed(&deep).is_err());
    }

    #[test]
    fn decodes_declared_encodings() {
        assert_eq!(
            decode(b"<?xml version='1.0' encoding='ISO-8859-1'?><a>\xe9</a>"),
            "<?xml version='1.0' encoding='ISO-8859-1'?><a>\u{e9}</a>"
        );
        assert_eq!(decode("<a>\u{e9}</a>".as_bytes()), "<a>\u{e9}</a>");
    }
}

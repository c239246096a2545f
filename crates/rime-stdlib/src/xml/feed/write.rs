//! Writing RSS 2.0 and Atom 1.0 from a query (through `columnMap`) or a feed struct.

use super::*;
/// Where the items' cells come from: the tag's query (through `columnMap`) or the rows built
/// from a `name` struct.
pub(super) enum Items<'a> {
    Query(&'a Query, Option<&'a Struct>),
    Rows(Vec<Row>),
}

impl Items<'_> {
    pub(super) fn len(&self) -> usize {
        match self {
            Items::Query(q, _) => q.rows,
            Items::Rows(r) => r.len(),
        }
    }

    pub(super) fn cell(&self, col: &'static str, row: usize) -> CfResult<Cell> {
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
pub(super) struct Writer {
    pub(super) out: String,
    /// The request's time zone, for dates.
    pub(super) zone: Arc<crate::date::zone::Zone>,
    pub(super) atom: bool,
}

/// A tag's attribute: its name and value.
pub(super) type Attr = (&'static str, Cell);

/// How an element is written: even when empty (`required`), a text cell's comma list as one
/// element per item (`split`), the attributes as child elements (`children`).
#[derive(Clone, Copy)]
pub(super) struct Flags {
    required: bool,
    split: bool,
    children: bool,
}

pub(super) const PLAIN: Flags = Flags {
    required: false,
    split: false,
    children: false,
};
pub(super) const REQUIRED: Flags = Flags {
    required: true,
    ..PLAIN
};
pub(super) const CHILDREN: Flags = Flags {
    children: true,
    ..PLAIN
};

impl Writer {
    pub(super) fn line(&mut self, indent: usize, s: &str) {
        for _ in 0..indent {
            self.out.push('\t');
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// Text for a value: a date in the format's form, anything else escaped.
    pub(super) fn text(&self, c: &Cell) -> String {
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
    pub(super) fn tag(
        &mut self,
        indent: usize,
        name: &str,
        value: Cell,
        attrs: &[Attr],
        flags: Flags,
    ) {
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

    pub(super) fn one(
        &mut self,
        indent: usize,
        name: &str,
        value: &Cell,
        attrs: &[Attr],
        children: bool,
    ) {
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
    pub(super) fn prop(
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

    pub(super) fn prop_value(
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

pub(super) fn escape(s: &str) -> String {
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

pub(super) const RSS_OPEN: &str = "<rss xmlns:taxo=\"http://purl.org/rss/1.0/modules/taxonomy/\" \
xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" \
xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\" \
xmlns:dc=\"http://purl.org/dc/elements/1.1/\" version=\"2.0\">";

pub(super) fn write_rss(w: &mut Writer, items: &Items, props: &FNode) -> CfResult<()> {
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

pub(super) fn write_atom(w: &mut Writer, items: &Items, props: &FNode) -> CfResult<()> {
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

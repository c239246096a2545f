//! A read feed as `<cffeed>`'s query (one row per item or entry, Lucee's columns) and its
//! properties (the feed without its items).

use super::*;
/// A query cell: text, a date, or a list (from an array) that reads as one string its way.
#[derive(Clone, Debug)]
pub(super) enum Cell {
    Null,
    Text(String),
    Date(DateTime),
    List(Vec<String>, Cast),
}

impl Cell {
    pub(super) fn of(n: Option<&FNode>) -> Cell {
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

    pub(super) fn from_value(v: Option<Value>) -> CfResult<Cell> {
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

    pub(super) fn is_empty(&self) -> bool {
        match self {
            Cell::Null => true,
            Cell::Text(s) => s.is_empty(),
            Cell::Date(_) => false,
            Cell::List(items, _) => items.is_empty(),
        }
    }
}

/// A cell as the query shows it.
pub(super) fn cell_string(c: &Cell) -> String {
    match c {
        Cell::Null => String::new(),
        Cell::Text(s) => s.clone(),
        Cell::Date(d) => d.to_cfml_string(),
        Cell::List(items, Cast::First) => items.first().cloned().unwrap_or_default(),
        Cell::List(items, _) => items.join(","),
    }
}

/// One item's cells by column.
pub(super) type Row = Vec<(&'static str, Cell)>;

pub(super) fn put(row: &mut Row, col: &'static str, cell: Cell) {
    match row.iter_mut().find(|(c, _)| *c == col) {
        Some(slot) => slot.1 = cell,
        None => row.push((col, cell)),
    }
}

/// Lucee's value of a feed value: a struct's `value` (or `text`), anything else as text.
pub(super) fn value_of(n: &FNode) -> Cell {
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
pub(super) fn as_struct(n: &FNode) -> Option<FNode> {
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

pub(super) fn starts_with_ci(s: &str, prefix: &str) -> bool {
    s.get(..prefix.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(prefix))
}

/// The rows of the feed's items (RSS, RDF) or entries (Atom).
pub(super) fn to_rows(data: &FNode, dc: bool) -> Vec<Row> {
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
pub(super) fn struct_cells(row: &mut Row, sct: &FNode, attrs: &[(&str, &'static str)]) {
    for (key, col) in attrs {
        put(row, col, Cell::of(sct.get(key)));
    }
}

pub(super) fn atom_cell(row: &mut Row, key: &str, v: &FNode) {
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

pub(super) fn rss_cell(row: &mut Row, key: &str, v: &FNode, dc: bool) {
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
pub(super) fn properties(data: &FNode) -> FNode {
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

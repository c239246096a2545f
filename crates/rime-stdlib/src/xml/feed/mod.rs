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

mod read;
mod rows;
#[cfg(test)]
mod tests;
mod write;

use read::*;
use rows::*;
use write::*;

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

//! `isWddx(value)`: whether a string is a WDDX packet Lucee's WDDX reader accepts. The packet
//! is checked against the WDDX 1.0 structure, without building the value:
//!
//! - the root is `<wddxPacket>`, its children an optional `<header>` and one `<data>`;
//! - `<data>` holds at most one value; a value is `<null/>`, `<boolean value="true|false"/>`,
//!   `<string>` (text and `<char code="hh"/>`), `<number>` (numeric text), `<dateTime>`,
//!   `<binary>`, `<array>` (values), `<struct>` (`<var name="...">` each holding one value) or
//!   `<recordset>` (`<field name="...">` each holding values).
//!
//! Anything else, text that is not XML, and values that are not strings are not WDDX.
//!
//! [`serialize`] and [`deserialize`] are `<cfwddx>`'s `cfml2wddx` and `wddx2cfml`, in the
//! shape Lucee's converter writes and reads: no whitespace between elements, attributes in
//! single quotes (double with `xmlConform`, after an XML declaration), numbers as Java prints a
//! double (`1.0`, `5.5`, `1.0E10`), dates in UTC without zero padding (`2024-1-5T9:3:0+0:0`),
//! binaries in base64, queries as `<recordset>` with upper-case `fieldNames`, a component as
//! `<component name>` holding its `this` and `variables` data (functions left out). A container
//! met again inside itself is written `<null/>`. Reading, `<char code="hh"/>` in a string is
//! that character, an empty `<number/>` is 0, a `<struct type>` with no members (a Java object)
//! is an empty string. Components are not rebuilt from a packet (Lucee checks an interface
//! hash of the class, which Rime does not reproduce): a clear error.

use chrono::{Datelike, NaiveDate, NaiveDateTime, Timelike};
use rime_runtime::{Args, Array, CfResult, CfmlError, Ctx, DateTime, Query, Struct, Value};
use roxmltree::{Document, Node};
use std::collections::HashSet;
use std::fmt::Write;

/// How deep a packet may nest (values are read and written recursively).
const MAX_DEPTH: usize = 1000;

pub(super) fn is_wddx(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = args.val(0)?;
    let ok = match v {
        Value::Str(s) => packet_ok(s.trim()),
        _ => false,
    };
    Ok(Value::Bool(ok))
}

fn elements<'a, 'i>(n: Node<'a, 'i>) -> impl Iterator<Item = Node<'a, 'i>> {
    n.children().filter(|c| c.is_element())
}

/// Whether `n` has non-blank text directly inside.
fn has_text(n: Node) -> bool {
    n.children()
        .any(|c| c.is_text() && c.text().is_some_and(|t| !t.trim().is_empty()))
}

fn packet_ok(text: &str) -> bool {
    let Ok(doc) = Document::parse(text) else {
        return false;
    };
    let root = doc.root_element();
    if !root.has_tag_name("wddxPacket") {
        return false;
    }
    let mut data = None;
    for (i, c) in elements(root).enumerate() {
        match c.tag_name().name() {
            "header" if i == 0 => {}
            "data" if data.is_none() => data = Some(c),
            _ => return false,
        }
    }
    let Some(data) = data else {
        return false;
    };
    let values: Vec<Node> = elements(data).collect();
    if values.len() > 1 || has_text(data) {
        return false;
    }
    // An explicit stack: packets may nest deeper than recursion allows.
    let mut stack = values;
    while let Some(v) = stack.pop() {
        match v.tag_name().name() {
            "null" => {}
            "boolean" => {
                if !matches!(v.attribute("value"), Some("true" | "false")) {
                    return false;
                }
            }
            "string" => {
                if elements(v).any(|c| !c.has_tag_name("char") || c.attribute("code").is_none()) {
                    return false;
                }
            }
            "number" => {
                let t = v.text().unwrap_or("").trim();
                if t.parse::<f64>().is_err() {
                    return false;
                }
            }
            "dateTime" | "binary" => {
                if elements(v).next().is_some() {
                    return false;
                }
            }
            "array" => stack.extend(elements(v)),
            "struct" => {
                for var in elements(v) {
                    let inner: Vec<Node> = elements(var).collect();
                    if !var.has_tag_name("var")
                        || var.attribute("name").is_none()
                        || inner.len() != 1
                    {
                        return false;
                    }
                    stack.extend(inner);
                }
            }
            "recordset" => {
                for field in elements(v) {
                    if !field.has_tag_name("field") || field.attribute("name").is_none() {
                        return false;
                    }
                    stack.extend(elements(field));
                }
            }
            _ => return false,
        }
    }
    true
}

/// `cfml2wddx`: the WDDX packet of `v`.
pub fn serialize(ctx: &mut dyn Ctx, v: &Value, xml_conform: bool) -> CfResult<String> {
    let q = if xml_conform { '"' } else { '\'' };
    let mut w = Writer {
        q,
        zone: crate::date::zone::request(ctx)?,
        out: String::new(),
        active: HashSet::new(),
    };
    if xml_conform {
        w.out
            .push_str("<?xml version=\"1.0\" encoding=\"iso-8859-1\"?>");
    }
    let _ = write!(w.out, "<wddxPacket version={q}1.0{q}><header/><data>");
    w.value(v, 0)?;
    w.out.push_str("</data></wddxPacket>");
    Ok(w.out)
}

struct Writer {
    q: char,
    zone: std::sync::Arc<crate::date::zone::Zone>,
    out: String,
    /// Containers being written, to cut cycles.
    active: HashSet<usize>,
}

impl Writer {
    fn value(&mut self, v: &Value, depth: usize) -> CfResult<()> {
        if depth > MAX_DEPTH {
            return Err(too_deep());
        }
        let q = self.q;
        match v {
            Value::Null => self.out.push_str("<null/>"),
            Value::Str(s) => self.string(s),
            Value::Num(n) => {
                let _ = write!(self.out, "<number>{}</number>", rime_java::java_double(*n));
            }
            Value::Bool(b) => {
                let _ = write!(self.out, "<boolean value={q}{b}{q}/>");
            }
            Value::Date(d) => {
                let t = self.zone.to_utc(d.ndt());
                let _ = write!(
                    self.out,
                    "<dateTime>{}-{}-{}T{}:{}:{}+0:0</dateTime>",
                    t.year(),
                    t.month(),
                    t.day(),
                    t.hour(),
                    t.minute(),
                    t.second()
                );
            }
            Value::Binary(b) => {
                let _ = write!(
                    self.out,
                    "<binary length={q}{}{q}>{}</binary>",
                    b.len(),
                    crate::security::crypt::b64_encode(b)
                );
            }
            Value::Array(a) => {
                let id = std::sync::Arc::as_ptr(&a.0) as usize;
                if !self.active.insert(id) {
                    self.out.push_str("<null/>");
                    return Ok(());
                }
                let items = a.to_vec();
                let _ = write!(self.out, "<array length={q}{}{q}>", items.len());
                for item in &items {
                    self.value(item, depth + 1)?;
                }
                self.out.push_str("</array>");
                self.active.remove(&id);
            }
            Value::Struct(s) => {
                let id = std::sync::Arc::as_ptr(&s.0) as usize;
                if !self.active.insert(id) {
                    self.out.push_str("<null/>");
                    return Ok(());
                }
                match s.component() {
                    Some(meta) => self.component(s, &meta.fullname, depth)?,
                    None => {
                        self.out.push_str("<struct>");
                        for (k, val) in s.entries() {
                            self.var(k.as_str(), None, &val, depth)?;
                        }
                        self.out.push_str("</struct>");
                    }
                }
                self.active.remove(&id);
            }
            Value::Query(qv) => {
                let id = std::sync::Arc::as_ptr(qv) as usize;
                if !self.active.insert(id) {
                    self.out.push_str("<null/>");
                    return Ok(());
                }
                let query = qv.read().clone();
                let names: Vec<String> = query
                    .columns
                    .iter()
                    .map(|c| escape(&c.name.as_str().to_uppercase()))
                    .collect();
                let _ = write!(
                    self.out,
                    "<recordset rowCount={q}{}{q} fieldNames={q}{}{q} type={q}coldfusion.sql.QueryTable{q}>",
                    query.rows,
                    names.join(",")
                );
                for c in &query.columns {
                    let _ = write!(self.out, "<field name={q}{}{q}>", escape(c.name.as_str()));
                    for cell in &c.values {
                        self.value(cell, depth + 1)?;
                    }
                    self.out.push_str("</field>");
                }
                self.out.push_str("</recordset>");
                self.active.remove(&id);
            }
            // Functions and Java objects: Lucee's shape for an object it cannot write.
            Value::Func(_) | Value::Native(_) => {
                let _ = write!(self.out, "<struct type={q}L{};{q}></struct>", v.type_name());
            }
            Value::Xml(x) => self.string(&x.to_xml_string()?),
        }
        Ok(())
    }

    /// `<var name='k'>value</var>`, with `scope='…'` for a component's members.
    fn var(&mut self, name: &str, scope: Option<&str>, v: &Value, depth: usize) -> CfResult<()> {
        let q = self.q;
        match scope {
            Some(sc) => {
                let _ = write!(self.out, "<var scope=\"{sc}\" name={q}{}{q}>", escape(name));
            }
            None => {
                let _ = write!(self.out, "<var name={q}{}{q}>", escape(name));
            }
        }
        self.value(v, depth + 1)?;
        self.out.push_str("</var>");
        Ok(())
    }

    /// A component: its public (`this`) data, then its `variables` data, functions left out.
    fn component(&mut self, this: &Struct, name: &str, depth: usize) -> CfResult<()> {
        let _ = write!(self.out, "<component name=\"{}\">", escape(name));
        let mut variables = None;
        for (k, v) in this.entries() {
            match &v {
                Value::Func(f) => {
                    if variables.is_none() {
                        variables = f.variables.as_ref().and_then(|v| v.get());
                    }
                }
                _ => self.var(k.as_str(), Some("this"), &v, depth)?,
            }
        }
        if let Some(vars) = variables {
            for (k, v) in vars.entries() {
                if matches!(v, Value::Func(_)) || k.as_str().eq_ignore_ascii_case("this") {
                    continue;
                }
                self.var(k.as_str(), Some("variables"), &v, depth)?;
            }
        }
        self.out.push_str("</component>");
        Ok(())
    }

    /// A string; control characters XML cannot hold as `<char code='hh'/>`.
    fn string(&mut self, s: &str) {
        let q = self.q;
        self.out.push_str("<string>");
        for c in s.chars() {
            match c {
                '\t' | '\n' | '\r' => self.out.push(c),
                c if (c as u32) < 0x20 => {
                    let _ = write!(self.out, "<char code={q}{:02x}{q}/>", c as u32);
                }
                c => push_escaped(c, &mut self.out),
            }
        }
        self.out.push_str("</string>");
    }
}

fn push_escaped(c: char, out: &mut String) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&apos;"),
        c => out.push(c),
    }
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        push_escaped(c, &mut out);
    }
    out
}

fn too_deep() -> Box<CfmlError> {
    CfmlError::expression(format!(
        "cfwddx: the value nests deeper than {MAX_DEPTH} levels"
    ))
}

fn bad(msg: impl std::fmt::Display) -> Box<CfmlError> {
    CfmlError::expression(format!("Invalid WDDX Format: {msg}"))
}

/// `wddx2cfml`: the value a WDDX packet holds.
pub fn deserialize(ctx: &mut dyn Ctx, text: &str) -> CfResult<Value> {
    let doc = Document::parse(text.trim()).map_err(|e| bad(format!("XML error: {e}")))?;
    let root = doc.root_element();
    // As Lucee: a packet whose root is not `wddxPacket` is one without `data`.
    let data = Some(root)
        .filter(|r| r.tag_name().name().eq_ignore_ascii_case("wddxPacket"))
        .and_then(|p| elements(p).find(|n| n.has_tag_name("data")));
    let Some(data) = data else {
        return Err(bad("node 'data' not found in WDD packet"));
    };
    let zone = crate::date::zone::request(ctx)?;
    let r = Reader { zone };
    let first = elements(data).next();
    match first {
        Some(v) => r.value(v, 0),
        None => Err(bad("node 'data' holds no value")),
    }
}

struct Reader {
    zone: std::sync::Arc<crate::date::zone::Zone>,
}

impl Reader {
    fn value(&self, n: Node, depth: usize) -> CfResult<Value> {
        if depth > MAX_DEPTH {
            return Err(too_deep());
        }
        let name = n.tag_name().name().to_ascii_lowercase();
        Ok(match name.as_str() {
            "null" => Value::Null,
            "string" => {
                let mut s = String::new();
                for c in n.children() {
                    if c.is_element() && c.has_tag_name("char") {
                        let code = c.attribute("code").unwrap_or("");
                        let ch = u32::from_str_radix(code, 16)
                            .ok()
                            .and_then(char::from_u32)
                            .ok_or_else(|| bad(format!("invalid char code [{code}]")))?;
                        s.push(ch);
                    } else if let Some(t) = c.text() {
                        s.push_str(t);
                    }
                }
                Value::from(s)
            }
            "number" => {
                let t = n.text().unwrap_or("").trim();
                if t.is_empty() {
                    Value::Num(0.0)
                } else {
                    Value::Num(
                        rime_runtime::number::parse(t)
                            .ok_or_else(|| bad(format!("[{t}] is not a number")))?,
                    )
                }
            }
            "boolean" => {
                let t = n.attribute("value").unwrap_or("");
                Value::Bool(Value::from(t).to_bool()?)
            }
            "array" => {
                let a = Array::new();
                for c in elements(n) {
                    a.push(self.value(c, depth + 1)?);
                }
                Value::Array(a)
            }
            "struct" => {
                let s = Struct::new();
                for var in elements(n) {
                    if let Some(v) = elements(var).next() {
                        s.set_str(
                            var.attribute("name").unwrap_or(""),
                            self.value(v, depth + 1)?,
                        );
                    }
                }
                // A Java object is written as an empty struct naming its class.
                if s.is_empty() && n.attribute("type").is_some_and(|t| !t.is_empty()) {
                    return Ok(Value::from(""));
                }
                Value::Struct(s)
            }
            "recordset" => {
                let names: Vec<&str> = n
                    .attribute("fieldNames")
                    .unwrap_or("")
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .collect();
                let mut q = Query::new(&names);
                let rows: usize = n
                    .attribute("rowCount")
                    .unwrap_or("0")
                    .trim()
                    .parse()
                    .map_err(|_| bad("invalid rowCount"))?;
                for _ in 0..rows {
                    q.add_row();
                }
                for field in elements(n) {
                    let fname = field.attribute("name").unwrap_or("");
                    let col = match q.column_index(fname) {
                        Some(c) => c,
                        None => continue,
                    };
                    for (i, cell) in elements(field).enumerate() {
                        let v = self.value(cell, depth + 1)?;
                        if i >= q.rows {
                            q.add_row();
                        }
                        q.set(col, i + 1, v);
                    }
                }
                Value::Query(std::sync::Arc::new(parking_lot::RwLock::new(q)))
            }
            "datetime" => {
                let t = n.text().unwrap_or("").trim();
                self.date(t)
                    .ok_or_else(|| bad(format!("[{t}] is not a date")))?
            }
            "binary" => {
                let t: String = n.text().unwrap_or("").split_whitespace().collect();
                Value::Binary(std::sync::Arc::new(
                    crate::security::crypt::b64_decode(&t, false).ok_or_else(|| {
                        bad("cannot convert serialized binary back to binary data")
                    })?,
                ))
            }
            "component" | "class" => {
                return Err(CfmlError::expression(format!(
                    "cfwddx: Rime does not rebuild components from WDDX (component [{}])",
                    n.attribute("name").unwrap_or("")
                )))
            }
            other => {
                return Err(bad(format!(
                    "can't deserialize Element of type [{other}] to a Object representation"
                )))
            }
        })
    }

    /// `2024-1-5T9:3:0+0:0` (WDDX's ISO 8601, unpadded, with an hour:minute offset) as a date in
    /// the request's zone; other date text as CFML reads dates.
    fn date(&self, t: &str) -> Option<Value> {
        if let Some(utc) = wddx_instant(t) {
            return Some(Value::Date(DateTime::new(self.zone.wall_clock(utc))));
        }
        DateTime::parse(t).map(Value::Date)
    }
}

/// The UTC instant of WDDX date text, when it has the WDDX shape.
fn wddx_instant(t: &str) -> Option<NaiveDateTime> {
    let (date, rest) = t.split_once('T')?;
    let mut d = date.split('-').map(|p| p.trim().parse::<i64>().ok());
    let (y, mo, day) = (d.next()??, d.next()??, d.next()??);
    let (time, offset_min) = match rest.find(['+', '-', 'Z']) {
        Some(i) => {
            let (time, off) = rest.split_at(i);
            let sign = if off.starts_with('-') { -1 } else { 1 };
            let mut o = off[1..].split(':').map(|p| p.trim().parse::<i64>().ok());
            let oh = o.next().flatten().unwrap_or(0);
            let om = o.next().flatten().unwrap_or(0);
            (time, sign * (oh * 60 + om))
        }
        None => (rest, 0),
    };
    let mut tp = time.split(':').map(|p| p.trim().parse::<f64>().ok());
    let h = tp.next()??;
    let mi = tp.next().flatten().unwrap_or(0.0);
    let s = tp.next().flatten().unwrap_or(0.0);
    let local = NaiveDate::from_ymd_opt(y as i32, mo as u32, day as u32)?
        .and_hms_opt(h as u32, mi as u32, s as u32)?;
    Some(local - chrono::Duration::minutes(offset_min))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn java_doubles() {
        use rime_java::java_double;
        assert_eq!(java_double(1.0), "1.0");
        assert_eq!(java_double(5.5), "5.5");
        assert_eq!(java_double(-3.0), "-3.0");
        assert_eq!(java_double(0.0), "0.0");
        assert_eq!(java_double(1e7), "1.0E7");
        assert_eq!(java_double(1.5e-5), "1.5E-5");
        assert_eq!(java_double(123456.789), "123456.789");
    }

    #[test]
    fn wddx_dates() {
        let text = |t: &str| wddx_instant(t).map(|d| d.to_string());
        assert_eq!(
            text("2024-1-5T9:3:0+1:30").as_deref(),
            Some("2024-01-05 07:33:00")
        );
        assert_eq!(
            text("2024-1-5T9:3:0+0:0").as_deref(),
            Some("2024-01-05 09:03:00")
        );
    }
}

//! `serialize(object)`: the CFML expression that rebuilds a value, the opposite of `evaluate`
//! (`evaluate(serialize(x))` gives an equal value). The notation is Lucee's:
//!
//! - strings in double quotes, with `"` and `#` doubled; numbers as CFML prints them; booleans
//!   as `true`/`false`; null as `nullValue()`;
//! - dates as `createDateTime(y,m,d,H,M,s,ms,"zone")`, in the request's zone;
//! - arrays as `[a,b]`; structs as `{"key":value}` (keys keep their case), ordered structs as
//!   `["key":value]`; queries as `query("col":[values],...)`; XML as `xmlParse("markup")`;
//! - a container that is already being written (a cycle) as `nullValue()`.
//!
//! `from_notation` reads the notation back without evaluating it (`objectLoad` uses it): only
//! the forms above are accepted, so loading data never runs code.
//!
//! Lucee writes functions, binary values and component instances through Java serialization
//! (`evaluateJava(...)`, `evaluateComponent(...)`), which Rime does not have: they are an error.

use chrono::{Datelike, Timelike};
use rime_runtime::{Args, CfResult, CfmlError, Ctx, Struct, Value};
use std::collections::HashSet;
use std::fmt::Write;
use std::sync::Arc;

pub(super) fn serialize(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = args.raw(0).cloned().unwrap_or_default();
    Ok(Value::from(to_notation(ctx, &v)?))
}

/// The notation of `v` (what `serialize` returns).
pub(crate) fn to_notation(ctx: &mut dyn Ctx, v: &Value) -> CfResult<String> {
    write(ctx, v, false)
}

/// The notation `objectSave` writes: `serialize`'s, and component instances as
/// `component("name",{this},{variables})` (their data, not their functions), which
/// `from_notation` recreates without calling `init` (as Java deserialization restores one).
pub(crate) fn to_saved(ctx: &mut dyn Ctx, v: &Value) -> CfResult<String> {
    write(ctx, v, true)
}

fn write(ctx: &mut dyn Ctx, v: &Value, components: bool) -> CfResult<String> {
    let zone = crate::date::zone::request(ctx)?;
    let mut w = Writer {
        zone: zone.id().to_string(),
        out: String::new(),
        active: HashSet::new(),
        components,
    };
    w.value(v)?;
    Ok(w.out)
}

struct Writer {
    /// The request's zone id, written into dates.
    zone: String,
    out: String,
    /// Containers being written, to cut cycles.
    active: HashSet<usize>,
    /// Component instances are written (`objectSave`), not refused.
    components: bool,
}

impl Writer {
    fn value(&mut self, v: &Value) -> CfResult<()> {
        // `active` holds the containers being written: the nesting depth.
        if self.active.len() > MAX_DEPTH {
            return Err(CfmlError::expression(format!(
                "serialize: the value nests deeper than {MAX_DEPTH} levels"
            )));
        }
        match v {
            Value::Null => self.out.push_str("nullValue()"),
            Value::Str(s) => self.string(s),
            Value::Num(n) => self.out.push_str(&rime_runtime::number::format(*n)),
            Value::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            Value::Date(d) => {
                let t = d.ndt();
                let _ = write!(
                    self.out,
                    "createDateTime({},{},{},{},{},{},{},",
                    t.year(),
                    t.month(),
                    t.day(),
                    t.hour(),
                    t.minute(),
                    t.second(),
                    t.nanosecond() / 1_000_000 % 1000
                );
                let zone = self.zone.clone();
                self.string(&zone);
                self.out.push(')');
            }
            Value::Array(a) => {
                let id = Arc::as_ptr(&a.0) as usize;
                if !self.active.insert(id) {
                    self.out.push_str("nullValue()");
                    return Ok(());
                }
                self.out.push('[');
                for (i, item) in a.to_vec().iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.value(item)?;
                }
                self.out.push(']');
                self.active.remove(&id);
            }
            Value::Struct(s) => {
                if let Some(meta) = s.component() {
                    if !self.components {
                        return Err(unsupported("component"));
                    }
                    return self.component(s, &meta.fullname);
                }
                let id = Arc::as_ptr(&s.0) as usize;
                if !self.active.insert(id) {
                    self.out.push_str("nullValue()");
                    return Ok(());
                }
                // The arguments scope keeps its order without being an ordered struct: Lucee
                // writes it as `{...}`.
                let ordered = {
                    let d = s.read();
                    d.ordered && !d.positional
                };
                if ordered && s.is_empty() {
                    // `[]` would read back as an array.
                    self.out.push_str("[:]");
                    self.active.remove(&id);
                    return Ok(());
                }
                self.out.push(if ordered { '[' } else { '{' });
                for (i, (k, item)) in s.entries().iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.string(k.as_str());
                    self.out.push(':');
                    self.value(item)?;
                }
                self.out.push(if ordered { ']' } else { '}' });
                self.active.remove(&id);
            }
            Value::Query(q) => {
                let id = Arc::as_ptr(q) as usize;
                if !self.active.insert(id) {
                    self.out.push_str("nullValue()");
                    return Ok(());
                }
                let q = q.read().clone();
                self.out.push_str("query(");
                for (ci, col) in q.columns.iter().enumerate() {
                    if ci > 0 {
                        self.out.push(',');
                    }
                    self.string(col.name.as_str());
                    self.out.push_str(":[");
                    for r in 0..q.rows {
                        if r > 0 {
                            self.out.push(',');
                        }
                        let cell = col
                            .values
                            .get(r)
                            .cloned()
                            .unwrap_or_else(|| Value::from(""));
                        self.value(&cell)?;
                    }
                    self.out.push(']');
                }
                self.out.push(')');
                self.active.remove(&id);
            }
            Value::Xml(x) => {
                let markup = x.to_xml_string()?;
                self.out.push_str("xmlParse(");
                self.string(&markup);
                self.out.push(')');
            }
            Value::Func(_) => return Err(unsupported("function")),
            Value::Native(_) => match rime_runtime::timespan::TimeSpan::of(v) {
                Some(days) => {
                    // Every digit, so the span reads back exactly.
                    self.out.push_str("createTimeSpan(");
                    self.out.push_str(&days.to_string());
                    self.out.push_str(",0,0,0)");
                }
                None => return Err(unsupported("java object")),
            },
            Value::Binary(_) => return Err(unsupported("binary")),
        }
        Ok(())
    }

    /// `component("name",{this},{variables})`: the instance's data without its functions.
    fn component(&mut self, s: &Struct, name: &str) -> CfResult<()> {
        let id = Arc::as_ptr(&s.0) as usize;
        if !self.active.insert(id) {
            self.out.push_str("nullValue()");
            return Ok(());
        }
        self.out.push_str("component(");
        self.string(name);
        let vars = s.instance_variables().unwrap_or_default();
        for part in [s, &vars] {
            self.out.push_str(",{");
            let data = part.entries().into_iter().filter(|(k, v)| {
                !matches!(v, Value::Func(_)) && !k.as_str().eq_ignore_ascii_case("this")
            });
            for (i, (k, item)) in data.enumerate() {
                if i > 0 {
                    self.out.push(',');
                }
                self.string(k.as_str());
                self.out.push(':');
                self.value(&item)?;
            }
            self.out.push('}');
        }
        self.out.push(')');
        self.active.remove(&id);
        Ok(())
    }

    /// A CFML string literal: double quotes, with `"` and `#` doubled.
    fn string(&mut self, s: &str) {
        self.out.push('"');
        for c in s.chars() {
            match c {
                '"' => self.out.push_str("\"\""),
                '#' => self.out.push_str("##"),
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }
}

fn unsupported(what: &str) -> Box<CfmlError> {
    CfmlError::expression(format!(
        "can't serialize a value of type [{what}]: Rime has no Java serialization"
    ))
}

/// Read a value written by `to_notation`. Only the notation's own forms are accepted; anything
/// else is an error (nothing is evaluated). Dates are moved from the zone they were written in
/// to the request's zone.
pub(crate) fn from_notation(ctx: &mut dyn Ctx, text: &str) -> CfResult<Value> {
    let zone = crate::date::zone::request(ctx)?;
    let mut r = Reader {
        s: text.as_bytes(),
        text,
        i: 0,
        zone,
        depth: 0,
        ctx,
    };
    let v = r.value()?;
    r.blank();
    if r.i != r.s.len() {
        return Err(r.error("unexpected text after the value"));
    }
    Ok(v)
}

/// Nesting deeper than this is refused rather than risking the stack.
const MAX_DEPTH: usize = 1_000;

struct Reader<'a> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
    zone: Arc<crate::date::zone::Zone>,
    depth: usize,
    /// Where saved components are created.
    ctx: &'a mut dyn Ctx,
}

impl Reader<'_> {
    fn error(&self, what: &str) -> Box<CfmlError> {
        CfmlError::expression(format!(
            "can't read the serialized value: {what} at position {}",
            self.i + 1
        ))
    }

    fn blank(&mut self) {
        while self.s.get(self.i).is_some_and(|b| b.is_ascii_whitespace()) {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.blank();
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, b: u8) -> CfResult<()> {
        if self.eat(b) {
            Ok(())
        } else {
            Err(self.error(&format!("expected `{}`", b as char)))
        }
    }

    /// A keyword or function name (letters only).
    fn word(&mut self) -> &str {
        self.blank();
        let start = self.i;
        while self.s.get(self.i).is_some_and(|b| b.is_ascii_alphabetic()) {
            self.i += 1;
        }
        self.text.get(start..self.i).unwrap_or("")
    }

    fn string(&mut self) -> CfResult<String> {
        self.expect(b'"')?;
        let mut out = String::new();
        loop {
            let rest = self.text.get(self.i..).unwrap_or("");
            let Some(c) = rest.chars().next() else {
                return Err(self.error("unterminated string"));
            };
            self.i += c.len_utf8();
            match c {
                '"' if self.s.get(self.i) == Some(&b'"') => {
                    self.i += 1;
                    out.push('"');
                }
                '"' => return Ok(out),
                '#' if self.s.get(self.i) == Some(&b'#') => {
                    self.i += 1;
                    out.push('#');
                }
                c => out.push(c),
            }
        }
    }

    fn number(&mut self) -> CfResult<f64> {
        self.blank();
        let start = self.i;
        while self
            .s
            .get(self.i)
            .is_some_and(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'))
        {
            self.i += 1;
        }
        self.text
            .get(start..self.i)
            .and_then(|t| t.parse::<f64>().ok())
            .ok_or_else(|| self.error("invalid number"))
    }

    fn value(&mut self) -> CfResult<Value> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error("nesting too deep"));
        }
        let v = self.value_inner();
        self.depth -= 1;
        v
    }

    fn value_inner(&mut self) -> CfResult<Value> {
        match self.peek() {
            Some(b'"') => Ok(Value::from(self.string()?)),
            Some(b'[') => self.array_or_ordered(),
            Some(b'{') => {
                self.i += 1;
                let st = Struct::new();
                self.entries(&st, b'}')?;
                Ok(Value::Struct(st))
            }
            Some(b) if b == b'-' || b.is_ascii_digit() => Ok(Value::Num(self.number()?)),
            Some(_) => {
                let w = self.word().to_ascii_lowercase();
                match w.as_str() {
                    "true" => Ok(Value::Bool(true)),
                    "false" => Ok(Value::Bool(false)),
                    "nullvalue" => {
                        self.expect(b'(')?;
                        self.expect(b')')?;
                        Ok(Value::Null)
                    }
                    "createdatetime" => self.date(),
                    "createtimespan" => {
                        self.expect(b'(')?;
                        let mut days = 0.0;
                        for (n, unit) in [1.0, 24.0, 1440.0, 86400.0].iter().enumerate() {
                            if n > 0 {
                                self.expect(b',')?;
                            }
                            days += self.number()? / unit;
                        }
                        self.expect(b')')?;
                        Ok(rime_runtime::timespan::TimeSpan::value(days))
                    }
                    "component" => self.component(),
                    "query" => self.query(),
                    "xmlparse" => {
                        self.expect(b'(')?;
                        let markup = self.string()?;
                        self.expect(b')')?;
                        crate::xml::parse_document(&markup, false)
                    }
                    _ => Err(self.error("unknown value")),
                }
            }
            None => Err(self.error("missing value")),
        }
    }

    /// `component("name",{this},{variables})`: a new instance of the component (its
    /// pseudo-constructor runs, `init` does not), its data put back.
    fn component(&mut self) -> CfResult<Value> {
        self.expect(b'(')?;
        let name = self.string()?;
        self.expect(b',')?;
        let this = self.value()?;
        self.expect(b',')?;
        let vars = self.value()?;
        self.expect(b')')?;
        let obj = self.ctx.create_object(&name, Vec::new())?;
        if let (Value::Struct(o), Value::Struct(this), Value::Struct(vars)) = (&obj, this, vars) {
            for (k, v) in this.entries() {
                o.set(k, v);
            }
            if let Some(target) = o.instance_variables() {
                for (k, v) in vars.entries() {
                    target.set(k, v);
                }
            }
        }
        Ok(obj)
    }

    /// `key:value` pairs up to `close`, the opening bracket already read.
    fn entries(&mut self, st: &Struct, close: u8) -> CfResult<()> {
        if self.eat(close) {
            return Ok(());
        }
        loop {
            let k = self.string()?;
            self.expect(b':')?;
            let v = self.value()?;
            st.set_str(&k, v);
            if self.eat(close) {
                return Ok(());
            }
            self.expect(b',')?;
        }
    }

    fn array_or_ordered(&mut self) -> CfResult<Value> {
        self.expect(b'[')?;
        if self.eat(b':') {
            self.expect(b']')?;
            return Ok(Value::Struct(Struct::with_flags(true)));
        }
        if self.eat(b']') {
            return Ok(Value::Array(rime_runtime::Array::from_vec(Vec::new())));
        }
        // `["key":value]` is an ordered struct: a string followed by a colon.
        let save = self.i;
        if self.peek() == Some(b'"') {
            self.string()?;
            let ordered = self.peek() == Some(b':');
            self.i = save;
            if ordered {
                let st = Struct::with_flags(true);
                self.entries(&st, b']')?;
                return Ok(Value::Struct(st));
            }
        }
        let mut items = Vec::new();
        loop {
            items.push(self.value()?);
            if self.eat(b']') {
                return Ok(Value::Array(rime_runtime::Array::from_vec(items)));
            }
            self.expect(b',')?;
        }
    }

    fn date(&mut self) -> CfResult<Value> {
        self.expect(b'(')?;
        let mut parts = [0i64; 7];
        for (n, p) in parts.iter_mut().enumerate() {
            if n > 0 {
                self.expect(b',')?;
            }
            *p = self.number()? as i64;
        }
        self.expect(b',')?;
        let zone_name = self.string()?;
        self.expect(b')')?;
        let [y, mo, d, h, mi, s, ms] = parts;
        let t = chrono::NaiveDate::from_ymd_opt(y as i32, mo as u32, d as u32)
            .and_then(|date| date.and_hms_milli_opt(h as u32, mi as u32, s as u32, ms as u32))
            .ok_or_else(|| self.error("invalid date"))?;
        let from = crate::date::zone::find(&zone_name)?;
        let t = crate::date::zone::convert(t, &from, &self.zone);
        Ok(Value::Date(rime_runtime::DateTime::new(t)))
    }

    fn query(&mut self) -> CfResult<Value> {
        self.expect(b'(')?;
        let mut cols = Vec::new();
        let mut rows = None;
        if !self.eat(b')') {
            loop {
                let name = self.string()?;
                self.expect(b':')?;
                let Value::Array(a) = self.array_or_ordered()? else {
                    return Err(self.error("a query column must be an array"));
                };
                let values = a.to_vec();
                if *rows.get_or_insert(values.len()) != values.len() {
                    return Err(self.error("query columns of different lengths"));
                }
                cols.push((name, values));
                if self.eat(b')') {
                    break;
                }
                self.expect(b',')?;
            }
        }
        let mut q = rime_runtime::Query::new(&[]);
        q.rows = rows.unwrap_or(0);
        for (name, values) in cols {
            q.add_column(&name, values);
        }
        Ok(Value::Query(Arc::new(parking_lot::RwLock::new(q))))
    }
}

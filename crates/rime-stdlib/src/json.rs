//! JSON: `serializeJSON` (hand-written, with Lucee's output rules), `deserializeJSON` and
//! `isJSON` (the lenient reader in `json/read.rs`, building `Value`s directly).
//!
//! Output rules, as Lucee: struct keys as stored; strings stay strings even when they look
//! numeric; integral numbers print without a fraction; dates as `"January, 31 2024 13:45:00
//! +0000"`; binary as Base64; queries as `{"COLUMNS":[...],"DATA":[[...]]}` by default. String
//! escaping follows Lucee: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, control characters as
//! `\u00xx`, characters outside the BMP as escaped UTF-16 pairs, and `/` only in `</script`.

use crate::conversion::{charset, encode, Charset};
use base64::Engine;
use rime_runtime::key::Key;
use rime_runtime::query::Query;
use rime_runtime::{
    def, number, opt, req, Args, BuiltinDef, CfResult, CfmlError, ComponentMeta, Ctx, MemberType,
    Struct, Value,
};
use std::sync::Arc;

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "serializeJSON",
        &[
            req("data").alias(&["var"]),
            opt("queryFormat").alias(&["serializeQueryByColumns"]),
            opt("useSecureJSONPrefix").alias(&[
                "useSecureJSONPrefixOrCharset",
                "charset",
                "charsetName",
            ]),
            opt("useCustomSerializer"),
        ],
        serialize_json,
    )
    .members(&[
        (MemberType::Struct, "toJson"),
        (MemberType::Array, "toJson"),
        (MemberType::Query, "toJson"),
        (MemberType::String, "toJson"),
        (MemberType::Number, "toJson"),
        (MemberType::Boolean, "toJson"),
        (MemberType::Date, "toJson"),
    ]),
    def(
        "deserializeJSON",
        &[
            req("json"),
            opt("strictMapping"),
            opt("useCustomSerializer"),
        ],
        deserialize_json,
    )
    .members(&[(MemberType::String, "deserializeJSON")]),
    def("isJSON", &[req("value")], is_json),
];

/// How queries serialize.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum QueryFormat {
    /// `{"COLUMNS":[...],"DATA":[[row],...]}`
    Row,
    /// `{"ROWCOUNT":n,"COLUMNS":[...],"DATA":{"COL":[...]}}`
    Column,
    /// `[{"COL":v,...},...]`
    Struct,
}

/// Nesting limit: deeper data is an error (Lucee's recursion overflows the Java stack there), never
/// a truncated text; a container met again inside itself serializes as `null`, as Lucee does.
const MAX_DEPTH: usize = 1000;

pub(crate) struct Serializer {
    out: String,
    qf: QueryFormat,
    /// Characters this charset cannot encode are escaped (`None`: UTF-8, all encodable).
    charset: Option<Charset>,
    /// The containers being serialized, to cut cycles.
    stack: Vec<usize>,
}

impl Serializer {
    pub(crate) fn new(qf: QueryFormat) -> Serializer {
        Serializer {
            out: String::new(),
            qf,
            charset: None,
            stack: Vec::new(),
        }
    }

    pub(crate) fn finish(self) -> String {
        self.out
    }

    fn check_size(&self) -> CfResult<()> {
        if self.out.len() > crate::array::MAX_STRING {
            return Err(CfmlError::expression("The JSON result is too large"));
        }
        Ok(())
    }

    pub(crate) fn string(&mut self, s: &str) {
        let out = &mut self.out;
        out.reserve(s.len() + 2);
        out.push('"');
        let mut prev_lt = false;
        let bytes = s.as_bytes();
        for (i, c) in s.char_indices() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\u{0C}' => out.push_str("\\f"),
                '\u{08}' => out.push_str("\\b"),
                '\t' => out.push_str("\\t"),
                '"' => out.push_str("\\\""),
                '/' if prev_lt
                    && bytes.get(i + 1..i + 7).is_some_and(|w| w == b"script")
                    && bytes
                        .get(i + 7)
                        .is_some_and(|b| b.is_ascii_whitespace() || *b == b'>') =>
                {
                    out.push_str("\\/")
                }
                c if (c as u32) < 0x20 || (0x7F..0xA0).contains(&(c as u32)) => {
                    out.push_str(&format!("\\u{:04x}", c as u32));
                }
                c if (c as u32) > 0xFFFF => {
                    let mut units = [0u16; 2];
                    for u in c.encode_utf16(&mut units).iter() {
                        out.push_str(&format!("\\u{u:04x}"));
                    }
                }
                c if (c as u32) >= 128 && !encodable(self.charset, c) => {
                    out.push_str(&format!("\\u{:04x}", c as u32));
                }
                c => out.push(c),
            }
            prev_lt = c == '<';
        }
        out.push('"');
    }

    /// Start writing the container `id`: false when it is one being written (a cycle).
    fn enter(&mut self, id: usize) -> CfResult<bool> {
        if self.stack.contains(&id) {
            return Ok(false);
        }
        if self.stack.len() >= MAX_DEPTH {
            return Err(CfmlError::expression(format!(
                "serializeJSON: the value nests deeper than {MAX_DEPTH} levels"
            )));
        }
        self.stack.push(id);
        Ok(true)
    }

    pub(crate) fn value(&mut self, v: &Value) -> CfResult<()> {
        match v {
            Value::Null => self.out.push_str("null"),
            Value::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            Value::Num(n) => number::write(*n, &mut self.out),
            Value::Str(s) => self.string(s),
            Value::Date(d) => {
                let text = crate::date::json_date(d);
                self.string(&text);
            }
            Value::Binary(b) => {
                let text = base64::engine::general_purpose::STANDARD.encode(b.as_ref());
                self.string(&text);
            }
            // Lucee: a node as its XML text; node lists are arrays, attributes structs.
            Value::Xml(x) if x.is_list() => match x.array_snapshot() {
                Some(a) => self.value(&Value::Array(a))?,
                None => self.out.push_str("[]"),
            },
            Value::Xml(x) if x.is_attributes() => match x.struct_snapshot() {
                Some(s) => self.value(&Value::Struct(s))?,
                None => self.out.push_str("{}"),
            },
            Value::Xml(x) => self.string(&x.to_xml_string()?),
            // A time span as its number of days.
            Value::Native(n) if n.get().simple() && n.get().to_number().is_some() => {
                self.value(&Value::Num(n.get().to_number().unwrap_or_default()))?
            }
            // A Java object as its string form (Lucee serializes a StringBuilder as its text).
            Value::Native(n) => match n.get().to_text() {
                Some(t) => self.string(&t),
                None => self.out.push_str("null"),
            },
            Value::Array(a) => {
                if !self.enter(Arc::as_ptr(&a.0) as *const u8 as usize)? {
                    self.out.push_str("null");
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
                self.stack.pop();
            }
            Value::Struct(s) => {
                if !self.enter(Arc::as_ptr(&s.0) as *const u8 as usize)? {
                    self.out.push_str("null");
                    return Ok(());
                }
                self.out.push('{');
                let entries = match s.component() {
                    Some(meta) => component_data(s, &meta),
                    None => s.entries(),
                };
                for (i, (k, item)) in entries.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.string(k.as_str());
                    self.out.push(':');
                    self.value(item)?;
                }
                self.out.push('}');
                self.stack.pop();
            }
            Value::Query(q) => {
                let snapshot = q.read().clone();
                self.query(&snapshot)?;
            }
            Value::Func(f) => {
                return Err(CfmlError::expression(format!(
                    "Can't serialize the function [{}] to JSON",
                    f.name()
                )))
            }
        }
        self.check_size()
    }

    fn query(&mut self, q: &Query) -> CfResult<()> {
        let names: Vec<String> = q
            .columns
            .iter()
            .map(|c| c.name.as_str().to_uppercase())
            .collect();
        match self.qf {
            QueryFormat::Struct => {
                self.out.push('[');
                for r in 0..q.rows {
                    if r > 0 {
                        self.out.push(',');
                    }
                    self.out.push('{');
                    for (ci, c) in q.columns.iter().enumerate() {
                        if ci > 0 {
                            self.out.push(',');
                        }
                        self.string(names.get(ci).map(String::as_str).unwrap_or(""));
                        self.out.push(':');
                        self.value(c.values.get(r).unwrap_or(&Value::Null))?;
                    }
                    self.out.push('}');
                }
                self.out.push(']');
            }
            QueryFormat::Row | QueryFormat::Column => {
                self.out.push('{');
                if self.qf == QueryFormat::Column {
                    self.out.push_str(&format!("\"ROWCOUNT\":{},", q.rows));
                }
                self.out.push_str("\"COLUMNS\":[");
                for (i, n) in names.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.string(n);
                }
                self.out.push_str("],\"DATA\":");
                if self.qf == QueryFormat::Column {
                    self.out.push('{');
                    for (ci, c) in q.columns.iter().enumerate() {
                        if ci > 0 {
                            self.out.push(',');
                        }
                        self.string(names.get(ci).map(String::as_str).unwrap_or(""));
                        self.out.push_str(":[");
                        for r in 0..q.rows {
                            if r > 0 {
                                self.out.push(',');
                            }
                            self.value(c.values.get(r).unwrap_or(&Value::Null))?;
                        }
                        self.out.push(']');
                    }
                    self.out.push('}');
                } else {
                    self.out.push('[');
                    for r in 0..q.rows {
                        if r > 0 {
                            self.out.push(',');
                        }
                        self.out.push('[');
                        for (ci, c) in q.columns.iter().enumerate() {
                            if ci > 0 {
                                self.out.push(',');
                            }
                            self.value(c.values.get(r).unwrap_or(&Value::Null))?;
                        }
                        self.out.push(']');
                    }
                    self.out.push(']');
                }
                self.out.push('}');
            }
        }
        Ok(())
    }
}

/// Whether a charset can encode a character (UTF charsets encode everything).
fn encodable(cs: Option<Charset>, c: char) -> bool {
    match cs {
        None | Some(Charset::Utf8 | Charset::Utf16 | Charset::Utf16Be | Charset::Utf16Le) => true,
        Some(cs) => {
            let mut b = [0u8; 4];
            encode(c.encode_utf8(&mut b), cs) != b"?"
        }
    }
}

fn query_format(v: Option<&Value>) -> CfResult<QueryFormat> {
    let Some(v) = v else {
        return Ok(QueryFormat::Row);
    };
    if let Value::Str(s) = v {
        match s.trim().to_ascii_lowercase().as_str() {
            "row" | "" => return Ok(QueryFormat::Row),
            "column" => return Ok(QueryFormat::Column),
            "struct" => return Ok(QueryFormat::Struct),
            _ => {}
        }
    }
    match v.to_bool() {
        Ok(true) => Ok(QueryFormat::Column),
        Ok(false) => Ok(QueryFormat::Row),
        Err(_) => Err(CfmlError::expression(format!(
            "Invalid query format [{}], valid values are [row, column, struct] or a boolean",
            v.to_str()?
        ))),
    }
}

fn serialize_json(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = args.raw(0).cloned().unwrap_or_default();
    let mut s = Serializer::new(query_format(args.get(1))?);
    // The third argument is a secure-prefix flag (a boolean) or, in Lucee, a charset whose
    // unencodable characters get escaped.
    let mut prefix = false;
    if let Some(p) = args.get(2) {
        if p.is_boolean_like() {
            prefix = p.to_bool()?;
        } else {
            s.charset = Some(charset(&p.to_str()?)?);
        }
    }
    s.value(&v)?;
    let out = s.finish();
    Ok(Value::from(if prefix { format!("//{out}") } else { out }))
}

// ---------------------------------------------------------------------------------------------
// Deserialization
// ---------------------------------------------------------------------------------------------

mod read;

pub(crate) use read::parse;

/// With strictMapping=false, the query shapes serializeJSON writes become queries again.
fn unmap_queries(v: Value) -> Value {
    match v {
        Value::Struct(s) => {
            if let Some(q) = query_from_struct(&s) {
                return Value::Query(Arc::new(parking_lot::RwLock::new(q)));
            }
            for (k, child) in s.entries() {
                s.set(k, unmap_queries(child));
            }
            Value::Struct(s)
        }
        Value::Array(a) => {
            let items: Vec<Value> = a.to_vec().into_iter().map(unmap_queries).collect();
            *a.write() = items;
            Value::Array(a)
        }
        other => other,
    }
}

fn query_from_struct(s: &Struct) -> Option<Query> {
    let n = s.len();
    let cols = match s.get("COLUMNS")? {
        Value::Array(a) => a.to_vec(),
        _ => return None,
    };
    let names: Vec<String> = cols
        .iter()
        .map(|c| c.to_str().ok().map(|x| x.into_owned()))
        .collect::<Option<Vec<String>>>()?;
    let name_refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut q = Query::new(&name_refs);
    match s.get("DATA")? {
        Value::Array(rows) if n == 2 => {
            for row in rows.to_vec() {
                let Value::Array(cells) = row else {
                    return None;
                };
                let cells = cells.to_vec();
                if cells.len() != names.len() {
                    return None;
                }
                let r = q.add_row();
                for (ci, v) in cells.into_iter().enumerate() {
                    q.set(ci, r, v);
                }
            }
        }
        Value::Struct(data) if n == 3 => {
            let count = s.get("ROWCOUNT")?.to_num().ok()?;
            for _ in 0..(count.max(0.0) as usize).min(crate::array::MAX_ELEMENTS) {
                q.add_row();
            }
            for (ci, name) in names.iter().enumerate() {
                let Value::Array(vals) = data.get(name)? else {
                    return None;
                };
                for (ri, v) in vals.to_vec().into_iter().enumerate() {
                    q.set(ci, ri + 1, v);
                }
            }
        }
        _ => return None,
    }
    Some(q)
}

fn deserialize_json(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let text = args.str(0)?;
    if text.trim().is_empty() {
        return Err(CfmlError::expression(
            "Invalid JSON String [], an empty string is not valid JSON",
        ));
    }
    let v = parse(&text).map_err(|e| {
        let shown: String = text.chars().take(100).collect();
        CfmlError::expression(format!("Invalid JSON String [{shown}]")).with_detail(e.to_string())
    })?;
    if !args.bool_or(1, true)? {
        return Ok(unmap_queries(v));
    }
    Ok(v)
}

fn is_json(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = args.val(0)?;
    if !v.is_simple() {
        return Ok(Value::Bool(false));
    }
    let s = v.to_str()?;
    Ok(Value::Bool(!s.trim().is_empty() && parse(&s).is_ok()))
}

/// What a component instance serializes as (Lucee): its public data members, then the values of
/// its declared properties (this component's first, then its parents'), never its methods.
fn component_data(this: &Struct, meta: &ComponentMeta) -> Vec<(Key, Value)> {
    let mut out: Vec<(Key, Value)> = this
        .entries()
        .into_iter()
        .filter(|(_, v)| !matches!(v, Value::Func(_) | Value::Null))
        .collect();
    let Some(vars) = this.instance_variables() else {
        return out;
    };
    for level in meta.chain() {
        for prop in &level.properties {
            let Some(name) = prop
                .iter()
                .find(|(k, _)| k.as_str().eq_ignore_ascii_case("name"))
                .and_then(|(_, v)| v.to_str().ok().map(|n| n.into_owned()))
            else {
                continue;
            };
            if out
                .iter()
                .any(|(k, _)| k.as_str().eq_ignore_ascii_case(&name))
            {
                continue;
            }
            match vars.get(&name) {
                None | Some(Value::Null | Value::Func(_)) => {}
                Some(v) => out.push((Key::new(name.as_str()), v)),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::array::test_support::*;
    use rime_runtime::{Struct, Value};

    fn ser(v: Value) -> String {
        s("serializeJSON", vec![v])
    }

    #[test]
    fn serialize() {
        let st_ = Struct::with_flags(true);
        st_.set_str("name", st("Pete \"F\"\n"));
        st_.set_str("n", n(1.0));
        st_.set_str("f", n(1.5));
        st_.set_str("zip", st("00123"));
        st_.set_str("ok", Value::Bool(true));
        st_.set_str("none", Value::Null);
        st_.set_str("list", arr(&[n(1.0), st("a")]));
        assert_eq!(
            ser(Value::Struct(st_.clone())),
            r#"{"name":"Pete \"F\"\n","n":1,"f":1.5,"zip":"00123","ok":true,"none":null,"list":[1,"a"]}"#
        );
        // A struct that contains itself serializes the inner reference as null.
        st_.set_str("self", Value::Struct(st_.clone()));
        assert!(ser(Value::Struct(st_)).ends_with(r#""self":null}"#));
        assert_eq!(
            ser(st("</script>é😀\u{1}")),
            r#""<\/script>é\ud83d\ude00\u0001""#
        );
        let d = rime_runtime::DateTime::from_parts(2024, 1, 31, 13, 45, 0)
            .map(Value::Date)
            .unwrap_or_default();
        assert!(ser(d).starts_with("\"January, 31 2024 13:45:00 "));
    }

    #[test]
    fn deserialize() {
        let v = call(
            "deserializeJSON",
            vec![st(r#"{"b":[1,2.5,null,true],"A":{"x":"y"}}"#)],
        )
        .unwrap_or_default();
        assert_eq!(ser(v), r#"{"b":[1,2.5,null,true],"A":{"x":"y"}}"#);
        assert_eq!(s("deserializeJSON", vec![st("")]), "ERR");
        // Lucee's reader takes unquoted keys.
        assert_eq!(s("deserializeJSON", vec![st("{a:1")]), "ERR");
        assert_eq!(s("isJSON", vec![st("{a:1}")]), "true");
        assert_eq!(s("isJSON", vec![st("[1,2,3]")]), "true");
        assert_eq!(s("isJSON", vec![st("[1,2,")]), "false");
        let q = call(
            "deserializeJSON",
            vec![
                st(r#"{"COLUMNS":["A","B"],"DATA":[[1,2],[10,20]]}"#),
                Value::Bool(false),
            ],
        )
        .unwrap_or_default();
        assert!(matches!(q, Value::Query(_)));
        assert_eq!(
            ser(q.clone()),
            r#"{"COLUMNS":["A","B"],"DATA":[[1,2],[10,20]]}"#
        );
        assert_eq!(
            s("serializeJSON", vec![q.clone(), st("column")]),
            r#"{"ROWCOUNT":2,"COLUMNS":["A","B"],"DATA":{"A":[1,10],"B":[2,20]}}"#
        );
        assert_eq!(
            s("serializeJSON", vec![q, st("struct")]),
            r#"[{"A":1,"B":2},{"A":10,"B":20}]"#
        );
        let deep = "[".repeat(100_000);
        assert_eq!(s("deserializeJSON", vec![st(&deep)]), "ERR");
    }
}

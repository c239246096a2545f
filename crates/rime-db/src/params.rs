//! Bound parameters: `cf_sql_*` types and the conversion of CFML values into driver-neutral
//! `Bound` values, following Lucee's `SQLCaster`:
//! - `null=true` (or a null value) binds NULL;
//! - an empty string for a non-string type binds NULL (Lucee without full null support);
//! - integers truncate, booleans accept CFML truthy strings, dates accept date strings;
//! - `maxlength` is checked against the value's string form in UTF-16 units, as Java counts.

use crate::error::database_error;
use chrono::{NaiveDate, NaiveDateTime, NaiveTime};
use rime_runtime::{CfResult, CfmlError, DateTime, Value};

/// `cf_sql_*` types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum SqlType {
    #[default]
    Varchar,
    Char,
    NChar,
    NVarchar,
    LongVarchar,
    LongNVarchar,
    Clob,
    NClob,
    SqlXml,
    Idstamp,
    Integer,
    BigInt,
    SmallInt,
    TinyInt,
    Numeric,
    Decimal,
    Double,
    Float,
    Real,
    Money,
    Money4,
    Bit,
    Boolean,
    Date,
    Time,
    Timestamp,
    Binary,
    VarBinary,
    LongVarBinary,
    Blob,
    /// A PostgreSQL array (value: a CFML array, or an array literal string like `{1,2}`).
    Array,
    /// Always binds NULL.
    Null,
    /// Bound by the value's own type.
    Other,
}

/// Every type name `SqlType::parse` accepts (after stripping `cf_sql_`), with its type.
const NAMES: &[(&str, SqlType)] = &[
    ("ARRAY", SqlType::Array),
    ("BIGINT", SqlType::BigInt),
    ("BINARY", SqlType::Binary),
    ("BIT", SqlType::Bit),
    ("BLOB", SqlType::Blob),
    ("BOOLEAN", SqlType::Boolean),
    ("BOOL", SqlType::Boolean),
    ("CHAR", SqlType::Char),
    ("CLOB", SqlType::Clob),
    ("DATE", SqlType::Date),
    ("DATETIME", SqlType::Timestamp),
    ("DECIMAL", SqlType::Decimal),
    ("DOUBLE", SqlType::Double),
    ("FLOAT", SqlType::Float),
    ("IDSTAMP", SqlType::Idstamp),
    ("INTEGER", SqlType::Integer),
    ("INT", SqlType::Integer),
    ("LONGNVARCHAR", SqlType::LongNVarchar),
    ("LONGVARBINARY", SqlType::LongVarBinary),
    ("LONGVARCHAR", SqlType::LongVarchar),
    ("MONEY", SqlType::Money),
    ("MONEY4", SqlType::Money4),
    ("NCHAR", SqlType::NChar),
    ("NCLOB", SqlType::NClob),
    ("NULL", SqlType::Null),
    ("NUMERIC", SqlType::Numeric),
    ("NUMBER", SqlType::Numeric),
    ("NVARCHAR", SqlType::NVarchar),
    ("OTHER", SqlType::Other),
    ("OBJECT", SqlType::Other),
    ("REAL", SqlType::Real),
    ("SMALLINT", SqlType::SmallInt),
    ("SQLXML", SqlType::SqlXml),
    ("STRING", SqlType::Varchar),
    ("TEXT", SqlType::Varchar),
    ("TIME", SqlType::Time),
    ("TIMESTAMP", SqlType::Timestamp),
    ("TINYINT", SqlType::TinyInt),
    ("VARBINARY", SqlType::VarBinary),
    ("VARCHAR", SqlType::Varchar),
    ("VARCHAR2", SqlType::Varchar),
];

impl SqlType {
    /// Parse `cf_sql_integer`, `CF_SQL_VARCHAR`, `integer`, `varchar`, `sql_bit`... An unknown
    /// name is a `database` error listing the valid ones (Lucee: "invalid CF SQL Type [X]").
    pub fn parse(s: &str) -> CfResult<SqlType> {
        let up = s.trim().to_ascii_uppercase();
        let bare = up.strip_prefix("CF_SQL_").unwrap_or(&up);
        let bare = bare.strip_prefix("SQL_").unwrap_or(bare);
        if let Some((_, t)) = NAMES.iter().find(|(n, _)| *n == bare) {
            return Ok(*t);
        }
        // Only the canonical spelling of each type, to keep the list readable.
        let valid: Vec<String> = NAMES
            .iter()
            .map(|(n, _)| format!("cf_sql_{}", n.to_ascii_lowercase()))
            .filter(|n| NAMES.iter().any(|(_, t)| t.name() == n))
            .collect();
        Err(database_error(format!(
            "invalid CF SQL Type [{bare}], valid types are [{}]",
            valid.join(", ")
        )))
    }

    /// The canonical `cf_sql_*` name (for `result.sqlParameters` and messages).
    pub fn name(self) -> &'static str {
        match self {
            SqlType::Varchar => "cf_sql_varchar",
            SqlType::Char => "cf_sql_char",
            SqlType::NChar => "cf_sql_nchar",
            SqlType::NVarchar => "cf_sql_nvarchar",
            SqlType::LongVarchar => "cf_sql_longvarchar",
            SqlType::LongNVarchar => "cf_sql_longnvarchar",
            SqlType::Clob => "cf_sql_clob",
            SqlType::NClob => "cf_sql_nclob",
            SqlType::SqlXml => "cf_sql_sqlxml",
            SqlType::Idstamp => "cf_sql_idstamp",
            SqlType::Integer => "cf_sql_integer",
            SqlType::BigInt => "cf_sql_bigint",
            SqlType::SmallInt => "cf_sql_smallint",
            SqlType::TinyInt => "cf_sql_tinyint",
            SqlType::Numeric => "cf_sql_numeric",
            SqlType::Decimal => "cf_sql_decimal",
            SqlType::Double => "cf_sql_double",
            SqlType::Float => "cf_sql_float",
            SqlType::Real => "cf_sql_real",
            SqlType::Money => "cf_sql_money",
            SqlType::Money4 => "cf_sql_money4",
            SqlType::Bit => "cf_sql_bit",
            SqlType::Boolean => "cf_sql_boolean",
            SqlType::Date => "cf_sql_date",
            SqlType::Time => "cf_sql_time",
            SqlType::Timestamp => "cf_sql_timestamp",
            SqlType::Binary => "cf_sql_binary",
            SqlType::VarBinary => "cf_sql_varbinary",
            SqlType::LongVarBinary => "cf_sql_longvarbinary",
            SqlType::Blob => "cf_sql_blob",
            SqlType::Array => "cf_sql_array",
            SqlType::Null => "cf_sql_null",
            SqlType::Other => "cf_sql_other",
        }
    }

    /// Types whose values are text: an empty string stays an empty string.
    pub fn is_string(self) -> bool {
        matches!(
            self,
            SqlType::Varchar
                | SqlType::Char
                | SqlType::NChar
                | SqlType::NVarchar
                | SqlType::LongVarchar
                | SqlType::LongNVarchar
                | SqlType::Clob
                | SqlType::NClob
                | SqlType::SqlXml
                | SqlType::Idstamp
                | SqlType::Other
        )
    }

    fn is_integer(self) -> bool {
        matches!(
            self,
            SqlType::Integer | SqlType::BigInt | SqlType::SmallInt | SqlType::TinyInt
        )
    }
}

/// One bound parameter (`<cfqueryparam>` / queryExecute params), already expanded by the caller
/// for `list=true` (the caller emits one `?` per list item).
#[derive(Clone, Debug, Default)]
pub struct SqlParam {
    pub value: Value,
    pub sql_type: SqlType,
    pub null: bool,
    pub max_length: Option<usize>,
    /// Decimal places for numeric/decimal values (the value is rounded to them).
    pub scale: Option<u32>,
}

impl SqlParam {
    pub fn new(value: impl Into<Value>, sql_type: SqlType) -> SqlParam {
        SqlParam {
            value: value.into(),
            sql_type,
            ..SqlParam::default()
        }
    }

    /// A NULL of the given type (`null=true`).
    pub fn null(sql_type: SqlType) -> SqlParam {
        SqlParam {
            sql_type,
            null: true,
            ..SqlParam::default()
        }
    }
}

/// A parameter converted for a driver.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Bound {
    Null,
    Int(i64),
    Float(f64),
    /// An exact decimal as text (`-12.50`), so no precision is lost on the way.
    Decimal(String),
    Bool(bool),
    Text(String),
    Date(NaiveDate),
    Time(NaiveTime),
    Timestamp(NaiveDateTime),
    Bytes(Vec<u8>),
    /// A PostgreSQL array literal (`{"a","b"}`).
    ArrayLiteral(String),
}

/// Convert one parameter.
pub(crate) fn bind(p: &SqlParam) -> CfResult<Bound> {
    if p.null || p.value.is_null() || p.sql_type == SqlType::Null {
        return Ok(Bound::Null);
    }
    if let Some(max) = p.max_length {
        check_max_length(p, max)?;
    }
    let empty = matches!(&p.value, Value::Str(s) if s.is_empty());
    match convert(p) {
        Ok(b) => Ok(b),
        // Lucee binds NULL when an empty string does not cast to a non-string type.
        Err(_) if empty && !p.sql_type.is_string() => Ok(Bound::Null),
        Err(e) => Err(e),
    }
}

fn check_max_length(p: &SqlParam, max: usize) -> CfResult<()> {
    if max == 0 {
        return Ok(());
    }
    let text = if p.sql_type.is_integer() {
        to_int(&p.value).map(|n| n.to_string()).ok()
    } else if matches!(p.sql_type, SqlType::Bit | SqlType::Boolean) {
        p.value.to_bool().map(|b| b.to_string()).ok()
    } else {
        match &p.value {
            Value::Binary(b) => return check_len(p, max, b.len()),
            v => v.to_str().ok().map(|c| c.into_owned()),
        }
    };
    match text {
        Some(t) => check_len(p, max, t.encode_utf16().count()),
        None => Ok(()),
    }
}

fn check_len(p: &SqlParam, max: usize, len: usize) -> CfResult<()> {
    if len > max {
        let shown = match &p.value {
            Value::Binary(_) => "[binary]".to_string(),
            v => v.to_str().map(|c| c.into_owned()).unwrap_or_default(),
        };
        return Err(database_error(format!(
            "value [{shown}] is too large, defined maxlength is [{max}] but binary length of value is [{len}]"
        )));
    }
    Ok(())
}

fn convert(p: &SqlParam) -> CfResult<Bound> {
    let v = &p.value;
    Ok(match p.sql_type {
        SqlType::Integer | SqlType::BigInt | SqlType::SmallInt | SqlType::TinyInt => {
            Bound::Int(to_int(v)?)
        }
        SqlType::Numeric | SqlType::Decimal | SqlType::Money | SqlType::Money4 => {
            Bound::Decimal(to_decimal(v, p.scale)?)
        }
        SqlType::Double | SqlType::Float | SqlType::Real => {
            let n = v.to_num()?;
            Bound::Float(match p.scale {
                Some(s) => round_to(n, s),
                None => n,
            })
        }
        SqlType::Bit | SqlType::Boolean => Bound::Bool(v.to_bool()?),
        SqlType::Date => Bound::Date(v.to_date()?.ndt().date()),
        SqlType::Time => Bound::Time(to_time(v)?),
        SqlType::Timestamp => Bound::Timestamp(v.to_date()?.ndt()),
        SqlType::Binary | SqlType::VarBinary | SqlType::LongVarBinary | SqlType::Blob => match v {
            Value::Binary(b) => Bound::Bytes(b.as_ref().clone()),
            Value::Str(s) => Bound::Bytes(s.as_bytes().to_vec()),
            other => {
                return Err(CfmlError::expression(format!(
                    "Can't cast {} to a value of type [binary]",
                    other.type_name()
                )))
            }
        },
        SqlType::Array => match v {
            Value::Array(a) => Bound::ArrayLiteral(array_literal(&a.to_vec())?),
            other => Bound::ArrayLiteral(other.to_str()?.into_owned()),
        },
        SqlType::Null => Bound::Null,
        SqlType::Other => match v {
            Value::Num(n) if n.fract() == 0.0 && n.abs() < 9.007_199_254_740_992e15 => {
                Bound::Int(*n as i64)
            }
            Value::Num(n) => Bound::Float(*n),
            Value::Bool(b) => Bound::Bool(*b),
            Value::Date(d) => Bound::Timestamp(d.ndt()),
            Value::Binary(b) => Bound::Bytes(b.as_ref().clone()),
            other => Bound::Text(other.to_str()?.into_owned()),
        },
        _ => Bound::Text(v.to_str()?.into_owned()),
    })
}

/// An integer, exact for integer strings beyond 2^53; other numbers truncate (Java's cast).
pub(crate) fn to_int(v: &Value) -> CfResult<i64> {
    if let Value::Str(s) = v {
        if let Ok(n) = s.trim().parse::<i64>() {
            return Ok(n);
        }
    }
    let n = v.to_num()?;
    if !n.is_finite() || n.abs() >= 9.223_372_036_854_775e18 {
        return Err(CfmlError::expression(format!(
            "Can't cast [{}] to a value of type [integer]: it is out of range",
            v.to_str().map(|c| c.into_owned()).unwrap_or_default()
        )));
    }
    Ok(n.trunc() as i64)
}

fn round_to(n: f64, scale: u32) -> f64 {
    let f = 10f64.powi(scale.min(300) as i32);
    (n * f).round() / f
}

/// A decimal in plain notation; numeric strings keep their digits exactly unless a scale asks
/// for rounding.
fn to_decimal(v: &Value, scale: Option<u32>) -> CfResult<String> {
    if let (Value::Str(s), None) = (v, scale) {
        let t = s.trim();
        if is_plain_decimal(t) {
            return Ok(t.trim_start_matches('+').to_string());
        }
    }
    let n = v.to_num()?;
    if !n.is_finite() {
        return Err(CfmlError::expression(format!(
            "Can't cast [{n}] to a value of type [decimal]"
        )));
    }
    Ok(match scale {
        Some(s) => format!("{:.*}", s.min(300) as usize, round_to(n, s)),
        None => format!("{n}"),
    })
}

fn is_plain_decimal(t: &str) -> bool {
    let body = t.strip_prefix(['-', '+']).unwrap_or(t);
    let (int, frac) = match body.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (body, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    !body.is_empty()
        && digits(int)
        && frac.is_none_or(|f| digits(f) && !f.is_empty())
        && !int.is_empty()
}

/// A time of day: from a date value, or a time-only string (`13:45`, `1:45 PM`, `13:45:10.5`).
fn to_time(v: &Value) -> CfResult<NaiveTime> {
    match v.to_date() {
        Ok(d) => Ok(d.ndt().time()),
        Err(e) => {
            if let Value::Str(s) = v {
                if let Some(d) = DateTime::parse(&format!("1899-12-30 {}", s.trim())) {
                    return Ok(d.ndt().time());
                }
            }
            Err(e)
        }
    }
}

/// A PostgreSQL array literal for a CFML array: every element quoted, nested arrays nested.
fn array_literal(items: &[Value]) -> CfResult<String> {
    let mut out = String::from("{");
    for (i, v) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        match v {
            Value::Null => out.push_str("NULL"),
            Value::Array(a) => out.push_str(&array_literal(&a.to_vec())?),
            Value::Date(d) => {
                out.push('"');
                out.push_str(&d.ndt().format("%Y-%m-%d %H:%M:%S%.f").to_string());
                out.push('"');
            }
            other => {
                out.push('"');
                for c in other.to_str()?.chars() {
                    if c == '"' || c == '\\' {
                        out.push('\\');
                    }
                    out.push(c);
                }
                out.push('"');
            }
        }
    }
    out.push('}');
    Ok(out)
}

/// `YYYY-MM-DD HH:MM:SS[.fff]`: the form both SQLite's date functions and PostgreSQL read.
pub(crate) fn timestamp_text(t: &NaiveDateTime) -> String {
    if t.and_utc().timestamp_subsec_nanos() == 0 {
        t.format("%Y-%m-%d %H:%M:%S").to_string()
    } else {
        t.format("%Y-%m-%d %H:%M:%S%.3f").to_string()
    }
}

pub(crate) fn time_text(t: &NaiveTime) -> String {
    use chrono::Timelike;
    if t.nanosecond() == 0 {
        t.format("%H:%M:%S").to_string()
    } else {
        t.format("%H:%M:%S%.3f").to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(v: Value, t: SqlType) -> Option<Bound> {
        bind(&SqlParam::new(v, t)).ok()
    }

    #[test]
    fn parses_type_names() {
        assert_eq!(
            SqlType::parse("cf_sql_integer").ok(),
            Some(SqlType::Integer)
        );
        assert_eq!(
            SqlType::parse("CF_SQL_VARCHAR").ok(),
            Some(SqlType::Varchar)
        );
        assert_eq!(SqlType::parse("varchar").ok(), Some(SqlType::Varchar));
        assert_eq!(SqlType::parse("int").ok(), Some(SqlType::Integer));
        assert_eq!(SqlType::parse(" timestamp ").ok(), Some(SqlType::Timestamp));
        assert_eq!(SqlType::parse("cf_sql_money").ok(), Some(SqlType::Money));
        let err = SqlType::parse("quacks")
            .err()
            .map(|e| e.message)
            .unwrap_or_default();
        assert!(err.starts_with("invalid CF SQL Type [QUACKS]"), "{err}");
        assert!(err.contains("cf_sql_integer") && err.contains("cf_sql_varchar"));
        assert!(!err.contains("cf_sql_int,"));
    }

    #[test]
    fn converts_by_type() {
        assert_eq!(b(Value::from("42"), SqlType::Integer), Some(Bound::Int(42)));
        assert_eq!(b(Value::from(3.9), SqlType::Integer), Some(Bound::Int(3)));
        assert_eq!(
            b(Value::from("9007199254740993"), SqlType::BigInt),
            Some(Bound::Int(9_007_199_254_740_993))
        );
        assert_eq!(b(Value::from("yes"), SqlType::Bit), Some(Bound::Bool(true)));
        assert_eq!(
            b(Value::from(0.0), SqlType::Boolean),
            Some(Bound::Bool(false))
        );
        assert_eq!(
            b(Value::from("12.50"), SqlType::Decimal),
            Some(Bound::Decimal("12.50".into()))
        );
        assert_eq!(
            b(Value::from(2.5), SqlType::Double),
            Some(Bound::Float(2.5))
        );
        assert_eq!(
            b(Value::from("2024-01-31"), SqlType::Date),
            NaiveDate::from_ymd_opt(2024, 1, 31).map(Bound::Date)
        );
        assert_eq!(
            b(Value::from("13:45"), SqlType::Time),
            NaiveTime::from_hms_opt(13, 45, 0).map(Bound::Time)
        );
        assert_eq!(
            b(Value::from("x"), SqlType::Varchar),
            Some(Bound::Text("x".into()))
        );
        assert!(b(Value::from("abc"), SqlType::Integer).is_none());
    }

    #[test]
    fn scale_rounds_decimals() {
        let mut p = SqlParam::new(Value::from(2.345), SqlType::Decimal);
        p.scale = Some(2);
        assert_eq!(bind(&p).ok(), Some(Bound::Decimal("2.35".into())));
    }

    #[test]
    fn empty_string_is_null_for_non_string_types() {
        assert_eq!(b(Value::from(""), SqlType::Integer), Some(Bound::Null));
        assert_eq!(b(Value::from(""), SqlType::Date), Some(Bound::Null));
        assert_eq!(
            b(Value::from(""), SqlType::Varchar),
            Some(Bound::Text(String::new()))
        );
        assert_eq!(
            bind(&SqlParam::null(SqlType::Varchar)).ok(),
            Some(Bound::Null)
        );
    }

    #[test]
    fn max_length_errors_like_lucee() {
        let mut p = SqlParam::new(Value::from("abcdef"), SqlType::Varchar);
        p.max_length = Some(3);
        let e = bind(&p).err();
        assert_eq!(e.as_ref().map(|e| e.type_.as_str()), Some("database"));
        assert_eq!(
            e.map(|e| e.message),
            Some(
                "value [abcdef] is too large, defined maxlength is [3] but binary length of value is [6]"
                    .to_string()
            )
        );
        p.max_length = Some(6);
        assert!(bind(&p).is_ok());
    }

    #[test]
    fn array_literals_quote_elements() {
        let a = rime_runtime::Array::from_vec(vec![Value::from("a\"b"), Value::from(1.0)]);
        assert_eq!(
            b(Value::Array(a), SqlType::Array),
            Some(Bound::ArrayLiteral("{\"a\\\"b\",\"1\"}".into()))
        );
    }
}

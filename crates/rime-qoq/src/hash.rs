//! Hashing without allocation: a fast hasher for in-process tables, case-insensitive string
//! hashing, and the two value identities QoQ needs. `GroupKey` is the identity of GROUP BY,
//! DISTINCT and UNION (type family plus string form, strings case-sensitive); `JoinKey` never
//! separates two values that `ops::compare` calls equal, so hash joins find every match.

use rime_runtime::{number, Value};
use std::borrow::Cow;
use std::hash::{BuildHasher, Hash, Hasher};

/// An Fx-style multiplicative hasher with a final mix. The tables it feeds live for one query
/// and hold values a template chose, so hash flooding is not a concern; speed is.
#[derive(Default, Clone, Copy)]
pub struct Fx(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            // `rest` is shorter than 8 bytes.
            w[..rest.len()].copy_from_slice(rest);
            self.write_u64(u64::from_le_bytes(w) ^ ((rest.len() as u64) << 56));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(SEED);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn finish(&self) -> u64 {
        // hashbrown takes its control bits from the top of the hash: fold the low bits up.
        let h = self.0;
        (h ^ (h >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ (h >> 32)
    }
}

#[derive(Default, Clone, Copy)]
pub struct FxBuild;

impl BuildHasher for FxBuild {
    type Hasher = Fx;
    fn build_hasher(&self) -> Fx {
        Fx::default()
    }
}

pub type FxMap<K, V> = std::collections::HashMap<K, V, FxBuild>;

#[cfg(test)]
pub fn hash_one(v: impl Hash) -> u64 {
    FxBuild.hash_one(v)
}

/// Feeds `s` lower-cased the way `ops::compare_str_nocase` compares (char by char), so strings
/// that compare equal hash equal.
pub fn hash_str_nocase(s: &str, h: &mut impl Hasher) {
    if s.is_ascii() {
        for b in s.bytes() {
            h.write_u32(u32::from(b.to_ascii_lowercase()));
        }
    } else {
        for c in s.chars().flat_map(char::to_lowercase) {
            h.write_u32(c as u32);
        }
    }
    h.write_u8(0xff);
}

/// `number::parse(s)`, skipping the call for the common strings that cannot be numbers
/// (`parse` trims, then needs a sign, digit or point; anything else at the start fails it).
pub fn parse_num(s: &str) -> Option<f64> {
    match s.as_bytes().first() {
        None => None,
        Some(b) if b.is_ascii_alphabetic() || *b == b'@' || *b == b'_' => None,
        Some(_) => number::parse(s),
    }
}

/// The identity of a value for GROUP BY, DISTINCT and UNION: numbers (and numeric strings) by
/// their formatted form, everything else by its string form, case-sensitively. Null is its own
/// group. Equal keys are exactly equal `"n" + format(n)` / `"s" + string` forms, which is what
/// the executor used before keys were typed.
#[derive(Debug, PartialEq, Eq, Hash)]
pub enum GroupKey<'a> {
    Null,
    /// A number whose formatted form is an integer.
    Int(i64),
    /// Any other number, as formatted (`1.5`, `NaN`).
    Num(String),
    Str(Cow<'a, str>),
}

impl GroupKey<'_> {
    pub fn of(v: &Value) -> GroupKey<'_> {
        match v {
            Value::Null => GroupKey::Null,
            Value::Num(n) => GroupKey::num(*n),
            Value::Str(s) => match parse_num(s) {
                Some(n) => GroupKey::num(n),
                None => GroupKey::Str(Cow::Borrowed(s.as_str())),
            },
            Value::Bool(b) => GroupKey::Str(Cow::Borrowed(if *b { "true" } else { "false" })),
            // Dates and the rare complex cell: their string form (complex values have none and
            // group with the empty string).
            other => GroupKey::Str(Cow::Owned(
                other.to_str().map(|s| s.into_owned()).unwrap_or_default(),
            )),
        }
    }

    fn num(n: f64) -> GroupKey<'static> {
        // `number::format` prints integers below 2^53 exactly, so distinct integers never share
        // a form; other numbers go through the formatter (which may print an integer form).
        if n.fract() == 0.0 && n.abs() < 9.007_199_254_740_992e15 {
            return GroupKey::Int(n as i64);
        }
        let f = number::format(n);
        match f.parse::<i64>() {
            Ok(i) if f.bytes().all(|b| b.is_ascii_digit() || b == b'-') => GroupKey::Int(i),
            _ => GroupKey::Num(f),
        }
    }
}

/// A hash-join key. Numbers, dates, and strings that read as a number, a boolean word or a
/// date, key by their number; other strings key case-insensitively. Values that compare equal
/// always share a key; values sharing a key may still differ (`'yes'` and `'1'`), so matches are
/// re-checked. A boolean equals every non-zero number, which no single key can express: it has
/// no key (`None`) and is tried against every row of the other side.
#[derive(Debug)]
pub enum JoinKey<'a> {
    Num(u64),
    Str(&'a str),
}

impl<'a> JoinKey<'a> {
    pub fn of(v: &'a Value) -> Option<JoinKey<'a>> {
        Some(match v {
            Value::Null => JoinKey::Str(""),
            Value::Num(n) => JoinKey::num(*n),
            Value::Date(d) => JoinKey::num(d.to_serial()),
            Value::Str(s) => {
                if let Some(n) = parse_num(s) {
                    JoinKey::num(n)
                } else if let Some(b) = rime_runtime::value::parse_bool_word(s) {
                    JoinKey::num(if b { 1.0 } else { 0.0 })
                } else if let Some(d) = crate::eval::as_date(s) {
                    JoinKey::num(d.to_serial())
                } else {
                    JoinKey::Str(s.as_str())
                }
            }
            // Booleans (see above) and complex values, whose comparison is an error the
            // re-check reports.
            _ => return None,
        })
    }

    fn num(n: f64) -> JoinKey<'static> {
        // `-0` and `0` compare equal, so they must share a key.
        JoinKey::Num(if n == 0.0 { 0 } else { n.to_bits() })
    }
}

impl PartialEq for JoinKey<'_> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (JoinKey::Num(a), JoinKey::Num(b)) => a == b,
            (JoinKey::Str(a), JoinKey::Str(b)) => {
                rime_runtime::ops::compare_str_nocase(a, b) == std::cmp::Ordering::Equal
            }
            _ => false,
        }
    }
}
impl Eq for JoinKey<'_> {}

impl Hash for JoinKey<'_> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        match self {
            JoinKey::Num(n) => {
                h.write_u8(0);
                h.write_u64(*n);
            }
            JoinKey::Str(s) => {
                h.write_u8(1);
                hash_str_nocase(s, h);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rime_runtime::ops;
    use std::cmp::Ordering;

    fn old_value_key(v: &Value) -> String {
        match v {
            Value::Null => "\u{0}".to_string(),
            Value::Num(n) => format!("n{}", number::format(*n)),
            other => match other.as_numeric() {
                Some(n) => format!("n{}", number::format(n)),
                None => format!(
                    "s{}",
                    other.to_str().map(|s| s.into_owned()).unwrap_or_default()
                ),
            },
        }
    }

    fn samples() -> Vec<Value> {
        let mut v = vec![
            Value::Null,
            Value::Num(0.0),
            Value::Num(-0.0),
            Value::Num(1.0),
            Value::Num(1.5),
            Value::Num(1.000_000_000_000_1),
            Value::Num(-3.0),
            Value::Num(1e20),
            Value::Num(2.5e15 + 0.5),
            Value::Bool(true),
            Value::Bool(false),
        ];
        for s in [
            "",
            "1",
            "1.0",
            " 1 ",
            "01",
            "-0",
            "1.5",
            "abc",
            "ABC",
            "Abc",
            "true",
            "TRUE",
            "yes",
            "no",
            "x1",
            "1e3",
            "1000",
            "2024-01-01",
            "1/1/2024",
            "Straße",
            "STRASSE",
            "é",
            "É",
            "+2",
            ".5",
            "0.5",
        ] {
            v.push(Value::from(s));
        }
        v
    }

    #[test]
    fn group_key_matches_the_string_identity() {
        let s = samples();
        for a in &s {
            for b in &s {
                assert_eq!(
                    GroupKey::of(a) == GroupKey::of(b),
                    old_value_key(a) == old_value_key(b),
                    "{a:?} vs {b:?}"
                );
                if GroupKey::of(a) == GroupKey::of(b) {
                    assert_eq!(hash_one(GroupKey::of(a)), hash_one(GroupKey::of(b)));
                }
            }
        }
    }

    #[test]
    fn join_key_never_separates_equal_values() {
        let s = samples();
        for a in &s {
            for b in &s {
                let (Some(ka), Some(kb)) = (JoinKey::of(a), JoinKey::of(b)) else {
                    assert!(matches!(a, Value::Bool(_)) || matches!(b, Value::Bool(_)));
                    continue;
                };
                if ops::compare(a, b).ok() == Some(Ordering::Equal) {
                    assert_eq!(ka, kb, "{a:?} vs {b:?}");
                    assert_eq!(hash_one(&ka), hash_one(&kb));
                }
            }
        }
    }

    #[test]
    fn parse_num_agrees_with_number_parse() {
        for s in [
            "", " 1", "1", "a1", "@", "-1", ".5", "+1", "\u{a0}1", "_1", "x",
        ] {
            assert_eq!(parse_num(s), number::parse(s), "{s:?}");
        }
    }
}

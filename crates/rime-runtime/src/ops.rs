//! Operator semantics: arithmetic, comparison (`EQ`, `LT`...), `CONTAINS`, concatenation.
//!
//! Comparison follows Lucee: two values that both cast to numbers compare as numbers; a boolean
//! against something boolean-like compares as booleans; two date-like values compare as dates;
//! anything else compares as strings, case-insensitively. Null compares as "".

use crate::date::DateTime;
use crate::error::{CfResult, CfmlError};
use crate::value::Value;
use std::cmp::Ordering;

fn complex_compare_error(a: &Value, b: &Value) -> Box<CfmlError> {
    CfmlError::expression(format!(
        "Can't compare Complex Object Type {} with a {}",
        a.type_name(),
        b.type_name()
    ))
}

/// Case-insensitive string ordering.
pub fn compare_str_nocase(a: &str, b: &str) -> Ordering {
    if a.is_ascii() && b.is_ascii() {
        let (x, y) = (a.as_bytes(), b.as_bytes());
        for (p, q) in x.iter().zip(y.iter()) {
            let (p, q) = (p.to_ascii_lowercase(), q.to_ascii_lowercase());
            if p != q {
                return p.cmp(&q);
            }
        }
        return x.len().cmp(&y.len());
    }
    a.chars()
        .flat_map(char::to_lowercase)
        .cmp(b.chars().flat_map(char::to_lowercase))
}

fn num_cmp(a: f64, b: f64) -> Ordering {
    a.partial_cmp(&b).unwrap_or(Ordering::Equal)
}

/// Three-way comparison of two values (`LT`, `GT`, `compare` of simple values).
pub fn compare(a: &Value, b: &Value) -> CfResult<Ordering> {
    use Value::*;
    match (a, b) {
        (Num(x), Num(y)) => Ok(num_cmp(*x, *y)),
        (Str(x), Str(y)) => {
            if let (Some(p), Some(q)) = (crate::number::parse(x), crate::number::parse(y)) {
                return Ok(num_cmp(p, q));
            }
            if let (Some(p), Some(q)) = (date_of(x), date_of(y)) {
                return Ok(p.cmp(&q));
            }
            Ok(compare_str_nocase(x, y))
        }
        (Num(x), Str(s)) | (Str(s), Num(x)) => {
            let flipped = matches!(a, Str(_));
            let ord = match crate::number::parse(s) {
                Some(n) => num_cmp(*x, n),
                None => match crate::value::parse_bool_word(s) {
                    Some(bv) => num_cmp(*x, if bv { 1.0 } else { 0.0 }),
                    None => compare_str_nocase(&crate::number::format(*x), s),
                },
            };
            Ok(if flipped { ord.reverse() } else { ord })
        }
        (Bool(x), other) | (other, Bool(x)) if other.is_simple() || other.is_null() => {
            let flipped = !matches!(a, Bool(_));
            let ord = match other {
                Null => compare_str_nocase(if *x { "true" } else { "false" }, ""),
                o if o.is_boolean_like() => x.cmp(&o.to_bool()?),
                o => compare_str_nocase(if *x { "true" } else { "false" }, &o.to_str()?),
            };
            Ok(if flipped { ord.reverse() } else { ord })
        }
        (Date(x), other) | (other, Date(x)) if other.is_simple() || other.is_null() => {
            let flipped = !matches!(a, Date(_));
            let ord = match other {
                Date(y) => x.cmp(y),
                Num(n) => num_cmp(x.to_serial(), *n),
                Str(s) => match date_of(s) {
                    Some(y) => x.cmp(&y),
                    None => compare_str_nocase(&x.to_cfml_string(), s),
                },
                _ => compare_str_nocase(&x.to_cfml_string(), ""),
            };
            Ok(if flipped { ord.reverse() } else { ord })
        }
        (Null, Null) => Ok(Ordering::Equal),
        (Null, other) if other.is_simple() => Ok(compare_str_nocase("", &other.to_str()?)),
        (other, Null) if other.is_simple() => Ok(compare_str_nocase(&other.to_str()?, "")),
        // An XML node compares as its markup (Lucee).
        (Xml(x), Xml(y)) => compare(
            &Value::from(x.to_xml_string()?),
            &Value::from(y.to_xml_string()?),
        ),
        (Xml(x), o) if o.is_simple() || o.is_null() => compare(&Value::from(x.to_xml_string()?), b),
        (o, Xml(x)) if o.is_simple() || o.is_null() => compare(a, &Value::from(x.to_xml_string()?)),
        // An object standing for a number (a time span) compares as that number.
        (Native(n), _) if n.get().simple() => compare(&Num(a.to_num()?), b),
        (_, Native(n)) if n.get().simple() => compare(a, &Num(b.to_num()?)),
        _ => Err(complex_compare_error(a, b)),
    }
}

fn date_of(s: &str) -> Option<DateTime> {
    // Only strings with a date separator are tried: "2024" or "abc" never parse as dates.
    if s.len() >= 6 && s.bytes().any(|b| b == b'/' || b == b'-' || b == b',') {
        DateTime::parse(s)
    } else {
        None
    }
}

/// `EQ` / `==`.
pub fn equals(a: &Value, b: &Value) -> CfResult<bool> {
    match (a, b) {
        (Value::Num(x), Value::Num(y)) => Ok(x == y),
        (Value::Str(x), Value::Str(y)) if x.len() == y.len() && x.eq_ignore_ascii_case(y) => {
            Ok(true)
        }
        _ => Ok(compare(a, b)? == Ordering::Equal),
    }
}

/// `===`: same type family and value (strings case-sensitively), identity for complex values.
pub fn strict_equals(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Num(x), Value::Num(y)) => x == y,
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Date(x), Value::Date(y)) => x == y,
        _ => a.same_ref(b),
    }
}

/// `CONTAINS`: case-insensitive substring test.
pub fn contains(a: &Value, b: &Value) -> CfResult<bool> {
    let hay = a.to_str()?;
    let needle = b.to_str()?;
    Ok(hay.to_lowercase().contains(&needle.to_lowercase()))
}

pub fn add(a: &Value, b: &Value) -> CfResult<Value> {
    Ok(Value::Num(a.to_num()? + b.to_num()?))
}

pub fn sub(a: &Value, b: &Value) -> CfResult<Value> {
    Ok(Value::Num(a.to_num()? - b.to_num()?))
}

pub fn mul(a: &Value, b: &Value) -> CfResult<Value> {
    Ok(Value::Num(a.to_num()? * b.to_num()?))
}

pub fn div(a: &Value, b: &Value) -> CfResult<Value> {
    let d = b.to_num()?;
    if d == 0.0 {
        return Err(CfmlError::expression("Division by zero is not possible."));
    }
    Ok(Value::Num(a.to_num()? / d))
}

/// `\`: integer division of the operands truncated to integers.
pub fn int_div(a: &Value, b: &Value) -> CfResult<Value> {
    let d = b.to_num()?.trunc();
    if d == 0.0 {
        return Err(CfmlError::expression("Division by zero is not possible."));
    }
    Ok(Value::Num((a.to_num()?.trunc() / d).trunc()))
}

/// `MOD` / `%`: Lucee keeps the fraction (`5.5 MOD 2` is 1.5).
pub fn modulo(a: &Value, b: &Value) -> CfResult<Value> {
    let d = b.to_num()?;
    if d == 0.0 {
        return Err(CfmlError::expression("Division by zero is not possible."));
    }
    Ok(Value::Num(fmod(a.to_num()?, d)))
}

/// `x % y` for doubles, as C's `fmod`. Integral operands (the usual `i MOD n`) take an integer
/// remainder, which is exact for them and many times cheaper than the software `fmod` Rust
/// calls; a zero result keeps the sign of `x`, as `fmod`'s does. Operands that fit 32 bits use
/// the 32-bit division, faster than the 64-bit one on many processors.
#[inline(always)]
pub fn fmod(x: f64, y: f64) -> f64 {
    const I32: f64 = 2_147_483_648.0;
    const EXACT: f64 = 9_007_199_254_740_992.0;
    let r = if x.abs() < I32 && y.abs() < I32 {
        let (xi, yi) = (x as i32, y as i32);
        if xi as f64 != x || yi as f64 != y || yi == 0 {
            return x % y;
        }
        // |x| < 2^31, so `i32::MIN % -1` cannot occur.
        xi.wrapping_rem(yi) as f64
    } else if x.abs() < EXACT && y.abs() < EXACT {
        let (xi, yi) = (x as i64, y as i64);
        if xi as f64 != x || yi as f64 != y || yi == 0 {
            return x % y;
        }
        xi.wrapping_rem(yi) as f64
    } else {
        return x % y;
    };
    if r == 0.0 {
        0.0f64.copysign(x)
    } else {
        r
    }
}

pub fn pow(a: &Value, b: &Value) -> CfResult<Value> {
    Ok(Value::Num(a.to_num()?.powf(b.to_num()?)))
}

/// `&`.
pub fn concat(a: &Value, b: &Value) -> CfResult<Value> {
    let len = |v: &Value| match v {
        Value::Str(s) => s.len(),
        _ => 0,
    };
    if len(a) + len(b) > crate::value::MAX_STRING {
        return Err(CfmlError::expression(format!(
            "the result of the concatenation would exceed the maximum string size of {} bytes",
            crate::value::MAX_STRING
        )));
    }
    if len(a) + len(b) >= 64 * 1024 {
        crate::memory::check_room(len(a) + len(b))?;
    }
    // Built in a reused buffer and copied once into the result: building a `String` and
    // converting it allocated twice (an `ArcStr` keeps its text inline after its header).
    thread_local! {
        static SCRATCH: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }
    SCRATCH.with(|scratch| {
        let Ok(mut s) = scratch.try_borrow_mut() else {
            let mut s = String::new();
            a.write_to(&mut s)?;
            b.write_to(&mut s)?;
            return Ok(Value::from(s));
        };
        s.clear();
        a.write_to(&mut s)?;
        b.write_to(&mut s)?;
        let v = Value::Str(arcstr::ArcStr::from(s.as_str()));
        // Large results would keep their buffer for the life of the thread.
        if s.capacity() > 64 * 1024 {
            *s = String::new();
        }
        Ok(v)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concatenation_formats_numbers() {
        let c = |a: Value, b: Value| {
            concat(&a, &b)
                .ok()
                .and_then(|v| v.to_str().ok().map(|s| s.into_owned()))
        };
        assert_eq!(
            c(Value::from("item"), Value::Num(42.0)).as_deref(),
            Some("item42")
        );
        assert_eq!(c(Value::Num(-7.0), Value::from("")).as_deref(), Some("-7"));
        assert_eq!(
            c(Value::Num(-0.0), Value::Num(0.5)).as_deref(),
            Some("00.5")
        );
        assert_eq!(
            c(Value::Num(9007199254740992.0), Value::Null).as_deref(),
            Some("9007199254740992")
        );
        assert_eq!(
            c(Value::Num(1e20), Value::Bool(true)).as_deref(),
            Some("100000000000000000000true")
        );
    }

    #[test]
    fn fmod_matches_the_float_remainder() {
        let cases = [
            (7.0, 3.0),
            (-7.0, 3.0),
            (7.0, -3.0),
            (-4.0, 2.0),
            (-0.0, 5.0),
            (5.5, 2.0),
            (1e300, 7.0),
            (9007199254740993.0, 10.0),
            (2147483647.0 * 16807.0, 2147483647.0),
            (-2147483647.0, 2.0),
            (2147483648.0, 3.0),
            (-9007199254740991.0, 4.0),
            (3.0, 0.5),
            (f64::NAN, 2.0),
        ];
        for (x, y) in cases {
            let (a, b) = (fmod(x, y), x % y);
            assert!(
                a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
                "{x} % {y}: {a} vs {b}"
            );
        }
    }

    #[test]
    fn concatenation_is_bounded() {
        let half = Value::from("x".repeat(crate::value::MAX_STRING / 2 + 1));
        assert!(concat(&half, &half).is_err());
        assert!(concat(&half, &Value::from("y")).is_ok());
    }

    #[test]
    fn eq_rules() {
        let t = |a: Value, b: Value| equals(&a, &b).unwrap_or(false);
        assert!(t(Value::from("10"), Value::from("10.0")));
        assert!(t(Value::from(1.0), Value::from("1.0")));
        assert!(t(Value::from("ABC"), Value::from("abc")));
        assert!(t(Value::from(true), Value::from("yes")));
        assert!(t(Value::from(true), Value::from(1.0)));
        assert!(t(Value::from("1/1/2024"), Value::from("2024-01-01")));
        assert!(!t(Value::from("a"), Value::from("b")));
        assert!(t(Value::Null, Value::from("")));
    }

    #[test]
    fn ordering() {
        let lt = |a: Value, b: Value| compare(&a, &b).ok() == Some(Ordering::Less);
        assert!(lt(Value::from("2"), Value::from("10")));
        assert!(lt(Value::from("apple"), Value::from("Banana")));
    }
}

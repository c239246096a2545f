//! Helpers shared by the string, list, math and regex areas: character-position arithmetic on
//! UTF-8 strings, Lucee-style argument errors, result-size limits, and Java-compatible decimal
//! rounding (Lucee formats numbers through `java.text.DecimalFormat`).

use rime_runtime::{CfResult, CfmlError};

/// Largest string a function may build (256 MB); beyond that a CFML error is raised.
pub(crate) const MAX_RESULT: usize = rime_runtime::value::MAX_STRING;

/// Error when a result would exceed `MAX_RESULT`.
pub(crate) fn too_large(fname: &str) -> Box<CfmlError> {
    CfmlError::expression(format!(
        "The result of function [{fname}] would exceed the maximum string size of {MAX_RESULT} bytes"
    ))
}

/// Join `items` with `sep`, refusing results larger than `MAX_RESULT`.
pub(crate) fn join_checked<S: AsRef<str>>(items: &[S], sep: &str, fname: &str) -> CfResult<String> {
    let total = items.iter().map(|s| s.as_ref().len() as u128).sum::<u128>()
        + (items.len().saturating_sub(1) as u128) * sep.len() as u128;
    if total > MAX_RESULT as u128 {
        return Err(too_large(fname));
    }
    let mut out = String::with_capacity(total as usize);
    for (i, s) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(s.as_ref());
    }
    Ok(out)
}

/// Lucee's `FunctionException` wording for an invalid argument.
pub(crate) fn arg_error(
    fname: &str,
    pos: usize,
    arg: &str,
    msg: impl AsRef<str>,
) -> Box<CfmlError> {
    const ORD: [&str; 12] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth", "eleventh", "twelfth",
    ];
    let ord = ORD.get(pos.wrapping_sub(1)).copied().unwrap_or("an");
    CfmlError::expression(format!(
        "Invalid call of the function {fname}, {ord} Argument ({arg}) is invalid, {}",
        msg.as_ref()
    ))
}

/// Number of characters (not bytes) in `s`.
pub(crate) fn char_len(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

/// Byte offset of the character at 0-based character index `ci` (`s.len()` for the end).
pub(crate) fn byte_at(s: &str, ci: usize) -> Option<usize> {
    if s.is_ascii() {
        return if ci <= s.len() { Some(ci) } else { None };
    }
    if ci == 0 {
        return Some(0);
    }
    let mut n = 0;
    for (b, _) in s.char_indices() {
        if n == ci {
            return Some(b);
        }
        n += 1;
    }
    if n == ci {
        Some(s.len())
    } else {
        None
    }
}

/// Character index of byte offset `b` (which must be a char boundary).
pub(crate) fn char_index(s: &str, b: usize) -> usize {
    match s.get(..b) {
        Some(p) => char_len(p),
        None => char_len(s),
    }
}

/// The characters `[from, from+count)` (0-based, clamped to the string).
pub(crate) fn substr(s: &str, from: usize, count: usize) -> &str {
    let len = char_len(s);
    let from = from.min(len);
    let to = from.saturating_add(count).min(len);
    let a = byte_at(s, from).unwrap_or(s.len());
    let b = byte_at(s, to).unwrap_or(s.len());
    s.get(a..b).unwrap_or("")
}

/// A number argument truncated to an integer in i64 range (NaN becomes 0).
pub(crate) fn to_int(n: f64) -> i64 {
    if n.is_nan() {
        0
    } else {
        n.trunc().clamp(i64::MIN as f64, i64::MAX as f64) as i64
    }
}

/// Java `String.trim()`: strips every char <= U+0020 at both ends.
pub(crate) fn java_trim(s: &str) -> &str {
    s.trim_matches(|c: char| c <= ' ')
}

/// Case-insensitive equality of two chars (simple lower-case folding).
pub(crate) fn char_eq_nocase(a: char, b: char) -> bool {
    a == b || a.to_lowercase().eq(b.to_lowercase())
}

/// Case-insensitive string equality.
pub(crate) fn eq_nocase(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        return a.eq_ignore_ascii_case(b);
    }
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}

/// Byte offset of the first occurrence of `needle` in `hay` at or after byte `from`,
/// optionally ignoring case. Returns (start, end) byte offsets.
pub(crate) fn find_bytes(
    hay: &str,
    needle: &str,
    from: usize,
    nocase: bool,
) -> Option<(usize, usize)> {
    let rest = hay.get(from..)?;
    if !nocase {
        return rest
            .find(needle)
            .map(|i| (from + i, from + i + needle.len()));
    }
    if needle.is_empty() {
        return Some((from, from));
    }
    if hay.is_ascii() && needle.is_ascii() {
        let h = rest.as_bytes();
        let n = needle.as_bytes();
        if n.len() > h.len() {
            return None;
        }
        for i in 0..=(h.len() - n.len()) {
            if h.get(i..i + n.len())
                .is_some_and(|w| w.eq_ignore_ascii_case(n))
            {
                return Some((from + i, from + i + n.len()));
            }
        }
        return None;
    }
    let nchars: Vec<char> = needle.chars().collect();
    for (i, _) in rest.char_indices() {
        let mut it = rest[i..].char_indices();
        let mut ok = true;
        let mut end = i;
        for nc in &nchars {
            match it.next() {
                Some((j, hc)) if char_eq_nocase(hc, *nc) => end = i + j + hc.len_utf8(),
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            return Some((from + i, from + end));
        }
    }
    None
}

/// Replace occurrences of `find` in `s` (all or the first), optionally ignoring case.
pub(crate) fn replace_str(
    s: &str,
    find: &str,
    repl: &str,
    all: bool,
    nocase: bool,
) -> CfResult<String> {
    if find.is_empty() {
        return Ok(s.to_string());
    }
    let mut out = String::with_capacity(s.len());
    let mut pos = 0;
    while let Some((a, b)) = find_bytes(s, find, pos, nocase) {
        out.push_str(s.get(pos..a).unwrap_or(""));
        out.push_str(repl);
        if out.len() > MAX_RESULT {
            return Err(too_large("replace"));
        }
        pos = b;
        if !all {
            break;
        }
    }
    out.push_str(s.get(pos..).unwrap_or(""));
    Ok(out)
}

/// Rounding modes of `java.math.RoundingMode` used by Lucee's formatters.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Rounding {
    HalfUp,
    HalfEven,
    /// Half-up on the shortest decimal form alone (`BigDecimal` built from the double's
    /// string form), without consulting the exact binary value on ties.
    DigitsHalfUp,
}

/// A non-negative decimal number as digit strings, rounded like `java.text.DecimalFormat`:
/// rounding works on the shortest representation of the double (what `Double.toString`
/// prints), and only an exact tie in that representation consults the exact binary value.
pub(crate) struct Decimal {
    /// Integer digits without leading zeros ("" for zero).
    pub int: String,
    /// Exactly `frac_digits` fraction digits.
    pub frac: String,
}

/// The shortest round-trip digits of `x` (> 0) and the count of digits before the point.
fn shortest(x: f64) -> (Vec<u8>, i64) {
    let s = format!("{:e}", x);
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i64 = exp.parse().unwrap_or(0);
    let digits: Vec<u8> = mant
        .bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();
    (digits, exp + 1)
}

/// Compare the exact binary value of `x` (> 0) with the decimal `int_digits.frac_digits`.
fn cmp_exact(x: f64, int_digits: &[u8], frac_digits: &[u8]) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let exact = format!("{:.1100}", x);
    let (ei, ef) = exact.split_once('.').unwrap_or((&exact, ""));
    let ei: Vec<u8> = ei
        .bytes()
        .map(|b| b - b'0')
        .skip_while(|d| *d == 0)
        .collect();
    let ti: Vec<u8> = int_digits.iter().copied().skip_while(|d| *d == 0).collect();
    match ei.len().cmp(&ti.len()) {
        Ordering::Equal => {}
        o => return o,
    }
    match ei.cmp(&ti) {
        Ordering::Equal => {}
        o => return o,
    }
    let ef: Vec<u8> = ef.bytes().map(|b| b - b'0').collect();
    let n = ef.len().max(frac_digits.len());
    for i in 0..n {
        let a = ef.get(i).copied().unwrap_or(0);
        let b = frac_digits.get(i).copied().unwrap_or(0);
        match a.cmp(&b) {
            Ordering::Equal => {}
            o => return o,
        }
    }
    Ordering::Equal
}

/// Round `|x|` to `frac_digits` decimals.
pub(crate) fn round_decimal(x: f64, frac_digits: usize, mode: Rounding) -> Decimal {
    let x = x.abs();
    if x == 0.0 || !x.is_finite() {
        return Decimal {
            int: String::new(),
            frac: "0".repeat(frac_digits),
        };
    }
    let (d, p) = shortest(x);
    // all digits with the decimal point after `point` digits; `point` >= 1
    let (mut a, point): (Vec<u8>, usize) = if p <= 0 {
        let mut v = vec![0u8; (1 - p) as usize];
        v.extend_from_slice(&d);
        (v, 1)
    } else {
        let p = p as usize;
        let mut v = d.clone();
        if v.len() < p {
            v.resize(p, 0);
        }
        (v, p)
    };
    let cut = point + frac_digits;
    if a.len() <= cut {
        a.resize(cut, 0);
    } else {
        let next = a.get(cut).copied().unwrap_or(0);
        let rest_nonzero = a.get(cut + 1..).is_some_and(|r| r.iter().any(|d| *d != 0));
        let up = match next.cmp(&5) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal if rest_nonzero || mode == Rounding::DigitsHalfUp => true,
            std::cmp::Ordering::Equal => {
                // a tie in the shortest digits: decide on the exact binary value
                let mut tie_frac: Vec<u8> =
                    a.get(point..cut).map(<[u8]>::to_vec).unwrap_or_default();
                tie_frac.push(5);
                let int_part = a.get(..point).unwrap_or(&[]);
                match cmp_exact(x, int_part, &tie_frac) {
                    std::cmp::Ordering::Greater => true,
                    std::cmp::Ordering::Less => false,
                    std::cmp::Ordering::Equal => match mode {
                        Rounding::HalfUp | Rounding::DigitsHalfUp => true,
                        Rounding::HalfEven => cut > 0 && a.get(cut - 1).is_some_and(|d| d % 2 == 1),
                    },
                }
            }
        };
        a.truncate(cut);
        let mut point = point;
        if up {
            let mut i = a.len();
            loop {
                if i == 0 {
                    a.insert(0, 1);
                    point += 1;
                    break;
                }
                i -= 1;
                if let Some(d) = a.get_mut(i) {
                    if *d == 9 {
                        *d = 0;
                    } else {
                        *d += 1;
                        break;
                    }
                }
            }
        }
        return to_decimal(&a, point);
    }
    to_decimal(&a, point)
}

fn to_decimal(a: &[u8], point: usize) -> Decimal {
    let int: String = a
        .get(..point)
        .unwrap_or(&[])
        .iter()
        .skip_while(|d| **d == 0)
        .map(|d| (b'0' + d) as char)
        .collect();
    let frac: String = a
        .get(point..)
        .unwrap_or(&[])
        .iter()
        .map(|d| (b'0' + d) as char)
        .collect();
    Decimal { int, frac }
}

/// Insert `,` every three digits from the right.
pub(crate) fn group_thousands(int: &str) -> String {
    let n = int.len();
    let mut out = String::with_capacity(n + n / 3);
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (n - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(x: f64, f: usize, m: Rounding) -> String {
        let d = round_decimal(x, f, m);
        let i = if d.int.is_empty() {
            "0".to_string()
        } else {
            d.int
        };
        if d.frac.is_empty() {
            i
        } else {
            format!("{i}.{}", d.frac)
        }
    }

    #[test]
    fn java_rounding() {
        assert_eq!(r(1.005, 2, Rounding::HalfUp), "1.00");
        assert_eq!(r(0.125, 2, Rounding::HalfUp), "0.13");
        assert_eq!(r(0.125, 2, Rounding::HalfEven), "0.12");
        assert_eq!(r(2.5, 0, Rounding::HalfEven), "2");
        assert_eq!(r(2.5, 0, Rounding::HalfUp), "3");
        assert_eq!(r(9.995, 2, Rounding::HalfUp), "9.99");
        assert_eq!(r(99.5, 0, Rounding::HalfUp), "100");
        assert_eq!(
            r(std::f64::consts::PI, 19, Rounding::HalfUp),
            "3.1415926535897930000"
        );
        assert_eq!(r(123456789.0, 2, Rounding::HalfUp), "123456789.00");
        assert_eq!(r(0.0004, 2, Rounding::HalfUp), "0.00");
        assert_eq!(r(1e21, 0, Rounding::HalfUp), "1000000000000000000000");
    }

    #[test]
    fn chars() {
        assert_eq!(substr("héllo", 1, 3), "éll");
        assert_eq!(byte_at("héllo", 2), Some(3));
        assert_eq!(char_index("héllo", 3), 2);
        assert_eq!(find_bytes("aBc", "b", 0, true), Some((1, 2)));
        assert_eq!(group_thousands("1234567"), "1,234,567");
    }
}

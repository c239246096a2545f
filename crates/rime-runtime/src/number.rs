//! How CFML numbers print and parse.
//!
//! Output follows Lucee: integral values print without a decimal point; other values are rounded
//! to 12 decimal places with trailing zeros removed (`pi()` prints `3.14159265359`).

use std::fmt::Write;

pub fn format(n: f64) -> String {
    let mut s = String::new();
    write(n, &mut s);
    s
}

/// The decimal digits of `u`, with zeros in front up to `width` digits (itoa: two digits a step,
/// no formatter, no allocation, no UTF-8 check).
#[inline]
pub fn write_digits(u: u64, width: usize, out: &mut String) {
    let mut buf = itoa::Buffer::new();
    let digits = buf.format(u);
    for _ in digits.len()..width {
        out.push('0');
    }
    out.push_str(digits);
}

pub fn write(n: f64, out: &mut String) {
    // Integral values below 2^53 print as integers. The round trip through i64 tests that
    // without `fract` (a library call on baseline x86-64), and the digits skip the formatter:
    // this runs for every number a page outputs or concatenates.
    let i = n as i64;
    if i as f64 == n && i.unsigned_abs() < 1 << 53 {
        if i < 0 {
            out.push('-');
        }
        write_digits(i.unsigned_abs(), 1, out);
        return;
    }
    if !n.is_finite() {
        out.push_str(if n.is_nan() {
            "NaN"
        } else if n > 0.0 {
            "Infinity"
        } else {
            "-Infinity"
        });
        return;
    }
    if n.abs() >= 1e15 {
        let _ = write!(out, "{n:.0}");
        return;
    }
    let start = out.len();
    let _ = write!(out, "{n:.12}");
    while out.ends_with('0') {
        out.pop();
    }
    if out.ends_with('.') {
        out.pop();
    }
    if &out[start..] == "-0" {
        out.truncate(start);
        out.push('0');
    }
}

/// Parse a numeric string as CFML does: optional sign, digits with an optional fraction and
/// exponent, surrounding blanks ignored. No `inf`, `NaN`, hex or thousands separators.
pub fn parse(s: &str) -> Option<f64> {
    let t = s.trim();
    let b = t.as_bytes();
    if b.is_empty() {
        return None;
    }
    let mut i = 0;
    if b[0] == b'+' || b[0] == b'-' {
        i = 1;
    }
    let mut digits = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
        digits += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return None;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        let exp_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == exp_start {
            return None;
        }
    }
    if i != b.len() {
        return None;
    }
    let t = t.strip_prefix('+').unwrap_or(t);
    t.parse::<f64>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_like_lucee() {
        assert_eq!(format(3.0), "3");
        assert_eq!(format(-0.0), "0");
        assert_eq!(format(0.5), "0.5");
        assert_eq!(format(std::f64::consts::PI), "3.14159265359");
        assert_eq!(format(1.0 / 3.0), "0.333333333333");
        assert_eq!(format(9007199254740992.0), "9007199254740992");
        assert_eq!(format(1.1 + 2.2), "3.3");
    }

    #[test]
    fn writes_digits_padded() {
        let mut s = String::new();
        write_digits(7, 2, &mut s);
        write_digits(123, 2, &mut s);
        write_digits(0, 4, &mut s);
        write_digits(u64::MAX, 1, &mut s);
        assert_eq!(s, "07123000018446744073709551615");
        assert_eq!(format(-9007199254740991.0), "-9007199254740991");
        assert_eq!(format(1234567.0), "1234567");
    }

    #[test]
    fn parses_numeric_strings() {
        assert_eq!(parse(" 5 "), Some(5.0));
        assert_eq!(parse("-1.5e2"), Some(-150.0));
        assert_eq!(parse(".5"), Some(0.5));
        assert_eq!(parse("5."), Some(5.0));
        assert_eq!(parse("inf"), None);
        assert_eq!(parse(""), None);
        assert_eq!(parse("1,000"), None);
        assert_eq!(parse("0x10"), None);
    }
}

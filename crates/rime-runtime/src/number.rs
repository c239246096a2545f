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

pub fn write(n: f64, out: &mut String) {
    if n.fract() == 0.0 && n.abs() < 9.007_199_254_740_992e15 {
        let _ = write!(out, "{}", n as i64);
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

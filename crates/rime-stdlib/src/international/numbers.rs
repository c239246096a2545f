//! Numbers and currencies in a locale: `lsNumberFormat`, `lsCurrencyFormat`, `lsParseNumber`,
//! `lsParseCurrency`, `lsIsNumeric`, `lsIsCurrency`.
//!
//! Formatting follows Java's `DecimalFormat` with the locale's symbols, as Lucee does; parsing
//! follows `NumberFormat.parse`: a sign, digits with grouping separators, the decimal separator
//! and an exponent, reading as far as the text allows.

use super::locale_arg;
use super::locales::{lucee_name, LocaleData};
use crate::string::format::{format_number_arg, number_format_localized};
use crate::string::util::{arg_error, group_thousands, round_decimal, Rounding};
use rime_runtime::{number, Args, CfResult, CfmlError, Ctx, Value};

pub(crate) fn ls_number_format(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let n = format_number_arg(args.val(0)?, "lsNumberFormat")?;
    let loc = locale_arg(ctx, args, 2)?;
    let mask = match args.get(1) {
        None => None,
        Some(v) => Some(v.to_str()?.into_owned()),
    };
    number_format_localized(n, mask.as_deref(), loc.decimal, loc.group, loc.minus)
        .map(Value::from)
        .map_err(|e| arg_error("lsNumberFormat", 2, "mask", e))
}

/// The digits of `|n|` rounded half-even to `digits` fraction digits, grouped by threes, with
/// the locale's separators.
fn amount(n: f64, digits: usize, loc: &LocaleData) -> String {
    let d = round_decimal(n, digits, Rounding::HalfEven);
    let int = if d.int.is_empty() {
        "0".to_string()
    } else {
        d.int
    };
    let int = group_thousands(&int).replace(',', loc.group);
    if digits == 0 {
        int
    } else {
        format!("{int}{}{}", loc.decimal, d.frac)
    }
}

/// Java's currency format of a number in a locale, symbol included.
pub(crate) fn currency_text(n: f64, loc: &LocaleData) -> String {
    let c = &loc.currency;
    let body = amount(n, c.digits, loc);
    let (prefix, suffix) = if n < 0.0 {
        match c.negative {
            Some(p) => (p.0.to_string(), p.1),
            None => (format!("{}{}", loc.minus, c.positive.0), c.positive.1),
        }
    } else {
        (c.positive.0.to_string(), c.positive.1)
    };
    format!(
        "{}{body}{}",
        prefix.replace('¤', c.symbol),
        suffix.replace('¤', c.symbol)
    )
}

/// Lucee's clean-up of Java's currency text: no-break spaces become spaces, then trim.
fn clean(s: &str) -> String {
    s.replace('\u{a0}', " ").trim().to_string()
}

fn bad_type(kind: &str, fname: &str) -> Box<CfmlError> {
    CfmlError::expression(format!(
        "invalid type [{kind}] for function {fname}, valid types are: local, international or none"
    ))
}

/// `lsCurrencyFormat` / `lsEuroCurrencyFormat`: `local` (with the symbol), `international` (the
/// ISO code first) or `none`.
pub(crate) fn ls_currency_format(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let n = match args.val(0)? {
        Value::Str(s) if s.is_empty() => 0.0,
        v => v.to_num()?,
    };
    // Lucee nudges the value so that amounts stored a little below a half cent round up
    let n = n + 0.000_000_000_001;
    let kind = args.str_or(1, "local")?.trim().to_ascii_lowercase();
    let loc = locale_arg(ctx, args, 2)?;
    let local = currency_text(n, loc);
    let out = match kind.as_str() {
        "" | "local" => clean(&local),
        "none" => clean(&local.replace(loc.currency.symbol, "")),
        "international" => format!(
            "{} {}",
            loc.currency.code,
            clean(&local.replace(loc.currency.symbol, ""))
        ),
        other => return Err(bad_type(other, args.fname)),
    };
    Ok(Value::from(out))
}

/// Grouping separators accepted when reading: the locale's, any no-break space for a locale
/// that groups with one, an apostrophe for `’`.
fn is_group(c: char, loc: &LocaleData) -> bool {
    let g = loc.group;
    if g.chars().eq(std::iter::once(c)) {
        return true;
    }
    match c {
        '\u{a0}' | '\u{202f}' => g == "\u{a0}" || g == "\u{202f}",
        '\'' => g == "’",
        _ => false,
    }
}

/// Read a number at the start of `cs` as Java's `NumberFormat.parse` does for the locale: the
/// value and how many characters it used, or None when there is no number.
pub(crate) fn parse_prefix(cs: &[char], loc: &LocaleData) -> Option<(f64, usize)> {
    let dec: Vec<char> = loc.decimal.chars().collect();
    let mut i = 0;
    let mut text = String::new();
    if matches!(cs.first(), Some('-') | Some('\u{2212}')) {
        text.push('-');
        i = 1;
    }
    let mut digits = 0;
    // the integer part, grouping separators only between digits
    loop {
        match cs.get(i) {
            Some(c) if c.is_ascii_digit() => {
                text.push(*c);
                digits += 1;
                i += 1;
            }
            Some(c) if digits > 0 && is_group(*c, loc) => {
                if cs.get(i + 1).is_some_and(|n| n.is_ascii_digit()) {
                    i += 1;
                } else {
                    break;
                }
            }
            _ => break,
        }
    }
    if cs
        .get(i..i + dec.len())
        .is_some_and(|s| s == dec.as_slice())
    {
        i += dec.len();
        text.push('.');
        while let Some(c) = cs.get(i).filter(|c| c.is_ascii_digit()) {
            text.push(*c);
            digits += 1;
            i += 1;
        }
    }
    if digits == 0 {
        return None;
    }
    // an exponent counts only with digits after it
    if cs.get(i) == Some(&'E') {
        let mut j = i + 1;
        let mut exp = String::from("e");
        if matches!(cs.get(j), Some('-') | Some('\u{2212}')) {
            exp.push('-');
            j += 1;
        }
        let start = j;
        while let Some(c) = cs.get(j).filter(|c| c.is_ascii_digit()) {
            exp.push(*c);
            j += 1;
        }
        if j > start {
            text.push_str(&exp);
            i = j;
        }
    }
    text.parse::<f64>().ok().map(|v| (v, i))
}

/// Java's `Character.isWhitespace`: spaces and controls, but not the no-break spaces.
fn java_whitespace(c: char) -> bool {
    c.is_whitespace() && !matches!(c, '\u{a0}' | '\u{2007}' | '\u{202f}' | '\u{85}')
}

/// `lsParseNumber`: whitespace and `+` are dropped, the rest must be a number of the locale.
pub(crate) fn parse_number(s: &str, loc: &LocaleData) -> CfResult<f64> {
    let cs: Vec<char> = s
        .chars()
        .filter(|c| !java_whitespace(*c) && *c != '+')
        .collect();
    match parse_prefix(&cs, loc) {
        Some((v, used)) if used == cs.len() => Ok(v),
        _ => Err(CfmlError::expression(format!(
            "can't parse String [{}] against locale [{}] to a number",
            cs.iter().collect::<String>(),
            lucee_name(loc)
        ))),
    }
}

pub(crate) fn ls_parse_number(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let loc = locale_arg(ctx, args, 1)?;
    Ok(Value::from(parse_number(&s, loc)?))
}

pub(crate) fn ls_is_numeric(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let loc = locale_arg(ctx, args, 1)?;
    let ok = match args.val(0)?.to_str() {
        Ok(s) => parse_number(&s, loc).is_ok(),
        Err(_) => false,
    };
    Ok(Value::Bool(ok))
}

/// The amount in a currency text written exactly as the locale writes it (symbol, spacing).
fn parse_currency_pattern(s: &str, loc: &LocaleData) -> Option<f64> {
    let c = &loc.currency;
    let pos = (
        c.positive.0.replace('¤', c.symbol),
        c.positive.1.replace('¤', c.symbol),
    );
    let neg = match c.negative {
        Some((p, q)) => (p.replace('¤', c.symbol), q.replace('¤', c.symbol)),
        None => (format!("{}{}", loc.minus, pos.0), pos.1.clone()),
    };
    for ((prefix, suffix), sign) in [(neg, -1.0), (pos, 1.0)] {
        let Some(rest) = s.strip_prefix(prefix.as_str()) else {
            continue;
        };
        let cs: Vec<char> = rest.chars().collect();
        // the sign is in the prefix: the number itself must not have one
        if matches!(cs.first(), Some('-') | Some('\u{2212}')) {
            continue;
        }
        if let Some((v, used)) = parse_prefix(&cs, loc) {
            let after: String = cs.get(used..).unwrap_or(&[]).iter().collect();
            if after.starts_with(suffix.as_str()) {
                return Some(sign * v);
            }
        }
    }
    None
}

/// `lsParseCurrency`: the currency text of the locale, else the number left when the symbol and
/// the ISO code are taken out (all of it when `strict`, else as far as it reads).
pub(crate) fn parse_currency(s: &str, loc: &LocaleData, strict: bool) -> CfResult<f64> {
    let s = s.trim();
    if let Some(v) = parse_currency_pattern(s, loc) {
        return Ok(v);
    }
    let stripped = s
        .replace(loc.currency.symbol, "")
        .replace(loc.currency.code, "");
    let cs: Vec<char> = stripped.trim().chars().collect();
    match parse_prefix(&cs, loc) {
        Some((v, used)) if !strict || used == cs.len() => Ok(v),
        _ => Err(CfmlError::expression(format!(
            "Unparseable value [{s}] for currency {}",
            loc.id
        ))),
    }
}

pub(crate) fn ls_parse_currency(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let loc = locale_arg(ctx, args, 1)?;
    let v = parse_currency(&s, loc, false)?;
    // Lucee returns the number as a string
    Ok(Value::from(number::format(v)))
}

/// `lsIsCurrency`: like Lucee, the whole text must be an amount when the locale is the request's,
/// a leading amount is enough when a locale is passed.
pub(crate) fn ls_is_currency(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let strict = args.get(1).is_none();
    let loc = locale_arg(ctx, args, 1)?;
    let ok = match args.val(0)?.to_str() {
        Ok(s) => parse_currency(&s, loc, strict).is_ok(),
        Err(_) => false,
    };
    Ok(Value::Bool(ok))
}

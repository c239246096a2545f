//! Number and text formatting: `numberFormat` masks (a port of Lucee's mask rules on top of
//! Java `DecimalFormat` semantics), `decimalFormat`, `dollarFormat`, base conversion, `val`,
//! HTML/JavaScript escaping, `paragraphFormat` and URL encoding.

use super::entities;
use super::util::{
    arg_error, group_thousands, java_trim, round_decimal, to_int, too_large, Rounding, MAX_RESULT,
};
use rime_runtime::{number, Args, CfResult, CfmlError, Ctx, Value};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Just {
    Left,
    Center,
    Right,
}

/// A parsed `numberFormat` mask.
#[derive(Debug)]
struct Mask {
    just: Just,
    brackets: bool,
    plus: bool,
    minus: bool,
    dollar: bool,
    comma: bool,
    symbols_first: bool,
    /// The `DecimalFormat` pattern built from the mask: only `#`, `0` and `.`.
    pattern: String,
}

fn convert_mask(mask: &str) -> Result<Mask, String> {
    if mask.is_empty() {
        return Err("mask can't be a empty value".into());
    }
    let mut m = Mask {
        just: Just::Right,
        brackets: false,
        plus: false,
        minus: false,
        dollar: false,
        comma: false,
        symbols_first: mask.replace(',', "").starts_with('_'),
        pattern: String::new(),
    };
    let mut buf: Vec<char> = mask.chars().collect();
    if mask.starts_with(",.") {
        buf.splice(0..1, [',', '0']);
    }
    let mut found_decimal = false;
    let mut found_zero = false;
    let mut add_zero = false;
    let mut i = 0;
    while i < buf.len() {
        let mut remove = false;
        match buf[i] {
            '_' | '9' => {
                buf[i] = if found_decimal || found_zero { '0' } else { '#' };
            }
            '.' => {
                if i > 0 && buf[i - 1] == '#' {
                    buf[i - 1] = '0';
                }
                if found_decimal {
                    remove = true;
                } else {
                    found_decimal = true;
                }
                if i == 0 {
                    add_zero = true;
                }
            }
            '(' | ')' => {
                m.brackets = true;
                remove = true;
            }
            '+' => {
                m.plus = true;
                remove = true;
            }
            '-' => {
                m.minus = true;
                remove = true;
            }
            ',' => {
                m.comma = true;
                remove = true;
            }
            'L' => {
                m.just = Just::Left;
                remove = true;
            }
            'C' => {
                m.just = Just::Center;
                remove = true;
            }
            '$' => {
                m.dollar = true;
                remove = true;
            }
            '^' => remove = true,
            '0' => {
                if !found_decimal {
                    for c in buf.iter_mut().take(i) {
                        if *c == '#' {
                            *c = '0';
                        }
                    }
                }
                found_zero = true;
            }
            c => {
                return Err(format!(
                    "invalid charcter [{c}], valid characters are ['_', '9', '.', '0', '(', ')', '+', '-', ',', 'L', 'C', '$', '^']"
                ))
            }
        }
        if remove {
            buf.remove(i);
        } else {
            i += 1;
        }
    }
    if add_zero {
        buf.insert(0, '0');
    }
    m.pattern = buf.into_iter().collect();
    Ok(m)
}

/// Format `|x|` like `java.text.DecimalFormat` with the given digit limits.
fn decimal_format(
    x: f64,
    min_int: usize,
    min_frac: usize,
    max_frac: usize,
    always_point: bool,
    grouping: bool,
    mode: Rounding,
) -> String {
    let d = round_decimal(x, max_frac, mode);
    let mut frac = d.frac;
    while frac.len() > min_frac && frac.ends_with('0') {
        frac.pop();
    }
    let mut int = d.int;
    if int.len() < min_int {
        int = format!("{}{}", "0".repeat(min_int - int.len()), int);
    }
    if int.is_empty() && frac.is_empty() {
        int.push('0');
    }
    if grouping {
        int = group_thousands(&int);
    }
    if !frac.is_empty() || always_point {
        format!("{int}.{frac}")
    } else {
        int
    }
}

fn add_symbol(s: &mut String, c: char) {
    let at = s.find(|ch: char| !ch.is_whitespace()).unwrap_or(s.len());
    s.insert(at, c);
}

fn apply_symbols(s: &mut String, n: f64, m: &Mask) {
    if m.brackets && n < 0.0 {
        add_symbol(s, '(');
        s.push(')');
    }
    if m.plus {
        add_symbol(s, if n < 0.0 { '-' } else { '+' });
    }
    if n < 0.0 && !m.brackets && !m.plus {
        add_symbol(s, '-');
    } else if m.minus {
        add_symbol(s, ' ');
    }
    if m.dollar {
        add_symbol(s, '$');
    }
}

fn justify(s: &mut String, just: Just, padding: usize) {
    match just {
        Just::Center => {
            // Lucee pads (padding / 2 + 1) on both sides
            let p = padding / 2 + 1;
            s.insert_str(0, &" ".repeat(p));
            s.push_str(&" ".repeat(p));
        }
        Just::Left => s.push_str(&" ".repeat(padding)),
        Just::Right => s.insert_str(0, &" ".repeat(padding)),
    }
}

fn format_mask(n: f64, m: &Mask) -> String {
    let mask_len = m.pattern.chars().count();
    let (int_part, frac_part) = match m.pattern.split_once('.') {
        Some((a, b)) => (a, Some(b)),
        None => (m.pattern.as_str(), None),
    };
    let body = if m.pattern.is_empty() {
        // an empty DecimalFormat pattern: no minimum digits, up to 11 fraction digits
        decimal_format(n, 0, 0, 11, false, m.comma, Rounding::HalfUp)
    } else {
        let min_int = int_part.chars().filter(|c| *c == '0').count();
        let frac = frac_part.map(|f| f.chars().count()).unwrap_or(0);
        decimal_format(
            n,
            min_int,
            frac,
            frac,
            frac_part.is_some() && frac == 0,
            m.comma,
            Rounding::HalfUp,
        )
    };
    let mut out = body;
    if m.symbols_first {
        let before = out.len();
        apply_symbols(&mut out, n, m);
        let offset = out.len() - before;
        if out.len() < mask_len + offset {
            let padding = mask_len + offset - out.len();
            justify(&mut out, m.just, padding);
        }
    } else {
        let before = out.len();
        let mut temp = out.clone();
        apply_symbols(&mut temp, n, m);
        let offset = temp.len() - before;
        if temp.len() < mask_len + offset {
            let padding = mask_len + offset - temp.len();
            justify(&mut out, m.just, padding);
        }
        apply_symbols(&mut out, n, m);
    }
    out
}

fn roman(n: i64) -> CfResult<String> {
    if n == 0 {
        return Err(arg_error(
            "numberFormat",
            1,
            "number",
            "a roman value can't be 0",
        ));
    }
    if n < 0 {
        return Err(arg_error(
            "numberFormat",
            1,
            "number",
            "a roman value can't be less than 0",
        ));
    }
    if n > 3999 {
        return Err(arg_error(
            "numberFormat",
            1,
            "number",
            "a roman value can't be greater than 3999",
        ));
    }
    const TABLE: [(i64, &str); 13] = [
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut v = n;
    let mut out = String::new();
    for (k, s) in TABLE {
        while v >= k {
            out.push_str(s);
            v -= k;
        }
    }
    Ok(out)
}

/// Java's `(int)` cast of a double: truncation, saturating, NaN to 0.
fn java_int(n: f64) -> i32 {
    if n.is_nan() {
        0
    } else {
        n.trunc().clamp(i32::MIN as f64, i32::MAX as f64) as i32
    }
}

/// The number argument of the formatting functions: "" is 0.
pub(crate) fn format_number_arg(v: &Value, fname: &str) -> CfResult<f64> {
    match v {
        Value::Str(s) if s.trim().is_empty() => Ok(0.0),
        other => other.to_num().map_err(|_| {
            let text = other.to_str().map(|c| c.into_owned()).unwrap_or_default();
            arg_error(
                fname,
                1,
                "number",
                format!("can't cast value [{text}] to a number"),
            )
        }),
    }
}

pub(crate) fn number_format(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let n = format_number_arg(args.val(0)?, "numberFormat")?;
    let mask = match args.get(1) {
        None => None,
        Some(v) => Some(v.to_str()?.into_owned()),
    };
    let out = match mask.as_deref() {
        None | Some(",") => {
            let body = decimal_format(n, 1, 0, 0, false, true, Rounding::HalfEven);
            // like Java, a negative number keeps its sign even when it rounds to zero
            if n < 0.0 {
                format!("-{body}")
            } else {
                body
            }
        }
        Some(m) if m.eq_ignore_ascii_case("roman") => roman(java_int(n) as i64)?,
        Some(m) if m.eq_ignore_ascii_case("hex") => format!("{:x}", java_int(n)),
        Some(m) => {
            let mask = convert_mask(m).map_err(|e| arg_error("numberFormat", 2, "mask", e))?;
            format_mask(n, &mask)
        }
    };
    Ok(Value::from(out))
}

/// Swap `numberFormat`'s separators for a locale's: in its output `,` only groups digits and `.`
/// only marks the decimals.
fn localize(text: &str, decimal: &str, group: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    for c in text.chars() {
        match c {
            ',' => out.push_str(group),
            '.' => out.push_str(decimal),
            c => out.push(c),
        }
    }
    out
}

/// `lsNumberFormat`: `numberFormat`'s default (grouped, no decimals, the locale's minus sign) or
/// mask with a locale's decimal point and grouping separator. `roman` and `hex` are not masks here.
pub(crate) fn number_format_localized(
    n: f64,
    mask: Option<&str>,
    decimal: &str,
    group: &str,
    minus: &str,
) -> Result<String, String> {
    match mask {
        None | Some(",") => {
            let body = decimal_format(n, 1, 0, 0, false, true, Rounding::HalfEven);
            let body = localize(&body, decimal, group);
            Ok(if n < 0.0 {
                format!("{minus}{body}")
            } else {
                body
            })
        }
        Some(m) => {
            let mask = convert_mask(m)?;
            Ok(localize(&format_mask(n, &mask), decimal, group))
        }
    }
}

pub(crate) fn decimal_format_fn(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let n = format_number_arg(args.val(0)?, "decimalFormat")?;
    let body = decimal_format(n, 1, 2, 2, false, true, Rounding::HalfUp);
    Ok(Value::from(
        if n < 0.0 && body.bytes().any(|b| (b'1'..=b'9').contains(&b)) {
            format!("-{body}")
        } else {
            body
        },
    ))
}

pub(crate) fn dollar_format(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = args.val(0)?;
    let n = match v {
        Value::Str(s) if s.is_empty() => 0.0,
        other => other.to_num()?,
    };
    // Java's US currency format rounds half-even; negatives are shown in parentheses
    let body = decimal_format(n, 1, 2, 2, false, true, Rounding::HalfEven);
    let nonzero = body.bytes().any(|b| (b'1'..=b'9').contains(&b));
    Ok(Value::from(if n < 0.0 && nonzero {
        format!("(${body})")
    } else {
        format!("${body}")
    }))
}

fn radix_arg(args: &Args, i: usize, fname: &str) -> CfResult<u32> {
    let r = to_int(args.num(i)?);
    if !(2..=36).contains(&r) {
        return Err(arg_error(
            fname,
            i + 1,
            "radix",
            format!("radix must be between 2 and 36, now [{r}]"),
        ));
    }
    Ok(r as u32)
}

/// Signed integer in the given radix with lower-case digits (Java `Long.toString`).
fn to_radix(n: i64, radix: u32) -> String {
    if n == 0 {
        return "0".into();
    }
    let mut v = n.unsigned_abs();
    let mut digits = Vec::new();
    while v > 0 {
        let d = (v % radix as u64) as u32;
        digits.push(char::from_digit(d, radix).unwrap_or('0'));
        v /= radix as u64;
    }
    if n < 0 {
        digits.push('-');
    }
    digits.iter().rev().collect()
}

pub(crate) fn format_base_n(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let n = args.num(0)?;
    let radix = radix_arg(args, 1, "formatBaseN")?;
    Ok(Value::from(to_radix(to_int(n), radix)))
}

pub(crate) fn input_base_n(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let radix = radix_arg(args, 1, "inputBaseN")?;
    let t = s.trim();
    let t2 = t.strip_prefix('+').unwrap_or(t);
    match i64::from_str_radix(t2, radix) {
        Ok(v) if !t2.starts_with('-') || t.starts_with('-') => Ok(Value::from(v as f64)),
        _ => Err(arg_error(
            "inputBaseN",
            1,
            "string",
            format!("the value [{s}] can't be converted to a number with radix [{radix}]"),
        )),
    }
}

/// `val`: the number at the start of a string (sign, digits, one decimal point), else 0.
pub(crate) fn val_of(s: &str) -> f64 {
    let s = java_trim(s);
    let b = s.as_bytes();
    let mut pos = 0;
    if let Some(&c) = b.first() {
        if c == b'+' || c == b'-' {
            pos = 1;
            if b.len() == 1 {
                return 0.0;
            }
        }
    } else {
        return 0.0;
    }
    match b.get(pos) {
        Some(c) if c.is_ascii_digit() || *c == b'.' => {}
        _ => return 0.0,
    }
    let mut has_dot = false;
    let mut end = b.len();
    let mut i = pos;
    while i < b.len() {
        let c = b[i];
        if c == b'.' {
            if i + 1 >= b.len() || has_dot {
                end = i;
                break;
            }
            has_dot = true;
        } else if !c.is_ascii_digit() {
            end = i;
            break;
        }
        i += 1;
    }
    if end == 0 {
        return 0.0;
    }
    number::parse(s.get(..end).unwrap_or("")).unwrap_or(0.0)
}

pub(crate) fn val(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(val_of(&args.str(0)?)))
}

pub(crate) fn parse_number(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let radix = args.str_or(1, "dec")?.trim().to_ascii_lowercase();
    let t = s.trim();
    let base = match radix.as_str() {
        "dec" | "" => {
            return number::parse(t).map(Value::from).ok_or_else(|| {
                arg_error(
                    "parseNumber",
                    1,
                    "number",
                    format!("can't cast [{s}] to a number"),
                )
            });
        }
        "bin" => 2,
        "oct" => 8,
        "hex" => 16,
        other => {
            return Err(arg_error(
                "parseNumber",
                2,
                "radix",
                format!("invalid radix definition [{other}], valid values are [bin,oct,dec,hex]"),
            ))
        }
    };
    i64::from_str_radix(t, base)
        .map(|v| Value::from(v as f64))
        .map_err(|_| {
            arg_error(
                "parseNumber",
                1,
                "number",
                format!("can't convert [{s}] to a number with radix [{radix}]"),
            )
        })
}

/// The HTML version levels of `htmlEditFormat`.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum HtmlVersion {
    V20,
    V32,
    V40,
}

fn html_version(args: &Args) -> CfResult<HtmlVersion> {
    Ok(match args.get(1) {
        None => HtmlVersion::V20,
        Some(v) => {
            let n = v.to_num()?;
            if n <= 0.0 || n == 4.0 {
                HtmlVersion::V40
            } else if n == 3.2 {
                HtmlVersion::V32
            } else {
                HtmlVersion::V20
            }
        }
    })
}

fn escape_html(s: &str, v: HtmlVersion) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    for c in s.chars() {
        let name = entities::basic(c)
            .or_else(|| {
                if v >= HtmlVersion::V32 {
                    entities::latin1(c)
                } else {
                    None
                }
            })
            .or_else(|| {
                if v >= HtmlVersion::V40 {
                    entities::html4(c)
                } else {
                    None
                }
            });
        match name {
            Some(n) => {
                out.push('&');
                out.push_str(n);
                out.push(';');
            }
            None => out.push(c),
        }
    }
    out
}

pub(crate) fn html_edit_format(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = html_version(args)?;
    Ok(Value::from(escape_html(&args.str(0)?, v)))
}

pub(crate) fn html_code_format(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = html_version(args)?;
    Ok(Value::from(format!(
        "<pre>{}</pre>",
        escape_html(&args.str(0)?, v)
    )))
}

pub(crate) fn js_string_format(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let mut out = String::with_capacity(s.len() + 10);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\x0C' => out.push_str("\\f"),
            '\x08' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '"' => out.push_str("\\\""),
            '\'' => out.push_str("\\'"),
            c => out.push(c),
        }
    }
    Ok(Value::from(out))
}

pub(crate) fn paragraph_format(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len() + 8);
    let mut flag = false;
    for (i, c) in chars.iter().enumerate() {
        match c {
            '\r' => {
                if chars.get(i + 1) == Some(&'\r') {
                    flag = false;
                }
                out.push(' ');
            }
            '\n' => {
                if flag {
                    out.push_str(" <P>\r\n");
                    flag = false;
                } else {
                    out.push(' ');
                    flag = true;
                }
            }
            c => {
                out.push(*c);
                flag = false;
            }
        }
    }
    out.push_str(" <P>");
    Ok(Value::from(out))
}

/// windows-1252 code points of bytes 0x80..=0x9F (0 where undefined).
const CP1252: [u32; 32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC,
    0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
];

#[derive(Clone, Copy, PartialEq)]
enum Charset {
    Utf8,
    Latin1,
    Ascii,
    Cp1252,
    Utf16,
    Utf16Be,
    Utf16Le,
}

fn charset(name: &str) -> CfResult<Charset> {
    let n = name.trim().to_ascii_lowercase().replace('_', "-");
    Ok(match n.as_str() {
        "" | "utf-8" | "utf8" => Charset::Utf8,
        "iso-8859-1" | "iso8859-1" | "latin1" | "iso-latin-1" | "latin-1" => Charset::Latin1,
        "us-ascii" | "ascii" => Charset::Ascii,
        "windows-1252" | "cp1252" => Charset::Cp1252,
        "utf-16" | "utf16" => Charset::Utf16,
        "utf-16be" => Charset::Utf16Be,
        "utf-16le" => Charset::Utf16Le,
        _ => {
            return Err(CfmlError::expression(format!(
                "unsupported charset [{name}]"
            )))
        }
    })
}

/// Encode one char in a charset; unmappable chars become `?` as in Java.
fn encode_char(c: char, cs: Charset, out: &mut Vec<u8>) {
    let cp = c as u32;
    match cs {
        Charset::Utf8 => {
            let mut b = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
        }
        Charset::Latin1 => out.push(if cp <= 0xFF { cp as u8 } else { b'?' }),
        Charset::Ascii => out.push(if cp < 0x80 { cp as u8 } else { b'?' }),
        Charset::Cp1252 => {
            if cp < 0x80 || (0xA0..=0xFF).contains(&cp) {
                out.push(cp as u8);
            } else if let Some(i) = CP1252.iter().position(|x| *x == cp && cp != 0) {
                out.push(0x80 + i as u8);
            } else {
                out.push(b'?');
            }
        }
        Charset::Utf16 | Charset::Utf16Be | Charset::Utf16Le => {
            let mut b = [0u16; 2];
            for u in c.encode_utf16(&mut b) {
                let bytes = if cs == Charset::Utf16Le {
                    u.to_le_bytes()
                } else {
                    u.to_be_bytes()
                };
                out.extend_from_slice(&bytes);
            }
        }
    }
}

fn decode_bytes(b: &[u8], cs: Charset) -> String {
    match cs {
        Charset::Utf8 => String::from_utf8_lossy(b).into_owned(),
        Charset::Latin1 => b.iter().map(|x| *x as char).collect(),
        Charset::Ascii => b
            .iter()
            .map(|x| if *x < 0x80 { *x as char } else { '\u{FFFD}' })
            .collect(),
        Charset::Cp1252 => b
            .iter()
            .map(|x| match *x {
                0x80..=0x9F => CP1252
                    .get((*x - 0x80) as usize)
                    .and_then(|cp| char::from_u32(*cp).filter(|_| *cp != 0))
                    .unwrap_or('\u{FFFD}'),
                x => x as char,
            })
            .collect(),
        Charset::Utf16 | Charset::Utf16Be | Charset::Utf16Le => {
            let mut bytes = b;
            let mut le = cs == Charset::Utf16Le;
            if cs == Charset::Utf16 && bytes.len() >= 2 {
                if bytes[0] == 0xFF && bytes[1] == 0xFE {
                    le = true;
                    bytes = &bytes[2..];
                } else if bytes[0] == 0xFE && bytes[1] == 0xFF {
                    bytes = &bytes[2..];
                }
            }
            let units: Vec<u16> = bytes
                .chunks(2)
                .map(|p| {
                    let a = p.first().copied().unwrap_or(0);
                    let z = p.get(1).copied().unwrap_or(0);
                    if le {
                        u16::from_le_bytes([a, z])
                    } else {
                        u16::from_be_bytes([a, z])
                    }
                })
                .collect();
            String::from_utf16_lossy(&units)
        }
    }
}

fn push_pct(out: &mut String, b: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(HEX[(b >> 4) as usize] as char);
    out.push(HEX[(b & 15) as usize] as char);
}

/// Java `URLEncoder.encode`: alphanumerics and `.-*_` stay, space becomes `+`.
fn url_encode_java(s: &str, cs: Charset) -> CfResult<String> {
    let mut out = String::with_capacity(s.len() * 3 / 2);
    let mut buf = Vec::new();
    let mut in_run = false;
    for c in s.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '*' | '_') {
            out.push(c);
            in_run = false;
        } else if c == ' ' {
            out.push('+');
            in_run = false;
        } else {
            buf.clear();
            if cs == Charset::Utf16 && !in_run {
                // Java writes a byte-order mark at the start of each encoded run
                buf.extend_from_slice(&[0xFE, 0xFF]);
            }
            in_run = true;
            encode_char(
                c,
                if cs == Charset::Utf16 {
                    Charset::Utf16Be
                } else {
                    cs
                },
                &mut buf,
            );
            for b in &buf {
                push_pct(&mut out, *b);
            }
        }
        if out.len() > MAX_RESULT {
            return Err(too_large("urlEncode"));
        }
    }
    Ok(out)
}

/// Whether a string contains characters that are not valid in a URL as they stand.
fn needs_encoding(s: &str) -> bool {
    let b = s.as_bytes();
    for (i, c) in b.iter().enumerate() {
        let ok = c.is_ascii_alphanumeric() || b"-._~!*'();:@&=+$,/?#[]".contains(c);
        if *c == b'%' {
            let valid = b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
            if !valid {
                return true;
            }
        } else if !ok {
            return true;
        }
    }
    false
}

pub(crate) fn url_encoded_format(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let cs = charset(&args.str_or(1, "utf-8")?)?;
    if !args.bool_or(2, true)? && !needs_encoding(&s) {
        return Ok(Value::from(s.into_owned()));
    }
    // Lucee encodes like URLEncoder and then also escapes "+", "*", "-", "." and "_"
    let enc = url_encode_java(&s, cs)?;
    let mut out = String::with_capacity(enc.len());
    for c in enc.chars() {
        match c {
            '+' => out.push_str("%20"),
            '*' => out.push_str("%2A"),
            '-' => out.push_str("%2D"),
            '.' => out.push_str("%2E"),
            '_' => out.push_str("%5F"),
            c => out.push(c),
        }
    }
    Ok(Value::from(out))
}

pub(crate) fn url_encode(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let cs = charset(&args.str_or(1, "utf-8")?)?;
    if !args.bool_or(2, true)? && !needs_encoding(&s) {
        return Ok(Value::from(s.into_owned()));
    }
    Ok(Value::from(url_encode_java(&s, cs)?))
}

/// A URL component as `urlEncode` writes it in UTF-8 (for the engine's `internalRequest`).
pub fn url_encode_utf8(s: &str) -> String {
    url_encode_java(s, Charset::Utf8).unwrap_or_else(|_| s.to_string())
}

/// A URL component decoded as `urlDecode` does in UTF-8.
pub fn url_decode_utf8(s: &str) -> String {
    url_decode_str(s, "utf-8").unwrap_or_else(|_| s.to_string())
}

/// Percent-decoding with `+` as space; malformed escapes stay as they are.
pub(crate) fn url_decode_str(s: &str, cs_name: &str) -> CfResult<String> {
    let cs = charset(cs_name)?;
    let b = s.as_bytes();
    let mut bytes = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => bytes.push(b' '),
            b'%' => {
                let hex = b
                    .get(i + 1..i + 3)
                    .filter(|h| h.iter().all(u8::is_ascii_hexdigit));
                let h = hex
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok());
                match h {
                    Some(v) => {
                        bytes.push(v);
                        i += 3;
                        continue;
                    }
                    _ => bytes.push(b'%'),
                }
            }
            c => bytes.push(c),
        }
        i += 1;
    }
    if cs == Charset::Utf8 {
        return Ok(String::from_utf8_lossy(&bytes).into_owned());
    }
    // the undecoded text is Unicode; only escaped bytes follow the charset
    Ok(decode_bytes(&bytes, cs))
}

pub(crate) fn url_decode(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let cs = args.str_or(1, "utf-8")?;
    Ok(Value::from(url_decode_str(&s, &cs)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nf(n: f64, mask: &str) -> String {
        let m = convert_mask(mask).unwrap_or_else(|e| panic!("{e}"));
        format_mask(n, &m)
    }

    #[test]
    fn number_masks() {
        assert_eq!(nf(123.0, "00000"), "00123");
        assert_eq!(nf(123.0, "99999"), "  123");
        assert_eq!(nf(123.0, "+"), "+123");
        assert_eq!(nf(-123.0, "+"), "-123");
        assert_eq!(nf(123.0, "__.00"), "123.00");
        assert_eq!(nf(11.1, "__.00"), "11.10");
        assert_eq!(nf(1.23, "__.00"), " 1.23");
        assert_eq!(nf(123456789.0, "_$,9.99"), "$123,456,789.00");
        assert_eq!(
            nf(std::f64::consts::PI, "0.000000000000000"),
            "3.141592653589793"
        );
        assert_eq!(nf(-5.0, "(9)"), "(5)");
        assert_eq!(nf(1234.5, ",.00"), "1,234.50");
        assert_eq!(nf(0.5, "+"), "+.5");
        assert!(convert_mask("x").is_err());
    }

    #[test]
    fn val_and_radix() {
        assert_eq!(val_of("120test12sstring"), 120.0);
        assert_eq!(val_of("string98"), 0.0);
        assert_eq!(val_of(" -1.5.3"), -1.5);
        assert_eq!(val_of("12."), 12.0);
        assert_eq!(val_of(".5x"), 0.5);
        assert_eq!(to_radix(1024, 16), "400");
        assert_eq!(to_radix(-10, 2), "-1010");
    }

    #[test]
    fn urls() {
        assert_eq!(
            url_encode_java("5+3=8 x", Charset::Utf8).ok().as_deref(),
            Some("5%2B3%3D8+x")
        );
        assert_eq!(
            url_encode_java("Apples → Äpfel", Charset::Ascii)
                .ok()
                .as_deref(),
            Some("Apples+%3F+%3Fpfel")
        );
        assert_eq!(
            url_decode_str("%21+a%zz", "utf-8").ok().as_deref(),
            Some("! a%zz")
        );
    }
}

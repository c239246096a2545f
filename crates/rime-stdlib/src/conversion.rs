//! Conversion functions: `toString`, `toNumeric`, `duplicate`, binary encodings (`toBase64`,
//! `binaryEncode`...), charsets, `hash`, and the boolean formatters (`yesNoFormat`...).

use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
use base64::Engine;
use md5::Md5;
use rime_runtime::{def, opt, req, Args, BuiltinDef, CfResult, CfmlError, Ctx, MemberType, Value};
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha384, Sha512};
use std::sync::Arc;

use crate::array::MAX_STRING;

pub static FUNCTIONS: &[BuiltinDef] = &[
    // Java's toString() on numbers, booleans and dates, which Lucee code calls as a member.
    def("toString", &[req("any_value"), opt("encoding")], to_string).members(&[
        (MemberType::Number, "toString"),
        (MemberType::Boolean, "toString"),
        (MemberType::Date, "toString"),
    ]),
    def("toNumeric", &[req("value"), opt("radix")], to_numeric),
    def("duplicate", &[req("object"), opt("deepCopy")], duplicate).members(&[
        (MemberType::Struct, "duplicate"),
        (MemberType::Array, "duplicate"),
        (MemberType::Query, "duplicate"),
        (MemberType::Date, "duplicate"),
    ]),
    def("toBinary", &[req("base64_or_object")], to_binary),
    def(
        "toBase64",
        &[req("string_or_object"), opt("encoding")],
        to_base64,
    )
    .members(&[
        (MemberType::String, "toBase64"),
        (MemberType::Binary, "toBase64"),
    ]),
    def(
        "binaryEncode",
        &[req("binaryData"), req("encoding")],
        binary_encode,
    ),
    def(
        "binaryDecode",
        &[req("string"), req("encoding")],
        binary_decode,
    ),
    def(
        "charsetEncode",
        &[req("binaryData"), req("encoding")],
        charset_encode,
    ),
    def(
        "charsetDecode",
        &[req("string"), req("encoding")],
        charset_decode,
    ),
    def(
        "hash",
        &[
            req("input"),
            opt("algorithm"),
            opt("encoding"),
            opt("numIterations"),
        ],
        hash,
    )
    .constant()
    .members(&[(MemberType::String, "hash")]),
    def(
        "hash40",
        &[
            req("input"),
            opt("algorithm"),
            opt("encoding"),
            opt("numIterations"),
        ],
        hash40,
    ),
    def("yesNoFormat", &[req("value")], yes_no_format)
        .members(&[(MemberType::Boolean, "yesNoFormat")]),
    def("trueFalseFormat", &[req("value")], true_false_format),
    def("booleanFormat", &[req("value")], true_false_format)
        .members(&[(MemberType::Boolean, "booleanFormat")]),
];

// ---------------------------------------------------------------------------------------------
// Charsets
// ---------------------------------------------------------------------------------------------

/// The charsets Rime can encode and decode.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Charset {
    Utf8,
    Latin1,
    Ascii,
    Windows1252,
    /// Java's "UTF-16": big-endian, with a byte-order mark when encoding.
    Utf16,
    Utf16Be,
    Utf16Le,
}

pub(crate) fn charset(name: &str) -> CfResult<Charset> {
    let n = name.trim().to_ascii_lowercase().replace('_', "-");
    Ok(match n.as_str() {
        "utf-8" | "utf8" => Charset::Utf8,
        "iso-8859-1" | "iso8859-1" | "latin1" | "latin-1" | "iso-latin-1" => Charset::Latin1,
        "us-ascii" | "ascii" => Charset::Ascii,
        "windows-1252" | "cp1252" => Charset::Windows1252,
        "utf-16" | "utf16" => Charset::Utf16,
        "utf-16be" => Charset::Utf16Be,
        "utf-16le" => Charset::Utf16Le,
        _ => {
            return Err(CfmlError::expression(format!(
                "Unsupported charset [{name}], supported charsets are [utf-8, iso-8859-1, us-ascii, windows-1252, utf-16, utf-16be, utf-16le]"
            )))
        }
    })
}

/// Windows-1252's characters for bytes 0x80-0x9F (0 where the byte is undefined).
const CP1252_HIGH: [u16; 32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC,
    0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
];

/// Encode text; unmappable characters become `?`, as Java's encoders do.
pub(crate) fn encode(s: &str, cs: Charset) -> Vec<u8> {
    match cs {
        Charset::Utf8 => s.as_bytes().to_vec(),
        Charset::Latin1 => s
            .chars()
            .map(|c| if (c as u32) < 256 { c as u8 } else { b'?' })
            .collect(),
        Charset::Ascii => s
            .chars()
            .map(|c| if c.is_ascii() { c as u8 } else { b'?' })
            .collect(),
        Charset::Windows1252 => s
            .chars()
            .map(|c| {
                let u = c as u32;
                if u < 0x80 || (0xA0..0x100).contains(&u) {
                    u as u8
                } else {
                    CP1252_HIGH
                        .iter()
                        .position(|&h| h != 0 && h as u32 == u)
                        .map_or(b'?', |p| 0x80 + p as u8)
                }
            })
            .collect(),
        Charset::Utf16 | Charset::Utf16Be => {
            let mut out = Vec::with_capacity(s.len() * 2 + 2);
            if cs == Charset::Utf16 {
                out.extend([0xFE, 0xFF]);
            }
            for u in s.encode_utf16() {
                out.extend(u.to_be_bytes());
            }
            out
        }
        Charset::Utf16Le => s.encode_utf16().flat_map(|u| u.to_le_bytes()).collect(),
    }
}

/// Decode bytes; malformed input becomes U+FFFD, as Java's decoders do.
pub(crate) fn decode(b: &[u8], cs: Charset) -> String {
    match cs {
        Charset::Utf8 => String::from_utf8_lossy(b).into_owned(),
        Charset::Latin1 => b.iter().map(|&x| x as char).collect(),
        Charset::Ascii => b
            .iter()
            .map(|&x| if x < 128 { x as char } else { '\u{FFFD}' })
            .collect(),
        Charset::Windows1252 => b
            .iter()
            .map(|&x| {
                if (0x80..0xA0).contains(&x) {
                    CP1252_HIGH
                        .get((x - 0x80) as usize)
                        .and_then(|&h| {
                            if h == 0 {
                                None
                            } else {
                                char::from_u32(h as u32)
                            }
                        })
                        .unwrap_or('\u{FFFD}')
                } else {
                    x as char
                }
            })
            .collect(),
        Charset::Utf16 | Charset::Utf16Be | Charset::Utf16Le => {
            let mut bytes = b;
            let mut le = cs == Charset::Utf16Le;
            if cs == Charset::Utf16 {
                if let Some(rest) = b.strip_prefix(&[0xFE, 0xFF]) {
                    bytes = rest;
                } else if let Some(rest) = b.strip_prefix(&[0xFF, 0xFE]) {
                    bytes = rest;
                    le = true;
                }
            }
            let units: Vec<u16> = bytes
                .chunks(2)
                .map(|c| match (c.first(), c.get(1)) {
                    (Some(&x), Some(&y)) => {
                        if le {
                            u16::from_le_bytes([x, y])
                        } else {
                            u16::from_be_bytes([x, y])
                        }
                    }
                    _ => 0xFFFD,
                })
                .collect();
            String::from_utf16_lossy(&units)
        }
    }
}

/// The bytes of a binary value, or of a string in the given charset.
fn bytes_of(v: &Value, cs: Charset) -> CfResult<Vec<u8>> {
    match v {
        Value::Binary(b) => Ok(b.as_ref().clone()),
        other => Ok(encode(&other.to_str()?, cs)),
    }
}

fn binary(v: Vec<u8>) -> Value {
    Value::Binary(Arc::new(v))
}

// ---------------------------------------------------------------------------------------------
// toString, toNumeric, duplicate
// ---------------------------------------------------------------------------------------------

fn to_string(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let Some(v) = args.raw(0) else {
        return Ok(Value::from(""));
    };
    match v {
        Value::Binary(b) => {
            let cs = charset(&args.str_or(1, "utf-8")?)?;
            Ok(Value::from(decode(b, cs)))
        }
        other => Ok(Value::Str(other.to_arcstr()?)),
    }
}

fn to_numeric(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = args.val(0)?;
    let radix = match args.get(1) {
        None => 10,
        Some(r) => {
            let t = r.to_str()?.trim().to_ascii_lowercase();
            match t.as_str() {
                "bin" => 2,
                "oct" => 8,
                "dec" => 10,
                "hex" => 16,
                other => match rime_runtime::number::parse(other) {
                    Some(n) if (2.0..=36.0).contains(&n) && n.fract() == 0.0 => n as u32,
                    _ => {
                        return Err(CfmlError::expression(format!(
                            "Invalid radix [{t}], valid values are 2-36, bin, oct, dec and hex"
                        )))
                    }
                },
            }
        }
    };
    if radix == 10 {
        return Ok(Value::Num(v.to_num()?));
    }
    let s = v.to_str()?;
    let t = s.trim();
    let (neg, digits) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let n = i64::from_str_radix(digits, radix).map_err(|_| {
        CfmlError::expression(format!(
            "Can't cast String [{t}] to a value of type [number] with radix [{radix}]"
        ))
    })?;
    Ok(Value::Num(if neg { -(n as f64) } else { n as f64 }))
}

fn duplicate(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let Some(v) = args.raw(0) else {
        return Ok(Value::Null);
    };
    Ok(if args.bool_or(1, true)? {
        v.deep_copy()?
    } else {
        v.shallow_copy()
    })
}

// ---------------------------------------------------------------------------------------------
// Binary encodings
// ---------------------------------------------------------------------------------------------

fn b64_decode(s: &str) -> Option<Vec<u8>> {
    let clean: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    STANDARD
        .decode(&clean)
        .or_else(|_| STANDARD_NO_PAD.decode(clean.trim_end_matches('=')))
        .ok()
}

fn to_binary(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    match args.val(0)? {
        v @ Value::Binary(_) => Ok(v.clone()),
        other => {
            let s = other.to_str()?;
            b64_decode(&s).map(binary).ok_or_else(|| {
                CfmlError::expression(format!(
                    "Can't cast String [{s}] to a value of type [binary]"
                ))
            })
        }
    }
}

fn to_base64(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let cs = charset(&args.str_or(1, "utf-8")?)?;
    let bytes = bytes_of(args.val(0)?, cs)?;
    if bytes.len() > MAX_STRING / 2 {
        return Err(CfmlError::expression("The value is too large to encode"));
    }
    Ok(Value::from(STANDARD.encode(bytes)))
}

fn hex_upper(b: &[u8]) -> String {
    const H: &[u8; 16] = b"0123456789ABCDEF";
    let mut s = String::with_capacity(b.len() * 2);
    for &x in b {
        s.push(H[(x >> 4) as usize] as char);
        s.push(H[(x & 15) as usize] as char);
    }
    s
}

fn hex_decode(s: &str) -> Option<Vec<u8>> {
    let t: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if !t.len().is_multiple_of(2) {
        return None;
    }
    t.chunks(2)
        .map(|p| {
            let hi = (*p.first()? as char).to_digit(16)?;
            let lo = (*p.get(1)? as char).to_digit(16)?;
            Some((hi * 16 + lo) as u8)
        })
        .collect()
}

/// UU encoding without the begin/end lines: 45-byte lines, each led by its length character.
fn uu_encode(b: &[u8]) -> String {
    let enc = |x: u8| -> char {
        if x == 0 {
            '`'
        } else {
            (x + 32) as char
        }
    };
    let mut lines = Vec::new();
    for line in b.chunks(45) {
        let mut s = String::new();
        s.push(enc(line.len() as u8));
        for g in line.chunks(3) {
            let (a, b2, c) = (
                *g.first().unwrap_or(&0),
                *g.get(1).unwrap_or(&0),
                *g.get(2).unwrap_or(&0),
            );
            s.push(enc(a >> 2));
            s.push(enc(((a & 3) << 4) | (b2 >> 4)));
            s.push(enc(((b2 & 15) << 2) | (c >> 6)));
            s.push(enc(c & 63));
        }
        lines.push(s);
    }
    lines.join("\n")
}

fn uu_decode(s: &str) -> Option<Vec<u8>> {
    let dec = |c: u8| -> Option<u8> {
        if c == b'`' {
            Some(0)
        } else if (32..=96).contains(&c) {
            Some((c - 32) & 63)
        } else {
            None
        }
    };
    let mut out = Vec::new();
    for line in s.lines() {
        let line = line.trim_end_matches('\r');
        if line.is_empty() || line.starts_with("begin ") || line == "end" {
            continue;
        }
        let bytes = line.as_bytes();
        let n = dec(*bytes.first()?)? as usize;
        let body = bytes.get(1..).unwrap_or(&[]);
        let mut decoded = Vec::with_capacity(n + 2);
        for g in body.chunks(4) {
            let v: Vec<u8> = g.iter().map(|&c| dec(c)).collect::<Option<Vec<u8>>>()?;
            let get = |i: usize| v.get(i).copied().unwrap_or(0);
            decoded.push((get(0) << 2) | (get(1) >> 4));
            decoded.push((get(1) << 4) | (get(2) >> 2));
            decoded.push((get(2) << 6) | get(3));
        }
        if decoded.len() < n {
            return None;
        }
        decoded.truncate(n);
        out.extend(decoded);
    }
    Some(out)
}

fn binary_arg(args: &Args, i: usize) -> CfResult<Vec<u8>> {
    match args.val(i)? {
        Value::Binary(b) => Ok(b.as_ref().clone()),
        other => {
            // Lucee accepts a Base64 string where binary is expected.
            let s = other.to_str()?;
            b64_decode(&s).ok_or_else(|| {
                CfmlError::expression(format!(
                    "Can't cast String [{s}] to a value of type [binary]"
                ))
            })
        }
    }
}

fn binary_encode(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let data = binary_arg(args, 0)?;
    if data.len() > MAX_STRING / 2 {
        return Err(CfmlError::expression("The value is too large to encode"));
    }
    let enc = args.str(1)?.trim().to_ascii_lowercase();
    Ok(Value::from(match enc.as_str() {
        "hex" => hex_upper(&data),
        "base64" => STANDARD.encode(&data),
        "base64url" => URL_SAFE_NO_PAD.encode(&data),
        "uu" => uu_encode(&data),
        other => {
            return Err(CfmlError::expression(format!(
                "Invalid encoding [{other}], valid encodings are [hex, uu, base64, base64url]"
            )))
        }
    }))
}

fn binary_decode(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let enc = args.str(1)?.trim().to_ascii_lowercase();
    let decoded = match enc.as_str() {
        "hex" => hex_decode(&s),
        "base64" => b64_decode(&s),
        "base64url" => {
            let clean: String = s.chars().filter(|c| !c.is_whitespace()).collect();
            URL_SAFE_NO_PAD
                .decode(clean.trim_end_matches('='))
                .or_else(|_| URL_SAFE.decode(&clean))
                .ok()
        }
        "uu" => uu_decode(&s),
        other => {
            return Err(CfmlError::expression(format!(
                "Invalid encoding [{other}], valid encodings are [hex, uu, base64, base64url]"
            )))
        }
    };
    decoded.map(binary).ok_or_else(|| {
        CfmlError::expression(format!(
            "Can't decode the string as [{enc}]: it is not valid {enc} data"
        ))
    })
}

fn charset_encode(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let data = binary_arg(args, 0)?;
    let cs = charset(&args.str(1)?)?;
    Ok(Value::from(decode(&data, cs)))
}

fn charset_decode(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let cs = charset(&args.str(1)?)?;
    Ok(binary(encode(&s, cs)))
}

// ---------------------------------------------------------------------------------------------
// hash
// ---------------------------------------------------------------------------------------------

fn digest(alg: &str, data: &[u8]) -> Vec<u8> {
    match alg {
        "sha1" => Sha1::digest(data).to_vec(),
        "sha256" => Sha256::digest(data).to_vec(),
        "sha384" => Sha384::digest(data).to_vec(),
        "sha512" => Sha512::digest(data).to_vec(),
        _ => Md5::digest(data).to_vec(),
    }
}

/// hash(): uppercase hex. With numIterations (Lucee: the total number of rounds), each further
/// round hashes the hex text of the previous one.
fn hash(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let alg_name = args.str_or(1, "MD5")?.trim().to_ascii_lowercase();
    let alg = match alg_name.as_str() {
        "md5" | "cfmx_compat" => "md5",
        "sha" | "sha1" | "sha-1" => "sha1",
        "sha-256" | "sha256" => "sha256",
        "sha-384" | "sha384" => "sha384",
        "sha-512" | "sha512" => "sha512",
        other => {
            return Err(CfmlError::expression(format!(
                "Invalid hash algorithm [{other}], supported algorithms are [MD5, SHA, SHA-256, SHA-384, SHA-512, CFMX_COMPAT]"
            )))
        }
    };
    let cs = charset(&args.str_or(2, "utf-8")?)?;
    let rounds = args.num_or(3, 1.0)?;
    if rounds > 10_000_000.0 {
        return Err(CfmlError::expression(format!(
            "Too many hash iterations [{}], the limit is 10000000",
            rime_runtime::number::format(rounds)
        )));
    }
    let data = bytes_of(args.val(0)?, cs)?;
    let mut h = hex_upper(&digest(alg, &data));
    let mut i = 1.0;
    while i < rounds {
        h = hex_upper(&digest(alg, h.as_bytes()));
        i += 1.0;
    }
    Ok(Value::from(h))
}

/// The digest of `data` fed to the hash `rounds` times over (Java's `MessageDigest.update`
/// called once per round, so the digest of the input repeated).
fn digest_repeated<D: Digest>(data: &[u8], rounds: u64) -> Vec<u8> {
    let mut d = D::new();
    for _ in 0..rounds {
        d.update(data);
    }
    d.finalize().to_vec()
}

/// `hash40(input [, algorithm, encoding, numIterations])`: `hash` as Lucee 4.0 computed it, kept
/// for old code. The default (MD5, one round) hashes the text's UTF-8 bytes whatever the
/// encoding; otherwise the input in `encoding` is fed to the digest `numIterations` times (not
/// the digest of the previous round's hex, as `hash` does). Uppercase hex.
fn hash40(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let alg_name = args.str_or(1, "md5")?.trim().to_ascii_lowercase();
    let rounds = args.num_or(3, 1.0)?.trunc();
    if rounds > 10_000_000.0 {
        return Err(CfmlError::expression(format!(
            "Too many hash iterations [{}], the limit is 10000000",
            rime_runtime::number::format(rounds)
        )));
    }
    let rounds = rounds.max(0.0) as u64;
    let alg_name = if alg_name.is_empty() {
        "md5".to_string()
    } else {
        alg_name
    };
    if rounds == 1 && matches!(alg_name.as_str(), "md5" | "cfmx_compat") {
        let data = bytes_of(args.val(0)?, charset("utf-8")?)?;
        return Ok(Value::from(hex_upper(&Md5::digest(&data))));
    }
    let cs = charset(&args.str_or(2, "utf-8")?)?;
    let data = bytes_of(args.val(0)?, cs)?;
    let out = match alg_name.as_str() {
        "md5" => digest_repeated::<Md5>(&data, rounds),
        "sha" | "sha1" | "sha-1" => digest_repeated::<Sha1>(&data, rounds),
        "sha-256" | "sha256" => digest_repeated::<Sha256>(&data, rounds),
        "sha-384" | "sha384" => digest_repeated::<Sha384>(&data, rounds),
        "sha-512" | "sha512" => digest_repeated::<Sha512>(&data, rounds),
        other => {
            return Err(CfmlError::expression(format!(
                "Invalid hash algorithm [{other}], supported algorithms are [MD5, SHA, SHA-256, SHA-384, SHA-512]"
            )))
        }
    };
    Ok(Value::from(hex_upper(&out)))
}

// ---------------------------------------------------------------------------------------------
// Boolean formatting
// ---------------------------------------------------------------------------------------------

fn bool_or_empty(v: &Value) -> CfResult<bool> {
    match v {
        Value::Str(s) if s.trim().is_empty() => Ok(false),
        Value::Null => Ok(false),
        other => other.to_bool(),
    }
}

fn yes_no_format(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let b = bool_or_empty(args.raw(0).unwrap_or(&Value::Null))?;
    Ok(Value::from(if b { "Yes" } else { "No" }))
}

fn true_false_format(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let b = bool_or_empty(args.raw(0).unwrap_or(&Value::Null))?;
    Ok(Value::from(if b { "true" } else { "false" }))
}

#[cfg(test)]
mod tests {
    use crate::array::test_support::*;
    use rime_runtime::Value;

    #[test]
    fn hashes() {
        assert_eq!(
            s("hash", vec![st("something")]),
            "437B930DB84B8079C2DD804A71936B5F"
        );
        assert_eq!(
            s("hash", vec![st("something"), st("SHA-256"), st("UTF-8")]),
            "3FC9B689459D738F8C88A3A48AA9E33542016B7A4052E001AAA536FCA74813CB"
        );
        assert_eq!(
            s("hash", vec![st(""), st("sha")]),
            "DA39A3EE5E6B4B0D3255BFEF95601890AFD80709"
        );
        assert_eq!(s("hash", vec![st("x"), st("bogus")]), "ERR");
        assert_eq!(
            s("hash", vec![st("x"), st("md5"), st("utf-8"), n(1e12)]),
            "ERR"
        );
    }

    #[test]
    fn encodings() {
        assert_eq!(s("toBase64", vec![st("Test String")]), "VGVzdCBTdHJpbmc=");
        let bin = call("toBinary", vec![st("VGVzdCBTdHJpbmc=")]).unwrap_or_default();
        assert!(matches!(bin, Value::Binary(_)));
        assert_eq!(s("toString", vec![bin.clone()]), "Test String");
        assert_eq!(
            s("binaryEncode", vec![bin, st("hex")]),
            "5465737420537472696E67"
        );
        let u = call("binaryDecode", vec![st("&<W1R:6YG"), st("UU")]).unwrap_or_default();
        assert_eq!(s("charsetEncode", vec![u.clone(), st("utf-8")]), "string");
        assert_eq!(s("binaryEncode", vec![u, st("uu")]), "&<W1R:6YG");
        let h = call("binaryDecode", vec![st("737472696E67"), st("hex")]).unwrap_or_default();
        assert_eq!(s("binaryEncode", vec![h, st("base64")]), "c3RyaW5n");
        let l = call("charsetDecode", vec![st("é€"), st("windows-1252")]).unwrap_or_default();
        assert_eq!(s("binaryEncode", vec![l.clone(), st("hex")]), "E980");
        assert_eq!(s("charsetEncode", vec![l, st("windows-1252")]), "é€");
        assert_eq!(s("binaryDecode", vec![st("zz"), st("hex")]), "ERR");
        assert_eq!(s("charsetDecode", vec![st("x"), st("klingon")]), "ERR");
    }

    #[test]
    fn numbers_and_booleans() {
        assert_eq!(s("toNumeric", vec![st("FF0011"), st("hex")]), "16711697");
        assert_eq!(s("toNumeric", vec![st("1010"), st("bin")]), "10");
        assert_eq!(s("toNumeric", vec![st("29.5")]), "29.5");
        assert_eq!(s("toNumeric", vec![st("z"), n(36.0)]), "35");
        assert_eq!(s("toNumeric", vec![st("12"), n(1.0)]), "ERR");
        assert_eq!(s("yesNoFormat", vec![st("")]), "No");
        assert_eq!(s("yesNoFormat", vec![n(5.0)]), "Yes");
        assert_eq!(s("yesNoFormat", vec![st("maybe")]), "ERR");
        assert_eq!(s("trueFalseFormat", vec![st("NO")]), "false");
        assert_eq!(s("booleanFormat", vec![n(-1.0)]), "true");
    }
}

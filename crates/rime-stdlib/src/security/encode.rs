//! The OWASP ESAPI encoders Lucee ships in its ESAPI extension that the string area does not
//! cover: `encodeForCSS`, `encodeForXML`, `encodeForXMLAttribute`, `encodeForXPath`,
//! `encodeForLDAP`, `encodeForDN`, plus `canonicalize` (ESAPI's iterative HTML-entity, percent
//! and JavaScript decoding with multiple/mixed encoding detection) and the core `xmlFormat`.
//!
//! Immune character sets, output forms and the canonicalization loop follow ESAPI 2.2, which
//! Lucee 6's extension bundles (Adobe's documented outputs differ in places, e.g. spaces in
//! XML attributes).

use rime_runtime::{Args, CfResult, CfmlError, Ctx, Value};

/// HTML entity names (HTML 4.0 plus `apos`) and their code points, sorted by name.
const ENTITIES: [(&str, u32); 253] = [
    ("AElig", 198),
    ("Aacute", 193),
    ("Acirc", 194),
    ("Agrave", 192),
    ("Alpha", 913),
    ("Aring", 197),
    ("Atilde", 195),
    ("Auml", 196),
    ("Beta", 914),
    ("Ccedil", 199),
    ("Chi", 935),
    ("Dagger", 8225),
    ("Delta", 916),
    ("ETH", 208),
    ("Eacute", 201),
    ("Ecirc", 202),
    ("Egrave", 200),
    ("Epsilon", 917),
    ("Eta", 919),
    ("Euml", 203),
    ("Gamma", 915),
    ("Iacute", 205),
    ("Icirc", 206),
    ("Igrave", 204),
    ("Iota", 921),
    ("Iuml", 207),
    ("Kappa", 922),
    ("Lambda", 923),
    ("Mu", 924),
    ("Ntilde", 209),
    ("Nu", 925),
    ("OElig", 338),
    ("Oacute", 211),
    ("Ocirc", 212),
    ("Ograve", 210),
    ("Omega", 937),
    ("Omicron", 927),
    ("Oslash", 216),
    ("Otilde", 213),
    ("Ouml", 214),
    ("Phi", 934),
    ("Pi", 928),
    ("Prime", 8243),
    ("Psi", 936),
    ("Rho", 929),
    ("Scaron", 352),
    ("Sigma", 931),
    ("THORN", 222),
    ("Tau", 932),
    ("Theta", 920),
    ("Uacute", 218),
    ("Ucirc", 219),
    ("Ugrave", 217),
    ("Upsilon", 933),
    ("Uuml", 220),
    ("Xi", 926),
    ("Yacute", 221),
    ("Yuml", 376),
    ("Zeta", 918),
    ("aacute", 225),
    ("acirc", 226),
    ("acute", 180),
    ("aelig", 230),
    ("agrave", 224),
    ("alefsym", 8501),
    ("alpha", 945),
    ("amp", 38),
    ("and", 8743),
    ("ang", 8736),
    ("apos", 39),
    ("aring", 229),
    ("asymp", 8776),
    ("atilde", 227),
    ("auml", 228),
    ("bdquo", 8222),
    ("beta", 946),
    ("brvbar", 166),
    ("bull", 8226),
    ("cap", 8745),
    ("ccedil", 231),
    ("cedil", 184),
    ("cent", 162),
    ("chi", 967),
    ("circ", 710),
    ("clubs", 9827),
    ("cong", 8773),
    ("copy", 169),
    ("crarr", 8629),
    ("cup", 8746),
    ("curren", 164),
    ("dArr", 8659),
    ("dagger", 8224),
    ("darr", 8595),
    ("deg", 176),
    ("delta", 948),
    ("diams", 9830),
    ("divide", 247),
    ("eacute", 233),
    ("ecirc", 234),
    ("egrave", 232),
    ("empty", 8709),
    ("emsp", 8195),
    ("ensp", 8194),
    ("epsilon", 949),
    ("equiv", 8801),
    ("eta", 951),
    ("eth", 240),
    ("euml", 235),
    ("euro", 8364),
    ("exist", 8707),
    ("fnof", 402),
    ("forall", 8704),
    ("frac12", 189),
    ("frac14", 188),
    ("frac34", 190),
    ("frasl", 8260),
    ("gamma", 947),
    ("ge", 8805),
    ("gt", 62),
    ("hArr", 8660),
    ("harr", 8596),
    ("hearts", 9829),
    ("hellip", 8230),
    ("iacute", 237),
    ("icirc", 238),
    ("iexcl", 161),
    ("igrave", 236),
    ("image", 8465),
    ("infin", 8734),
    ("int", 8747),
    ("iota", 953),
    ("iquest", 191),
    ("isin", 8712),
    ("iuml", 239),
    ("kappa", 954),
    ("lArr", 8656),
    ("lambda", 955),
    ("lang", 9001),
    ("laquo", 171),
    ("larr", 8592),
    ("lceil", 8968),
    ("ldquo", 8220),
    ("le", 8804),
    ("lfloor", 8970),
    ("lowast", 8727),
    ("loz", 9674),
    ("lrm", 8206),
    ("lsaquo", 8249),
    ("lsquo", 8216),
    ("lt", 60),
    ("macr", 175),
    ("mdash", 8212),
    ("micro", 181),
    ("middot", 183),
    ("minus", 8722),
    ("mu", 956),
    ("nabla", 8711),
    ("nbsp", 160),
    ("ndash", 8211),
    ("ne", 8800),
    ("ni", 8715),
    ("not", 172),
    ("notin", 8713),
    ("nsub", 8836),
    ("ntilde", 241),
    ("nu", 957),
    ("oacute", 243),
    ("ocirc", 244),
    ("oelig", 339),
    ("ograve", 242),
    ("oline", 8254),
    ("omega", 969),
    ("omicron", 959),
    ("oplus", 8853),
    ("or", 8744),
    ("ordf", 170),
    ("ordm", 186),
    ("oslash", 248),
    ("otilde", 245),
    ("otimes", 8855),
    ("ouml", 246),
    ("para", 182),
    ("part", 8706),
    ("permil", 8240),
    ("perp", 8869),
    ("phi", 966),
    ("pi", 960),
    ("piv", 982),
    ("plusmn", 177),
    ("pound", 163),
    ("prime", 8242),
    ("prod", 8719),
    ("prop", 8733),
    ("psi", 968),
    ("quot", 34),
    ("rArr", 8658),
    ("radic", 8730),
    ("rang", 9002),
    ("raquo", 187),
    ("rarr", 8594),
    ("rceil", 8969),
    ("rdquo", 8221),
    ("real", 8476),
    ("reg", 174),
    ("rfloor", 8971),
    ("rho", 961),
    ("rlm", 8207),
    ("rsaquo", 8250),
    ("rsquo", 8217),
    ("sbquo", 8218),
    ("scaron", 353),
    ("sdot", 8901),
    ("sect", 167),
    ("shy", 173),
    ("sigma", 963),
    ("sigmaf", 962),
    ("sim", 8764),
    ("spades", 9824),
    ("sub", 8834),
    ("sube", 8838),
    ("sum", 8721),
    ("sup", 8835),
    ("sup1", 185),
    ("sup2", 178),
    ("sup3", 179),
    ("supe", 8839),
    ("szlig", 223),
    ("tau", 964),
    ("there4", 8756),
    ("theta", 952),
    ("thetasym", 977),
    ("thinsp", 8201),
    ("thorn", 254),
    ("tilde", 732),
    ("times", 215),
    ("trade", 8482),
    ("uArr", 8657),
    ("uacute", 250),
    ("uarr", 8593),
    ("ucirc", 251),
    ("ugrave", 249),
    ("uml", 168),
    ("upsih", 978),
    ("upsilon", 965),
    ("uuml", 252),
    ("weierp", 8472),
    ("xi", 958),
    ("yacute", 253),
    ("yen", 165),
    ("yuml", 255),
    ("zeta", 950),
    ("zwj", 8205),
    ("zwnj", 8204),
];

/// The entity an encoder uses for a character (HTML 4.0 names only: not `apos`).
fn entity_name(cp: u32) -> Option<&'static str> {
    ENTITIES
        .iter()
        .find(|(n, c)| *c == cp && *n != "apos")
        .map(|(n, _)| *n)
}

/// The longest entity name that `s` starts with (case-sensitive, as ESAPI's trie).
fn entity_prefix(s: &str) -> Option<(&'static str, u32)> {
    ENTITIES
        .iter()
        .filter(|(n, _)| s.starts_with(n))
        .max_by_key(|(n, _)| n.len())
        .copied()
}

/// ESAPI treats only ASCII letters and digits as "alphanumeric".
fn alnum(c: char) -> bool {
    c.is_ascii_alphanumeric()
}

fn encode_with(s: &str, f: impl Fn(char, &mut String)) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 2);
    for c in s.chars() {
        f(c, &mut out);
    }
    out
}

/// CSSCodec: a backslash, the lowercase hex code point, and a terminating space.
fn css(s: &str) -> String {
    encode_with(s, |c, out| {
        if alnum(c) || c == '#' {
            out.push(c);
        } else {
            out.push_str(&format!("\\{:x} ", c as u32));
        }
    })
}

/// XMLEntityCodec: hexadecimal character references for everything not immune.
fn xml(s: &str, immune: &[char]) -> String {
    encode_with(s, |c, out| {
        if alnum(c) || immune.contains(&c) {
            out.push(c);
        } else {
            out.push_str(&format!("&#x{:x};", c as u32));
        }
    })
}

/// HTMLEntityCodec (used for XPath): named entities where HTML has one, hex references otherwise,
/// and the replacement character for control characters HTML forbids.
fn html(s: &str, immune: &[char]) -> String {
    encode_with(s, |c, out| {
        let cp = c as u32;
        if alnum(c) || immune.contains(&c) {
            out.push(c);
        } else if (cp <= 0x1f && !matches!(c, '\t' | '\n' | '\r')) || (0x7f..=0x9f).contains(&cp) {
            out.push_str("&#xfffd;");
        } else if let Some(name) = entity_name(cp) {
            out.push('&');
            out.push_str(name);
            out.push(';');
        } else {
            out.push_str(&format!("&#x{cp:x};"));
        }
    })
}

/// LDAP search filter escaping (RFC 4515), wildcards included.
fn ldap(s: &str) -> String {
    encode_with(s, |c, out| match c {
        '\\' => out.push_str("\\5c"),
        '*' => out.push_str("\\2a"),
        '(' => out.push_str("\\28"),
        ')' => out.push_str("\\29"),
        '\0' => out.push_str("\\00"),
        _ => out.push(c),
    })
}

/// LDAP distinguished name escaping (RFC 2253).
fn dn(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 4);
    if s.starts_with([' ', '#']) {
        out.push('\\');
    }
    for c in s.chars() {
        match c {
            '\\' | ',' | '+' | '"' | '<' | '>' | ';' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    if s.len() > 1 && s.ends_with(' ') {
        out.pop();
        out.push_str("\\ ");
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Canonicalization
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Codec {
    Html,
    Percent,
    JavaScript,
}

/// HTMLEntityCodec.decode: `&name;`, `&#nnn;`, `&#xhh;`, the semicolon optional.
fn decode_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(rest.get(..i).unwrap_or(""));
        let after = rest.get(i + 1..).unwrap_or("");
        match decode_entity(after) {
            Some((c, used)) => {
                out.push(c);
                rest = after.get(used..).unwrap_or("");
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The character an entity body (after `&`) stands for, and the bytes it used.
fn decode_entity(s: &str) -> Option<(char, usize)> {
    let semi = |used: usize| {
        if s.as_bytes().get(used) == Some(&b';') {
            used + 1
        } else {
            used
        }
    };
    if let Some(num) = s.strip_prefix('#') {
        let (radix, digits_at) = match num.as_bytes().first() {
            Some(b'x') | Some(b'X') => (16, 2),
            _ => (10, 1),
        };
        let body = s.get(digits_at..)?;
        let len = body
            .bytes()
            .take_while(|b| (*b as char).is_digit(radix))
            .count();
        if len == 0 || len > 8 {
            return None;
        }
        let cp = u32::from_str_radix(body.get(..len)?, radix).ok()?;
        let c = char::from_u32(cp)?;
        return Some((c, semi(digits_at + len)));
    }
    if !s.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    let (name, cp) = entity_prefix(s)?;
    Some((char::from_u32(cp)?, semi(name.len())))
}

/// PercentCodec.decode: `%hh` becomes the character with that code (ESAPI does not decode
/// UTF-8 sequences here; a `+` stays a plus).
fn decode_percent(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        if c == '%' {
            let mut look = it.clone();
            if let (Some(h), Some(l)) = (
                look.next().and_then(|x| x.to_digit(16)),
                look.next().and_then(|x| x.to_digit(16)),
            ) {
                if let Some(d) = char::from_u32(h * 16 + l) {
                    out.push(d);
                    it = look;
                    continue;
                }
            }
        }
        out.push(c);
    }
    out
}

/// JavaScriptCodec.decode: backslash escapes (`\n`, `\xhh`, `\uhhhh`, octal); a backslash
/// before any other character is dropped.
fn decode_js(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    let hex_at = |from: usize, n: usize| -> Option<u32> {
        let mut v = 0u32;
        for k in 0..n {
            v = v * 16 + chars.get(from + k)?.to_digit(16)?;
        }
        Some(v)
    };
    while let Some(&c) = chars.get(i) {
        if c != '\\' {
            out.push(c);
            i += 1;
            continue;
        }
        let Some(&second) = chars.get(i + 1) else {
            out.push(c);
            i += 1;
            continue;
        };
        let simple = match second {
            'b' => Some('\u{8}'),
            't' => Some('\t'),
            'n' => Some('\n'),
            'v' => Some('\u{b}'),
            'f' => Some('\u{c}'),
            'r' => Some('\r'),
            '"' => Some('"'),
            '\'' => Some('\''),
            '\\' => Some('\\'),
            _ => None,
        };
        if let Some(d) = simple {
            out.push(d);
            i += 2;
        } else if second == 'x' || second == 'X' || second == 'u' || second == 'U' {
            let n = if second.eq_ignore_ascii_case(&'x') {
                2
            } else {
                4
            };
            match hex_at(i + 2, n).and_then(char::from_u32) {
                Some(d) => {
                    out.push(d);
                    i += 2 + n;
                }
                None => {
                    // Not an escape after all: keep the backslash and go on from the letter.
                    out.push(c);
                    i += 1;
                }
            }
        } else if second.is_digit(8) {
            let mut digits = String::from(second);
            let mut j = i + 2;
            while digits.len() < 3 {
                match chars.get(j) {
                    Some(d) if d.is_digit(8) => {
                        digits.push(*d);
                        j += 1;
                    }
                    _ => break,
                }
            }
            match u32::from_str_radix(&digits, 8)
                .ok()
                .and_then(char::from_u32)
            {
                Some(d) => out.push(d),
                None => out.push_str(&digits),
            }
            i = j;
        } else {
            out.push(second);
            i += 2;
        }
    }
    out
}

fn decode_with(codec: Codec, s: &str) -> String {
    match codec {
        Codec::Html => decode_html(s),
        Codec::Percent => decode_percent(s),
        Codec::JavaScript => decode_js(s),
    }
}

/// The outcome of ESAPI's canonicalization loop.
struct Canonical {
    text: String,
    /// Passes that decoded something (more than one is "multiple encoding").
    found: usize,
    /// Changes of the codec that decoded something, plus one ("mixed encoding" when > 1).
    mixed: usize,
}

fn canonical(input: &str) -> Canonical {
    let mut working = input.to_string();
    let mut last: Option<Codec> = None;
    let (mut found, mut mixed) = (0, 1);
    // Every pass that changes the text makes it shorter, so this ends. Each pass is linear, so
    // the number of passes is also bounded by a work budget (input nested hundreds of times deep
    // is an attack either way).
    let passes = (input.len() + 2).min((200_000_000 / input.len().max(1)).max(16));
    for _ in 0..passes {
        let mut clean = true;
        for codec in [Codec::Html, Codec::Percent, Codec::JavaScript] {
            let next = decode_with(codec, &working);
            if next != working {
                if last.is_some_and(|l| l != codec) {
                    mixed += 1;
                }
                last = Some(codec);
                if clean {
                    found += 1;
                }
                clean = false;
                working = next;
            }
        }
        if clean {
            break;
        }
    }
    Canonical {
        text: working,
        found,
        mixed,
    }
}

/// Canonicalize without restrictions (the `canonicalize` argument of the encoders).
pub(crate) fn canonicalize_lenient(s: &str) -> String {
    canonical(s).text
}

/// `canonicalize(input, restrictMultiple, restrictMixed [, throwOnError])`: with a restriction
/// violated, an error when `throwOnError`, otherwise an empty string (Lucee's extension).
fn canonicalize(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let input = a.str(0)?;
    let multiple = a.bool(1)?;
    let mixed_r = a.bool(2)?;
    let throw = a.bool_or(3, false)?;
    if input.is_empty() {
        return Ok(Value::from(""));
    }
    let c = canonical(&input);
    let violation = if c.found >= 2 && c.mixed > 1 {
        (multiple || mixed_r).then(|| {
            format!(
                "Multiple ({}x) and mixed encoding ({}x) detected in {input}",
                c.found, c.mixed
            )
        })
    } else if c.found >= 2 {
        multiple.then(|| format!("Multiple ({}x) encoding detected in {input}", c.found))
    } else if c.mixed > 1 {
        mixed_r.then(|| format!("Mixed encoding ({}x) detected in {input}", c.mixed))
    } else {
        None
    };
    match violation {
        Some(detail) if throw => {
            Err(CfmlError::new("security", "Input validation failure").with_detail(detail))
        }
        Some(_) => Ok(Value::from("")),
        None => Ok(Value::from(c.text)),
    }
}

// ---------------------------------------------------------------------------------------------
// Builtins
// ---------------------------------------------------------------------------------------------

/// The string argument, canonicalized first when the second argument is true.
fn input(a: &Args) -> CfResult<String> {
    let s = a.str(0)?.into_owned();
    Ok(if a.bool_or(1, false)? {
        canonicalize_lenient(&s)
    } else {
        s
    })
}

pub(crate) fn encode_for_css(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(css(&input(a)?)))
}

pub(crate) fn encode_for_xml(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(xml(&input(a)?, &[',', '.', '-', '_', ' '])))
}

pub(crate) fn encode_for_xml_attribute(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(xml(&input(a)?, &[',', '.', '-', '_'])))
}

pub(crate) fn encode_for_xpath(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(html(&input(a)?, &[',', '.', '-', '_', ' '])))
}

pub(crate) fn encode_for_ldap(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(ldap(&input(a)?)))
}

pub(crate) fn encode_for_dn(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::from(dn(&input(a)?)))
}

pub(crate) fn canonicalize_fn(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    canonicalize(ctx, a)
}

/// `xmlFormat`: the five XML special characters as named entities.
pub(crate) fn xml_format(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let s = a.str(0)?;
    Ok(Value::from(encode_with(&s, |c, out| match c {
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '&' => out.push_str("&amp;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&apos;"),
        _ => out.push(c),
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoders() {
        assert_eq!(css("<script>"), "\\3c script\\3e ");
        assert_eq!(css("#fff; x"), "#fff\\3b \\20 x");
        assert_eq!(
            xml("Fred & Ted", &[',', '.', '-', '_', ' ']),
            "Fred &#x26; Ted"
        );
        assert_eq!(xml("<script>", &[]), "&#x3c;script&#x3e;");
        assert_eq!(xml("It's", &[',', '.', '-', '_']), "It&#x27;s");
        assert_eq!(xml("é", &[]), "&#xe9;");
        assert_eq!(html("<a'é>", &[]), "&lt;a&#x27;&eacute;&gt;");
        assert_eq!(ldap("a*(b)\\"), "a\\2a\\28b\\29\\5c");
        assert_eq!(dn("#a,b "), "\\#a\\,b\\ ");
        assert!(ENTITIES.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn canonicalization() {
        assert_eq!(canonicalize_lenient("&lt;"), "<");
        assert_eq!(
            canonicalize_lenient("Hello %253cscript%253e"),
            "Hello <script>"
        );
        assert_eq!(canonicalize_lenient("1+1=2"), "1+1=2");
        assert_eq!(
            canonicalize_lenient("Mixed: %26lt;script%26gt;"),
            "Mixed: <script>"
        );
        assert_eq!(
            canonicalize_lenient("%26lt; %26lt; %2526lt%253B %2526lt%253B %2526lt%253B"),
            "< < < < <"
        );
        assert_eq!(canonicalize_lenient("&#X25;3c"), "<");
        assert_eq!(canonicalize_lenient("&#x25;3c"), "<");
        assert_eq!(canonicalize_lenient("\\\\U003C"), "<");
        assert_eq!(canonicalize_lenient("\\\\X3C"), "<");
        assert_eq!(canonicalize_lenient("caf\u{e9}\t\r\n"), "caf\u{e9}\t\r\n");
        assert_eq!(canonicalize_lenient("&amp"), "&");
        assert_eq!(canonicalize_lenient("a & b"), "a & b");
        let c = canonical("%25252522");
        assert!(c.found >= 2);
        assert_eq!(c.text, "\"");
        let c = canonical("%26lt;");
        assert_eq!((c.found, c.mixed), (2, 2));
    }
}

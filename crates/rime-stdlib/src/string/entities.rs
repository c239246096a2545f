//! Named HTML character entities (HTML 3.2 ISO-8859-1 set and the HTML 4.0 additions), used by
//! `htmlEditFormat` (per HTML version) and the `encodeFor*` functions.

/// Entity names for U+00A0..=U+00FF, in code point order.
const LATIN1: [&str; 96] = [
    "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf",
    "laquo", "not", "shy", "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro",
    "para", "middot", "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "iquest",
    "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil", "Egrave", "Eacute",
    "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH", "Ntilde", "Ograve", "Oacute",
    "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute",
    "THORN", "szlig", "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil",
    "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml", "eth", "ntilde",
    "ograve", "oacute", "ocirc", "otilde", "ouml", "divide", "oslash", "ugrave", "uacute", "ucirc",
    "uuml", "yacute", "thorn", "yuml",
];

/// HTML 4.0 entities outside Latin-1, sorted by code point.
const HTML4: [(u32, &str); 152] = [
    (338, "OElig"),
    (339, "oelig"),
    (352, "Scaron"),
    (353, "scaron"),
    (376, "Yuml"),
    (402, "fnof"),
    (710, "circ"),
    (732, "tilde"),
    (913, "Alpha"),
    (914, "Beta"),
    (915, "Gamma"),
    (916, "Delta"),
    (917, "Epsilon"),
    (918, "Zeta"),
    (919, "Eta"),
    (920, "Theta"),
    (921, "Iota"),
    (922, "Kappa"),
    (923, "Lambda"),
    (924, "Mu"),
    (925, "Nu"),
    (926, "Xi"),
    (927, "Omicron"),
    (928, "Pi"),
    (929, "Rho"),
    (931, "Sigma"),
    (932, "Tau"),
    (933, "Upsilon"),
    (934, "Phi"),
    (935, "Chi"),
    (936, "Psi"),
    (937, "Omega"),
    (945, "alpha"),
    (946, "beta"),
    (947, "gamma"),
    (948, "delta"),
    (949, "epsilon"),
    (950, "zeta"),
    (951, "eta"),
    (952, "theta"),
    (953, "iota"),
    (954, "kappa"),
    (955, "lambda"),
    (956, "mu"),
    (957, "nu"),
    (958, "xi"),
    (959, "omicron"),
    (960, "pi"),
    (961, "rho"),
    (962, "sigmaf"),
    (963, "sigma"),
    (964, "tau"),
    (965, "upsilon"),
    (966, "phi"),
    (967, "chi"),
    (968, "psi"),
    (969, "omega"),
    (977, "thetasym"),
    (978, "upsih"),
    (982, "piv"),
    (8194, "ensp"),
    (8195, "emsp"),
    (8201, "thinsp"),
    (8204, "zwnj"),
    (8205, "zwj"),
    (8206, "lrm"),
    (8207, "rlm"),
    (8211, "ndash"),
    (8212, "mdash"),
    (8216, "lsquo"),
    (8217, "rsquo"),
    (8218, "sbquo"),
    (8220, "ldquo"),
    (8221, "rdquo"),
    (8222, "bdquo"),
    (8224, "dagger"),
    (8225, "Dagger"),
    (8226, "bull"),
    (8230, "hellip"),
    (8240, "permil"),
    (8242, "prime"),
    (8243, "Prime"),
    (8249, "lsaquo"),
    (8250, "rsaquo"),
    (8254, "oline"),
    (8260, "frasl"),
    (8364, "euro"),
    (8465, "image"),
    (8472, "weierp"),
    (8476, "real"),
    (8482, "trade"),
    (8501, "alefsym"),
    (8592, "larr"),
    (8593, "uarr"),
    (8594, "rarr"),
    (8595, "darr"),
    (8596, "harr"),
    (8629, "crarr"),
    (8656, "lArr"),
    (8657, "uArr"),
    (8658, "rArr"),
    (8659, "dArr"),
    (8660, "hArr"),
    (8704, "forall"),
    (8706, "part"),
    (8707, "exist"),
    (8709, "empty"),
    (8711, "nabla"),
    (8712, "isin"),
    (8713, "notin"),
    (8715, "ni"),
    (8719, "prod"),
    (8721, "sum"),
    (8722, "minus"),
    (8727, "lowast"),
    (8730, "radic"),
    (8733, "prop"),
    (8734, "infin"),
    (8736, "ang"),
    (8743, "and"),
    (8744, "or"),
    (8745, "cap"),
    (8746, "cup"),
    (8747, "int"),
    (8756, "there4"),
    (8764, "sim"),
    (8773, "cong"),
    (8776, "asymp"),
    (8800, "ne"),
    (8801, "equiv"),
    (8804, "le"),
    (8805, "ge"),
    (8834, "sub"),
    (8835, "sup"),
    (8836, "nsub"),
    (8838, "sube"),
    (8839, "supe"),
    (8853, "oplus"),
    (8855, "otimes"),
    (8869, "perp"),
    (8901, "sdot"),
    (8968, "lceil"),
    (8969, "rceil"),
    (8970, "lfloor"),
    (8971, "rfloor"),
    (9001, "lang"),
    (9002, "rang"),
    (9674, "loz"),
    (9824, "spades"),
    (9827, "clubs"),
    (9829, "hearts"),
    (9830, "diams"),
];

/// The entity name of `c` in the basic set (`"`, `&`, `<`, `>`).
pub(crate) fn basic(c: char) -> Option<&'static str> {
    match c {
        '"' => Some("quot"),
        '&' => Some("amp"),
        '<' => Some("lt"),
        '>' => Some("gt"),
        _ => None,
    }
}

/// The entity name of a Latin-1 character (U+00A0..U+00FF).
pub(crate) fn latin1(c: char) -> Option<&'static str> {
    let cp = c as u32;
    if (160..=255).contains(&cp) {
        LATIN1.get((cp - 160) as usize).copied()
    } else {
        None
    }
}

/// The entity name of an HTML 4.0 character outside Latin-1.
pub(crate) fn html4(c: char) -> Option<&'static str> {
    let cp = c as u32;
    HTML4
        .binary_search_by_key(&cp, |(k, _)| *k)
        .ok()
        .and_then(|i| HTML4.get(i))
        .map(|(_, n)| *n)
}

/// Any known entity name for `c` (basic, Latin-1 or HTML 4.0).
pub(crate) fn any(c: char) -> Option<&'static str> {
    basic(c).or_else(|| latin1(c)).or_else(|| html4(c))
}

/// The character for an entity name (case-sensitive; also `apos`).
pub(crate) fn lookup(name: &str) -> Option<char> {
    match name {
        "quot" => return Some('"'),
        "amp" => return Some('&'),
        "lt" => return Some('<'),
        "gt" => return Some('>'),
        "apos" => return Some('\''),
        _ => {}
    }
    if let Some(i) = LATIN1.iter().position(|n| *n == name) {
        return char::from_u32(160 + i as u32);
    }
    HTML4
        .iter()
        .find(|(_, n)| *n == name)
        .and_then(|(cp, _)| char::from_u32(*cp))
}

#[cfg(test)]
mod tests {
    #[test]
    fn tables() {
        assert_eq!(super::latin1('é'), Some("eacute"));
        assert_eq!(super::html4('€'), Some("euro"));
        assert_eq!(super::lookup("yuml"), Some('ÿ'));
        assert!(super::HTML4.windows(2).all(|w| w[0].0 < w[1].0));
    }
}

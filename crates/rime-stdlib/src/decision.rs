//! Decision functions: `isNumeric`, `isDate`, `isArray`, `isStruct`, `isValid`...
//!
//! (`isDefined` lives in system.rs; `isJSON` in json.rs; `isLeapYear` here, as Lucee files it
//! under decision.)

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, ToSocketAddrs, UdpSocket};

use rime_runtime::{def, opt, req, Args, BuiltinDef, CfResult, CfmlError, Ctx, DateTime, Value};

pub static FUNCTIONS: &[BuiltinDef] = &[
    def("isNumeric", &[req("string")], is_numeric),
    def("isBoolean", &[req("value")], is_boolean),
    def("isDate", &[req("object")], is_date),
    def("isArray", &[req("value"), opt("number")], is_array),
    def("isStruct", &[req("variable")], is_struct),
    def("isQuery", &[req("value")], is_query),
    def("isSimpleValue", &[req("value")], is_simple_value),
    def("isNull", &[req("object")], is_null),
    def("isEmpty", &[req("value")], is_empty),
    def("isBinary", &[req("value")], is_binary),
    def(
        "isCustomFunction",
        &[req("object"), opt("type")],
        is_custom_function,
    ),
    def("isClosure", &[req("object")], is_closure),
    def("isNumericDate", &[req("number")], is_numeric_date),
    def("isLeapYear", &[req("year")], is_leap_year_fn),
    def("isLocalHost", &[req("ip")], is_local_host),
    def("isIPInRange", &[req("ips"), req("ip")], is_ip_in_range),
    def("isIPv6", &[opt("hostname")], is_ipv6),
    def(
        "isValid",
        &[
            req("type"),
            req("value"),
            opt("min"),
            opt("max"),
            opt("pattern"),
        ],
        is_valid,
    ),
];

fn b(v: bool) -> CfResult<Value> {
    Ok(Value::Bool(v))
}

/// Numbers and numeric strings (booleans and dates are not numeric).
pub(crate) fn numeric(v: &Value) -> bool {
    v.as_numeric().is_some()
}

/// Dates and strings that parse as dates; numbers are not dates.
pub(crate) fn date_like(v: &Value) -> bool {
    match v {
        Value::Date(_) => true,
        Value::Str(s) => DateTime::looks_like_date(s),
        _ => false,
    }
}

fn is_numeric(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    b(numeric(args.val(0)?))
}

fn is_boolean(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    b(args.val(0)?.is_boolean_like())
}

fn is_date(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    b(date_like(args.val(0)?))
}

/// Whether `v` is an array of the given dimension (nested arrays all the way down).
fn array_of_dim(v: &Value, dim: u32) -> bool {
    match v {
        Value::Array(a) => dim <= 1 || a.to_vec().iter().all(|e| array_of_dim(e, dim - 1)),
        _ => false,
    }
}

fn is_array(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = args.val(0)?;
    match args.get(1) {
        None => b(is_array_value(v)),
        Some(d) => {
            let d = d.to_num()?;
            if !(1.0..=3.0).contains(&d) {
                return b(false);
            }
            b(array_of_dim(v, d as u32))
        }
    }
}

/// Arrays, and XML node lists (`xmlChildren`, `xmlNodes`), which Lucee's arrays include.
fn is_array_value(v: &Value) -> bool {
    match v {
        Value::Array(_) => true,
        Value::Xml(x) => x.is_list(),
        _ => false,
    }
}

/// Structs, and XML documents, nodes and attribute structs, which are structs in Lucee.
fn is_struct_value(v: &Value) -> bool {
    match v {
        Value::Struct(_) => true,
        Value::Xml(x) => !x.is_list(),
        _ => false,
    }
}

fn is_struct(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    b(is_struct_value(args.val(0)?))
}

fn is_query(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    b(matches!(args.val(0)?, Value::Query(_)))
}

fn is_simple_value(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    b(args.val(0)?.is_simple())
}

fn is_null(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    b(args.raw(0).is_none_or(|v| v.is_null()))
}

fn is_empty(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let Some(v) = args.raw(0) else { return b(true) };
    b(match v {
        Value::Null => true,
        Value::Str(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Struct(s) => s.is_empty(),
        Value::Query(q) => q.read().rows == 0,
        Value::Binary(x) => x.is_empty(),
        Value::Bool(_)
        | Value::Num(_)
        | Value::Date(_)
        | Value::Func(_)
        | Value::Xml(_)
        | Value::Native(_) => false,
    })
}

fn is_binary(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    b(matches!(args.val(0)?, Value::Binary(_)))
}

/// A literal address, or `localhost`; Lucee would also resolve other host names by DNS.
fn parse_ip(text: &str) -> Option<IpAddr> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("localhost") {
        return Some(IpAddr::V4(Ipv4Addr::LOCALHOST));
    }
    t.trim_start_matches('[').trim_end_matches(']').parse().ok()
}

/// An address as Lucee compares them: its bytes (4 for IPv4, 16 for IPv6).
fn ip_bytes(text: &str) -> CfResult<Vec<u8>> {
    match parse_ip(text) {
        Some(IpAddr::V4(a)) => Ok(a.octets().to_vec()),
        Some(IpAddr::V6(a)) => Ok(a.octets().to_vec()),
        None => Err(CfmlError::expression(format!(
            "cannot parse the ip [{}]",
            text.trim()
        ))),
    }
}

fn is_local_host(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    b(match parse_ip(&args.str(0)?) {
        Some(IpAddr::V6(a)) => a
            .to_ipv4_mapped()
            .map_or(a.is_loopback(), |v4| v4.is_loopback()),
        Some(a) => a.is_loopback(),
        None => false,
    })
}

/// One entry of an `isIPInRange` list: `ip`, `from-to`, or an address with `*` parts
/// (`10.0.*.*`); a lone `*` matches every address. As in Lucee, a range holds an address
/// when each byte lies between the bytes of its ends.
fn ip_range(entry: &str) -> CfResult<Vec<(Vec<u8>, Vec<u8>)>> {
    let e = entry.trim();
    if e == "*" {
        return Ok(vec![
            (vec![0; 4], vec![255; 4]),
            (vec![0; 16], vec![255; 16]),
        ]);
    }
    if let Some((from, to)) = e.split_once('-') {
        let (from, to) = (ip_bytes(from)?, ip_bytes(to)?);
        if from.len() != to.len() {
            return Err(CfmlError::expression(
                "both ip address must be from same type, IPv4 or IPv6",
            ));
        }
        return Ok(vec![(from, to)]);
    }
    if e.contains('*') {
        let from = ip_bytes(&e.replace('*', "0"))?;
        let top = if from.len() == 4 { "255" } else { "ffff" };
        return Ok(vec![(from, ip_bytes(&e.replace('*', top))?)]);
    }
    let ip = ip_bytes(e)?;
    Ok(vec![(ip.clone(), ip)])
}

fn is_ip_in_range(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let entries = crate::query::names_of(args.val(0)?)?;
    let ip = ip_bytes(&args.str(1)?)?;
    for entry in entries.iter().filter(|e| !e.is_empty()) {
        for (from, to) in ip_range(entry)? {
            if from.len() == ip.len()
                && ip
                    .iter()
                    .zip(&from)
                    .zip(&to)
                    .all(|((x, f), t)| f <= x && x <= t)
            {
                return b(true);
            }
        }
    }
    b(false)
}

/// isIPv6(hostname): whether the host has an IPv6 address. A literal address answers by its own
/// form (`[...]` brackets and a `%zone` suffix allowed; an IPv4-mapped address counts as IPv4);
/// a name is resolved and is IPv6 when any of its addresses is. Without a host (or when `localhost` doesn't resolve): whether this
/// machine has IPv6 networking, i.e. can open a socket on `::1`.
fn is_ipv6(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let host = args.str_or(0, "")?.trim().to_string();
    if host.is_empty() {
        return b(local_ipv6());
    }
    if !host.eq_ignore_ascii_case("localhost") {
        let without_zone = host.split('%').next().unwrap_or_default();
        if let Some(ip) = parse_ip(without_zone) {
            return b(is_v6_proper(&ip));
        }
    }
    match (host.as_str(), 0).to_socket_addrs() {
        Ok(mut addrs) => b(addrs.any(|a| is_v6_proper(&a.ip()))),
        Err(_) if host.eq_ignore_ascii_case("localhost") => b(local_ipv6()),
        Err(e) => Err(CfmlError::application(format!(
            "isIPv6: can't resolve the host [{host}]: {e}"
        ))),
    }
}

/// An IPv6 address that is not an IPv4-mapped one (`::ffff:10.0.0.1`), which Java, and so
/// Lucee, treats as the IPv4 address.
fn is_v6_proper(ip: &IpAddr) -> bool {
    matches!(ip, IpAddr::V6(a) if a.to_ipv4_mapped().is_none())
}

fn local_ipv6() -> bool {
    UdpSocket::bind((Ipv6Addr::LOCALHOST, 0)).is_ok()
}

fn is_custom_function(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let Value::Func(f) = args.val(0)? else {
        return b(false);
    };
    let ty = args.str_or(1, "any")?.trim().to_ascii_lowercase();
    match ty.as_str() {
        "any" | "" => b(true),
        "udf" => b(!f.proto.is_closure),
        // Lambdas (arrow functions) are closures in Rime's function model.
        "closure" | "lambda" => b(f.proto.is_closure),
        other => Err(CfmlError::expression(format!(
            "Invalid type [{other}], valid types are [any, udf, closure, lambda]"
        ))),
    }
}

fn is_closure(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    b(matches!(args.val(0)?, Value::Func(f) if f.proto.is_closure))
}

fn is_numeric_date(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = args.val(0)?;
    b(matches!(v, Value::Date(_)) || numeric(v))
}

pub(crate) fn is_leap_year(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn is_leap_year_fn(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    b(is_leap_year(args.num(0)?.trunc() as i64))
}

// ---------------------------------------------------------------------------------------------
// isValid
// ---------------------------------------------------------------------------------------------

fn is_valid(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let ty = args.str(0)?.trim().to_ascii_lowercase();
    let v = args.val(1)?;
    let text = || -> Option<String> {
        if v.is_simple() {
            v.to_str().ok().map(|s| s.into_owned())
        } else {
            None
        }
    };
    let r = match ty.as_str() {
        "any" => true,
        "array" => is_array_value(v),
        "binary" => matches!(v, Value::Binary(_)),
        "boolean" => v.is_boolean_like(),
        "component" => matches!(v, Value::Struct(s) if s.component().is_some()),
        "creditcard" => text().is_some_and(|s| credit_card(&s)),
        "date" | "time" => date_like(v),
        "eurodate" => text().is_some_and(|s| ordered_date(&s, true)),
        "usdate" => text().is_some_and(|s| ordered_date(&s, false)),
        "email" => text().is_some_and(|s| email(&s)),
        "float" | "numeric" => numeric(v),
        "integer" => v
            .as_numeric()
            .is_some_and(|n| n.fract() == 0.0 && n.abs() <= i32::MAX as f64 + 1.0),
        "function" => matches!(v, Value::Func(_)),
        "guid" => text().is_some_and(|s| hex_groups(&s, &[8, 4, 4, 4, 12])),
        "uuid" => text().is_some_and(|s| hex_groups(&s, &[8, 4, 4, 16])),
        "query" => matches!(v, Value::Query(_)),
        "range" => {
            let min = args.num(2)?;
            let max = args.num(3)?;
            v.as_numeric().is_some_and(|n| n >= min && n <= max)
        }
        "regex" | "regular_expression" => {
            let pat = args.str(4).or_else(|_| args.str(2))?;
            match text() {
                Some(s) => full_match(&pat, &s)?,
                None => false,
            }
        }
        "ssn" | "social_security_number" => text().is_some_and(|s| ssn(&s)),
        "string" => v.is_simple(),
        "struct" => is_struct_value(v),
        "xml" => crate::xml::is_xml_value(v),
        "telephone" => text().is_some_and(|s| telephone(&s)),
        "url" => text().is_some_and(|s| url(&s)),
        "variablename" => text().is_some_and(|s| variable_name(&s)),
        "zipcode" => text().is_some_and(|s| zipcode(&s)),
        other => {
            return Err(CfmlError::expression(format!(
                "Invalid type [{other}] for isValid, valid types are [any, array, binary, boolean, component, creditcard, date, time, email, eurodate, float, numeric, guid, integer, query, range, regex, regular_expression, ssn, social_security_number, string, struct, telephone, url, usdate, uuid, variablename, xml, zipcode, function]"
            )))
        }
    };
    b(r)
}

fn full_match(pattern: &str, s: &str) -> CfResult<bool> {
    let re = fancy_regex::Regex::new(&format!("^(?:{pattern})$")).map_err(|e| {
        CfmlError::expression(format!("Invalid regular expression [{pattern}]: {e}"))
    })?;
    re.is_match(s)
        .map_err(|e| CfmlError::expression(format!("Regular expression failed: {e}")))
}

fn digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit())
}

/// Luhn check over 13 to 19 digits; blanks and dashes are ignored.
fn credit_card(s: &str) -> bool {
    let ds: Vec<u32> = s
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .map(|c| c.to_digit(10))
        .collect::<Option<Vec<u32>>>()
        .unwrap_or_default();
    if !(13..=19).contains(&ds.len()) {
        return false;
    }
    let sum: u32 = ds
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &d)| {
            if i % 2 == 1 {
                let x = d * 2;
                if x > 9 {
                    x - 9
                } else {
                    x
                }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// `dd/mm/yyyy` (euro) or `mm/dd/yyyy` (US) with `/`, `-` or `.` separators.
fn ordered_date(s: &str, euro: bool) -> bool {
    let parts: Vec<&str> = s.trim().split(['/', '-', '.']).collect();
    let [a, b, c] = parts.as_slice() else {
        return false;
    };
    if !digits(a) || !digits(b) || !digits(c) || a.len() > 2 || b.len() > 2 || c.len() > 4 {
        return false;
    }
    let (d, m) = if euro { (a, b) } else { (b, a) };
    let (Ok(d), Ok(m), Ok(y)) = (d.parse::<u32>(), m.parse::<u32>(), c.parse::<i32>()) else {
        return false;
    };
    let y = if c.len() <= 2 {
        if y < 30 {
            2000 + y
        } else {
            1900 + y
        }
    } else {
        y
    };
    chrono::NaiveDate::from_ymd_opt(y, m, d).is_some()
}

fn email(s: &str) -> bool {
    let Some((local, domain)) = s.rsplit_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && domain_ok
}

fn hex_groups(s: &str, groups: &[usize]) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.len() == groups.len()
        && parts
            .iter()
            .zip(groups)
            .all(|(p, &n)| p.len() == n && p.bytes().all(|c| c.is_ascii_hexdigit()))
}

fn ssn(s: &str) -> bool {
    let t = s.trim();
    if digits(t) {
        return t.len() == 9;
    }
    let parts: Vec<&str> = t.split(['-', ' ']).collect();
    matches!(parts.as_slice(), [a, b, c] if a.len() == 3 && b.len() == 2 && c.len() == 4
        && digits(a) && digits(b) && digits(c))
}

/// North American numbers: optional leading 1, area code (2-9xx, optionally in parentheses),
/// seven digits, blanks/dashes/dots between groups, optional extension.
fn telephone(s: &str) -> bool {
    let mut t = s.trim().to_ascii_lowercase();
    for ext in ["extension", "ext.", "ext", "x"] {
        if let Some(pos) = t.rfind(ext) {
            let tail = t.get(pos + ext.len()..).unwrap_or("").trim().to_string();
            if digits(&tail) && tail.len() <= 5 {
                t = t.get(..pos).unwrap_or("").trim().to_string();
                break;
            }
        }
    }
    let t = t.strip_prefix('+').unwrap_or(&t);
    let ds: String = t.chars().filter(|c| c.is_ascii_digit()).collect();
    if !t
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '.' | '(' | ')'))
    {
        return false;
    }
    let ds = match ds.len() {
        10 => ds.as_str(),
        11 if ds.starts_with('1') => ds.get(1..).unwrap_or(""),
        _ => return false,
    };
    // Area code and exchange start with 2-9.
    matches!(ds.as_bytes().first(), Some(b'2'..=b'9'))
        && matches!(ds.as_bytes().get(3), Some(b'2'..=b'9'))
}

fn url(s: &str) -> bool {
    let t = s.trim();
    let lower = t.to_ascii_lowercase();
    for scheme in ["http://", "https://", "ftp://", "file://"] {
        if let Some(rest) = lower.strip_prefix(scheme) {
            let host = rest.split(['/', '?', '#']).next().unwrap_or("");
            let host = host.rsplit('@').next().unwrap_or("");
            let host_no_port = match host.rsplit_once(':') {
                Some((h, port)) if digits(port) => h,
                _ => host,
            };
            if scheme == "file://" {
                return !rest.is_empty() && !rest.contains(' ');
            }
            return !host_no_port.is_empty()
                && host_no_port.chars().all(|c| {
                    c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '[' | ']' | ':')
                })
                && !rest.contains(' ');
        }
    }
    for scheme in ["mailto:", "news:"] {
        if let Some(rest) = lower.strip_prefix(scheme) {
            return !rest.is_empty() && !rest.contains(' ');
        }
    }
    false
}

/// A CFML variable name: a letter, `_` or `$`, then letters, digits, `_` or `$`.
fn variable_name(s: &str) -> bool {
    let mut cs = s.chars();
    match cs.next() {
        Some(c) if c.is_alphabetic() || c == '_' || c == '$' => {}
        _ => return false,
    }
    cs.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

fn zipcode(s: &str) -> bool {
    let t = s.trim();
    match t.split_once(['-', ' ']) {
        Some((a, b)) => a.len() == 5 && b.len() == 4 && digits(a) && digits(b),
        None => t.len() == 5 && digits(t),
    }
}

#[cfg(test)]
mod tests {
    use crate::array::test_support::*;
    use rime_runtime::Value;

    fn valid(ty: &str, v: Value) -> String {
        s("isValid", vec![st(ty), v])
    }

    #[test]
    fn ipv6_literals() {
        assert_eq!(
            s(
                "isIPv6",
                vec![st("FE80:CD00:0000:0CDE:1257:0000:211E:729C")]
            ),
            "true"
        );
        assert_eq!(s("isIPv6", vec![st("::1")]), "true");
        assert_eq!(s("isIPv6", vec![st("[::ffff:10.0.0.1]")]), "false");
        assert_eq!(s("isIPv6", vec![st("[2001:db8::1]")]), "true");
        assert_eq!(s("isIPv6", vec![st("fe80::1%eth0")]), "true");
        assert_eq!(s("isIPv6", vec![st("127.0.0.1")]), "false");
        assert_eq!(s("isIPv6", vec![st(" 10.1.2.3 ")]), "false");
    }

    #[test]
    fn basics() {
        assert_eq!(s("isNumeric", vec![st("5e2")]), "true");
        assert_eq!(s("isNumeric", vec![st("twenty")]), "false");
        assert_eq!(s("isNumeric", vec![Value::Bool(true)]), "false");
        assert_eq!(s("isBoolean", vec![st("maybe")]), "false");
        assert_eq!(s("isBoolean", vec![n(23.0)]), "true");
        assert_eq!(s("isDate", vec![st("2024-01-31")]), "true");
        assert_eq!(s("isDate", vec![st("Date")]), "false");
        assert_eq!(s("isDate", vec![n(5.0)]), "false");
        assert_eq!(s("isArray", vec![arr(&[]), n(1.0)]), "true");
        assert_eq!(s("isArray", vec![arr(&[n(1.0)]), n(2.0)]), "false");
        assert_eq!(s("isArray", vec![arr(&[arr(&[])]), n(2.0)]), "true");
        assert_eq!(s("isNull", vec![Value::Null]), "true");
        assert_eq!(s("isEmpty", vec![st("")]), "true");
        assert_eq!(s("isEmpty", vec![n(0.0)]), "false");
        assert_eq!(s("isLeapYear", vec![n(2000.0)]), "true");
        assert_eq!(s("isLeapYear", vec![n(1900.0)]), "false");
        assert_eq!(s("isSimpleValue", vec![arr(&[])]), "false");
    }

    #[test]
    fn is_valid() {
        assert_eq!(valid("integer", n(235.0)), "true");
        assert_eq!(valid("integer", st("1.5")), "false");
        assert_eq!(valid("email", st("user@example.com")), "true");
        assert_eq!(valid("email", st("user@example")), "false");
        assert_eq!(valid("email", st("a b@example.com")), "false");
        assert_eq!(
            valid("uuid", st("C6F5A4B2-1234-5678-9ABCDEF012345678")),
            "true"
        );
        assert_eq!(
            valid("guid", st("C6F5A4B2-1234-5678-9ABC-DEF012345678")),
            "true"
        );
        assert_eq!(
            valid("guid", st("C6F5A4B2-1234-5678-9ABCDEF012345678")),
            "false"
        );
        assert_eq!(valid("zipcode", st("12345-6789")), "true");
        assert_eq!(valid("zipcode", st("1234")), "false");
        assert_eq!(valid("ssn", st("123-45-6789")), "true");
        assert_eq!(valid("telephone", st("(617) 555-1212")), "true");
        assert_eq!(valid("telephone", st("555-1212")), "false");
        assert_eq!(valid("url", st("https://lucee.org/x?y=1")), "true");
        assert_eq!(valid("url", st("lucee.org")), "false");
        assert_eq!(valid("creditcard", st("4111 1111 1111 1111")), "true");
        assert_eq!(valid("creditcard", st("4111 1111 1111 1112")), "false");
        assert_eq!(valid("variablename", st("_a1")), "true");
        assert_eq!(valid("variablename", st("1a")), "false");
        assert_eq!(valid("usdate", st("12/31/2024")), "true");
        assert_eq!(valid("eurodate", st("12/31/2024")), "false");
        assert_eq!(
            s("isValid", vec![st("range"), n(5.0), n(1.0), n(10.0)]),
            "true"
        );
        assert_eq!(
            s("isValid", vec![st("range"), n(11.0), n(1.0), n(10.0)]),
            "false"
        );
        assert_eq!(
            s(
                "isValid",
                vec![
                    st("regex"),
                    st("abc"),
                    Value::Null,
                    Value::Null,
                    st("[a-c]+")
                ]
            ),
            "true"
        );
        assert_eq!(
            s("isValid", vec![st("regex"), st("abcd"), st("[a-c]+")]),
            "false"
        );
        assert_eq!(valid("bogus", n(1.0)), "ERR");
    }
}

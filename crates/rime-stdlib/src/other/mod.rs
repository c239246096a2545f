//! Functions of Lucee's "other" and smaller packages that belong to no larger area:
//! `toScript`, `objectEquals`, `javaCast`, `sizeOf`, `getTagList`/`getTagData`, `beat`,
//! `getNumericDate`, `preserveSingleQuotes`, `parameterExists`, `isDebugMode`, `serialize`,
//! `urlSessionFormat`, `getPageContext` (the response, request and writer frameworks call), and
//! the functions of Lucee's login framework (`isUserLoggedIn`, `getAuthUser`...), and the
//! client scope's `getClientVariablesList`/`deleteClientVariable`.

mod client;
mod equals;
mod javacast;
mod page_context;
pub(crate) mod serialize;
mod tags;
mod toscript;

use rime_runtime::{def, opt, req, Args, BuiltinDef, CfResult, CfmlError, Ctx, DateTime, Value};

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "toScript",
        &[
            req("cfvar"),
            req("javascriptVar"),
            opt("outputFormat"),
            opt("asFormat"),
        ],
        toscript::to_script,
    ),
    def("beat", &[opt("time")], beat),
    def(
        "getClientVariablesList",
        &[],
        client::get_client_variables_list,
    ),
    def(
        "deleteClientVariable",
        &[req("name")],
        client::delete_client_variable,
    ),
    def(
        "objectEquals",
        &[req("left"), req("right")],
        equals::object_equals,
    ),
    def("getNumericDate", &[req("date")], get_numeric_date),
    def(
        "preserveSingleQuotes",
        &[req("string")],
        preserve_single_quotes,
    ),
    def("parameterExists", &[req("name")], parameter_exists),
    def("getTagList", &[], tags::get_tag_list),
    def(
        "getTagData",
        &[req("nameSpaceWithSeperator"), req("tagName")],
        tags::get_tag_data,
    ),
    def(
        "javaCast",
        &[req("type"), req("variable")],
        javacast::java_cast,
    ),
    def("isDebugMode", &[], is_debug_mode),
    def("getPageContext", &[], page_context::get_page_context),
    def(
        "location",
        &[req("url"), opt("addToken"), opt("statusCode")],
        page_context::location,
    ),
    def(
        "sizeOf",
        &[req("variable"), opt("complex")],
        equals::size_of,
    ),
    def("serialize", &[req("object")], serialize::serialize),
    def("urlSessionFormat", &[req("url")], url_session_format),
    def("isUserLoggedIn", &[], |_, _| Ok(Value::Bool(false))),
    def("getAuthUser", &[], |_, _| Ok(Value::from(""))),
    def("getUserRoles", &[], |_, _| Ok(Value::from(""))),
    def("isUserInRole", &[req("roles")], user_in_roles),
    def("isUserInAnyRole", &[req("roles")], user_in_roles),
];

/// `isUserInRole(roles)`, `isUserInAnyRole(roles)`: false. These belong to Lucee's login
/// framework (`<cflogin>`, `<cfloginuser>`), which Rime does not have, so no request has an
/// authenticated user and every login function answers as Lucee does for an anonymous request:
/// `isUserLoggedIn()` is false, `getAuthUser()` and `getUserRoles()` are empty.
fn user_in_roles(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    args.str(0)?;
    Ok(Value::Bool(false))
}

/// `beat([time])`: Swatch Internet Time of a moment (now by default) — thousandths of a day in
/// UTC+1 ("Biel Mean Time"), truncated to three decimals. A time-only string (`"14:02"`) is that
/// time on CFML's day zero, as Lucee reads it.
fn beat(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let z = crate::date::zone::request(ctx)?;
    let d = match args.get(0) {
        None => DateTime::new(crate::date::zone::now_in(&z)),
        Some(v) => to_date_or_time(v)?,
    };
    let ms = z.epoch_millis(&d.ndt()) + 3_600_000;
    let in_day = ms.rem_euclid(86_400_000) as f64;
    let beats = in_day / 86_400_000.0 * 1000.0;
    Ok(Value::Num((beats * 1000.0).trunc() / 1000.0))
}

/// A date, also from a time of day alone (`"14:02"`, `"2:02 PM"`, `"14:02:30"`).
fn to_date_or_time(v: &Value) -> CfResult<DateTime> {
    if let Value::Str(s) = v {
        if let Some(d) = time_of_day(s) {
            return Ok(d);
        }
        if let Some(d) = crate::date::parse_lenient(s) {
            return Ok(d);
        }
    }
    v.to_date()
}

fn time_of_day(s: &str) -> Option<DateTime> {
    let t = s.trim();
    let lower = t.to_ascii_lowercase();
    let (clock, pm) = if let Some(x) = lower.strip_suffix("pm") {
        (x.trim_end(), Some(true))
    } else if let Some(x) = lower.strip_suffix("am") {
        (x.trim_end(), Some(false))
    } else {
        (lower.as_str(), None)
    };
    let parts: Vec<&str> = clock.split(':').collect();
    if !(2..=3).contains(&parts.len())
        || parts
            .iter()
            .any(|p| p.is_empty() || p.len() > 2 || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let mut h: u32 = parts[0].parse().ok()?;
    let m: u32 = parts[1].parse().ok()?;
    let sec: u32 = match parts.get(2) {
        Some(p) => p.parse().ok()?,
        None => 0,
    };
    match pm {
        Some(true) if (1..12).contains(&h) => h += 12,
        Some(false) if h == 12 => h = 0,
        Some(_) if !(1..=12).contains(&h) => return None,
        _ => {}
    }
    DateTime::from_parts(1899, 12, 30, h, m, sec)
}

/// `getNumericDate(date)`: the date as days since 1899-12-30, the time of day as the fraction.
fn get_numeric_date(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = args.val(0)?;
    let d = match v {
        Value::Str(s) => crate::date::parse_lenient(s)
            .map(Ok)
            .unwrap_or_else(|| v.to_date())?,
        other => other.to_date()?,
    };
    Ok(Value::Num(d.to_serial()))
}

/// `preserveSingleQuotes(string)`: in Lucee this marks the string so that `<cfquery>` does not
/// double its single quotes. Rime does not escape quotes in interpolated SQL text, so the string
/// is returned unchanged.
fn preserve_single_quotes(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Str(args.arcstr(0)?))
}

/// `parameterExists(name)`: the legacy spelling of `isDefined(name)`.
fn parameter_exists(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let name = args.str(0)?;
    Ok(Value::Bool(ctx.lookup(&name).is_some_and(|v| !v.is_null())))
}

/// `isDebugMode()`: always false. Rime has no debugging-output mode (Lucee's debug templates
/// appended to each page), so debugging is never enabled for a request.
fn is_debug_mode(_: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    Ok(Value::Bool(false))
}

/// `urlSessionFormat(url)`: the URL with the session's `CFID=...&CFTOKEN=...` appended (after
/// `?`, or `&` when the URL has a query string) when the session id cannot travel in a cookie:
/// the application sets no client cookies (`this.setClientCookies = false`) or the request came
/// without cookies. Without a session the URL is returned as it is.
fn url_session_format(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let url = args.str(0)?.into_owned();
    let Some(token) = ctx.lookup("session.urltoken").filter(|v| !v.is_null()) else {
        return Ok(Value::from(url));
    };
    let token = token.to_str()?.into_owned();
    let cookies_off = ctx
        .application_settings()
        .and_then(|s| s.get("setClientCookies"))
        .is_some_and(|v| v.to_bool().is_ok_and(|b| !b));
    let no_cookies = match ctx.lookup("cookie") {
        Some(Value::Struct(c)) => c.is_empty(),
        _ => true,
    };
    if !(cookies_off || no_cookies) {
        return Ok(Value::from(url));
    }
    let sep = if url.ends_with('?') || url.ends_with('&') {
        ""
    } else if url.contains('?') {
        "&"
    } else {
        "?"
    };
    Ok(Value::from(format!("{url}{sep}{token}")))
}

/// An error for argument `i` of the running function.
fn arg_error(args: &Args, i: usize, msg: impl std::fmt::Display) -> Box<CfmlError> {
    CfmlError::expression(format!(
        "invalid argument {} of function [{}]: {msg}",
        i + 1,
        args.fname
    ))
}

#[cfg(test)]
mod tests;

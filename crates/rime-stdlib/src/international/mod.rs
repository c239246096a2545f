//! Locales: `getLocale`/`setLocale`, the locale's names (`getLocaleDisplayName`,
//! `getLocaleInfo`) and the `LS` functions that format and parse numbers, currencies and dates
//! the way a locale writes them; `getEncoding`/`setEncoding` (the charset of the form and URL
//! scopes).
//!
//! The request's locale lives in the VM (`PageCtx::locale`, `en_US` by default) as a Java-style name;
//! every `LS` function takes an optional `locale` argument that overrides it. Locale data is a
//! built-in table (`locales.rs`) of the common locales with the values Java's CLDR data gives
//! (Lucee formats with Java's locale data); an unknown locale is an error rather than a guess.
//! A bare language (`de`, `German`) means its main country (`de_DE`).
//!
//! The `timezone` arguments convert as the plain date functions' do (`date/zone.rs`). Not
//! covered: zone names such as `MESZ` in parsed text; display names in languages other than English,
//! German, French and the locale's own (others show English).

mod dates;
mod locales;
mod numbers;
#[cfg(test)]
mod tests;

/// The locales Rime formats and parses, as `Language (Country)` in English, comma-separated
/// (`server.coldfusion.supportedLocales`).
pub fn supported_locales() -> String {
    let en = locales::english();
    let names: Vec<String> = locales::LOCALES
        .iter()
        .map(|l| locales::display_name(l, en))
        .collect();
    names.join(",")
}

use locales::{find, LocaleData};
use rime_runtime::{
    def, opt, req, Args, BuiltinDef, CfResult, CfmlError, Ctx, MemberType, Struct, Value,
};

use MemberType::Date as D;

pub static FUNCTIONS: &[BuiltinDef] = &[
    def("getLocale", &[], get_locale),
    def("setLocale", &[req("locale")], set_locale),
    def(
        "getLocaleDisplayName",
        &[opt("locale"), opt("dspLocale")],
        get_locale_display_name,
    ),
    def(
        "getLocaleInfo",
        &[opt("locale"), opt("dspLocale")],
        get_locale_info,
    ),
    def(
        "lsNumberFormat",
        &[req("number"), opt("mask"), opt("locale")],
        numbers::ls_number_format,
    ),
    def(
        "lsCurrencyFormat",
        &[req("number"), opt("type"), opt("locale")],
        numbers::ls_currency_format,
    ),
    def(
        "lsEuroCurrencyFormat",
        &[req("currency"), opt("type"), opt("locale")],
        numbers::ls_currency_format,
    ),
    def(
        "lsParseNumber",
        &[req("string"), opt("locale")],
        numbers::ls_parse_number,
    ),
    def(
        "lsParseCurrency",
        &[req("string"), opt("locale")],
        numbers::ls_parse_currency,
    ),
    def(
        "lsParseEuroCurrency",
        &[req("string"), opt("locale")],
        numbers::ls_parse_currency,
    ),
    def(
        "lsIsNumeric",
        &[req("number"), opt("locale")],
        numbers::ls_is_numeric,
    ),
    def(
        "lsIsCurrency",
        &[req("number"), opt("locale")],
        numbers::ls_is_currency,
    ),
    def(
        "lsDateFormat",
        &[req("date"), opt("mask"), opt("locale"), opt("timezone")],
        dates::ls_date_format,
    )
    .members(&[(D, "lsDateFormat")]),
    def(
        "lsTimeFormat",
        &[req("time"), opt("mask"), opt("locale"), opt("timezone")],
        dates::ls_time_format,
    )
    .members(&[(D, "lsTimeFormat")]),
    def(
        "lsDateTimeFormat",
        &[req("date"), opt("mask"), opt("locale"), opt("timezone")],
        dates::ls_date_time_format,
    )
    .members(&[(D, "lsDateTimeFormat")]),
    def(
        "lsParseDateTime",
        &[req("date"), opt("locale"), opt("format")],
        dates::ls_parse_date_time,
    ),
    def("lsIsDate", &[req("date"), opt("locale")], dates::ls_is_date),
    def(
        "lsDayOfWeek",
        &[req("date"), opt("locale"), opt("timezone")],
        dates::ls_day_of_week,
    )
    .members(&[(D, "lsDayOfWeek")]),
    def(
        "lsWeek",
        &[req("date"), opt("locale"), opt("timezone")],
        dates::ls_week,
    ),
    def("lsUCase", &[req("string"), opt("locale")], ls_ucase),
    def("lsLCase", &[req("string"), opt("locale")], ls_lcase),
    def("getEncoding", &[req("scope")], get_encoding),
    def("setEncoding", &[req("scope"), req("charset")], set_encoding),
];

fn unknown(name: &str) -> Box<CfmlError> {
    CfmlError::expression(format!(
        "unsupported locale [{name}]; Rime supports the locales {} (by these names, as de-CH, or by names such as \"German (Swiss)\")",
        locales::supported_list()
    ))
}

/// A locale by name, or an error naming the supported ones.
pub(crate) fn resolve(name: &str) -> CfResult<&'static LocaleData> {
    find(name).ok_or_else(|| unknown(name))
}

/// The request's locale.
fn request_locale(ctx: &mut dyn Ctx) -> &'static LocaleData {
    find(&ctx.locale()).unwrap_or_else(locales::english)
}

/// The `locale` argument at `i`, or the request's locale when it is missing or empty.
pub(crate) fn locale_arg(
    ctx: &mut dyn Ctx,
    args: &Args,
    i: usize,
) -> CfResult<&'static LocaleData> {
    match args.get(i) {
        Some(v) => {
            let name = v.to_str()?;
            if name.trim().is_empty() {
                Ok(request_locale(ctx))
            } else {
                resolve(&name)
            }
        }
        None => Ok(request_locale(ctx)),
    }
}

/// `getLocale()`: Lucee's name of the request's locale (`english (us)`).
fn get_locale(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    Ok(Value::from(locales::lucee_name(request_locale(ctx))))
}

/// `setLocale(locale)`: the previous locale, as a Java name (`en_US`).
fn set_locale(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let loc = resolve(&args.str(0)?)?;
    let old = request_locale(ctx).id;
    ctx.set_locale(loc.id);
    Ok(Value::from(old))
}

/// The `locale` and `dspLocale` arguments: the display locale defaults to the locale itself.
fn locale_pair(
    ctx: &mut dyn Ctx,
    args: &Args,
) -> CfResult<(&'static LocaleData, &'static LocaleData)> {
    let loc = locale_arg(ctx, args, 0)?;
    let dsp = match args.get(1) {
        Some(v) if !v.to_str()?.trim().is_empty() => resolve(&v.to_str()?)?,
        _ => loc,
    };
    Ok((loc, dsp))
}

fn get_locale_display_name(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let (loc, dsp) = locale_pair(ctx, args)?;
    Ok(Value::from(locales::display_name(loc, dsp)))
}

fn get_locale_info(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let (loc, dsp) = locale_pair(ctx, args)?;
    let display = Struct::new();
    display.set_str("country", Value::from(locales::display_country(loc, dsp)));
    display.set_str("language", Value::from(locales::display_language(loc, dsp)));
    let (iso_lang, iso_country) = locales::iso3(loc);
    let iso = Struct::new();
    iso.set_str("country", Value::from(iso_country));
    iso.set_str("language", Value::from(iso_lang));
    let s = Struct::new();
    s.set_str("display", Value::Struct(display));
    s.set_str("country", Value::from(loc.country));
    s.set_str("language", Value::from(loc.lang));
    s.set_str("name", Value::from(locales::display_name(loc, dsp)));
    s.set_str("variant", Value::from(""));
    s.set_str("iso", Value::Struct(iso));
    Ok(Value::Struct(s))
}

/// Upper case with the locale's rules (Java's `toUpperCase(locale)`): Turkish dotted and dotless
/// i, everything else as Unicode's default.
pub(crate) fn upper(s: &str, loc: &LocaleData) -> String {
    if matches!(loc.lang, "tr" | "az") {
        let mut out = String::with_capacity(s.len());
        for c in s.chars() {
            match c {
                'i' => out.push('\u{130}'),
                'ı' => out.push('I'),
                c => out.extend(c.to_uppercase()),
            }
        }
        return out;
    }
    s.to_uppercase()
}

/// Lower case with the locale's rules (Java's `toLowerCase(locale)`).
pub(crate) fn lower(s: &str, loc: &LocaleData) -> String {
    if matches!(loc.lang, "tr" | "az") {
        let mut out = String::with_capacity(s.len());
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                // `I` followed by a combining dot above is a plain `i`
                'I' if chars.peek() == Some(&'\u{307}') => {
                    chars.next();
                    out.push('i');
                }
                'I' => out.push('ı'),
                '\u{130}' => out.push('i'),
                c => out.extend(c.to_lowercase()),
            }
        }
        return out;
    }
    s.to_lowercase()
}

fn ls_ucase(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let loc = locale_arg(ctx, args, 1)?;
    Ok(Value::from(upper(&s, loc)))
}

fn ls_lcase(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let loc = locale_arg(ctx, args, 1)?;
    Ok(Value::from(lower(&s, loc)))
}

/// The scope argument of `getEncoding`/`setEncoding`: `form` or `url`.
fn encoding_scope(args: &Args) -> CfResult<()> {
    let scope = args.str(0)?;
    if scope.trim().eq_ignore_ascii_case("form") || scope.trim().eq_ignore_ascii_case("url") {
        Ok(())
    } else {
        Err(CfmlError::expression(format!(
            "invalid scope [{scope}] for function [{}], valid scopes are [form, url]",
            args.fname
        )))
    }
}

/// `getEncoding(scope)`: the character set the `form` or `url` scope was decoded with. Rime
/// decodes both as UTF-8 (Lucee's default web charset).
fn get_encoding(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    encoding_scope(args)?;
    Ok(Value::from("UTF-8"))
}

/// `setEncoding(scope, charset)`: Lucee decodes the `form` or `url` scope again in `charset`.
/// Rime decodes both as UTF-8 only, so UTF-8 is accepted (nothing changes) and any other
/// charset is an error rather than a scope silently decoded in the wrong charset.
fn set_encoding(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    encoding_scope(args)?;
    let cs = args.str(1)?;
    let norm = cs.trim().to_ascii_lowercase().replace(['-', '_'], "");
    if norm == "utf8" {
        return Ok(Value::Null);
    }
    Err(CfmlError::expression(format!(
        "setEncoding: the form and URL scopes are decoded as UTF-8 only, [{cs}] is not supported"
    )))
}

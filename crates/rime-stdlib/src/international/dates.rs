//! Dates in a locale: `lsDateFormat`, `lsTimeFormat`, `lsDateTimeFormat`, `lsParseDateTime`,
//! `lsIsDate`, `lsDayOfWeek`, `lsWeek`.
//!
//! Formatting reuses the date masks of `date::format` with the locale's names and week rule:
//! the `short`/`medium`/`long`/`full` styles are the locale's Java patterns, other masks are
//! `dateFormat`/`timeFormat`/`dateTimeFormat` masks. Parsing tries the locale's styles (and the
//! variants Lucee adds: 24-hour times, no comma after the year, `d. MMMM`, `d-MMM-y`), then
//! Lucee's list of common formats, and for US English the standard CFML date forms.

use super::locale_arg;
use super::locales::LocaleData;
use crate::date::format::{
    compile_java, compiled, convert_mask, parse_with_options, render_with, MaskKind, ParseOptions,
    Symbols, Tok, ENGLISH,
};
use crate::date::zone::Zone;
use crate::date::{beat, dow_sun1, format_zone, parse_lenient, week_of_year};
use chrono::{Datelike, Duration};
use parking_lot::Mutex;
use rime_runtime::{Args, CfResult, CfmlError, Ctx, DateTime, Value};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// Lucee's common date/time formats, tried with every locale's names.
const COMMON_FORMATS: &[&str] = &[
    "dd-MMM-yyyy",
    "dd-MMMM-yyyy",
    "dd-MMM-yy HH:mm a",
    "dd-MMMM-yy HH:mm a",
    "dd MMM, yyyy HH:mm:ss",
    "dd MMM yyyy HH:mm:ss zz",
    "MMMM d yyyy HH:mm",
    "MMMM d yyyy HH:mm:ss",
    "MMM dd, yyyy HH:mm:ss",
    "MMMM, dd yyyy HH:mm:ss",
    "MMMM d yyyy HH:mm:ssZ",
    "MMM dd, yyyy HH:mm:ss a",
    "MMMM, dd yyyy HH:mm:ssZ",
    "MMMM, dd yyyy HH:mm:ss Z",
    "MMMM dd, yyyy HH:mm:ss a zzz",
    "EEE, MMM dd, yyyy HH:mm:ss",
    "EEE MMM dd HH:mm:ss z yyyy",
    "EE, dd-MMM-yyyy H:mm:ss zz",
    "EE, dd MMM yyyy H:mm:ss zz",
    "EEE d, MMM yyyy H:mm:ss zz",
    "EEE, d MMM yyyy H:mm:ss Z",
    "EEE, MMM dd, yyyy H:mm:ssZ",
    "EEEE, MMMM d, yyyy, h:mm:ss a z",
    "EEEE, MMMM d, yyyy, h:mm:ss a zzzz",
    "yyyy/MM/dd HH:mm:ss zz",
    "yyyy-MM-dd HH:mm:ss zz",
    "yyyy-MM-dd'T'HH:mm:ssXXX",
    "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
    "H:mm:ss a z",
];

fn style(mask: &str) -> Option<usize> {
    match mask.trim().to_ascii_lowercase().as_str() {
        "short" => Some(0),
        "medium" => Some(1),
        "long" => Some(2),
        "full" => Some(3),
        _ => None,
    }
}

fn java(d: &DateTime, pattern: &str, sym: &Symbols, z: &Zone) -> String {
    render_with(&compiled(MaskKind::Java, pattern), d, sym, z)
}

/// A date pattern and the looser forms Lucee also accepts.
fn date_variants(p: &str, out: &mut Vec<String>) {
    let mut todo = vec![p.to_string()];
    while let Some(p) = todo.pop() {
        if out.contains(&p) {
            continue;
        }
        for (from, to) in [("y,", "y"), ("d MMMM ", "d. MMMM "), ("d MMM y", "d-MMM-y")] {
            if p.contains(from) {
                todo.push(p.replace(from, to));
            }
        }
        out.push(p);
    }
}

/// A time pattern and its 24-hour form.
fn time_variants(p: &str, out: &mut Vec<String>) {
    out.push(p.to_string());
    for (from, to) in [
        ("hh:mm:ss a", "HH:mm:ss"),
        ("h:mm:ss a", "H:mm:ss"),
        ("hh:mm a", "HH:mm"),
        ("h:mm a", "H:mm"),
    ] {
        if p.contains(from) {
            out.push(p.replace(from, to));
            break;
        }
    }
}

fn time_patterns(loc: &LocaleData) -> Vec<String> {
    let mut out = Vec::new();
    for t in loc.time_styles.iter().rev() {
        time_variants(t, &mut out);
    }
    out
}

/// Compiled patterns.
type Patterns = Arc<Vec<Vec<Tok>>>;

/// Every pattern a date/time text of the locale is tried against, compiled; built once per
/// locale.
fn candidates(loc: &'static LocaleData) -> Patterns {
    static CACHE: OnceLock<Mutex<HashMap<&'static str, Patterns>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(c) = cache.lock().get(loc.id) {
        return c.clone();
    }
    let mut pats: Vec<String> = COMMON_FORMATS.iter().map(|s| s.to_string()).collect();
    let times = time_patterns(loc);
    for (di, ds) in loc.date_styles.iter().enumerate().rev() {
        for ts in loc.time_styles.iter().rev() {
            let mut ts_all = Vec::new();
            time_variants(ts, &mut ts_all);
            for t in &ts_all {
                for joiner in [loc.date_time[di], "{1} {0}"] {
                    let p = joiner.replace("{1}", ds).replace("{0}", t);
                    date_variants(&p, &mut pats);
                }
            }
        }
    }
    for ds in loc.date_styles.iter().rev() {
        date_variants(ds, &mut pats);
    }
    pats.extend(times);
    let mut seen = std::collections::HashSet::new();
    let compiled: Vec<Vec<Tok>> = pats
        .iter()
        .filter(|p| seen.insert(p.to_string()))
        .map(|p| compile_java(p))
        .collect();
    let c = Arc::new(compiled);
    cache.lock().insert(loc.id, c.clone());
    c
}

#[cfg(test)]
pub(crate) fn candidate_count(loc: &'static LocaleData) -> usize {
    candidates(loc).len()
}

fn options(sym: &Symbols) -> ParseOptions<'_> {
    ParseOptions {
        symbols: sym,
        check_day_name: true,
        short_years: true,
    }
}

/// A date/time text of the locale; for US English also the standard CFML forms.
pub(crate) fn parse_in(s: &str, loc: &'static LocaleData) -> Option<DateTime> {
    let s = s.trim();
    if s.is_empty() {
        return None;
    }
    let sym = loc.symbols(false);
    let opts = options(&sym);
    let found = candidates(loc)
        .iter()
        .find_map(|toks| parse_with_options(toks, s, &opts));
    if found.is_some() {
        return found;
    }
    if loc.us_like() {
        return parse_lenient(s);
    }
    None
}

/// A time text of the locale (`lsTimeFormat`'s string argument).
fn parse_time_in(s: &str, loc: &LocaleData) -> Option<DateTime> {
    let sym = loc.symbols(false);
    let opts = options(&sym);
    time_patterns(loc)
        .iter()
        .find_map(|p| parse_with_options(&compiled(MaskKind::Java, p), s.trim(), &opts))
}

fn is_empty_text(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Str(s) => s.trim().is_empty(),
        _ => false,
    }
}

/// The date argument of `lsDateFormat`: a date, a date text of the locale, or any CFML date.
fn ls_date_value(v: &Value, loc: &'static LocaleData) -> CfResult<DateTime> {
    if let Value::Str(s) = v {
        if let Some(d) = parse_in(s, loc) {
            return Ok(d);
        }
    }
    v.to_date()
}

pub(crate) fn ls_date_format(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let loc = locale_arg(ctx, args, 2)?;
    let v = args.raw(0).unwrap_or(&Value::Null);
    if is_empty_text(v) {
        return Ok(Value::from(""));
    }
    let d = ls_date_value(v, loc)?;
    let (d, z) = format_zone(ctx, args, d, 3)?;
    let mask = args.str_or(1, "medium")?;
    let out = if let Some(s) = style(&mask) {
        java(&d, loc.date_styles[s], &loc.symbols(false), &z)
    } else if matches!(mask.trim().to_ascii_lowercase().as_str(), "iso" | "iso8601") {
        java(&d, "yyyy-MM-dd", &ENGLISH, &z)
    } else {
        let sym = if loc.us_like() {
            ENGLISH
        } else {
            loc.symbols(true)
        };
        render_with(&compiled(MaskKind::Date, &mask), &d, &sym, &z)
    };
    Ok(Value::from(out))
}

pub(crate) fn ls_time_format(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let loc = locale_arg(ctx, args, 2)?;
    let v = args.raw(0).unwrap_or(&Value::Null);
    if is_empty_text(v) {
        return Ok(Value::from(""));
    }
    let d = match v {
        Value::Str(s) => match parse_time_in(s, loc) {
            Some(d) => d,
            None => v.to_date()?,
        },
        other => other.to_date()?,
    };
    let (d, z) = format_zone(ctx, args, d, 3)?;
    let mask = args.str_or(1, "short")?;
    let out = if let Some(s) = style(&mask) {
        java(&d, loc.time_styles[s], &loc.symbols(false), &z)
    } else if mask.trim().eq_ignore_ascii_case("beat") {
        beat(&d, &z)
    } else {
        // Lucee's time masks print AM/PM in English whatever the locale
        render_with(&compiled(MaskKind::Time, &mask), &d, &ENGLISH, &z)
    };
    Ok(Value::from(out))
}

pub(crate) fn ls_date_time_format(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let loc = locale_arg(ctx, args, 2)?;
    let v = args.raw(0).unwrap_or(&Value::Null);
    if is_empty_text(v) {
        return Ok(Value::from(""));
    }
    let d = v.to_date()?;
    let (d, z) = format_zone(ctx, args, d, 3)?;
    let sym = loc.symbols(false);
    let Some(mask_v) = args.get(1) else {
        return Ok(Value::from(java(&d, "dd-MMM-yyyy HH:mm:ss", &sym, &z)));
    };
    let mask = mask_v.to_str()?;
    let lower = mask.trim().to_ascii_lowercase();
    let out = match lower.as_str() {
        "epoch" => z.epoch_millis(&d.ndt()).div_euclid(1000).to_string(),
        "epochms" => z.epoch_millis(&d.ndt()).to_string(),
        "iso8601" | "iso" => java(&d, "yyyy-MM-dd'T'HH:mm:ssXXX", &sym, &z),
        "isoms" | "isomillis" | "javascript" => java(&d, "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", &sym, &z),
        _ => match style(&lower) {
            Some(s) => {
                let pattern = loc.date_time[s]
                    .replace("{1}", loc.date_styles[s])
                    .replace("{0}", loc.time_styles[s]);
                java(&d, &pattern, &sym, &z)
            }
            None => render_with(
                &compiled(MaskKind::Java, &convert_mask(&mask)),
                &d,
                &sym,
                &z,
            ),
        },
    };
    Ok(Value::from(out))
}

/// `lsParseDateTime(date, locale, format)`: with a format, a Java pattern read with the locale's
/// names; without, any date/time text of the locale.
pub(crate) fn ls_parse_date_time(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = args.val(0)?;
    if let Value::Date(d) = v {
        return Ok(Value::Date(*d));
    }
    let loc = locale_arg(ctx, args, 1)?;
    let s = v.to_str()?;
    let format = match args.get(2) {
        Some(f) => f.to_str()?.trim().to_string(),
        None => String::new(),
    };
    if !format.is_empty() {
        let sym = loc.symbols(false);
        let opts = ParseOptions {
            symbols: &sym,
            check_day_name: false,
            short_years: true,
        };
        return parse_with_options(&compiled(MaskKind::Java, &format), &s, &opts)
            .map(Value::Date)
            .ok_or_else(|| {
                CfmlError::expression(format!(
                    "could not parse the date [{s}] with the format [{format}] with the locale [{}]",
                    loc.id
                ))
            });
    }
    parse_in(&s, loc).map(Value::Date).ok_or_else(|| {
        CfmlError::expression(format!(
            "can't cast [{s}] to date value: it is not a date/time format of the locale [{}]",
            loc.id
        ))
    })
}

pub(crate) fn ls_is_date(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let loc = locale_arg(ctx, args, 1)?;
    let ok = match args.val(0)? {
        Value::Date(_) => true,
        Value::Str(s) => s.chars().count() >= 2 && parse_in(s, loc).is_some(),
        _ => false,
    };
    Ok(Value::Bool(ok))
}

/// `lsDayOfWeek`: 1 for the locale's first day of the week (Monday in most of Europe).
pub(crate) fn ls_day_of_week(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let d = args.val(0)?.to_date()?;
    let (d, _) = format_zone(ctx, args, d, 2)?;
    let loc = locale_arg(ctx, args, 1)?;
    Ok(Value::from(day_of_week(d, loc) as f64))
}

pub(crate) fn day_of_week(d: DateTime, loc: &LocaleData) -> u32 {
    let raw = dow_sun1(d.ndt().date());
    (raw + 7 - loc.first_day) % 7 + 1
}

/// `lsWeek`: the week of the year by the locale's rule; the last days of December count as week
/// 53 (or 54) rather than week 1 of the next year, as in Lucee.
pub(crate) fn ls_week(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let d = args.val(0)?.to_date()?;
    let (d, _) = format_zone(ctx, args, d, 2)?;
    let loc = locale_arg(ctx, args, 1)?;
    Ok(Value::from(week(d, loc) as f64))
}

pub(crate) fn week(d: DateTime, loc: &LocaleData) -> u32 {
    let date = d.ndt().date();
    let w = week_of_year(date, loc.first_day, loc.min_days);
    if w == 1 && date.month() == 12 {
        week_of_year(date - Duration::days(7), loc.first_day, loc.min_days) + 1
    } else {
        w
    }
}

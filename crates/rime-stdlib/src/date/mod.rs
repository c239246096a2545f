//! Date and time functions: construction (`now`, `createDate`...), arithmetic (`dateAdd`,
//! `dateDiff`, `dateCompare`), parts (`year`, `dayOfWeek`, `week`...), names (`monthAsString`)
//! and formatting (`dateFormat`, `timeFormat`, `dateTimeFormat`, `parseDateTime`).
//!
//! Dates are zone-less local date-times with millisecond precision (`rime_runtime::DateTime`).
//! Formatting uses US English, as Lucee's non-LS functions do; `monthAsString` and the other
//! name functions follow the request's locale, as in Lucee (the `LS` functions are in
//! `international`). The request's time zone and the `timezone` arguments Lucee offers are in
//! `zone.rs`: a date is a wall-clock time in the request's zone, and a `timezone` argument
//! converts it to (when reading or formatting) or from (when creating) that zone.
//!
//! Some Lucee members take the receiver at another position than the first parameter
//! (`d.add("d", 1)` is `dateAdd("d", 1, d)`); those members point at small adapter functions
//! with a `__...Member` name, the way Lucee's own hidden member functions are named.

pub(crate) mod format;
pub(crate) mod zone;

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, Timelike};
use format::{compiled, render, MaskKind};
use rime_runtime::{
    def, opt, req, Args, BuiltinDef, CfResult, CfmlError, Ctx, DateKind, DateTime, MemberType,
    Value,
};
use std::sync::Arc;
use zone::Zone;

use MemberType::Date as D;

pub(crate) const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

pub(crate) const DAY_NAMES: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

pub static FUNCTIONS: &[BuiltinDef] = &[
    def("now", &[], now),
    def(
        "dateConvert",
        &[req("conversionType"), req("date")],
        date_convert,
    ),
    def("setTimeZone", &[req("timezone")], set_time_zone),
    def("getTimeZone", &[], get_time_zone),
    def("clearTimeZone", &[], clear_time_zone),
    def(
        "getTimeZoneInfo",
        &[opt("timezone"), opt("locale")],
        get_time_zone_info,
    ),
    def(
        "createDate",
        &[req("year"), req("month"), req("day"), opt("timezone")],
        create_date,
    ),
    def(
        "createDateTime",
        &[
            req("year"),
            opt("month"),
            opt("day"),
            opt("hour"),
            opt("minute"),
            opt("second"),
            opt("millisecond"),
            opt("timezone"),
        ],
        create_date_time,
    ),
    def(
        "createTime",
        &[
            req("hour"),
            opt("minute"),
            opt("second"),
            opt("millisecond"),
            opt("timezone"),
        ],
        create_time,
    ),
    def("createODBCDate", &[req("date")], create_odbc_date),
    def("createODBCTime", &[req("date")], create_odbc_time),
    def("createODBCDateTime", &[req("date")], create_odbc_date_time),
    def(
        "createTimeSpan",
        &[req("days"), req("hours"), req("minutes"), req("seconds")],
        create_time_span,
    )
    .constant(),
    def(
        "dateAdd",
        &[req("datepart"), req("number"), req("date")],
        date_add,
    )
    .members(&[(D, "add")])
    .receiver(2),
    def(
        "dateDiff",
        &[req("datepart"), req("date1"), req("date2")],
        date_diff,
    )
    .members(&[(D, "diff")])
    .receiver(2),
    def(
        "datePart",
        &[req("datepart"), req("date"), opt("timezone")],
        date_part,
    )
    .members(&[(D, "part")])
    .receiver(1),
    def(
        "dateCompare",
        &[req("date1"), req("date2"), opt("datePart")],
        date_compare,
    )
    .members(&[(D, "compare")]),
    def("year", &[req("date"), opt("timezone")], year).members(&[(D, "year")]),
    def("month", &[req("date"), opt("timezone")], month).members(&[(D, "month")]),
    def("day", &[req("date"), opt("timezone")], day).members(&[(D, "day")]),
    def("hour", &[req("date"), opt("timezone")], hour).members(&[(D, "hour")]),
    def("minute", &[req("date"), opt("timezone")], minute).members(&[(D, "minute")]),
    def("second", &[req("date"), opt("timezone")], second).members(&[(D, "second")]),
    def("millisecond", &[req("date"), opt("timezone")], millisecond).members(&[(D, "millisecond")]),
    def("quarter", &[req("date"), opt("timezone")], quarter).members(&[(D, "quarter")]),
    def("week", &[req("date"), opt("timezone")], week).members(&[(D, "week")]),
    def("dayOfWeek", &[req("date"), opt("timezone")], day_of_week).members(&[(D, "dayOfWeek")]),
    def("dayOfYear", &[req("date"), opt("timezone")], day_of_year).members(&[(D, "dayOfYear")]),
    def(
        "daysInMonth",
        &[req("date"), opt("timezone")],
        days_in_month_fn,
    )
    .members(&[(D, "daysInMonth")]),
    def("daysInYear", &[req("date"), opt("timezone")], days_in_year).members(&[(D, "daysInYear")]),
    def(
        "firstDayOfMonth",
        &[req("date"), opt("timezone")],
        first_day_of_month,
    )
    .members(&[(D, "firstDayOfMonth")]),
    def(
        "dayOfWeekAsString",
        &[req("dayOfWeek"), opt("locale")],
        day_of_week_as_string,
    ),
    def(
        "dayOfWeekShortAsString",
        &[req("day_of_week"), opt("locale")],
        day_of_week_short_as_string,
    ),
    def(
        "monthAsString",
        &[req("month_number"), opt("locale")],
        month_as_string,
    ),
    def(
        "monthShortAsString",
        &[req("monthnumber"), opt("locale")],
        month_short_as_string,
    ),
    def(
        "dateFormat",
        &[req("date"), opt("mask"), opt("timezone")],
        date_format,
    )
    .members(&[(D, "dateFormat")]),
    def(
        "timeFormat",
        &[req("time"), opt("mask"), opt("timezone")],
        time_format,
    )
    .members(&[(D, "timeFormat")]),
    def(
        "dateTimeFormat",
        &[
            req("datetime").alias(&["date"]),
            opt("mask"),
            opt("timezone"),
        ],
        date_time_format,
    )
    .members(&[(D, "dateTimeFormat"), (D, "format")]),
    def(
        "parseDateTime",
        &[req("date"), opt("format")],
        parse_date_time,
    )
    .members(&[(MemberType::String, "parseDateTime")]),
    def(
        "getHttpTimeString",
        &[opt("DateTime")],
        get_http_time_string,
    ),
];

// ---------------------------------------------------------------------------------------------
// Calendar helpers (shared with format.rs and json.rs)
// ---------------------------------------------------------------------------------------------

/// Day of week with Sunday = 1 ... Saturday = 7.
pub(crate) fn dow_sun1(d: NaiveDate) -> u32 {
    d.weekday().num_days_from_sunday() + 1
}

/// Week of the week-based year with US rules (weeks start on Sunday; the week that contains
/// January 1st is week 1, so the last days of December can be week 1 of the next year).
pub(crate) fn us_week_of_year(d: NaiveDate) -> u32 {
    let start_of_week = d - Duration::days(d.weekday().num_days_from_sunday() as i64);
    if let Some(next_jan1) = NaiveDate::from_ymd_opt(d.year() + 1, 1, 1) {
        if start_of_week + Duration::days(6) >= next_jan1 {
            return 1;
        }
    }
    let jan1 = NaiveDate::from_ymd_opt(d.year(), 1, 1).unwrap_or(d);
    let offset = jan1.weekday().num_days_from_sunday();
    (d.ordinal0() + offset) / 7 + 1
}

/// Week of the month with US rules (the week that contains the 1st is week 1).
pub(crate) fn us_week_of_month(d: NaiveDate) -> u32 {
    let first = d.with_day(1).unwrap_or(d);
    (d.day0() + first.weekday().num_days_from_sunday()) / 7 + 1
}

/// The first day of week 1 of `year` when weeks start on `first_day` (1 = Sunday ... 7 =
/// Saturday) and the first week needs `min_days` days of the new year (Java's `Calendar`).
fn week_one_start(year: i32, first_day: u32, min_days: u32) -> Option<NaiveDate> {
    let jan1 = NaiveDate::from_ymd_opt(year, 1, 1)?;
    let back = (dow_sun1(jan1) + 7 - first_day) % 7;
    let start = jan1 - Duration::days(back as i64);
    Some(if 7 - back >= min_days {
        start
    } else {
        start + Duration::days(7)
    })
}

/// Week of the year with a locale's week rule (Java `Calendar.WEEK_OF_YEAR`): days before week 1
/// belong to the last week of the previous year, days in week 1 of the next year are week 1.
pub(crate) fn week_of_year(d: NaiveDate, first_day: u32, min_days: u32) -> u32 {
    let week = |start: NaiveDate| ((d - start).num_days() / 7 + 1) as u32;
    match (
        week_one_start(d.year(), first_day, min_days),
        week_one_start(d.year() + 1, first_day, min_days),
    ) {
        (_, Some(next)) if d >= next => 1,
        (Some(start), _) if d >= start => week(start),
        _ => week_one_start(d.year() - 1, first_day, min_days).map_or(1, week),
    }
}

/// Week of the month with a locale's week rule (Java `Calendar.WEEK_OF_MONTH`; days before the
/// first full-enough week are week 0).
pub(crate) fn week_of_month(d: NaiveDate, first_day: u32, min_days: u32) -> u32 {
    let first = d.with_day(1).unwrap_or(d);
    let back = (dow_sun1(first) + 7 - first_day) % 7;
    let days = d.day0() + back;
    let week = days / 7 + 1;
    if 7 - back >= min_days {
        week
    } else {
        week - 1
    }
}

pub(crate) fn days_in_month(y: i32, m: u32) -> u32 {
    let (ny, nm) = if m == 12 { (y + 1, 1) } else { (y, m + 1) };
    match (
        NaiveDate::from_ymd_opt(ny, nm, 1),
        NaiveDate::from_ymd_opt(y, m, 1),
    ) {
        (Some(a), Some(b)) => (a - b).num_days() as u32,
        _ => 30,
    }
}

/// Lucee's JSON date text: `January, 31 2024 13:45:00 +0100` (the server zone's offset).
pub(crate) fn json_date(d: &DateTime) -> String {
    render(
        &compiled(MaskKind::Java, "MMMM, dd yyyy HH:mm:ss Z"),
        d,
        &zone::server(),
    )
}

fn out_of_range() -> Box<CfmlError> {
    CfmlError::expression("The resulting date is out of the supported range")
}

fn date_arg(args: &Args, i: usize) -> CfResult<DateTime> {
    args.val(i)?.to_date()
}

/// The date argument at `i` on the wall clock of the zone named by argument `tz` (when given:
/// the date is read in the request's zone and converted), else as it is.
fn zoned(ctx: &mut dyn Ctx, args: &Args, i: usize, tz: usize) -> CfResult<NaiveDateTime> {
    let d = date_arg(args, i)?.ndt();
    match args.get(tz) {
        Some(v) if !v.to_str()?.trim().is_empty() => {
            let to = zone::find(&v.to_str()?)?;
            Ok(zone::convert(d, &*zone::request(ctx)?, &to))
        }
        _ => Ok(d),
    }
}

/// A date built on the wall clock of the zone named by argument `tz` (when given), moved to the
/// request's zone.
fn from_zone(ctx: &mut dyn Ctx, args: &Args, tz: usize, d: DateTime) -> CfResult<Value> {
    match args.get(tz) {
        Some(v) if !v.to_str()?.trim().is_empty() => {
            let from = zone::find(&v.to_str()?)?;
            Ok(Value::Date(DateTime::new(zone::convert(
                d.ndt(),
                &from,
                &*zone::request(ctx)?,
            ))))
        }
        _ => Ok(Value::Date(d)),
    }
}

fn int_arg(args: &Args, i: usize, default: i64) -> CfResult<i64> {
    let n = args.num_or(i, default as f64)?;
    if !n.is_finite() || n.abs() > 1e15 {
        return Err(CfmlError::expression(format!(
            "The number [{}] is out of range",
            rime_runtime::number::format(n)
        )));
    }
    Ok(n.trunc() as i64)
}

fn num(v: impl Into<f64>) -> CfResult<Value> {
    Ok(Value::Num(v.into()))
}

// ---------------------------------------------------------------------------------------------
// Construction
// ---------------------------------------------------------------------------------------------

/// The current time on the request's wall clock.
fn now(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    Ok(Value::Date(DateTime::new(zone::now_in(&*zone::request(
        ctx,
    )?))))
}

/// `dateConvert("local2Utc"|"utc2Local", date)`: a date moved between the request's zone and
/// UTC (the wall clock the other side reads at the same instant).
fn date_convert(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let kind = args.str(0)?.trim().to_ascii_lowercase();
    let d = date_arg(args, 1)?.ndt();
    let z = zone::request(ctx)?;
    let t = match kind.as_str() {
        "local2utc" => z.to_utc(d),
        "utc2local" => z.wall_clock(d),
        _ => {
            return Err(CfmlError::expression(format!(
                "invalid conversion-type [{kind}] for function dateConvert, valid values are [local2utc,utc2local]"
            )))
        }
    };
    Ok(Value::Date(DateTime::new(t)))
}

/// `setTimeZone(tz)`: the zone of the rest of the request (Lucee: a request-level setting).
/// Returns nothing, as Lucee's does.
fn set_time_zone(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let name = args.str(0)?;
    if name.trim().eq_ignore_ascii_case("jvm") {
        ctx.set_time_zone(None);
    } else {
        let z = zone::find(&name)?;
        ctx.set_time_zone(Some(z.id()));
    }
    Ok(Value::Null)
}

/// `getTimeZone()`: the request's zone id (`Europe/Berlin`). Lucee returns its time-zone object,
/// which prints as the id; Adobe ColdFusion 2021 returns a struct like `getTimeZoneInfo()`'s,
/// and Rime follows Lucee.
fn get_time_zone(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    Ok(Value::from(zone::request(ctx)?.id()))
}

/// `clearTimeZone()`: back to the server's zone.
fn clear_time_zone(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    ctx.set_time_zone(None);
    Ok(Value::Null)
}

/// `getTimeZoneInfo([tz])`: the zone's offset now. The `utc…` offsets are CFML's (UTC minus
/// local time, so Berlin in winter is -3600), as Lucee gives them; `offset` is the other way
/// round (local time minus UTC, Java's) and `DSTOffset` the daylight-saving shift in force, both
/// in seconds; `id` (and, as in Lucee 6, `timezone`) is the zone's id, `shortName` its abbreviation (`CET`) and `name` its long
/// English name as Java gives it (`Central European Standard Time`, see `zone::display_name`).
/// The `locale` argument is accepted; names are always English.
fn get_time_zone_info(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let z = zone::arg_or_request(ctx, args, 0)?;
    let now = chrono::Utc::now().naive_utc();
    let lt = z.at_utc(&now);
    let total = -lt.offset;
    // The shift is the difference to the zone's standard time, read from a nearby date that is
    // not in daylight time (an hour where none is found).
    let dst_offset = if lt.dst {
        [91i64, 182, -91, -182]
            .iter()
            .map(|d| z.at_utc(&(now + chrono::Duration::days(*d))))
            .find(|t| !t.dst)
            .map_or(3600, |std| lt.offset - std.offset)
    } else {
        0
    };
    let s = rime_runtime::Struct::new();
    s.set_str("utcTotalOffset", Value::Num(total as f64));
    s.set_str("utcHourOffset", Value::Num((total / 3600) as f64));
    s.set_str("utcMinuteOffset", Value::Num(((total / 60) % 60) as f64));
    s.set_str("isDSTon", Value::Bool(lt.dst));
    s.set_str(
        "name",
        Value::from(zone::display_name(z.id(), lt.offset - dst_offset)),
    );
    s.set_str("id", Value::from(z.id()));
    s.set_str("timezone", Value::from(z.id()));
    s.set_str("shortName", Value::from(lt.abbrev.as_str()));
    s.set_str("offset", Value::Num(lt.offset as f64));
    s.set_str("DSTOffset", Value::Num(dst_offset as f64));
    // The daylight-time names (Java's `getDisplayName(true, ...)`): the abbreviation in force
    // at a date in daylight time, when the zone has one.
    let daylight = [0i64, 91, 182, -91, -182]
        .iter()
        .map(|d| z.at_utc(&(now + chrono::Duration::days(*d))))
        .find(|t| t.dst);
    let std_name = zone::display_name(z.id(), lt.offset - dst_offset);
    s.set_str(
        "nameDST",
        Value::from(zone::daylight_name(z.id(), &std_name)),
    );
    s.set_str(
        "shortNameDST",
        Value::from(daylight.map_or(lt.abbrev.clone(), |t| t.abbrev)),
    );
    Ok(Value::Struct(s))
}

/// Two-digit years: 0-29 → 2000s, 30-99 → 1900s.
fn full_year(y: i64) -> i64 {
    if (0..30).contains(&y) {
        2000 + y
    } else if (30..100).contains(&y) {
        1900 + y
    } else {
        y
    }
}

fn make(y: i64, mo: i64, d: i64, h: i64, mi: i64, s: i64, ms: i64) -> CfResult<DateTime> {
    let check = |v: i64, lo: i64, hi: i64, what: &str| -> CfResult<u32> {
        if v < lo || v > hi {
            Err(CfmlError::expression(format!(
                "Invalid {what} [{v}], it must be between {lo} and {hi}"
            )))
        } else {
            Ok(v as u32)
        }
    };
    let y = full_year(y);
    if !(-9999..=9999).contains(&y) {
        return Err(CfmlError::expression(format!("Invalid year [{y}]")));
    }
    let mo = check(mo, 1, 12, "month")?;
    let d = check(d, 1, days_in_month(y as i32, mo) as i64, "day")?;
    let h = check(h, 0, 23, "hour")?;
    let mi = check(mi, 0, 59, "minute")?;
    let s = check(s, 0, 59, "second")?;
    let ms = check(ms, 0, 999, "millisecond")?;
    NaiveDate::from_ymd_opt(y as i32, mo, d)
        .and_then(|date| date.and_hms_milli_opt(h, mi, s, ms))
        .map(DateTime::new)
        .ok_or_else(out_of_range)
}

fn create_date(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let d = make(
        int_arg(args, 0, 0)?,
        int_arg(args, 1, 1)?,
        int_arg(args, 2, 1)?,
        0,
        0,
        0,
        0,
    )?;
    from_zone(ctx, args, 3, d)
}

fn create_date_time(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let d = make(
        int_arg(args, 0, 0)?,
        int_arg(args, 1, 1)?,
        int_arg(args, 2, 1)?,
        int_arg(args, 3, 0)?,
        int_arg(args, 4, 0)?,
        int_arg(args, 5, 0)?,
        int_arg(args, 6, 0)?,
    )?;
    from_zone(ctx, args, 7, d)
}

fn create_time(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let d = make(
        1899,
        12,
        30,
        int_arg(args, 0, 0)?,
        int_arg(args, 1, 0)?,
        int_arg(args, 2, 0)?,
        int_arg(args, 3, 0)?,
    )?;
    from_zone(ctx, args, 4, d)
}

fn create_odbc_date(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let d = date_arg(args, 0)?;
    Ok(Value::Date(
        DateTime::new(d.ndt().date().and_time(NaiveTime::MIN)).with_kind(DateKind::Date),
    ))
}

/// An ODBC time keeps the time of day on CFML's zero date, 1899-12-30.
fn create_odbc_time(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let d = date_arg(args, 0)?;
    let zero = NaiveDate::from_ymd_opt(1899, 12, 30).ok_or_else(out_of_range)?;
    Ok(Value::Date(
        DateTime::new(zero.and_time(d.ndt().time())).with_kind(DateKind::Time),
    ))
}

fn create_odbc_date_time(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Date(
        date_arg(args, 0)?.with_kind(DateKind::DateTime),
    ))
}

fn create_time_span(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let d = args.num(0)?;
    let h = args.num(1)?;
    let m = args.num(2)?;
    let s = args.num(3)?;
    let days = d + h / 24.0 + m / 1440.0 + s / 86400.0;
    if !days.is_finite() {
        return num(days);
    }
    Ok(rime_runtime::timespan::TimeSpan::value(days))
}

// ---------------------------------------------------------------------------------------------
// Arithmetic
// ---------------------------------------------------------------------------------------------

fn add_months(t: NaiveDateTime, months: i64) -> CfResult<NaiveDateTime> {
    let total = t.year() as i64 * 12 + t.month0() as i64 + months;
    let y = total.div_euclid(12);
    let m = total.rem_euclid(12) as u32 + 1;
    if !(-9999..=9999).contains(&y) {
        return Err(out_of_range());
    }
    let d = t.day().min(days_in_month(y as i32, m));
    NaiveDate::from_ymd_opt(y as i32, m, d)
        .map(|date| date.and_time(t.time()))
        .ok_or_else(out_of_range)
}

fn add_ms(t: NaiveDateTime, ms: i64) -> CfResult<NaiveDateTime> {
    Duration::try_milliseconds(ms)
        .and_then(|d| t.checked_add_signed(d))
        .ok_or_else(out_of_range)
}

fn add_days(t: NaiveDateTime, days: i64) -> CfResult<NaiveDateTime> {
    Duration::try_days(days)
        .and_then(|d| t.checked_add_signed(d))
        .ok_or_else(out_of_range)
}

/// dateAdd, with Lucee's rules: `yyyy` sets the year (Feb 29 of a non-leap year rolls to
/// Mar 1), `m`/`q` clamp the day to the month's end, `w` adds weekdays.
pub(crate) fn add(part: &str, n: i64, t: NaiveDateTime) -> CfResult<NaiveDateTime> {
    let p = part.trim().to_ascii_lowercase();
    match p.as_str() {
        "l" => add_ms(t, n),
        "s" => add_ms(t, n.checked_mul(1000).ok_or_else(out_of_range)?),
        "n" => add_ms(t, n.checked_mul(60_000).ok_or_else(out_of_range)?),
        "h" => add_ms(t, n.checked_mul(3_600_000).ok_or_else(out_of_range)?),
        "yyyy" => {
            let y = t.year() as i64 + n;
            if !(-9999..=9999).contains(&y) {
                return Err(out_of_range());
            }
            let dim = days_in_month(y as i32, t.month());
            let base = NaiveDate::from_ymd_opt(y as i32, t.month(), t.day().min(dim))
                .ok_or_else(out_of_range)?;
            let overflow = t.day().saturating_sub(dim) as i64;
            add_days(base.and_time(t.time()), overflow)
        }
        "ww" => add_days(t, n.checked_mul(7).ok_or_else(out_of_range)?),
        "q" => add_months(t, n.checked_mul(3).ok_or_else(out_of_range)?),
        "m" => add_months(t, n),
        "y" | "d" => add_days(t, n),
        "w" => add_weekdays(t, n),
        _ => Err(CfmlError::expression(format!(
            "invalid datepart identifier [{part}] for function dateAdd"
        ))),
    }
}

/// Lucee's weekday addition: step to the week's Monday, then move whole weeks plus days.
fn add_weekdays(t: NaiveDateTime, n: i64) -> CfResult<NaiveDateTime> {
    let dow = dow_sun1(t.date()) as i64;
    let offset = if n < 0 {
        if dow == 1 {
            2
        } else {
            -(6 - dow)
        }
    } else if dow == 7 {
        -2
    } else {
        dow - 2
    };
    let t = add_days(t, -offset)?;
    let mut n = n;
    if dow == 7 || dow == 1 {
        if n > 0 {
            n -= 1;
        } else if n < 0 {
            n += 1;
        }
    } else {
        n += offset;
    }
    add_days(t, (n / 5) * 7 + n % 5)
}

fn date_add(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let part = args.str(0)?;
    let n = int_arg(args, 1, 0)?;
    let d = date_arg(args, 2)?;
    Ok(Value::Date(DateTime::new(add(&part, n, d.ndt())?)))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum DiffPart {
    D,
    Yyyy,
    M,
    Ww,
    Q,
    Wd,
}

/// -1 when `r`'s fields (in order) are smaller than `l`'s at the first difference.
fn lower(pairs: &[(i64, i64)]) -> i64 {
    for &(l, r) in pairs {
        if r < l {
            return -1;
        }
        if r > l {
            return 0;
        }
    }
    0
}

fn diff_calendar(dp: DiffPart, l: NaiveDateTime, r: NaiveDateTime) -> i64 {
    let (h, n, s) = (
        (l.hour() as i64, r.hour() as i64),
        (l.minute() as i64, r.minute() as i64),
        (l.second() as i64, r.second() as i64),
    );
    let day_diff = (r.date() - l.date()).num_days();
    match dp {
        DiffPart::D => day_diff,
        DiffPart::Ww => (day_diff + lower(&[h, n, s])) / 7,
        DiffPart::Yyyy => {
            let y = r.year() as i64 - l.year() as i64;
            y + lower(&[
                (l.month() as i64, r.month() as i64),
                (l.day() as i64, r.day() as i64),
                h,
                n,
                s,
            ])
        }
        DiffPart::M | DiffPart::Q => {
            let y = r.year() as i64 - l.year() as i64;
            let m = r.month() as i64 - l.month() as i64;
            let mut d = (l.day() as i64, r.day() as i64);
            // The last day of a shorter month counts as a full month.
            if r.day() < l.day() && r.day() == days_in_month(r.year(), r.month()) {
                d = (0, 0);
            }
            let rst = m + y * 12 + lower(&[d, h, n, s]);
            if dp == DiffPart::Q {
                rst / 3
            } else {
                rst
            }
        }
        DiffPart::Wd => {
            let shift = |t: NaiveDateTime| -> (NaiveDateTime, i64) {
                let dw = dow_sun1(t.date()) as i64;
                let (dw, t) = match dw {
                    1 => (6, t - Duration::days(2)),
                    7 => (6, t - Duration::days(1)),
                    other => (other, t),
                };
                let off = dw - 2;
                (t - Duration::days(off), off)
            };
            let (l2, loff) = shift(l);
            let (r2, roff) = shift(r);
            let days = diff_calendar(DiffPart::D, l2, r2);
            let weeks = diff_calendar(DiffPart::Ww, l2, r2);
            days - 2 * weeks + roff - loff
        }
    }
}

/// dateDiff: whole units from `l` to `r` (negative when `r` is earlier).
pub(crate) fn diff(part: &str, l: NaiveDateTime, r: NaiveDateTime) -> CfResult<i64> {
    let p = part.trim().to_ascii_lowercase();
    let ms = (r - l).num_milliseconds();
    let secs = ms / 1000;
    let dp = match p.as_str() {
        "l" => return Ok(ms),
        "s" => return Ok(secs),
        "n" => return Ok(secs / 60),
        "h" => return Ok(secs / 3600),
        "d" | "y" => DiffPart::D,
        "yyyy" => DiffPart::Yyyy,
        "m" => DiffPart::M,
        // Lucee keeps `w` meaning weeks (ACF changed it to weekdays); `wd` is weekdays.
        "w" | "ww" => DiffPart::Ww,
        "wd" => DiffPart::Wd,
        "q" => DiffPart::Q,
        _ => {
            return Err(CfmlError::expression(format!(
                "invalid value [{part}] for the argument datePart of dateDiff, valid values are [l,q,s,n,h,d,m,y,yyyy,w,ww,wd]"
            )))
        }
    };
    if l > r {
        return Ok(-diff_calendar(dp, r, l));
    }
    Ok(diff_calendar(dp, l, r))
}

fn date_diff(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let part = args.str(0)?;
    let (a, b) = (date_arg(args, 1)?, date_arg(args, 2)?);
    num(diff(&part, a.ndt(), b.ndt())? as f64)
}

fn part_of(part: &str, t: &NaiveDateTime) -> CfResult<f64> {
    let p = part.trim().to_ascii_lowercase();
    Ok(match p.as_str() {
        "yyyy" => t.year() as f64,
        "q" => ((t.month() - 1) / 3 + 1) as f64,
        "m" => t.month() as f64,
        "y" => t.ordinal() as f64,
        "d" => t.day() as f64,
        "w" => dow_sun1(t.date()) as f64,
        "ww" => us_week_of_year(t.date()) as f64,
        "h" => t.hour() as f64,
        "n" => t.minute() as f64,
        "s" => t.second() as f64,
        "l" => (t.nanosecond() / 1_000_000).min(999) as f64,
        _ => {
            return Err(CfmlError::expression(format!(
                "invalid datepart identifier [{part}] for function datePart, valid values are [yyyy,q,m,y,d,w,ww,h,n,s,l]"
            )))
        }
    })
}

fn date_part(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let part = args.str(0)?;
    num(part_of(&part, &zoned(ctx, args, 1, 2)?)?)
}

/// dateCompare: -1, 0 or 1, comparing down to the given precision (default seconds).
fn date_compare(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let (a, b) = (date_arg(args, 0)?.ndt(), date_arg(args, 1)?.ndt());
    let part = args.str_or(2, "s")?.trim().to_ascii_lowercase();
    let key = |t: &NaiveDateTime| -> CfResult<Vec<i64>> {
        let all = [
            t.year() as i64,
            t.month() as i64,
            t.day() as i64,
            t.hour() as i64,
            t.minute() as i64,
            t.second() as i64,
            (t.nanosecond() / 1_000_000) as i64,
        ];
        let n = match part.as_str() {
            "yyyy" | "y" => 1,
            "m" => 2,
            "d" => 3,
            "h" => 4,
            "n" => 5,
            "s" => 6,
            "l" => 7,
            other => {
                return Err(CfmlError::expression(format!(
                    "invalid datepart [{other}] for function dateCompare, valid values are [yyyy,y,m,d,h,n,s,l]"
                )))
            }
        };
        Ok(all.get(..n).map(|s| s.to_vec()).unwrap_or_default())
    };
    num(match key(&a)?.cmp(&key(&b)?) {
        std::cmp::Ordering::Less => -1.0,
        std::cmp::Ordering::Equal => 0.0,
        std::cmp::Ordering::Greater => 1.0,
    })
}

// ---------------------------------------------------------------------------------------------
// Parts
// ---------------------------------------------------------------------------------------------

fn year(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    num(zoned(ctx, args, 0, 1)?.year() as f64)
}

fn month(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    num(zoned(ctx, args, 0, 1)?.month())
}

fn day(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    num(zoned(ctx, args, 0, 1)?.day())
}

fn hour(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    num(zoned(ctx, args, 0, 1)?.hour())
}

fn minute(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    num(zoned(ctx, args, 0, 1)?.minute())
}

fn second(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    num(zoned(ctx, args, 0, 1)?.second())
}

fn millisecond(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    num((zoned(ctx, args, 0, 1)?.nanosecond() / 1_000_000).min(999))
}

fn quarter(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    num((zoned(ctx, args, 0, 1)?.month() - 1) / 3 + 1)
}

fn week(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    num(us_week_of_year(zoned(ctx, args, 0, 1)?.date()))
}

fn day_of_week(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    num(dow_sun1(zoned(ctx, args, 0, 1)?.date()))
}

fn day_of_year(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    num(zoned(ctx, args, 0, 1)?.ordinal())
}

fn days_in_month_fn(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let t = zoned(ctx, args, 0, 1)?;
    num(days_in_month(t.year(), t.month()))
}

fn days_in_year(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let y = zoned(ctx, args, 0, 1)?.year();
    num(if crate::decision::is_leap_year(y as i64) {
        366
    } else {
        365
    })
}

fn first_day_of_month(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let t = zoned(ctx, args, 0, 1)?;
    num(t.date().with_day(1).map_or(1, |d| d.ordinal()))
}

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

/// The month and day names of the `locale` argument at `i`, or of the request's locale (as in
/// Lucee, these functions follow `setLocale`).
fn locale_names(ctx: &mut dyn Ctx, args: &Args, i: usize) -> CfResult<format::Symbols> {
    Ok(crate::international::locale_arg(ctx, args, i)?.symbols(false))
}

fn name_arg(args: &Args, max: usize, what: &str) -> CfResult<usize> {
    let n = args.num(0)?;
    if n < 1.0 || n >= (max + 1) as f64 {
        return Err(CfmlError::expression(format!(
            "invalid {what} [{}], it must be between 1 and {max}",
            rime_runtime::number::format(n)
        )));
    }
    Ok(n as usize - 1)
}

fn day_of_week_as_string(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let names = locale_names(ctx, args, 1)?;
    let i = name_arg(args, 7, "day of week")?;
    Ok(Value::from(names.days.get(i).copied().unwrap_or("")))
}

/// The locale's abbreviation as Java's `EEE` gives it (Lucee formats with that pattern): `dim.`
/// in French, `So.` in German, `So` in Swiss German.
fn day_of_week_short_as_string(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let names = locale_names(ctx, args, 1)?;
    let i = name_arg(args, 7, "day of week")?;
    Ok(Value::from(names.days_short.get(i).copied().unwrap_or("")))
}

fn month_as_string(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let names = locale_names(ctx, args, 1)?;
    let i = name_arg(args, 12, "month")?;
    Ok(Value::from(names.months.get(i).copied().unwrap_or("")))
}

fn month_short_as_string(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let names = locale_names(ctx, args, 1)?;
    let i = name_arg(args, 12, "month")?;
    Ok(Value::from(
        names.months_short.get(i).copied().unwrap_or(""),
    ))
}

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

/// The date to format, or None for an empty string (which formats as "").
fn format_arg(args: &Args) -> CfResult<Option<DateTime>> {
    match args.raw(0) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Str(s)) if s.trim().is_empty() => Ok(None),
        Some(v) => v.to_date().map(Some),
    }
}

fn style(mask: &str) -> Option<u8> {
    // Most masks are not a style name: their first letter rules them out.
    let mask = mask.trim_start();
    if !matches!(
        mask.as_bytes().first(),
        Some(b's' | b'S' | b'm' | b'M' | b'l' | b'L' | b'f' | b'F')
    ) {
        return None;
    }
    let mask = mask.trim_end();
    ["short", "medium", "long", "full"]
        .iter()
        .position(|s| s.eq_ignore_ascii_case(mask))
        .map(|i| i as u8)
}

/// `iso` or `iso8601` (dateFormat's ISO date mask).
fn is_iso(mask: &str) -> bool {
    let mask = mask.trim_start();
    if !matches!(mask.as_bytes().first(), Some(b'i' | b'I')) {
        return false;
    }
    let mask = mask.trim_end();
    mask.eq_ignore_ascii_case("iso") || mask.eq_ignore_ascii_case("iso8601")
}

/// US date styles: `1/31/24`, `Jan 31, 2024`, `January 31, 2024`, `Wednesday, January 31, 2024`.
fn date_style(s: u8) -> &'static str {
    match s {
        0 => "M/d/yy",
        1 => "MMM d, yyyy",
        2 => "MMMM d, yyyy",
        _ => "EEEE, MMMM d, yyyy",
    }
}

/// US time styles: `1:45 PM`, `1:45:00 PM`, `1:45:00 PM UTC`, `1:45:00 PM UTC`.
fn time_style(s: u8) -> &'static str {
    match s {
        0 => "h:mm a",
        1 => "h:mm:ss a",
        _ => "h:mm:ss a z",
    }
}

fn java(d: &DateTime, pattern: &str, z: &Zone) -> String {
    render(&compiled(MaskKind::Java, pattern), d, z)
}

/// A date to format and the zone to format it in: the request's, or the zone the `timezone`
/// argument at `tz` names, with the date moved onto that zone's wall clock.
pub(crate) fn format_zone(
    ctx: &mut dyn Ctx,
    args: &Args,
    d: DateTime,
    tz: usize,
) -> CfResult<(DateTime, Arc<Zone>)> {
    let request = zone::request(ctx)?;
    match args.get(tz) {
        Some(v) if !v.to_str()?.trim().is_empty() => {
            let to = zone::find(&v.to_str()?)?;
            Ok((DateTime::new(zone::convert(d.ndt(), &request, &to)), to))
        }
        _ => Ok((d, request)),
    }
}

fn date_format(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let Some(d) = format_arg(args)? else {
        return Ok(Value::from(""));
    };
    let (d, z) = format_zone(ctx, args, d, 2)?;
    let mask = args.str_or(1, "dd-mmm-yy")?;
    let out = if let Some(s) = style(&mask) {
        java(&d, date_style(s), &z)
    } else if is_iso(&mask) {
        java(&d, "yyyy-MM-dd", &z)
    } else {
        render(&compiled(MaskKind::Date, &mask), &d, &z)
    };
    Ok(Value::from(out))
}

fn time_format(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let Some(d) = format_arg(args)? else {
        return Ok(Value::from(""));
    };
    let (d, z) = format_zone(ctx, args, d, 2)?;
    let mask = args.str_or(1, "hh:mm tt")?;
    let out = if let Some(s) = style(&mask) {
        java(&d, time_style(s), &z)
    } else if mask.trim().eq_ignore_ascii_case("beat") {
        beat(&d, &z)
    } else {
        render(&compiled(MaskKind::Time, &mask), &d, &z)
    };
    Ok(Value::from(out))
}

/// Swatch Internet Time: thousandths of a day in UTC+1 (`d` is a wall-clock time of `z`).
pub(crate) fn beat(d: &DateTime, z: &Zone) -> String {
    let ms = z.epoch_millis(&d.ndt()) + 3_600_000;
    let day_ms = ms.rem_euclid(86_400_000) as f64;
    rime_runtime::number::format((day_ms / 86_400.0 * 1000.0).floor() / 1000.0)
}

fn date_time_format(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let Some(d) = format_arg(args)? else {
        return Ok(Value::from(""));
    };
    let (d, z) = format_zone(ctx, args, d, 2)?;
    let mask = match args.get(1) {
        Some(m) => m.to_str()?,
        None => return Ok(Value::from(java(&d, "dd-MMM-yyyy HH:mm:ss", &z))),
    };
    let lower = mask.trim().to_ascii_lowercase();
    let out = match lower.as_str() {
        "epoch" => (z.epoch_millis(&d.ndt()).div_euclid(1000)).to_string(),
        "epochms" => z.epoch_millis(&d.ndt()).to_string(),
        "iso8601" | "iso" => java(&d, "yyyy-MM-dd'T'HH:mm:ssXXX", &z),
        "isoms" | "isomillis" | "javascript" => java(&d, "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", &z),
        _ => match style(&lower) {
            Some(s) => format!(
                "{} {}",
                java(&d, date_style(s), &z),
                java(&d, time_style(s), &z)
            ),
            None => render(
                &compiled(MaskKind::Java, &format::convert_mask(&mask)),
                &d,
                &z,
            ),
        },
    };
    Ok(Value::from(out))
}

/// parseDateTime: the CFML date forms, or with a format, a dateTimeFormat-style mask.
fn parse_date_time(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = args.val(0)?;
    let fmt = args
        .get(1)
        .map(|f| f.to_str().map(|s| s.trim().to_string()))
        .transpose()?;
    match fmt {
        Some(f)
            if !f.is_empty()
                && !f.eq_ignore_ascii_case("standard")
                && !f.eq_ignore_ascii_case("pop") =>
        {
            let s = v.to_str()?;
            let toks = compiled(MaskKind::Java, &format::convert_mask(&f));
            format::parse_with(&toks, &s)
                .map(Value::Date)
                .ok_or_else(|| {
                    CfmlError::expression(format!(
                        "can't parse the string [{s}] to a date using the format [{f}]"
                    ))
                })
        }
        _ => {
            if let Value::Date(_) = v {
                return Ok(v.clone());
            }
            let s = v.to_str()?;
            if let Some((local, offset)) = with_zone(&s) {
                // A form that carries its zone: the same instant in the request's zone.
                let z = zone::request(ctx)?;
                let utc = local - chrono::Duration::seconds(offset as i64);
                return Ok(Value::Date(DateTime::new(z.wall_clock(utc))));
            }
            parse_lenient(&s).map(Value::Date).ok_or_else(|| {
                CfmlError::expression(format!(
                    "Can't cast String [{s}] to a value of type [datetime]"
                ))
            })
        }
    }
}

/// A date written with its zone, as its wall-clock time there and the zone's offset from UTC in
/// seconds: ISO 8601 with `Z` or an offset (`2024-03-05T10:20:30+02:00`), JavaScript's
/// `Date.toString()` (`Tue Mar 05 2024 10:20:30 GMT+0100 (...)`), and the HTTP form in `GMT`.
fn with_zone(s: &str) -> Option<(chrono::NaiveDateTime, i32)> {
    let t = s.trim();
    // `+02:00`, `+0200`, `-05`, `+0000`: seconds east of UTC.
    let offset = |z: &str| -> Option<i32> {
        let (sign, digits) = match z.as_bytes().first()? {
            b'+' => (1, &z[1..]),
            b'-' => (-1, &z[1..]),
            _ => return None,
        };
        let digits: String = digits.chars().filter(|c| *c != ':').collect();
        if !matches!(digits.len(), 2 | 4) || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let h: i32 = digits[..2].parse().ok()?;
        let m: i32 = digits.get(2..).map_or(Some(0), |m| m.parse().ok())?;
        (h <= 18 && m < 60).then_some(sign * (h * 3600 + m * 60))
    };
    if let Some(body) = rime_runtime::date::js_date_body(t) {
        let zone = t.split_once(" GMT")?.1;
        let zone = zone.split_once(' ').map_or(zone, |(z, _)| z);
        let off = if zone.is_empty() { 0 } else { offset(zone)? };
        return DateTime::parse(body).map(|d| (d.ndt(), off));
    }
    if let Some(rest) = t.strip_suffix(" GMT").or_else(|| t.strip_suffix(" UTC")) {
        return parse_lenient(rest).map(|d| (d.ndt(), 0));
    }
    // ISO 8601: a date, `T` (or a space), a time, then the zone.
    let iso_date = t.len() > 16
        && t.as_bytes()[4] == b'-'
        && t.as_bytes()[7] == b'-'
        && matches!(t.as_bytes()[10], b'T' | b' ');
    if !iso_date {
        return None;
    }
    let (local, off) = if let Some(l) = t.strip_suffix('Z').or_else(|| t.strip_suffix('z')) {
        (l, 0)
    } else {
        let i = t[11..].rfind(['+', '-'])? + 11;
        (&t[..i], offset(&t[i..])?)
    };
    DateTime::parse(local).map(|d| (d.ndt(), off))
}

/// The CFML date forms plus the HTTP/e-mail form (`Tue, 08 Aug 2017 14:12:10 GMT`).
pub(crate) fn parse_lenient(s: &str) -> Option<DateTime> {
    if let Some(d) = DateTime::parse(s) {
        return Some(d);
    }
    let t = s.trim();
    // Drop a leading day name ("Tue, ").
    let rest = t
        .split_once(',')
        .filter(|(dname, _)| {
            DAY_NAMES.iter().any(|n| {
                n.get(..3)
                    .is_some_and(|x| x.eq_ignore_ascii_case(dname.trim()))
            })
        })
        .map(|(_, r)| r.trim())?;
    for pat in [
        "dd MMM yyyy HH:mm:ss z",
        "d MMM yyyy HH:mm:ss Z",
        "dd MMM yyyy HH:mm:ss",
        "dd MMM yyyy",
    ] {
        if let Some(d) = format::parse_with(&compiled(MaskKind::Java, pat), rest) {
            return Some(d);
        }
    }
    None
}

fn get_http_time_string(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let z = zone::request(ctx)?;
    let d = match args.get(0) {
        Some(v) => v.to_date()?.ndt(),
        None => zone::now_in(&z),
    };
    let utc = z.to_utc(d);
    Ok(Value::from(java(
        &DateTime::new(utc),
        "EEE, dd MMM yyyy HH:mm:ss 'GMT'",
        &z,
    )))
}

#[cfg(test)]
mod tests;

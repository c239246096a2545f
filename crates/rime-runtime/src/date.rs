//! CFML date/time values: a local (zone-less) timestamp with millisecond precision.
//!
//! CFML dates are in the server's time zone; Rime keeps them as naive local date-times, casts
//! them to numbers as day serials counted from 1899-12-30 (as CFML does), and prints them as
//! `{ts '2024-01-31 13:45:00'}`.

use chrono::{Datelike, Duration, Local, NaiveDate, NaiveDateTime, NaiveTime, Timelike};

/// A date value: the instant, and how it prints.
///
/// Kept in 12 bytes (the date, the second of the day with the kind in its top bits, the
/// nanosecond), as a bare `NaiveDateTime` is: a separate kind byte would make `Value` keep its
/// variant in that byte's spare values, and every match and drop of any value would decode it
/// (VM programs ran 2–8% more instructions). `ndt()` gives the instant.
///
/// Equality, ordering and hashing look at the instant only, so the kind never changes a
/// comparison or a calculation.
#[derive(Clone, Copy, Debug)]
pub struct DateTime {
    date: NaiveDate,
    /// Seconds since midnight (below 2^17) | kind << `KIND_SHIFT`.
    secs_kind: u32,
    nanos: u32,
}

const KIND_SHIFT: u32 = 30;
const SECS_MASK: u32 = (1 << KIND_SHIFT) - 1;

/// How a date value prints: Lucee's `createODBCDate` and `createODBCTime` make date-only and
/// time-only values (`{d '2024-01-31'}`, `{t '13:45:00'}`); every other date is a date-time
/// (`{ts '2024-01-31 13:45:00'}`). Functions that compute a new date make a date-time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DateKind {
    #[default]
    DateTime,
    Date,
    Time,
}

impl DateTime {
    fn instant(&self) -> (NaiveDate, u32, u32) {
        (self.date, self.secs_kind & SECS_MASK, self.nanos)
    }
}

impl PartialEq for DateTime {
    fn eq(&self, other: &DateTime) -> bool {
        self.instant() == other.instant()
    }
}

impl Eq for DateTime {}

impl PartialOrd for DateTime {
    fn partial_cmp(&self, other: &DateTime) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for DateTime {
    fn cmp(&self, other: &DateTime) -> std::cmp::Ordering {
        self.instant().cmp(&other.instant())
    }
}

impl std::hash::Hash for DateTime {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.instant().hash(state);
    }
}

fn epoch() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(1899, 12, 30)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .unwrap_or_default()
}

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

fn month_from_name(s: &str) -> Option<u32> {
    let l = s.trim_end_matches('.').to_ascii_lowercase();
    if l.len() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|m| m.starts_with(&l))
        .map(|i| i as u32 + 1)
}

impl DateTime {
    /// A date-time value.
    pub fn new(t: NaiveDateTime) -> DateTime {
        DateTime {
            date: t.date(),
            secs_kind: t.num_seconds_from_midnight(),
            nanos: t.nanosecond(),
        }
    }

    /// The instant.
    pub fn ndt(&self) -> NaiveDateTime {
        let time =
            NaiveTime::from_num_seconds_from_midnight_opt(self.secs_kind & SECS_MASK, self.nanos)
                .unwrap_or(NaiveTime::MIN);
        NaiveDateTime::new(self.date, time)
    }

    /// How it prints.
    pub fn kind(&self) -> DateKind {
        match self.secs_kind >> KIND_SHIFT {
            1 => DateKind::Date,
            2 => DateKind::Time,
            _ => DateKind::DateTime,
        }
    }

    /// The same instant, printed as `kind`.
    pub fn with_kind(self, kind: DateKind) -> DateTime {
        let bits = match kind {
            DateKind::DateTime => 0,
            DateKind::Date => 1,
            DateKind::Time => 2,
        };
        DateTime {
            secs_kind: (self.secs_kind & SECS_MASK) | bits << KIND_SHIFT,
            ..self
        }
    }

    pub fn now() -> DateTime {
        let n = Local::now().naive_local();
        // Millisecond precision, as CFML.
        let ms = n.and_utc().timestamp_subsec_millis();
        DateTime::new(n.with_nanosecond(ms * 1_000_000).unwrap_or(n))
    }

    pub fn from_parts(y: i32, mo: u32, d: u32, h: u32, mi: u32, s: u32) -> Option<DateTime> {
        NaiveDate::from_ymd_opt(y, mo, d)
            .and_then(|date| date.and_hms_opt(h, mi, s))
            .map(DateTime::new)
    }

    /// Days (with fraction) since 1899-12-30.
    pub fn to_serial(&self) -> f64 {
        let d = self.ndt() - epoch();
        d.num_milliseconds() as f64 / 86_400_000.0
    }

    /// The date `n` days (with fraction) after 1899-12-30, the epoch at 0; None when it is not
    /// a number or lies outside the years chrono represents (about ±262,000).
    pub fn try_from_serial(n: f64) -> Option<DateTime> {
        if !n.is_finite() {
            return None;
        }
        let ms = (n * 86_400_000.0).round();
        if ms.abs() >= 9.0e18 {
            return None;
        }
        epoch()
            .checked_add_signed(Duration::try_milliseconds(ms as i64)?)
            .map(DateTime::new)
    }

    /// `try_from_serial`, at the epoch for a number out of range.
    pub fn from_serial(n: f64) -> DateTime {
        DateTime::try_from_serial(n).unwrap_or_else(|| DateTime::new(epoch()))
    }

    pub fn to_cfml_string(&self) -> String {
        let t = self.ndt();
        match self.kind() {
            DateKind::DateTime => format!("{{ts '{}'}}", t.format("%Y-%m-%d %H:%M:%S")),
            DateKind::Date => format!("{{d '{}'}}", t.format("%Y-%m-%d")),
            DateKind::Time => format!("{{t '{}'}}", t.format("%H:%M:%S")),
        }
    }

    pub fn year(&self) -> i32 {
        self.ndt().year()
    }

    /// Parse the date formats CFML accepts: ISO (`2024-01-31`, `2024-01-31T13:45:00`, with `Z` or an
    /// offset ignored), US (`1/31/2024`, `01/31/2024 1:45 PM`), `{ts '...'}`, and month names
    /// (`January 31, 2024`, `31-Jan-2024`, `Jan 31 2024`).
    pub fn parse(s: &str) -> Option<DateTime> {
        let t = s.trim();
        // A time alone (`11:35 PM`, `23:35:10`) is on CFML's day zero, 1899-12-30 (Lucee).
        if is_time_only(t) {
            let time = parse_time_part(t)?;
            return Some(DateTime::new(epoch().date().and_time(time)));
        }
        if t.len() < 6 || t.len() > 64 {
            return None;
        }
        let t = if let Some(inner) = t.strip_prefix("{ts '").and_then(|x| x.strip_suffix("'}")) {
            inner
        } else if let Some(inner) = t.strip_prefix("{d '").and_then(|x| x.strip_suffix("'}")) {
            inner
        } else if let Some(inner) = t.strip_prefix("{t '").and_then(|x| x.strip_suffix("'}")) {
            // A time alone is on CFML's day zero, 1899-12-30.
            let time = parse_time_part(inner)?;
            return Some(DateTime::new(epoch().date().and_time(time)));
        } else {
            t
        };
        // JavaScript's `Date.toString()`: `Tue Mar 05 2024 10:20:30 GMT+0100 (Central European
        // Standard Time)`; the zone is dropped here, as an ISO offset is (`parseDateTime`
        // converts both).
        let t = js_date_body(t).unwrap_or(t);
        // Split into a date part and an optional time part.
        let (date_part, time_part) = split_date_time(t);
        let date = parse_date_part(date_part)?;
        let time = match time_part {
            Some(tp) => parse_time_part(tp)?,
            None => NaiveTime::from_hms_opt(0, 0, 0)?,
        };
        Some(DateTime::new(NaiveDateTime::new(date, time)))
    }

    /// Whether a string parses as a date (`isDate`), without building one twice.
    pub fn looks_like_date(s: &str) -> bool {
        let t = s.trim();
        // Cheap rejection: dates have a separator and a digit.
        t.bytes().any(|b| b.is_ascii_digit())
            && t.bytes()
                .any(|b| matches!(b, b'-' | b'/' | b' ' | b'.' | b',' | b':'))
            && DateTime::parse(t).is_some()
    }
}

/// The date and time of a JavaScript `Date.toString()` (`Tue Mar 05 2024 10:20:30 GMT+0100
/// (...)`): `Mar 05 2024 10:20:30`, without the day name and the zone.
pub fn js_date_body(t: &str) -> Option<&str> {
    let (head, _) = t.split_once(" GMT")?;
    let (day, rest) = head.split_once(' ')?;
    let day_name = day.len() == 3
        && ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
            .iter()
            .any(|d| d.eq_ignore_ascii_case(day));
    day_name.then_some(rest.trim())
}

/// `H:MM`, `H:MM:SS[.fff]`, with or without `AM`/`PM`: one or two digits, then a colon, and
/// nothing of a date (no `-`, `/`, `,` or letters but the meridiem).
fn is_time_only(t: &str) -> bool {
    let upper = t.to_ascii_uppercase();
    let body = upper
        .strip_suffix("AM")
        .or_else(|| upper.strip_suffix("PM"))
        .unwrap_or(&upper)
        .trim_end();
    let Some((h, rest)) = body.split_once(':') else {
        return false;
    };
    (1..=2).contains(&h.len())
        && h.bytes().all(|b| b.is_ascii_digit())
        && !rest.is_empty()
        && rest
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b':' || b == b'.')
}

fn split_date_time(t: &str) -> (&str, Option<&str>) {
    if let Some(i) = t.find('T') {
        if i >= 8 && t.as_bytes().get(i + 1).is_some_and(|b| b.is_ascii_digit()) {
            return (&t[..i], Some(&t[i + 1..]));
        }
    }
    // The time part starts at the first token containing ':'.
    let mut idx = None;
    let mut start = 0;
    for (i, c) in t.char_indices() {
        if c == ' ' {
            start = i + 1;
        } else if c == ':' {
            idx = Some(start);
            break;
        }
    }
    match idx {
        Some(i) if i > 0 => (t[..i].trim(), Some(t[i..].trim())),
        _ => (t, None),
    }
}

fn parse_date_part(d: &str) -> Option<NaiveDate> {
    let d = d.trim().trim_end_matches(',');
    let parts: Vec<&str> = d
        .split(['-', '/', ' ', '.', ','])
        .filter(|p| !p.is_empty())
        .collect();
    if parts.len() != 3 {
        return None;
    }
    let num = |s: &str| -> Option<i64> {
        if s.bytes().all(|b| b.is_ascii_digit()) && !s.is_empty() && s.len() <= 4 {
            s.parse().ok()
        } else {
            None
        }
    };
    let year = |y: i64, s: &str| -> i32 {
        if s.len() <= 2 {
            // Two-digit years: 00-29 -> 2000s, 30-99 -> 1900s (CFML's window).
            (if y < 30 { 2000 + y } else { 1900 + y }) as i32
        } else {
            y as i32
        }
    };
    let (a, b, c) = (parts[0], parts[1], parts[2]);
    match (num(a), num(b), num(c)) {
        (Some(y), Some(m), Some(dd)) if a.len() == 4 => {
            NaiveDate::from_ymd_opt(y as i32, m as u32, dd as u32)
        }
        (Some(m), Some(dd), Some(y)) => NaiveDate::from_ymd_opt(year(y, c), m as u32, dd as u32),
        (None, Some(dd), Some(y)) => {
            NaiveDate::from_ymd_opt(year(y, c), month_from_name(a)?, dd as u32)
        }
        (Some(dd), None, Some(y)) => {
            NaiveDate::from_ymd_opt(year(y, c), month_from_name(b)?, dd as u32)
        }
        _ => None,
    }
}

fn parse_time_part(t: &str) -> Option<NaiveTime> {
    let mut t = t.trim();
    // Drop a zone suffix: Z, +01:00, -0500.
    if let Some(s) = t.strip_suffix('Z') {
        t = s;
    }
    let mut pm = None;
    let upper = t.to_ascii_uppercase();
    if upper.ends_with("PM") || upper.ends_with("AM") {
        pm = Some(upper.ends_with("PM"));
        t = t[..t.len() - 2].trim();
    }
    if let Some(pos) = t.rfind(['+', '-']) {
        if pos >= 5 {
            t = &t[..pos];
        }
    }
    let mut it = t.split(':');
    let h: u32 = it.next()?.trim().parse().ok()?;
    let m: u32 = it
        .next()
        .map(|s| s.trim().parse().ok())
        .unwrap_or(Some(0))?;
    let sec_s = it.next().unwrap_or("0").trim();
    let (sec, ms) = match sec_s.split_once('.') {
        Some((s, f)) => {
            let f3: String = f.chars().chain("000".chars()).take(3).collect();
            (s.parse::<u32>().ok()?, f3.parse::<u32>().ok()?)
        }
        None => (sec_s.parse::<u32>().ok()?, 0),
    };
    if it.next().is_some() {
        return None;
    }
    let h = match pm {
        Some(true) if h < 12 => h + 12,
        Some(false) if h == 12 => 0,
        _ => h,
    };
    NaiveTime::from_hms_milli_opt(h, m, sec, ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_common_forms() {
        let d = DateTime::from_parts(2024, 1, 31, 0, 0, 0);
        assert_eq!(DateTime::parse("2024-01-31"), d);
        assert_eq!(DateTime::parse("1/31/2024"), d);
        assert_eq!(DateTime::parse("January 31, 2024"), d);
        assert_eq!(DateTime::parse("31-Jan-2024"), d);
        assert_eq!(
            DateTime::parse("2024-01-31 13:45:00"),
            DateTime::from_parts(2024, 1, 31, 13, 45, 0)
        );
        assert_eq!(
            DateTime::parse("1/31/2024 1:45 PM"),
            DateTime::from_parts(2024, 1, 31, 13, 45, 0)
        );
        assert_eq!(
            DateTime::parse("{ts '2024-01-31 13:45:00'}"),
            DateTime::from_parts(2024, 1, 31, 13, 45, 0)
        );
        assert_eq!(DateTime::parse("hello"), None);
        assert_eq!(DateTime::parse("1.5"), None);
    }

    #[test]
    fn kinds_print_differently_and_compare_alike() {
        let Some(d) = DateTime::from_parts(2012, 12, 12, 8, 9, 10) else {
            panic!("valid date");
        };
        assert_eq!(d.to_cfml_string(), "{ts '2012-12-12 08:09:10'}");
        assert_eq!(
            d.with_kind(DateKind::Date).to_cfml_string(),
            "{d '2012-12-12'}"
        );
        assert_eq!(
            d.with_kind(DateKind::Time).to_cfml_string(),
            "{t '08:09:10'}"
        );
        assert_eq!(d.with_kind(DateKind::Date), d);
        assert_eq!(
            DateTime::parse("{t '08:09:10'}"),
            DateTime::from_parts(1899, 12, 30, 8, 9, 10)
        );
    }

    #[test]
    fn serials() {
        let d = DateTime::from_parts(1900, 1, 1, 12, 0, 0);
        assert!(d.is_some_and(|d| d.to_serial() == 2.5));
    }
}

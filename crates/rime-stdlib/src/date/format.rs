//! Date/time masks: one token model shared by `dateFormat` (CFML day/month/year letters),
//! `timeFormat` (CFML hour/minute letters), `dateTimeFormat` (Lucee converts its CFML mask to a
//! Java pattern, then formats with Java's rules) and `parseDateTime` with a format.
//!
//! Each distinct mask is compiled once into tokens and kept in a small cache. Rime dates carry no
//! time zone: zone letters print the offset (and abbreviation) of the zone the caller renders in,
//! the request's zone unless a `timezone` argument names another.
//!
//! Names and week numbers come from a `Symbols` value: `ENGLISH` for the plain functions, a
//! locale's for the `LS` functions (`render_with`, `parse_with_options`).

use super::zone::{self, Zone};
use super::{
    dow_sun1, us_week_of_month, us_week_of_year, week_of_month, week_of_year, DAY_NAMES,
    MONTH_NAMES,
};
use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime, Timelike};
use rime_runtime::DateTime;
use std::cell::RefCell;
use std::sync::Arc;

/// The locale-dependent parts of date text: month and day names, the AM/PM markers and the
/// calendar's week rule.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Symbols {
    pub months: &'static [&'static str; 12],
    pub months_short: &'static [&'static str; 12],
    /// Sunday first.
    pub days: &'static [&'static str; 7],
    /// Sunday first.
    pub days_short: &'static [&'static str; 7],
    pub am_pm: &'static [&'static str; 2],
    /// The first day of the week, 1 (Sunday) to 7 (Saturday).
    pub first_day: u32,
    /// How many days of the new year the first week of the year must have.
    pub min_days: u32,
    /// Print abbreviated names without a final dot (`Jan.` as `Jan`), as Lucee's LS masks do.
    pub strip_dots: bool,
}

const EN_MONTHS_SHORT: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];
const EN_DAYS_SHORT: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const EN_AM_PM: [&str; 2] = ["AM", "PM"];

/// US English, as the non-LS functions format.
pub(crate) const ENGLISH: Symbols = Symbols {
    months: &MONTH_NAMES,
    months_short: &EN_MONTHS_SHORT,
    days: &DAY_NAMES,
    days_short: &EN_DAYS_SHORT,
    am_pm: &EN_AM_PM,
    first_day: 1,
    min_days: 1,
    strip_dots: false,
};

impl Symbols {
    fn short<'a>(&self, name: &'a str) -> &'a str {
        if self.strip_dots {
            name.strip_suffix('.').unwrap_or(name)
        } else {
            name
        }
    }

    fn us_weeks(&self) -> bool {
        self.first_day == 1 && self.min_days == 1
    }
}

/// The first character of a name (Java's narrow form).
fn initial(name: &str) -> &str {
    name.char_indices()
        .nth(1)
        .and_then(|(i, _)| name.get(..i))
        .unwrap_or(name)
}

/// One piece of a compiled mask. Counts follow the pattern letter's repetition.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Lit(String),
    Era(u8),
    /// 2 → two-digit year; otherwise zero-padded to the count (1 → no padding).
    Year(u8),
    /// 1 → `1`, 2 → `01`, 3 → `Jan`, 4 → `January`, 5 → `J`.
    Month(u8),
    Day(u8),
    DayOfYear(u8),
    /// 1-3 → `Wed`, 4 → `Wednesday`, 5 → `W`.
    DowName(u8),
    WeekOfYear(u8),
    WeekOfMonth(u8),
    DowInMonth(u8),
    /// `AM`/`PM`.
    AmPm,
    /// `A`/`P`.
    AmPmShort,
    /// H: 0-23.
    Hour0_23(u8),
    /// k: 1-24.
    Hour1_24(u8),
    /// K: 0-11.
    Hour0_11(u8),
    /// h: 1-12.
    Hour1_12(u8),
    Minute(u8),
    Second(u8),
    /// Java `S`: the first `count` digits of the second's fraction.
    Fraction(u8),
    /// timeFormat `l`: milliseconds, padded to 1, 2 or 3 digits.
    Millis(u8),
    /// Zone name (`z`: short, `zzzz`: long).
    ZoneName(u8),
    /// RFC 822 offset `+0100`.
    ZoneRfc,
    /// ISO 8601 offset; the flag prints `Z` for a zero offset (`X`) or not (`x`).
    ZoneIso(u8, bool),
}

pub(crate) type Compiled = Arc<Vec<Tok>>;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum MaskKind {
    Date,
    Time,
    Java,
}

/// Compile a mask, reusing an earlier compilation of the same mask.
pub(crate) fn compiled(kind: MaskKind, mask: &str) -> Compiled {
    // One cache per thread: no lock on the way to a mask every request formats.
    type Masks = foldhash::HashMap<String, Compiled>;
    thread_local! {
        static CACHE: RefCell<[Masks; 3]> = RefCell::default();
    }
    CACHE.with(|caches| {
        let mut caches = caches.borrow_mut();
        let cache = &mut caches[kind as usize];
        if let Some(c) = cache.get(mask) {
            return c.clone();
        }
        let toks = Arc::new(match kind {
            MaskKind::Date => compile_date_mask(mask),
            MaskKind::Time => compile_time_mask(mask),
            MaskKind::Java => compile_java(mask),
        });
        // Bounded: masks are usually literals, but a program could build them dynamically.
        if cache.len() >= 512 {
            cache.clear();
        }
        cache.insert(mask.to_string(), toks.clone());
        toks
    })
}

fn push_lit(out: &mut Vec<Tok>, c: char) {
    if let Some(Tok::Lit(s)) = out.last_mut() {
        s.push(c);
    } else {
        out.push(Tok::Lit(c.to_string()));
    }
}

/// How many characters from `i` satisfy `pred`, at most `max`.
fn run_len(cs: &[char], i: usize, max: usize, pred: impl Fn(char) -> bool) -> usize {
    let mut n = 0;
    while n < max && cs.get(i + n).is_some_and(|&c| pred(c)) {
        n += 1;
    }
    n
}

/// The letters both Lucee masks share, the zone letters `z`, `Z` and `X` (repeats widen them);
/// anything else is literal. Returns how many characters it used.
fn zone_or_literal(out: &mut Vec<Tok>, cs: &[char], i: usize, c: char) -> usize {
    let n = run_len(cs, i, usize::MAX, |x| x == c);
    match c {
        'z' => out.push(Tok::ZoneName(n.min(4) as u8)),
        'Z' => out.push(Tok::ZoneRfc),
        'X' => out.push(Tok::ZoneIso(n.min(3) as u8, true)),
        _ => {
            push_lit(out, c);
            return 1;
        }
    }
    n
}

/// Lucee's dateFormat letters: d dd ddd dddd, m mm mmm mmmm, y yy yyyy, gg, w ww W WW, zone
/// letters; everything else is literal (quotes included).
pub(crate) fn compile_date_mask(mask: &str) -> Vec<Tok> {
    let cs: Vec<char> = mask.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = cs.get(i) {
        match c {
            'd' | 'D' => {
                let n = run_len(&cs, i, 4, |x| x == 'd' || x == 'D');
                out.push(match n {
                    1 => Tok::Day(1),
                    2 => Tok::Day(2),
                    3 => Tok::DowName(3),
                    _ => Tok::DowName(4),
                });
                i += n;
            }
            'm' | 'M' => {
                let n = run_len(&cs, i, 4, |x| x == 'm' || x == 'M');
                out.push(Tok::Month(n as u8));
                i += n;
            }
            'y' | 'Y' => {
                let n = run_len(&cs, i, 4, |x| x == 'y' || x == 'Y');
                // y, yyy and yyyy print the full year; yy the last two digits.
                out.push(if n == 2 { Tok::Year(2) } else { Tok::Year(1) });
                i += n;
            }
            'g' | 'G' => {
                let n = run_len(&cs, i, usize::MAX, |x| x == 'g' || x == 'G');
                out.push(Tok::Era(1));
                i += n;
            }
            'w' | 'W' => {
                let next = cs.get(i + 1).copied();
                let pair = matches!(next, Some('w') | Some('W'));
                let of_year = c == 'w' || next == Some('w');
                let width = if pair { 2 } else { 1 };
                out.push(if of_year {
                    Tok::WeekOfYear(width)
                } else {
                    Tok::WeekOfMonth(width)
                });
                i += width as usize;
            }
            other => i += zone_or_literal(&mut out, &cs, i, other),
        }
    }
    out
}

/// Lucee's timeFormat letters: h hh H HH m mm s ss l ll lll t tt, zone letters.
pub(crate) fn compile_time_mask(mask: &str) -> Vec<Tok> {
    let cs: Vec<char> = mask.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = cs.get(i) {
        let next = cs.get(i + 1).copied();
        let two = |p: fn(char) -> bool| next.is_some_and(p);
        match c {
            'h' => {
                let w = if next == Some('h') { 2 } else { 1 };
                out.push(Tok::Hour1_12(w));
                i += w as usize;
            }
            'H' => {
                let w = if next == Some('H') { 2 } else { 1 };
                out.push(Tok::Hour0_23(w));
                i += w as usize;
            }
            'm' | 'M' => {
                let w = if two(|x| x == 'm' || x == 'M') { 2 } else { 1 };
                out.push(Tok::Minute(w));
                i += w as usize;
            }
            's' | 'S' => {
                let w = if two(|x| x == 's' || x == 'S') { 2 } else { 1 };
                out.push(Tok::Second(w));
                i += w as usize;
            }
            'l' | 'L' => {
                let n = run_len(&cs, i, 3, |x| x == 'l' || x == 'L');
                out.push(Tok::Millis(n as u8));
                i += n;
            }
            't' | 'T' => {
                if two(|x| x == 't' || x == 'T') {
                    out.push(Tok::AmPm);
                    i += 2;
                } else {
                    out.push(Tok::AmPmShort);
                    i += 1;
                }
            }
            other => i += zone_or_literal(&mut out, &cs, i, other),
        }
    }
    out
}

/// Marker for Lucee's one-letter AM/PM (`t`) inside a converted Java pattern.
const SHORT_AMPM: char = '\u{E000}';
/// Marker for an escaped quote (`''`) while converting.
const QUOTE: char = '\u{E001}';

/// Whether the last `count` characters of `sb` are all `c` (Lucee caps repeated letters).
fn has_already(sb: &[char], c: char, count: usize) -> bool {
    sb.len() >= count && sb.iter().rev().take(count).all(|&x| x == c)
}

/// Lucee's conversion of a dateTimeFormat mask to a Java pattern: `m` is month, `n` minute,
/// `l` milliseconds, `t`/`tt` the AM/PM marker, `ddd`/`dddd` day names, a lone `y` the full
/// year; other letters that are not Java pattern letters are literal.
pub(crate) fn convert_mask(mask: &str) -> String {
    let mask = mask.replace("''", &QUOTE.to_string());
    let cs: Vec<char> = mask.chars().collect();
    let mut sb: Vec<char> = Vec::with_capacity(cs.len() + 8);
    let mut inside = false;
    let mut i = 0;
    let capped = |sb: &mut Vec<char>, c: char, max: usize| {
        if !has_already(sb, c, max) {
            sb.push(c);
        }
    };
    while let Some(&c) = cs.get(i) {
        if inside && c != '\'' {
            sb.push(c);
            i += 1;
            continue;
        }
        match c {
            'a' | 'W' | 'F' => capped(&mut sb, c, 1),
            's' | 'H' | 'K' | 'k' | 'h' | 'w' => capped(&mut sb, c, 2),
            'x' | 'Z' => capped(&mut sb, c, 3),
            'G' | 'E' | 'M' | 'z' => capped(&mut sb, c, 4),
            'X' => capped(&mut sb, c, 5),
            'y' => capped(&mut sb, c, 10),
            'm' => capped(&mut sb, 'M', 4),
            'D' | 'd' => {
                if has_already(&sb, 'E', 4) {
                } else if has_already(&sb, 'E', 3) {
                    sb.push('E');
                } else if has_already(&sb, c, 2) {
                    let n = sb.len();
                    if let Some(x) = sb.get_mut(n - 2) {
                        *x = 'E';
                    }
                    if let Some(x) = sb.get_mut(n - 1) {
                        *x = 'E';
                    }
                    sb.push('E');
                } else {
                    sb.push(c);
                }
            }
            'S' => capped(&mut sb, 's', 2),
            't' | 'T' => {
                if matches!(cs.get(i + 1), Some('t') | Some('T')) {
                    capped(&mut sb, 'a', 1);
                    i += 1;
                } else if !has_already(&sb, 'a', 1) {
                    sb.push(SHORT_AMPM);
                }
            }
            'n' | 'N' => capped(&mut sb, 'm', 2),
            'l' | 'L' => capped(&mut sb, 'S', 9),
            'Y' => capped(&mut sb, 'y', 10),
            'g' => capped(&mut sb, 'G', 4),
            '\'' => {
                inside = !inside;
                sb.push('\'');
            }
            c if c.is_ascii_alphabetic() => {
                sb.push('\'');
                sb.push(c);
                sb.push('\'');
            }
            other => sb.push(other),
        }
        i += 1;
    }
    let s: String = sb.into_iter().collect();
    // Adjacent quoted literals merge; escaped quotes come back as `''`.
    let s = s.replace("''", "").replace(QUOTE, "''");
    y_to_yyyy(&s)
}

/// A lone `y` outside quotes means the full year.
fn y_to_yyyy(s: &str) -> String {
    let cs: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len() + 3);
    let mut inside = false;
    for (i, &c) in cs.iter().enumerate() {
        if c == '\'' {
            inside = !inside;
        } else if !inside
            && c == 'y'
            && (i == 0 || cs.get(i - 1) != Some(&'y'))
            && cs.get(i + 1) != Some(&'y')
        {
            out.push_str("yyyy");
            continue;
        }
        out.push(c);
    }
    out
}

/// Tokenize a Java (SimpleDateFormat/DateTimeFormatter) pattern.
pub(crate) fn compile_java(pattern: &str) -> Vec<Tok> {
    let cs: Vec<char> = pattern.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = cs.get(i) {
        if c == '\'' {
            // `''` is a quote; otherwise a quoted literal up to the next lone quote.
            if cs.get(i + 1) == Some(&'\'') {
                push_lit(&mut out, '\'');
                i += 2;
                continue;
            }
            i += 1;
            while let Some(&q) = cs.get(i) {
                if q == '\'' {
                    if cs.get(i + 1) == Some(&'\'') {
                        push_lit(&mut out, '\'');
                        i += 2;
                        continue;
                    }
                    break;
                }
                push_lit(&mut out, q);
                i += 1;
            }
            i += 1;
            continue;
        }
        if c == SHORT_AMPM {
            out.push(Tok::AmPmShort);
            i += 1;
            continue;
        }
        if !c.is_ascii_alphabetic() {
            push_lit(&mut out, c);
            i += 1;
            continue;
        }
        let n = run_len(&cs, i, usize::MAX, |x| x == c);
        let w = n.min(255) as u8;
        let tok = match c {
            'G' => Tok::Era(w),
            'y' | 'u' | 'Y' => Tok::Year(w),
            'M' | 'L' => Tok::Month(w),
            'd' => Tok::Day(w),
            'D' => Tok::DayOfYear(w),
            'E' => Tok::DowName(w),
            'w' => Tok::WeekOfYear(w),
            'W' => Tok::WeekOfMonth(w),
            'F' => Tok::DowInMonth(w),
            'a' => Tok::AmPm,
            'H' => Tok::Hour0_23(w),
            'k' => Tok::Hour1_24(w),
            'K' => Tok::Hour0_11(w),
            'h' => Tok::Hour1_12(w),
            'm' => Tok::Minute(w),
            's' => Tok::Second(w),
            'S' => Tok::Fraction(w),
            'z' => Tok::ZoneName(w),
            'Z' => Tok::ZoneRfc,
            'X' => Tok::ZoneIso(w, true),
            'x' => Tok::ZoneIso(w, false),
            _ => {
                for _ in 0..n {
                    push_lit(&mut out, c);
                }
                i += n;
                continue;
            }
        };
        out.push(tok);
        i += n;
    }
    out
}

/// `v` with at least `width` digits (zeros in front), written without an intermediate string.
fn pad(out: &mut String, v: i64, width: u8) {
    if v < 0 {
        out.push('-');
    }
    rime_runtime::number::write_digits(v.unsigned_abs(), width as usize, out);
}

fn offset_text(secs: i32, colon: bool) -> String {
    let sign = if secs < 0 { '-' } else { '+' };
    let m = secs.abs() / 60;
    if colon {
        format!("{sign}{:02}:{:02}", m / 60, m % 60)
    } else {
        format!("{sign}{:02}{:02}", m / 60, m % 60)
    }
}

/// The zone's display name: Rime only knows the offset, so UTC or a GMT offset, as Java shows
/// zones without a name.
pub(crate) fn zone_name(secs: i32, long: bool) -> String {
    if secs == 0 {
        if long {
            "Coordinated Universal Time".to_string()
        } else {
            "UTC".to_string()
        }
    } else {
        format!("GMT{}", offset_text(secs, true))
    }
}

/// Render compiled tokens for a date (a wall-clock time of `zone`) in US English.
pub(crate) fn render(toks: &[Tok], d: &DateTime, zone: &Zone) -> String {
    render_with(toks, d, &ENGLISH, zone)
}

/// Render compiled tokens for a date (a wall-clock time of `zone`) with a locale's names and
/// week rule.
pub(crate) fn render_with(toks: &[Tok], d: &DateTime, sym: &Symbols, zone: &Zone) -> String {
    let t = &d.ndt();
    let mut out = String::with_capacity(toks.len() * 4);
    let mut local: Option<zone::LocalType> = None;
    let mut at = || {
        local
            .get_or_insert_with(|| zone.at_utc(&zone.to_utc(*t)))
            .clone()
    };
    let ms = (t.nanosecond() / 1_000_000).min(999) as i64;
    for tok in toks {
        match tok {
            Tok::Lit(s) => out.push_str(s),
            Tok::Era(w) => out.push_str(match (t.year() > 0, *w) {
                (true, 4) => "Anno Domini",
                (false, 4) => "Before Christ",
                (true, 5) => "A",
                (false, 5) => "B",
                (true, _) => "AD",
                (false, _) => "BC",
            }),
            Tok::Year(w) => {
                let y = t.year() as i64;
                if *w == 2 {
                    pad(&mut out, y.rem_euclid(100), 2);
                } else {
                    pad(&mut out, y, *w);
                }
            }
            Tok::Month(w) => {
                let m = t.month();
                let i = m as usize - 1;
                let name = sym.months.get(i).copied().unwrap_or("");
                match w {
                    1 | 2 => pad(&mut out, m as i64, *w),
                    3 => out.push_str(sym.short(sym.months_short.get(i).copied().unwrap_or(""))),
                    4 => out.push_str(name),
                    _ => out.push_str(initial(name)),
                }
            }
            Tok::Day(w) => pad(&mut out, t.day() as i64, *w),
            Tok::DayOfYear(w) => pad(&mut out, t.ordinal() as i64, *w),
            Tok::DowName(w) => {
                let i = dow_sun1(t.date()) as usize - 1;
                let name = sym.days.get(i).copied().unwrap_or("");
                match w {
                    4 => out.push_str(name),
                    5 => out.push_str(initial(name)),
                    _ => out.push_str(sym.short(sym.days_short.get(i).copied().unwrap_or(""))),
                }
            }
            Tok::WeekOfYear(w) => {
                let n = if sym.us_weeks() {
                    us_week_of_year(t.date())
                } else {
                    week_of_year(t.date(), sym.first_day, sym.min_days)
                };
                pad(&mut out, n as i64, *w)
            }
            Tok::WeekOfMonth(w) => {
                let n = if sym.us_weeks() {
                    us_week_of_month(t.date())
                } else {
                    week_of_month(t.date(), sym.first_day, sym.min_days)
                };
                pad(&mut out, n as i64, *w)
            }
            Tok::DowInMonth(w) => pad(&mut out, ((t.day() - 1) / 7 + 1) as i64, *w),
            Tok::AmPm => out.push_str(sym.am_pm[usize::from(t.hour() >= 12)]),
            Tok::AmPmShort => out.push_str(initial(sym.am_pm[usize::from(t.hour() >= 12)])),
            Tok::Hour0_23(w) => pad(&mut out, t.hour() as i64, *w),
            Tok::Hour1_24(w) => pad(
                &mut out,
                if t.hour() == 0 { 24 } else { t.hour() } as i64,
                *w,
            ),
            Tok::Hour0_11(w) => pad(&mut out, (t.hour() % 12) as i64, *w),
            Tok::Hour1_12(w) => {
                let h = t.hour() % 12;
                pad(&mut out, if h == 0 { 12 } else { h } as i64, *w)
            }
            Tok::Minute(w) => pad(&mut out, t.minute() as i64, *w),
            Tok::Second(w) => pad(&mut out, t.second() as i64, *w),
            Tok::Fraction(w) => {
                let digits = format!("{ms:03}");
                let n = *w as usize;
                out.push_str(digits.get(..n.min(3)).unwrap_or(&digits));
                for _ in 3..n {
                    out.push('0');
                }
            }
            Tok::Millis(w) => pad(&mut out, ms, *w),
            Tok::ZoneName(w) => {
                let lt = at();
                // The zone's abbreviation (`CET`, `EST`) where tzdata has a name for it; Java's
                // names agree for those. Numeric abbreviations (`+03`) and the long form
                // (Rime has no zone display names) fall back to UTC or a GMT offset.
                if *w < 4 && lt.abbrev.chars().all(|c| c.is_ascii_alphabetic()) {
                    out.push_str(&lt.abbrev);
                } else {
                    out.push_str(&zone_name(lt.offset, *w >= 4));
                }
            }
            Tok::ZoneRfc => out.push_str(&offset_text(at().offset, false)),
            Tok::ZoneIso(w, zulu) => {
                let o = at().offset;
                if o == 0 && *zulu {
                    out.push('Z');
                } else {
                    let full = offset_text(o, *w >= 3 && *w != 4);
                    match w {
                        1 => {
                            // Hours only, unless the offset has minutes.
                            if o % 3600 == 0 {
                                out.push_str(full.get(..3).unwrap_or(&full));
                            } else {
                                out.push_str(&full);
                            }
                        }
                        _ => out.push_str(&full),
                    }
                }
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Parsing with a pattern (parseDateTime(date, format))
// ---------------------------------------------------------------------------------------------

#[derive(Default)]
struct Fields {
    year: Option<i32>,
    month: Option<u32>,
    day: Option<u32>,
    hour: Option<u32>,
    hour12: Option<u32>,
    pm: Option<bool>,
    minute: u32,
    second: u32,
    millis: u32,
    offset: Option<i32>,
}

fn is_numeric_tok(t: &Tok) -> bool {
    matches!(
        t,
        Tok::Year(_)
            | Tok::Month(1 | 2)
            | Tok::Day(_)
            | Tok::DayOfYear(_)
            | Tok::WeekOfYear(_)
            | Tok::WeekOfMonth(_)
            | Tok::DowInMonth(_)
            | Tok::Hour0_23(_)
            | Tok::Hour1_24(_)
            | Tok::Hour0_11(_)
            | Tok::Hour1_12(_)
            | Tok::Minute(_)
            | Tok::Second(_)
            | Tok::Fraction(_)
            | Tok::Millis(_)
    )
}

fn starts_with_nocase(hay: &[char], at: usize, needle: &str) -> bool {
    let n: Vec<char> = needle.chars().collect();
    n.iter().enumerate().all(|(k, c)| {
        hay.get(at + k)
            .is_some_and(|h| h.to_lowercase().eq(c.to_lowercase()))
    })
}

/// How `parse_with_options` reads names and years.
pub(crate) struct ParseOptions<'a> {
    pub symbols: &'a Symbols,
    /// A day name must be the day of the parsed date.
    pub check_day_name: bool,
    /// Years below 100 are 2000-2039 or 1940-1999, however many digits the pattern has.
    pub short_years: bool,
}

/// The longest candidate name found at `pos` (ignoring case): its index and length in chars.
fn longest_name<'a>(
    cs: &[char],
    pos: usize,
    candidates: impl Iterator<Item = (usize, &'a str)>,
) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize)> = None;
    for (i, name) in candidates {
        let len = name.chars().count();
        if len > 0 && best.is_none_or(|(_, l)| len > l) && starts_with_nocase(cs, pos, name) {
            best = Some((i, len));
        }
    }
    best
}

/// Full and abbreviated names, the latter also without their final dot.
fn name_candidates<'a>(
    full: &'a [&'a str],
    short: &'a [&'a str],
) -> impl Iterator<Item = (usize, &'a str)> {
    full.iter()
        .copied()
        .enumerate()
        .chain(short.iter().copied().enumerate())
        .chain(
            short
                .iter()
                .enumerate()
                .filter_map(|(i, n)| n.strip_suffix('.').map(|n| (i, n))),
        )
}

/// Parse `input` with compiled tokens and US English names; the whole input must be used.
pub(crate) fn parse_with(toks: &[Tok], input: &str) -> Option<DateTime> {
    parse_with_options(
        toks,
        input,
        &ParseOptions {
            symbols: &ENGLISH,
            check_day_name: false,
            short_years: false,
        },
    )
}

/// Parse `input` with compiled tokens and a locale's names; the whole input must be used.
pub(crate) fn parse_with_options(
    toks: &[Tok],
    input: &str,
    opts: &ParseOptions,
) -> Option<DateTime> {
    let sym = opts.symbols;
    let cs: Vec<char> = input.trim().chars().collect();
    let mut pos = 0usize;
    let mut f = Fields::default();
    let mut has_date = false;
    let mut day_name: Option<usize> = None;
    for (ti, tok) in toks.iter().enumerate() {
        let adjacent_num = toks.get(ti + 1).is_some_and(is_numeric_tok);
        let mut num = |width: u8| -> Option<(i64, usize)> {
            let max = if adjacent_num && width > 1 {
                width as usize
            } else {
                10
            };
            let start = pos;
            let mut v: i64 = 0;
            while pos - start < max {
                match cs.get(pos).and_then(|c| c.to_digit(10)) {
                    Some(dg) => {
                        v = v * 10 + dg as i64;
                        pos += 1;
                    }
                    None => break,
                }
            }
            if pos == start {
                None
            } else {
                Some((v, pos - start))
            }
        };
        match tok {
            Tok::Lit(s) => {
                for c in s.chars() {
                    if c.is_whitespace() {
                        while cs.get(pos).is_some_and(|x| x.is_whitespace()) {
                            pos += 1;
                        }
                    } else if cs
                        .get(pos)
                        .is_some_and(|x| x.to_lowercase().eq(c.to_lowercase()))
                    {
                        pos += 1;
                    } else {
                        return None;
                    }
                }
            }
            Tok::Year(w) => {
                let (v, len) = num(*w)?;
                let y = if (len <= 2 && *w <= 2) || (opts.short_years && v < 100) {
                    if v < 40 {
                        2000 + v
                    } else {
                        1900 + v
                    }
                } else {
                    v
                };
                f.year = Some(i32::try_from(y).ok()?);
                has_date = true;
            }
            Tok::Month(w) if *w <= 2 => {
                f.month = Some(u32::try_from(num(*w)?.0).ok()?);
                has_date = true;
            }
            Tok::Month(_) => {
                let (mi, len) =
                    longest_name(&cs, pos, name_candidates(sym.months, sym.months_short))?;
                f.month = Some(mi as u32 + 1);
                pos += len;
                has_date = true;
            }
            Tok::Day(w) => {
                f.day = Some(u32::try_from(num(*w)?.0).ok()?);
                has_date = true;
            }
            Tok::DayOfYear(w) | Tok::WeekOfYear(w) | Tok::WeekOfMonth(w) | Tok::DowInMonth(w) => {
                num(*w)?;
            }
            Tok::DowName(_) => {
                let (di, len) = longest_name(&cs, pos, name_candidates(sym.days, sym.days_short))?;
                day_name = Some(di);
                pos += len;
            }
            Tok::Era(_) => {
                if starts_with_nocase(&cs, pos, "AD") {
                    pos += 2;
                } else {
                    return None;
                }
            }
            Tok::AmPm | Tok::AmPmShort => {
                let markers = sym.am_pm.iter().copied().enumerate().chain([
                    (0, "AM"),
                    (1, "PM"),
                    (0, "A"),
                    (1, "P"),
                ]);
                let (i, len) = longest_name(&cs, pos, markers)?;
                f.pm = Some(i == 1);
                pos += len;
            }
            Tok::Hour0_23(w) => f.hour = Some(u32::try_from(num(*w)?.0).ok()?),
            Tok::Hour1_24(w) => f.hour = Some((u32::try_from(num(*w)?.0).ok()?) % 24),
            Tok::Hour0_11(w) | Tok::Hour1_12(w) => f.hour12 = Some(u32::try_from(num(*w)?.0).ok()?),
            Tok::Minute(w) => f.minute = u32::try_from(num(*w)?.0).ok()?,
            Tok::Second(w) => f.second = u32::try_from(num(*w)?.0).ok()?,
            Tok::Fraction(w) => {
                let (v, len) = num(*w)?;
                // Scale the fraction's digits to milliseconds.
                f.millis = (v as f64 / 10f64.powi(len as i32) * 1000.0).round() as u32;
            }
            Tok::Millis(w) => f.millis = u32::try_from(num(*w)?.0).ok()?,
            Tok::ZoneName(_) | Tok::ZoneRfc | Tok::ZoneIso(_, _) => {
                let (o, len) = parse_offset(&cs, pos)?;
                f.offset = Some(o);
                pos += len;
            }
        }
    }
    if pos != cs.len() {
        return None;
    }
    let d = build(f, has_date)?;
    if opts.check_day_name && day_name.is_some_and(|i| i + 1 != dow_sun1(d.ndt().date()) as usize) {
        return None;
    }
    Some(d)
}

/// A zone at `pos`: `Z`, `UTC`, `GMT`, `+hh`, `+hhmm`, `+hh:mm` (optionally after `GMT`).
fn parse_offset(cs: &[char], pos: usize) -> Option<(i32, usize)> {
    let mut p = pos;
    let mut named = false;
    for name in ["UTC", "GMT", "Z"] {
        if starts_with_nocase(cs, p, name) {
            p += name.len();
            named = true;
            break;
        }
    }
    let sign = match cs.get(p) {
        Some('+') => 1,
        Some('-') => -1,
        _ if named => return Some((0, p - pos)),
        _ => return None,
    };
    p += 1;
    let mut digits = String::new();
    while let Some(c) = cs.get(p) {
        if c.is_ascii_digit() {
            digits.push(*c);
            p += 1;
        } else if *c == ':' && digits.len() == 2 {
            p += 1;
        } else {
            break;
        }
    }
    let (h, m) = match digits.len() {
        1 | 2 => (digits.parse::<i32>().ok()?, 0),
        4 => (
            digits.get(..2)?.parse::<i32>().ok()?,
            digits.get(2..)?.parse::<i32>().ok()?,
        ),
        _ => return None,
    };
    Some((sign * (h * 3600 + m * 60), p - pos))
}

fn build(f: Fields, has_date: bool) -> Option<DateTime> {
    let date = if has_date {
        NaiveDate::from_ymd_opt(
            f.year.unwrap_or(1970),
            f.month.unwrap_or(1),
            f.day.unwrap_or(1),
        )?
    } else {
        NaiveDate::from_ymd_opt(1899, 12, 30)?
    };
    let hour = match (f.hour, f.hour12, f.pm) {
        (Some(h), _, _) => h,
        (None, Some(h), Some(true)) => h % 12 + 12,
        (None, Some(h), _) => h % 12,
        (None, None, _) => 0,
    };
    let time = NaiveTime::from_hms_milli_opt(hour, f.minute, f.second, f.millis)?;
    let mut dt = NaiveDateTime::new(date, time);
    if let Some(o) = f.offset {
        // Move a zoned time into the server's local time.
        let utc = dt - chrono::Duration::seconds(o as i64);
        dt = zone::server().wall_clock(utc);
    }
    Some(DateTime::new(dt))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, mo: u32, da: u32, h: u32, mi: u32, s: u32) -> DateTime {
        DateTime::from_parts(y, mo, da, h, mi, s).unwrap_or(DateTime::new(NaiveDateTime::default()))
    }

    fn fmt(kind: MaskKind, mask: &str, dt: &DateTime) -> String {
        render(&compiled(kind, mask), dt, &zone::server())
    }

    #[test]
    fn date_masks() {
        let x = d(2024, 1, 5, 13, 4, 9);
        assert_eq!(fmt(MaskKind::Date, "dd-mmm-yy", &x), "05-Jan-24");
        assert_eq!(
            fmt(MaskKind::Date, "dddd, mmmm d, yyyy", &x),
            "Friday, January 5, 2024"
        );
        assert_eq!(fmt(MaskKind::Date, "m/d/y", &x), "1/5/2024");
        assert_eq!(fmt(MaskKind::Date, "ddd mmm gg", &x), "Fri Jan AD");
        assert_eq!(fmt(MaskKind::Date, "ww", &x), "01");
    }

    #[test]
    fn time_masks() {
        let x = d(2024, 1, 5, 13, 4, 9);
        assert_eq!(fmt(MaskKind::Time, "hh:mm tt", &x), "01:04 PM");
        assert_eq!(fmt(MaskKind::Time, "H:m:s t", &x), "13:4:9 P");
        assert_eq!(fmt(MaskKind::Time, "HH:mm:ss.lll", &x), "13:04:09.000");
    }

    #[test]
    fn converted_masks() {
        assert_eq!(convert_mask("yyyy-mm-dd HH:nn:ss"), "yyyy-MM-dd HH:mm:ss");
        assert_eq!(
            convert_mask("mm/dd/yyyy hh:nn:ss tt"),
            "MM/dd/yyyy hh:mm:ss a"
        );
        assert_eq!(convert_mask("dddd"), "EEEE");
        assert_eq!(convert_mask("d of y"), "d 'of' yyyy");
        let x = d(2022, 10, 1, 9, 30, 0);
        let f = |m: &str| render(&compile_java(&convert_mask(m)), &x, &zone::server());
        assert_eq!(f("mm/dd/yyyy hh:nn:ss tt"), "10/01/2022 09:30:00 AM");
        assert_eq!(f("yyyy-mm-dd'T'HH:nn:ss.lll"), "2022-10-01T09:30:00.000");
        assert_eq!(f("ddd, d mmmm yyyy t"), "Sat, 1 October 2022 A");
        assert_eq!(f("'it''s' h"), "it's 9");
    }

    #[test]
    fn parse_patterns() {
        let t = compile_java(&convert_mask("dd/mm/yyyy HH:nn"));
        assert_eq!(
            parse_with(&t, "31/01/2024 13:45"),
            Some(d(2024, 1, 31, 13, 45, 0))
        );
        assert_eq!(parse_with(&t, "31/01/2024"), None);
        let t = compile_java("yyyyMMdd");
        assert_eq!(parse_with(&t, "20240131"), Some(d(2024, 1, 31, 0, 0, 0)));
        let t = compile_java("MMMM d, yyyy h:mm a");
        assert_eq!(
            parse_with(&t, "january 5, 2024 1:04 pm"),
            Some(d(2024, 1, 5, 13, 4, 0))
        );
    }
}

//! `java.time` as ColdBox's async scheduler uses it: `ChronoUnit`, `Duration`, `Instant`
//! (what a CFML date's `toInstant()` gives), `ZoneId`/`ZoneOffset` (read from the system's
//! zoneinfo files), `ZonedDateTime`, `LocalDateTime`, `DayOfWeek`, `ChronoField` and
//! `TemporalAdjusters`. Values are immutable: every `plus`/`with` makes a new object.

use crate::concurrent::as_time_unit;
use crate::{arg, int_arg, java_error, str_arg};
use chrono::{Datelike, NaiveDate, NaiveDateTime, Timelike};
use rime_runtime::{Array, CfResult, CfmlError, Ctx, DateTime, Native, NativeObject, Value};
use std::sync::{Arc, OnceLock};

const NANOS: i128 = 1_000_000_000;

fn unsupported(what: &str) -> Box<CfmlError> {
    java_error(
        "java.time.temporal.UnsupportedTemporalTypeException",
        format!("Unsupported unit: {what}"),
    )
}

// ---- ChronoUnit ----

/// Name, `toString`, estimated length in seconds (Java's), whether it is exact (time-based).
const CHRONO_UNITS: [(&str, &str, i128, bool); 16] = [
    ("NANOS", "Nanos", 0, true),
    ("MICROS", "Micros", 0, true),
    ("MILLIS", "Millis", 0, true),
    ("SECONDS", "Seconds", 1, true),
    ("MINUTES", "Minutes", 60, true),
    ("HOURS", "Hours", 3600, true),
    ("HALF_DAYS", "HalfDays", 43200, true),
    ("DAYS", "Days", 86400, false),
    ("WEEKS", "Weeks", 7 * 86400, false),
    ("MONTHS", "Months", 31556952 / 12, false),
    ("YEARS", "Years", 31556952, false),
    ("DECADES", "Decades", 31556952 * 10, false),
    ("CENTURIES", "Centuries", 31556952 * 100, false),
    ("MILLENNIA", "Millennia", 31556952 * 1000, false),
    ("ERAS", "Eras", 31556952 * 1_000_000_000, false),
    ("FOREVER", "Forever", i64::MAX as i128, false),
];

/// A unit's length in nanoseconds.
fn chrono_nanos(u: usize) -> i128 {
    match u {
        0 => 1,
        1 => 1_000,
        2 => 1_000_000,
        _ => CHRONO_UNITS[u].2 * NANOS,
    }
}

#[derive(Debug)]
struct ChronoUnit(usize);

fn chrono_unit(i: usize) -> Value {
    static ALL: OnceLock<Vec<Native>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        (0..CHRONO_UNITS.len())
            .map(|i| Native::new(ChronoUnit(i)))
            .collect()
    });
    Value::Native(all[i].clone())
}

/// `TimeUnit.toChronoUnit()`.
pub(crate) fn chrono_unit_for_time_unit(t: usize) -> Value {
    chrono_unit([0, 1, 2, 3, 4, 5, 7][t])
}

fn as_chrono_unit(v: &Value) -> Option<usize> {
    match v {
        Value::Native(n) if n.get().class_name() == "java.time.temporal.ChronoUnit" => {
            let t = n.get().to_text()?;
            CHRONO_UNITS.iter().position(|u| u.1 == t)
        }
        _ => None,
    }
}

fn unit_arg(args: &[Value], i: usize, class: &str, method: &str) -> CfResult<usize> {
    let v = arg(args, i, class, method)?;
    as_chrono_unit(v)
        .or_else(|| as_time_unit(v).map(|t| [0, 1, 2, 3, 4, 5, 7][t]))
        .ok_or_else(|| {
            CfmlError::expression(format!(
                "[{class}.{method}()] takes a java.time.temporal.ChronoUnit"
            ))
        })
}

pub(crate) fn chrono_unit_fields(name: &str) -> Option<Value> {
    CHRONO_UNITS
        .iter()
        .position(|u| u.0 == name)
        .map(chrono_unit)
}

pub(crate) fn chrono_unit_statics(
    _: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    Some(match name.to_ascii_lowercase().as_str() {
        "values" => Ok(Value::Array(Array::from_vec(
            (0..CHRONO_UNITS.len()).map(chrono_unit).collect(),
        ))),
        "valueof" => str_arg(args, 0, "java.time.temporal.ChronoUnit", name).and_then(|n| {
            CHRONO_UNITS
                .iter()
                .position(|u| u.0 == n)
                .map(chrono_unit)
                .ok_or_else(|| {
                    java_error(
                        "java.lang.IllegalArgumentException",
                        format!("No enum constant java.time.temporal.ChronoUnit.{n}"),
                    )
                })
        }),
        _ => return None,
    })
}

impl NativeObject for ChronoUnit {
    fn class_name(&self) -> &str {
        "java.time.temporal.ChronoUnit"
    }
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        let u = CHRONO_UNITS[self.0];
        match name.to_ascii_lowercase().as_str() {
            "name" => Ok(Value::from(u.0)),
            "tostring" => Ok(Value::from(u.1)),
            "ordinal" => Ok(Value::Num(self.0 as f64)),
            "getduration" => Ok(duration(chrono_nanos(self.0))),
            "isdurationestimated" => Ok(Value::Bool(!u.3)),
            "isdatebased" => Ok(Value::Bool(!u.3 && self.0 != 15)),
            "istimebased" => Ok(Value::Bool(u.3)),
            // `unit.between(a, b)`: whole units from a to b.
            "between" => {
                let a = instant_of(arg(&args, 0, u.0, name)?)?;
                let b = instant_of(arg(&args, 1, u.0, name)?)?;
                if self.0 >= 9 {
                    let months = months_between(&a, &b);
                    let per = [1, 12, 120, 1200, 12000][self.0 - 9];
                    return Ok(Value::Num((months / per) as f64));
                }
                Ok(Value::Num(
                    ((b.nanos - a.nanos) / chrono_nanos(self.0)) as f64,
                ))
            }
            _ => match chrono_unit_statics(ctx, name, &args) {
                Some(r) => r,
                None => crate::object_method(this, name, &args),
            },
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(CHRONO_UNITS[self.0].1.to_string())
    }
}

// ---- Duration ----

fn duration(nanos: i128) -> Value {
    Value::Native(Native::new(Duration(nanos)))
}

/// The nanoseconds of a `java.time.Duration`.
pub(crate) fn duration_nanos(v: &Value) -> Option<i128> {
    match v {
        Value::Native(n) if n.get().class_name() == "java.time.Duration" => {
            parse_duration(&n.get().to_text()?).ok()
        }
        _ => None,
    }
}

/// The nanoseconds of `amount` units, which must be exact (up to DAYS) for a Duration.
fn of_unit(amount: i64, unit: usize) -> CfResult<i128> {
    if unit > 7 {
        return Err(unsupported(CHRONO_UNITS[unit].1));
    }
    Ok(amount as i128 * chrono_nanos(unit))
}

/// `PnDTnHnMn.nS` (Java's `Duration.parse`).
fn parse_duration(text: &str) -> CfResult<i128> {
    let bad = || {
        java_error(
            "java.time.format.DateTimeParseException",
            format!("Text cannot be parsed to a Duration: {text}"),
        )
    };
    let t = text.trim().to_ascii_uppercase();
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r.to_string()),
        None => (false, t.strip_prefix('+').unwrap_or(&t).to_string()),
    };
    let t = t.strip_prefix('P').ok_or_else(bad)?;
    let (days, time) = match t.split_once('T') {
        Some((d, tm)) => (d, Some(tm)),
        None => (t, None),
    };
    let mut total: i128 = 0;
    let mut any = false;
    if !days.is_empty() {
        let n = days.strip_suffix('D').ok_or_else(bad)?;
        total += n.parse::<i128>().map_err(|_| bad())? * 86400 * NANOS;
        any = true;
    }
    if let Some(mut tm) = time {
        if tm.is_empty() {
            return Err(bad());
        }
        for (suffix, per) in [('H', 3600 * NANOS), ('M', 60 * NANOS)] {
            if let Some(i) = tm.find(suffix) {
                total += tm[..i].parse::<i128>().map_err(|_| bad())? * per;
                tm = &tm[i + 1..];
                any = true;
            }
        }
        if let Some(s) = tm.strip_suffix('S') {
            let (neg_s, s) = match s.strip_prefix('-') {
                Some(r) => (true, r),
                None => (false, s),
            };
            let (whole, frac) = s.split_once(['.', ',']).unwrap_or((s, ""));
            if frac.len() > 9 || !frac.chars().all(|c| c.is_ascii_digit()) {
                return Err(bad());
            }
            let mut n = whole.parse::<i128>().map_err(|_| bad())? * NANOS;
            if !frac.is_empty() {
                n += format!("{frac:0<9}").parse::<i128>().map_err(|_| bad())?;
            }
            total += if neg_s { -n } else { n };
            any = true;
        } else if !tm.is_empty() {
            return Err(bad());
        }
    }
    if !any {
        return Err(bad());
    }
    Ok(if neg { -total } else { total })
}

/// Java's `Duration.toString`: `PT8H6M12.345S`, `PT0S`, `PT-0.5S`.
fn duration_text(nanos: i128) -> String {
    if nanos == 0 {
        return "PT0S".into();
    }
    // Java splits into (seconds floor, nanos >= 0) and prints hours/minutes from the seconds.
    let secs = nanos.div_euclid(NANOS);
    let nano = nanos.rem_euclid(NANOS);
    let hours = secs / 3600;
    let minutes = (secs % 3600) / 60;
    let s = secs % 60;
    let mut out = String::from("PT");
    if hours != 0 {
        out.push_str(&format!("{hours}H"));
    }
    if minutes != 0 {
        out.push_str(&format!("{minutes}M"));
    }
    if s == 0 && nano == 0 && out.len() > 2 {
        return out;
    }
    if s < 0 && nano > 0 {
        if s == -1 {
            out.push_str("-0");
        } else {
            out.push_str(&(s + 1).to_string());
        }
    } else {
        out.push_str(&s.to_string());
    }
    if nano > 0 {
        let frac = if s < 0 {
            2 * NANOS - nano
        } else {
            nano + NANOS
        };
        let digits = frac.to_string();
        let digits = digits[1..].trim_end_matches('0');
        out.push('.');
        out.push_str(digits);
    }
    out.push('S');
    out
}

pub(crate) fn duration_statics(
    _: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.time.Duration";
    let n = |i: usize| int_arg(args, i, C, name).map(|x| x as i128);
    Some(match name.to_ascii_lowercase().as_str() {
        "of" => n(0).and_then(|a| Ok(duration(of_unit(a as i64, unit_arg(args, 1, C, name)?)?))),
        "ofdays" => n(0).map(|d| duration(d * 86400 * NANOS)),
        "ofhours" => n(0).map(|d| duration(d * 3600 * NANOS)),
        "ofminutes" => n(0).map(|d| duration(d * 60 * NANOS)),
        "ofseconds" => {
            n(0).and_then(|s| Ok(duration(s * NANOS + if args.len() > 1 { n(1)? } else { 0 })))
        }
        "ofmillis" => n(0).map(|d| duration(d * 1_000_000)),
        "ofnanos" => n(0).map(duration),
        "parse" => str_arg(args, 0, C, name).and_then(|t| parse_duration(&t).map(duration)),
        "from" => arg(args, 0, C, name).and_then(|v| {
            duration_nanos(v)
                .map(duration)
                .ok_or_else(|| CfmlError::expression("Duration.from() takes a Duration"))
        }),
        "between" => arg(args, 0, C, name).and_then(|a| {
            let a = instant_of(a)?;
            let b = instant_of(arg(args, 1, C, name)?)?;
            Ok(duration(b.nanos - a.nanos))
        }),
        _ => return None,
    })
}

pub(crate) fn duration_fields(name: &str) -> Option<Value> {
    name.eq_ignore_ascii_case("ZERO").then(|| duration(0))
}

#[derive(Debug)]
struct Duration(i128);

impl NativeObject for Duration {
    fn class_name(&self) -> &str {
        "java.time.Duration"
    }
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        const C: &str = "java.time.Duration";
        let d = self.0;
        let num = |x: i128| Ok(Value::Num(x as f64));
        let n = |i: usize| int_arg(&args, i, C, name).map(|x| x as i128);
        let secs = d.div_euclid(NANOS);
        match name.to_ascii_lowercase().as_str() {
            "getseconds" => num(secs),
            "getnano" => num(d.rem_euclid(NANOS)),
            "get" => match unit_arg(&args, 0, C, name)? {
                3 => num(secs),
                0 => num(d.rem_euclid(NANOS)),
                u => Err(unsupported(CHRONO_UNITS[u].1)),
            },
            "getunits" => Ok(Value::Array(Array::from_vec(vec![
                chrono_unit(3),
                chrono_unit(0),
            ]))),
            "iszero" => Ok(Value::Bool(d == 0)),
            "isnegative" => Ok(Value::Bool(d < 0)),
            "ispositive" => Ok(Value::Bool(d > 0)),
            "abs" => Ok(duration(d.abs())),
            "negated" => Ok(duration(-d)),
            "todays" => num(secs / 86400),
            "tohours" => num(secs / 3600),
            "tominutes" => num(secs / 60),
            "toseconds" => num(secs),
            "tomillis" => num(d / 1_000_000),
            "tonanos" => num(d),
            "todayspart" => num(secs / 86400),
            "tohourspart" => num(secs / 3600 % 24),
            "tominutespart" => num(secs / 60 % 60),
            "tosecondspart" => num(secs % 60),
            "tomillispart" => num(d.rem_euclid(NANOS) / 1_000_000),
            "tonanospart" => num(d.rem_euclid(NANOS)),
            "plus" | "minus" => {
                let sign = if name.eq_ignore_ascii_case("plus") {
                    1
                } else {
                    -1
                };
                let amount = match args.get(1) {
                    Some(_) => of_unit(n(0)? as i64, unit_arg(&args, 1, C, name)?)?,
                    None => duration_nanos(arg(&args, 0, C, name)?).ok_or_else(|| {
                        CfmlError::expression(format!(
                            "Duration.{name}() takes a Duration or an amount and a unit"
                        ))
                    })?,
                };
                Ok(duration(d + sign * amount))
            }
            "plusdays" => Ok(duration(d + n(0)? * 86400 * NANOS)),
            "plushours" => Ok(duration(d + n(0)? * 3600 * NANOS)),
            "plusminutes" => Ok(duration(d + n(0)? * 60 * NANOS)),
            "plusseconds" => Ok(duration(d + n(0)? * NANOS)),
            "plusmillis" => Ok(duration(d + n(0)? * 1_000_000)),
            "plusnanos" => Ok(duration(d + n(0)?)),
            "minusdays" => Ok(duration(d - n(0)? * 86400 * NANOS)),
            "minushours" => Ok(duration(d - n(0)? * 3600 * NANOS)),
            "minusminutes" => Ok(duration(d - n(0)? * 60 * NANOS)),
            "minusseconds" => Ok(duration(d - n(0)? * NANOS)),
            "minusmillis" => Ok(duration(d - n(0)? * 1_000_000)),
            "minusnanos" => Ok(duration(d - n(0)?)),
            "multipliedby" => Ok(duration(d * n(0)?)),
            "dividedby" => match args.first().and_then(duration_nanos) {
                Some(0) => Err(java_error(
                    "java.lang.ArithmeticException",
                    "Cannot divide by zero",
                )),
                Some(o) => num(d / o),
                None => match n(0)? {
                    0 => Err(java_error(
                        "java.lang.ArithmeticException",
                        "Cannot divide by zero",
                    )),
                    x => Ok(duration(d / x)),
                },
            },
            "withseconds" => Ok(duration(n(0)? * NANOS + d.rem_euclid(NANOS))),
            "withnanos" => {
                let x = n(0)?;
                if !(0..NANOS).contains(&x) {
                    return Err(java_error(
                        "java.time.DateTimeException",
                        format!("Invalid value for NanoOfSecond: {x}"),
                    ));
                }
                Ok(duration(secs * NANOS + x))
            }
            "compareto" => {
                let o = args.first().and_then(duration_nanos).ok_or_else(|| {
                    CfmlError::expression("Duration.compareTo() takes a Duration")
                })?;
                num(match d.cmp(&o) {
                    std::cmp::Ordering::Less => -1,
                    std::cmp::Ordering::Equal => 0,
                    std::cmp::Ordering::Greater => 1,
                })
            }
            "equals" => Ok(Value::Bool(
                args.first().and_then(duration_nanos) == Some(d),
            )),
            "hashcode" => num(((secs ^ (secs >> 32)) as i32 as i128) + 51 * d.rem_euclid(NANOS)),
            "tostring" => Ok(Value::from(duration_text(d))),
            "addto" | "subtractfrom" => {
                let sign = if name.eq_ignore_ascii_case("addTo") {
                    1
                } else {
                    -1
                };
                let t = arg(&args, 0, C, name)?;
                shift_temporal(t, sign * d)
            }
            _ => match duration_statics(ctx, name, &args) {
                Some(r) => r,
                None => crate::object_method(this, name, &args),
            },
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(duration_text(self.0))
    }
}

// ---- ZoneId / ZoneOffset ----

#[derive(Debug)]
struct Zone {
    id: String,
    /// None: a fixed offset (`ZoneOffset`), in `fixed` seconds.
    tz: Option<tz::TimeZone>,
    fixed: i32,
}

impl Zone {
    /// The offset from UTC, in seconds, at a UTC instant (seconds since the epoch).
    fn offset_at(&self, utc_secs: i64) -> i32 {
        match &self.tz {
            Some(tz) => tz
                .find_local_time_type(utc_secs)
                .map_or(0, |t| t.ut_offset()),
            None => self.fixed,
        }
    }
    /// The offset that applies to a local date-time (the earlier one in an overlap).
    fn offset_for_local(&self, local_secs: i64) -> i32 {
        let first = self.offset_at(local_secs);
        self.offset_at(local_secs - first as i64)
    }
}

fn offset_id(secs: i32) -> String {
    if secs == 0 {
        return "Z".into();
    }
    let a = secs.unsigned_abs();
    let sign = if secs < 0 { '-' } else { '+' };
    let mut s = format!("{sign}{:02}:{:02}", a / 3600, a / 60 % 60);
    if !a.is_multiple_of(60) {
        s.push_str(&format!(":{:02}", a % 60));
    }
    s
}

fn zone_offset(secs: i32) -> Value {
    Value::Native(Native::new(ZoneObj(Arc::new(Zone {
        id: offset_id(secs),
        tz: None,
        fixed: secs,
    }))))
}

/// `+02:00`, `-5`, `Z`, `+0530` as seconds.
fn parse_offset(s: &str) -> Option<i32> {
    if s == "Z" {
        return Some(0);
    }
    let (sign, rest) = match s.as_bytes().first()? {
        b'+' => (1, &s[1..]),
        b'-' => (-1, &s[1..]),
        _ => return None,
    };
    let digits: String = rest.chars().filter(|c| *c != ':').collect();
    if !digits.chars().all(|c| c.is_ascii_digit()) || digits.is_empty() || digits.len() > 6 {
        return None;
    }
    let (h, m, sec): (i32, i32, i32) = match digits.len() {
        1 | 2 => (digits.parse().ok()?, 0, 0),
        4 => (digits[..2].parse().ok()?, digits[2..].parse().ok()?, 0),
        6 => (
            digits[..2].parse().ok()?,
            digits[2..4].parse().ok()?,
            digits[4..].parse().ok()?,
        ),
        _ => return None,
    };
    let total: i32 = h * 3600 + m * 60 + sec;
    (h <= 18 && m < 60 && sec < 60 && total <= 18 * 3600).then_some(sign * total)
}

const ZONEINFO: &str = "/usr/share/zoneinfo";

/// `ZoneId.of(id)`: an offset, `UTC`/`GMT`/`UT` with or without one, or a region of the
/// zoneinfo database.
fn zone_of(id: &str) -> CfResult<Value> {
    if let Some(secs) = parse_offset(id) {
        return Ok(zone_offset(secs));
    }
    for prefix in ["UTC", "GMT", "UT"] {
        if let Some(rest) = id.strip_prefix(prefix) {
            if rest.is_empty() {
                return Ok(Value::Native(Native::new(ZoneObj(Arc::new(Zone {
                    id: id.into(),
                    tz: None,
                    fixed: 0,
                })))));
            }
            if let Some(secs) = parse_offset(rest) {
                return Ok(Value::Native(Native::new(ZoneObj(Arc::new(Zone {
                    id: format!("{prefix}{}", offset_id(secs)),
                    tz: None,
                    fixed: secs,
                })))));
            }
        }
    }
    let valid = !id.is_empty()
        && !id.contains("..")
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/_-+~.".contains(c));
    if !valid {
        return Err(java_error(
            "java.time.DateTimeException",
            format!("Invalid ID for region-based ZoneId, invalid format: {id}"),
        ));
    }
    let tz = std::fs::read(format!("{ZONEINFO}/{id}"))
        .ok()
        .filter(|b| b.starts_with(b"TZif"))
        .and_then(|b| tz::TimeZone::from_tz_data(&b).ok())
        .ok_or_else(|| {
            java_error(
                "java.time.zone.ZoneRulesException",
                format!("Unknown time-zone ID: {id}"),
            )
        })?;
    Ok(Value::Native(Native::new(ZoneObj(Arc::new(Zone {
        id: id.into(),
        tz: Some(tz),
        fixed: 0,
    })))))
}

/// The server's zone: `TZ`, `/etc/timezone`, the `/etc/localtime` link, else UTC.
fn system_zone() -> Value {
    let name = std::env::var("TZ")
        .ok()
        .map(|t| t.trim_start_matches(':').trim().to_string())
        .filter(|t| !t.is_empty())
        .or_else(|| {
            std::fs::read_to_string("/etc/timezone")
                .ok()
                .map(|t| t.trim().to_string())
                .filter(|t| !t.is_empty())
        })
        .or_else(|| {
            std::fs::read_link("/etc/localtime").ok().and_then(|p| {
                p.to_string_lossy()
                    .split_once("zoneinfo/")
                    .map(|(_, z)| z.to_string())
            })
        })
        .unwrap_or_else(|| "UTC".into());
    zone_of(&name).unwrap_or_else(|_| zone_offset(0))
}

fn as_zone(v: &Value) -> Option<Arc<Zone>> {
    match v {
        Value::Native(n)
            if matches!(
                n.get().class_name(),
                "java.time.ZoneRegion" | "java.time.ZoneOffset"
            ) =>
        {
            zone_cache(&n.get().to_text()?)
        }
        _ => None,
    }
}

/// Zones by id, loaded once.
fn zone_cache(id: &str) -> Option<Arc<Zone>> {
    static CACHE: OnceLock<parking_lot::Mutex<std::collections::HashMap<String, Arc<Zone>>>> =
        OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(z) = cache.lock().get(id) {
        return Some(z.clone());
    }
    let z = match zone_of(id).ok()? {
        Value::Native(_) => {
            let zone = if let Some(secs) = parse_offset(id) {
                Zone {
                    id: offset_id(secs),
                    tz: None,
                    fixed: secs,
                }
            } else if let Some(fixed) = ["UTC", "GMT", "UT"].iter().find_map(|p| {
                id.strip_prefix(p).map(|r| {
                    if r.is_empty() {
                        Some(0)
                    } else {
                        parse_offset(r)
                    }
                })
            }) {
                Zone {
                    id: id.into(),
                    tz: None,
                    fixed: fixed?,
                }
            } else {
                let b = std::fs::read(format!("{ZONEINFO}/{id}")).ok()?;
                Zone {
                    id: id.into(),
                    tz: Some(tz::TimeZone::from_tz_data(&b).ok()?),
                    fixed: 0,
                }
            };
            Arc::new(zone)
        }
        _ => return None,
    };
    cache.lock().insert(id.to_string(), z.clone());
    Some(z)
}

fn zone_arg(args: &[Value], i: usize, class: &str, method: &str) -> CfResult<Arc<Zone>> {
    let v = arg(args, i, class, method)?;
    if let Some(z) = as_zone(v) {
        return Ok(z);
    }
    if let Value::Str(s) = v {
        zone_of(s)?;
        if let Some(z) = zone_cache(s) {
            return Ok(z);
        }
    }
    Err(CfmlError::expression(format!(
        "[{class}.{method}()] takes a java.time.ZoneId"
    )))
}

pub(crate) fn zone_id_statics(
    _: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.time.ZoneId";
    Some(match name.to_ascii_lowercase().as_str() {
        "of" => str_arg(args, 0, C, name).and_then(|id| zone_of(&id)),
        "systemdefault" => Ok(system_zone()),
        _ => return None,
    })
}

pub(crate) fn zone_offset_statics(
    ctx: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.time.ZoneOffset";
    Some(match name.to_ascii_lowercase().as_str() {
        "of" => str_arg(args, 0, C, name).and_then(|id| {
            parse_offset(&id).map(zone_offset).ok_or_else(|| {
                java_error(
                    "java.time.DateTimeException",
                    format!("Invalid ID for ZoneOffset, invalid format: {id}"),
                )
            })
        }),
        "ofhours" => int_arg(args, 0, C, name).map(|h| zone_offset(h as i32 * 3600)),
        "ofhoursminutes" => int_arg(args, 0, C, name).and_then(|h| {
            Ok(zone_offset(
                h as i32 * 3600 + int_arg(args, 1, C, name)? as i32 * 60,
            ))
        }),
        "oftotalseconds" => int_arg(args, 0, C, name).map(|s| zone_offset(s as i32)),
        _ => return zone_id_statics(ctx, name, args),
    })
}

pub(crate) fn zone_offset_fields(name: &str) -> Option<Value> {
    Some(match name.to_ascii_uppercase().as_str() {
        "UTC" => zone_offset(0),
        "MIN" => zone_offset(-18 * 3600),
        "MAX" => zone_offset(18 * 3600),
        _ => return None,
    })
}

#[derive(Debug)]
struct ZoneObj(Arc<Zone>);

impl NativeObject for ZoneObj {
    fn class_name(&self) -> &str {
        if self.0.tz.is_none() && parse_offset(&self.0.id).is_some() {
            "java.time.ZoneOffset"
        } else {
            "java.time.ZoneRegion"
        }
    }
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        let z = &self.0;
        match name.to_ascii_lowercase().as_str() {
            "getid" | "tostring" => Ok(Value::from(z.id.as_str())),
            "gettotalseconds" if z.tz.is_none() => Ok(Value::Num(z.fixed as f64)),
            "normalized" => Ok(match z.tz {
                None => zone_offset(z.fixed),
                Some(_) => Value::Native(this.clone()),
            }),
            "equals" => Ok(Value::Bool(
                matches!(args.first(), Some(Value::Native(n)) if n.get().class_name().starts_with("java.time.Zone") && n.get().to_text().as_deref() == Some(z.id.as_str())),
            )),
            "hashcode" => Ok(Value::Num(crate::lang::java_string_hash(&z.id) as f64)),
            _ => match zone_offset_statics(ctx, name, &args) {
                Some(r) => r,
                None => crate::object_method(this, name, &args),
            },
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(self.0.id.clone())
    }
}

// ---- Instant ----

/// A point on the time line: nanoseconds since 1970-01-01T00:00:00Z.
#[derive(Debug, Clone, Copy)]
struct Moment {
    nanos: i128,
}

fn instant(nanos: i128) -> Value {
    Value::Native(Native::new(Instant(nanos)))
}

fn utc_ndt(nanos: i128) -> NaiveDateTime {
    chrono::DateTime::from_timestamp(
        nanos.div_euclid(NANOS) as i64,
        nanos.rem_euclid(NANOS) as u32,
    )
    .unwrap_or_default()
    .naive_utc()
}

fn ndt_nanos(t: &NaiveDateTime) -> i128 {
    let u = t.and_utc();
    u.timestamp() as i128 * NANOS + u.timestamp_subsec_nanos() as i128
}

/// A CFML date (in the server's zone) as an instant, as Lucee's `date.toInstant()` gives.
pub(crate) fn date_instant(d: &DateTime) -> Value {
    let local = ndt_nanos(&d.ndt());
    let offset = system_offset_for_local((local.div_euclid(NANOS)) as i64);
    instant(local - offset as i128 * NANOS)
}

/// `date.getTime()`: milliseconds since the epoch.
pub(crate) fn date_millis(d: &DateTime) -> Value {
    match date_instant(d) {
        Value::Native(n) => Value::Num(
            n.get()
                .to_text()
                .and_then(|t| parse_instant(&t).ok())
                .map_or(0.0, |ns| ns.div_euclid(1_000_000) as f64),
        ),
        _ => Value::Num(0.0),
    }
}

fn system_offset_for_local(local_secs: i64) -> i32 {
    match system_zone() {
        Value::Native(n) => n
            .get()
            .to_text()
            .and_then(|id| zone_cache(&id))
            .map_or(0, |z| z.offset_for_local(local_secs)),
        _ => 0,
    }
}

/// The instant a temporal value (or a CFML date) stands for.
fn instant_of(v: &Value) -> CfResult<Moment> {
    match v {
        Value::Date(d) => match date_instant(d) {
            Value::Native(n) => instant_of(&Value::Native(n)),
            _ => Err(CfmlError::expression("not a date")),
        },
        Value::Native(n) => {
            let text = n.get().to_text().unwrap_or_default();
            match n.get().class_name() {
                "java.time.Instant" => parse_instant(&text).map(|nanos| Moment { nanos }),
                "java.time.ZonedDateTime" => {
                    let local = text.split('[').next().unwrap_or_default();
                    let (dt, off) = split_offset(local)
                        .ok_or_else(|| CfmlError::expression("bad ZonedDateTime"))?;
                    Ok(Moment {
                        nanos: ndt_nanos(&parse_local(dt)?) - off as i128 * NANOS,
                    })
                }
                // A local date-time is read as UTC, so `between` of two of them is their difference.
                "java.time.LocalDateTime" => Ok(Moment {
                    nanos: ndt_nanos(&parse_local(&text)?),
                }),
                other => Err(CfmlError::expression(format!(
                    "a {other} is not a temporal Rime can measure"
                ))),
            }
        }
        other => Err(CfmlError::expression(format!(
            "a {} is not a temporal value",
            other.type_name()
        ))),
    }
}

fn split_offset(s: &str) -> Option<(&str, i32)> {
    if let Some(dt) = s.strip_suffix('Z') {
        return Some((dt, 0));
    }
    let i = s.rfind(['+', '-'])?;
    Some((&s[..i], parse_offset(&s[i..])?))
}

/// Whole months from `a` to `b` (by their UTC date-times), as `ChronoUnit.MONTHS.between`.
fn months_between(a: &Moment, b: &Moment) -> i64 {
    let (x, y) = (utc_ndt(a.nanos), utc_ndt(b.nanos));
    let mut m = (y.year() as i64 - x.year() as i64) * 12 + y.month() as i64 - x.month() as i64;
    let rest = |t: &NaiveDateTime| (t.day(), t.time());
    if m > 0 && rest(&y) < rest(&x) {
        m -= 1;
    } else if m < 0 && rest(&y) > rest(&x) {
        m += 1;
    }
    m
}

/// ISO text of a UTC date-time with Java's fraction rules (none, or 3, 6 or 9 digits).
fn iso_local(t: &NaiveDateTime) -> String {
    let mut s = t.format("%Y-%m-%dT%H:%M").to_string();
    let (sec, ns) = (t.second(), t.nanosecond());
    if sec != 0 || ns != 0 {
        s.push_str(&format!(":{sec:02}"));
    }
    if ns != 0 {
        if ns % 1_000_000 == 0 {
            s.push_str(&format!(".{:03}", ns / 1_000_000));
        } else if ns % 1_000 == 0 {
            s.push_str(&format!(".{:06}", ns / 1_000));
        } else {
            s.push_str(&format!(".{ns:09}"));
        }
    }
    s
}

fn instant_text(nanos: i128) -> String {
    let t = utc_ndt(nanos);
    let mut s = iso_local(&t);
    if t.second() == 0 && t.nanosecond() == 0 {
        s.push_str(":00");
    }
    s.push('Z');
    s
}

fn parse_local(s: &str) -> CfResult<NaiveDateTime> {
    for f in ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M"] {
        if let Ok(t) = NaiveDateTime::parse_from_str(s, f) {
            return Ok(t);
        }
    }
    Err(java_error(
        "java.time.format.DateTimeParseException",
        format!("Text '{s}' could not be parsed at index 0"),
    ))
}

fn parse_instant(s: &str) -> CfResult<i128> {
    let local = s
        .strip_suffix('Z')
        .or_else(|| s.strip_suffix('z'))
        .ok_or_else(|| {
            java_error(
                "java.time.format.DateTimeParseException",
                format!("Text '{s}' could not be parsed at index {}", s.len()),
            )
        })?;
    Ok(ndt_nanos(&parse_local(local)?))
}

pub(crate) fn instant_statics(
    _: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.time.Instant";
    Some(match name.to_ascii_lowercase().as_str() {
        "now" => Ok(instant(
            ndt_nanos(&chrono::Utc::now().naive_utc()) / 1_000 * 1_000,
        )),
        "ofepochmilli" => int_arg(args, 0, C, name).map(|ms| instant(ms as i128 * 1_000_000)),
        "ofepochsecond" => int_arg(args, 0, C, name).and_then(|s| {
            let adj = if args.len() > 1 {
                int_arg(args, 1, C, name)? as i128
            } else {
                0
            };
            Ok(instant(s as i128 * NANOS + adj))
        }),
        "parse" => str_arg(args, 0, C, name).and_then(|s| parse_instant(&s).map(instant)),
        _ => return None,
    })
}

pub(crate) fn instant_fields(name: &str) -> Option<Value> {
    name.eq_ignore_ascii_case("EPOCH").then(|| instant(0))
}

#[derive(Debug)]
struct Instant(i128);

/// `temporal.plus(duration)` for the temporal kinds here.
fn shift_temporal(t: &Value, nanos: i128) -> CfResult<Value> {
    match t {
        Value::Native(n) => match n.get().class_name() {
            "java.time.Instant" => Ok(instant(instant_of(t)?.nanos + nanos)),
            "java.time.LocalDateTime" => {
                let local = parse_local(&n.get().to_text().unwrap_or_default())?;
                Ok(local_date_time(utc_ndt(ndt_nanos(&local) + nanos)))
            }
            "java.time.ZonedDateTime" => {
                let z = zoned_parts(n)?;
                Ok(zoned(instant_of(t)?.nanos + nanos, z))
            }
            other => Err(CfmlError::expression(format!(
                "a {other} can't be shifted by a Duration"
            ))),
        },
        Value::Date(_) => Ok(instant(instant_of(t)?.nanos + nanos)),
        other => Err(CfmlError::expression(format!(
            "a {} is not a temporal value",
            other.type_name()
        ))),
    }
}

impl NativeObject for Instant {
    fn class_name(&self) -> &str {
        "java.time.Instant"
    }
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        const C: &str = "java.time.Instant";
        let t = self.0;
        let n = |i: usize| int_arg(&args, i, C, name).map(|x| x as i128);
        match name.to_ascii_lowercase().as_str() {
            "toepochmilli" => Ok(Value::Num(t.div_euclid(1_000_000) as f64)),
            "getepochsecond" => Ok(Value::Num(t.div_euclid(NANOS) as f64)),
            "getnano" => Ok(Value::Num(t.rem_euclid(NANOS) as f64)),
            "atzone" => Ok(zoned(t, zone_arg(&args, 0, C, name)?)),
            "plus" | "minus" => {
                let sign = if name.eq_ignore_ascii_case("plus") {
                    1
                } else {
                    -1
                };
                let d = match args.get(1) {
                    Some(_) => of_unit(n(0)? as i64, unit_arg(&args, 1, C, name)?)?,
                    None => duration_nanos(arg(&args, 0, C, name)?).ok_or_else(|| {
                        CfmlError::expression(
                            "Instant.plus() takes a Duration or an amount and a unit",
                        )
                    })?,
                };
                Ok(instant(t + sign * d))
            }
            "plusseconds" => Ok(instant(t + n(0)? * NANOS)),
            "plusmillis" => Ok(instant(t + n(0)? * 1_000_000)),
            "plusnanos" => Ok(instant(t + n(0)?)),
            "minusseconds" => Ok(instant(t - n(0)? * NANOS)),
            "minusmillis" => Ok(instant(t - n(0)? * 1_000_000)),
            "minusnanos" => Ok(instant(t - n(0)?)),
            "isbefore" => Ok(Value::Bool(t < instant_of(arg(&args, 0, C, name)?)?.nanos)),
            "isafter" => Ok(Value::Bool(t > instant_of(arg(&args, 0, C, name)?)?.nanos)),
            "compareto" => Ok(Value::Num(
                match t.cmp(&instant_of(arg(&args, 0, C, name)?)?.nanos) {
                    std::cmp::Ordering::Less => -1.0,
                    std::cmp::Ordering::Equal => 0.0,
                    std::cmp::Ordering::Greater => 1.0,
                },
            )),
            "equals" => Ok(Value::Bool(
                matches!(args.first(), Some(v @ Value::Native(o)) if o.get().class_name() == C && instant_of(v).is_ok_and(|m| m.nanos == t)),
            )),
            "tostring" => Ok(Value::from(instant_text(t))),
            _ => match instant_statics(ctx, name, &args) {
                Some(r) => r,
                None => crate::object_method(this, name, &args),
            },
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(instant_text(self.0))
    }
}

// ---- ZonedDateTime ----

#[derive(Debug)]
struct Zoned {
    nanos: i128,
    zone: Arc<Zone>,
}

fn zoned(nanos: i128, zone: Arc<Zone>) -> Value {
    Value::Native(Native::new(Zoned { nanos, zone }))
}

fn zoned_parts(n: &Native) -> CfResult<Arc<Zone>> {
    let text = n.get().to_text().unwrap_or_default();
    let id = match text.split_once('[') {
        Some((_, rest)) => rest.trim_end_matches(']').to_string(),
        None => split_offset(&text)
            .map(|(_, o)| offset_id(o))
            .unwrap_or_default(),
    };
    zone_cache(&id).ok_or_else(|| CfmlError::expression(format!("unknown zone [{id}]")))
}

impl Zoned {
    fn local(&self) -> NaiveDateTime {
        let off = self.zone.offset_at(self.nanos.div_euclid(NANOS) as i64);
        utc_ndt(self.nanos + off as i128 * NANOS)
    }
    fn text(&self) -> String {
        let off = self.zone.offset_at(self.nanos.div_euclid(NANOS) as i64);
        let mut s = iso_local(&self.local());
        s.push_str(&offset_id(off));
        if self.zone.tz.is_some() || parse_offset(&self.zone.id).is_none() {
            s.push_str(&format!("[{}]", self.zone.id));
        }
        s
    }
}

impl NativeObject for Zoned {
    fn class_name(&self) -> &str {
        "java.time.ZonedDateTime"
    }
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        match name.to_ascii_lowercase().as_str() {
            "tolocaldatetime" => Ok(local_date_time(self.local())),
            "tolocaldate" => Ok(local_date(self.local().date())),
            "toinstant" => Ok(instant(self.nanos)),
            "getzone" => Ok(Value::Native(Native::new(ZoneObj(self.zone.clone())))),
            "getoffset" => Ok(zone_offset(
                self.zone.offset_at(self.nanos.div_euclid(NANOS) as i64),
            )),
            "toepochsecond" => Ok(Value::Num(self.nanos.div_euclid(NANOS) as f64)),
            "tostring" => Ok(Value::from(self.text())),
            // The rest (getYear(), getHour()…) read the local date-time.
            _ => {
                let local = local_date_time(self.local());
                match &local {
                    Value::Native(n) => n.get().call(n, ctx, name, args).or_else(|e| {
                        if e.message.starts_with("No matching Method") {
                            crate::object_method(this, name, &[])
                        } else {
                            Err(e)
                        }
                    }),
                    _ => crate::object_method(this, name, &args),
                }
            }
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(self.text())
    }
}

// ---- LocalDateTime / LocalDate ----

fn local_date_time(t: NaiveDateTime) -> Value {
    Value::Native(Native::new(LocalDateTime(t)))
}

fn local_date(d: NaiveDate) -> Value {
    Value::Native(Native::new(LocalDate(d)))
}

pub(crate) fn local_date_time_statics(
    _: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.time.LocalDateTime";
    Some(match name.to_ascii_lowercase().as_str() {
        "now" => {
            let zone = match args.first() {
                Some(_) => zone_arg(args, 0, C, name),
                None => match system_zone() {
                    Value::Native(n) => zone_cache(&n.get().to_text().unwrap_or_default())
                        .ok_or_else(|| CfmlError::expression("no system zone")),
                    _ => Err(CfmlError::expression("no system zone")),
                },
            };
            zone.map(|z| {
                let now = ndt_nanos(&chrono::Utc::now().naive_utc()) / 1_000 * 1_000;
                let off = z.offset_at(now.div_euclid(NANOS) as i64);
                local_date_time(utc_ndt(now + off as i128 * NANOS))
            })
        }
        "parse" => str_arg(args, 0, C, name).and_then(|s| parse_local(&s).map(local_date_time)),
        "of" => (|| {
            let n = |i: usize| -> CfResult<u32> {
                Ok(match args.get(i) {
                    Some(v) => v.to_num()? as u32,
                    None => 0,
                })
            };
            let y = int_arg(args, 0, C, name)? as i32;
            NaiveDate::from_ymd_opt(y, n(1)?, n(2)?)
                .and_then(|d| d.and_hms_nano_opt(n(3).ok()?, n(4).ok()?, n(5).ok()?, n(6).ok()?))
                .map(local_date_time)
                .ok_or_else(|| java_error("java.time.DateTimeException", "Invalid date"))
        })(),
        _ => return None,
    })
}

#[derive(Debug)]
struct LocalDateTime(NaiveDateTime);

fn invalid(field: &str, v: i64) -> Box<CfmlError> {
    java_error(
        "java.time.DateTimeException",
        format!(
            "Invalid value for {field} (valid values {}): {v}",
            match field {
                "HourOfDay" => "0 - 23",
                "MinuteOfHour" | "SecondOfMinute" => "0 - 59",
                "DayOfMonth" => "1 - 28/31",
                "MonthOfYear" => "1 - 12",
                _ => "",
            }
        ),
    )
}

/// `date` moved by whole months, the day clamped to the month's last (Java's `plusMonths`).
fn add_months(d: NaiveDate, months: i64) -> Option<NaiveDate> {
    let total = d.year() as i64 * 12 + d.month0() as i64 + months;
    let (y, m) = (total.div_euclid(12) as i32, total.rem_euclid(12) as u32 + 1);
    let last = last_day(y, m)?;
    NaiveDate::from_ymd_opt(y, m, d.day().min(last))
}

fn last_day(y: i32, m: u32) -> Option<u32> {
    let next = if m == 12 {
        NaiveDate::from_ymd_opt(y + 1, 1, 1)
    } else {
        NaiveDate::from_ymd_opt(y, m + 1, 1)
    };
    next.and_then(|n| n.pred_opt()).map(|d| d.day())
}

/// The date-based and field methods LocalDateTime and LocalDate share; None when `name` is
/// not one.
fn date_method(d: NaiveDate, name: &str) -> Option<CfResult<Value>> {
    let ok = |x: f64| Some(Ok(Value::Num(x)));
    match name.to_ascii_lowercase().as_str() {
        "getyear" => ok(d.year() as f64),
        "getmonthvalue" => ok(d.month() as f64),
        "getdayofmonth" => ok(d.day() as f64),
        "getdayofyear" => ok(d.ordinal() as f64),
        "getdayofweek" => Some(Ok(day_of_week(d.weekday().num_days_from_monday() as usize))),
        "lengthofmonth" => ok(last_day(d.year(), d.month()).unwrap_or(30) as f64),
        "isleapyear" => Some(Ok(Value::Bool(
            NaiveDate::from_ymd_opt(d.year(), 2, 29).is_some(),
        ))),
        _ => None,
    }
}

/// A new date from `d` by a `plus…`/`minus…`/`with…` date method, or None if it is not one.
fn shift_date(
    d: NaiveDate,
    name: &str,
    args: &[Value],
    class: &str,
) -> Option<CfResult<NaiveDate>> {
    let m = name.to_ascii_lowercase();
    let amount = || int_arg(args, 0, class, name);
    let bad = || java_error("java.time.DateTimeException", "date out of range");
    let (sign, unit) = if let Some(u) = m.strip_prefix("plus") {
        (1, u.to_string())
    } else if let Some(u) = m.strip_prefix("minus") {
        (-1, u.to_string())
    } else {
        let r = match m.as_str() {
            "withdayofmonth" => {
                amount().and_then(|v| d.with_day(v as u32).ok_or_else(|| invalid("DayOfMonth", v)))
            }
            "withmonth" => amount().and_then(|v| {
                if !(1..=12).contains(&v) {
                    return Err(invalid("MonthOfYear", v));
                }
                let last = last_day(d.year(), v as u32).unwrap_or(28);
                NaiveDate::from_ymd_opt(d.year(), v as u32, d.day().min(last)).ok_or_else(bad)
            }),
            "withyear" => amount().and_then(|v| {
                let last = last_day(v as i32, d.month()).unwrap_or(28);
                NaiveDate::from_ymd_opt(v as i32, d.month(), d.day().min(last)).ok_or_else(bad)
            }),
            "withdayofyear" => amount().and_then(|v| {
                d.with_ordinal(v as u32)
                    .ok_or_else(|| invalid("DayOfYear", v))
            }),
            _ => return None,
        };
        return Some(r);
    };
    let r = amount().and_then(|a| {
        let a = sign * a;
        match unit.as_str() {
            "days" => d
                .checked_add_signed(chrono::Duration::days(a))
                .ok_or_else(bad),
            "weeks" => d
                .checked_add_signed(chrono::Duration::weeks(a))
                .ok_or_else(bad),
            "months" => add_months(d, a).ok_or_else(bad),
            "years" => add_months(d, a * 12).ok_or_else(bad),
            _ => Err(CfmlError::expression("not a date unit")),
        }
    });
    match unit.as_str() {
        "days" | "weeks" | "months" | "years" => Some(r),
        _ => None,
    }
}

impl NativeObject for LocalDateTime {
    fn class_name(&self) -> &str {
        "java.time.LocalDateTime"
    }
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        const C: &str = "java.time.LocalDateTime";
        let t = self.0;
        let m = name.to_ascii_lowercase();
        if let Some(r) = date_method(t.date(), name) {
            return r;
        }
        if let Some(r) = shift_date(t.date(), name, &args, C) {
            return r.map(|d| local_date_time(d.and_time(t.time())));
        }
        let n = |i: usize| int_arg(&args, i, C, name);
        let time_with = |field: &str,
                         v: i64,
                         max: i64,
                         f: &dyn Fn(i64) -> Option<NaiveDateTime>|
         -> CfResult<Value> {
            if !(0..=max).contains(&v) {
                return Err(invalid(field, v));
            }
            f(v).map(local_date_time).ok_or_else(|| invalid(field, v))
        };
        let shift = |nanos: i128| Ok(local_date_time(utc_ndt(ndt_nanos(&t) + nanos)));
        match m.as_str() {
            "gethour" => Ok(Value::Num(t.hour() as f64)),
            "getminute" => Ok(Value::Num(t.minute() as f64)),
            "getsecond" => Ok(Value::Num(t.second() as f64)),
            "getnano" => Ok(Value::Num(t.nanosecond() as f64)),
            "withhour" => time_with("HourOfDay", n(0)?, 23, &|v| t.with_hour(v as u32)),
            "withminute" => time_with("MinuteOfHour", n(0)?, 59, &|v| t.with_minute(v as u32)),
            "withsecond" => time_with("SecondOfMinute", n(0)?, 59, &|v| t.with_second(v as u32)),
            "withnano" => time_with("NanoOfSecond", n(0)?, 999_999_999, &|v| {
                t.with_nanosecond(v as u32)
            }),
            "plushours" => shift(n(0)? as i128 * 3600 * NANOS),
            "plusminutes" => shift(n(0)? as i128 * 60 * NANOS),
            "plusseconds" => shift(n(0)? as i128 * NANOS),
            "plusnanos" => shift(n(0)? as i128),
            "minushours" => shift(-(n(0)? as i128) * 3600 * NANOS),
            "minusminutes" => shift(-(n(0)? as i128) * 60 * NANOS),
            "minusseconds" => shift(-(n(0)? as i128) * NANOS),
            "minusnanos" => shift(-(n(0)? as i128)),
            "plus" | "minus" => {
                let sign: i128 = if m == "plus" { 1 } else { -1 };
                match args.get(1) {
                    Some(_) => {
                        let u = unit_arg(&args, 1, C, name)?;
                        let a = n(0)?;
                        match u {
                            0..=6 => shift(sign * a as i128 * chrono_nanos(u)),
                            7..=13 => {
                                let (method, k) = match u {
                                    7 => ("plusDays", 1),
                                    8 => ("plusWeeks", 1),
                                    9 => ("plusMonths", 1),
                                    10 => ("plusYears", 1),
                                    11 => ("plusYears", 10),
                                    12 => ("plusYears", 100),
                                    _ => ("plusYears", 1000),
                                };
                                let amount = vec![Value::Num((sign as i64 * a * k) as f64)];
                                shift_date(t.date(), method, &amount, C)
                                    .unwrap_or_else(|| Err(unsupported(CHRONO_UNITS[u].1)))
                                    .map(|d| local_date_time(d.and_time(t.time())))
                            }
                            _ => Err(unsupported(CHRONO_UNITS[u].1)),
                        }
                    }
                    None => {
                        let d = duration_nanos(arg(&args, 0, C, name)?).ok_or_else(|| {
                            CfmlError::expression(
                                "LocalDateTime.plus() takes a Duration or an amount and a unit",
                            )
                        })?;
                        shift(sign * d)
                    }
                }
            }
            // `with(TemporalAdjuster)`.
            "with" => match arg(&args, 0, C, name)? {
                Value::Native(a) if a.get().class_name() == ADJUSTER => {
                    let d = adjust(&a.get().to_text().unwrap_or_default(), t.date())?;
                    Ok(local_date_time(d.and_time(t.time())))
                }
                _ => Err(CfmlError::expression(
                    "LocalDateTime.with() takes a TemporalAdjuster",
                )),
            },
            "tolocaldate" => Ok(local_date(t.date())),
            "atzone" => {
                let z = zone_arg(&args, 0, C, name)?;
                let local = ndt_nanos(&t);
                let off = z.offset_for_local(local.div_euclid(NANOS) as i64);
                Ok(zoned(local - off as i128 * NANOS, z))
            }
            "isbefore" | "isafter" | "isequal" | "compareto" => {
                let o = instant_of(arg(&args, 0, C, name)?)?.nanos;
                let c = ndt_nanos(&t).cmp(&o);
                Ok(match m.as_str() {
                    "isbefore" => Value::Bool(c.is_lt()),
                    "isafter" => Value::Bool(c.is_gt()),
                    "isequal" => Value::Bool(c.is_eq()),
                    _ => Value::Num(c as i8 as f64),
                })
            }
            "equals" => Ok(Value::Bool(
                matches!(args.first(), Some(Value::Native(o)) if o.get().class_name() == C && o.get().to_text() == Some(iso_local(&t))),
            )),
            "tostring" => Ok(Value::from(iso_local(&t))),
            _ => match local_date_time_statics(ctx, name, &args) {
                Some(r) => r,
                None => crate::object_method(this, name, &args),
            },
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(iso_local(&self.0))
    }
}

#[derive(Debug)]
struct LocalDate(NaiveDate);

impl NativeObject for LocalDate {
    fn class_name(&self) -> &str {
        "java.time.LocalDate"
    }
    fn call(
        &self,
        this: &Native,
        _: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        const C: &str = "java.time.LocalDate";
        if let Some(r) = date_method(self.0, name) {
            return r;
        }
        if let Some(r) = shift_date(self.0, name, &args, C) {
            return r.map(local_date);
        }
        match name.to_ascii_lowercase().as_str() {
            "with" => match arg(&args, 0, C, name)? {
                Value::Native(a) if a.get().class_name() == ADJUSTER => {
                    adjust(&a.get().to_text().unwrap_or_default(), self.0).map(local_date)
                }
                _ => Err(CfmlError::expression(
                    "LocalDate.with() takes a TemporalAdjuster",
                )),
            },
            "atstartofday" => Ok(local_date_time(self.0.and_time(chrono::NaiveTime::MIN))),
            "tostring" => Ok(Value::from(self.0.format("%Y-%m-%d").to_string())),
            "equals" => Ok(Value::Bool(
                matches!(args.first(), Some(Value::Native(o)) if o.get().class_name() == C && o.get().to_text() == self.to_text()),
            )),
            _ => crate::object_method(this, name, &args),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(self.0.format("%Y-%m-%d").to_string())
    }
}

// ---- DayOfWeek ----

const DAYS: [&str; 7] = [
    "MONDAY",
    "TUESDAY",
    "WEDNESDAY",
    "THURSDAY",
    "FRIDAY",
    "SATURDAY",
    "SUNDAY",
];

#[derive(Debug)]
struct DayOfWeek(usize);

fn day_of_week(i: usize) -> Value {
    static ALL: OnceLock<Vec<Native>> = OnceLock::new();
    let all = ALL.get_or_init(|| (0..7).map(|i| Native::new(DayOfWeek(i))).collect());
    Value::Native(all[i % 7].clone())
}

fn as_day(v: &Value) -> Option<usize> {
    match v {
        Value::Native(n) if n.get().class_name() == "java.time.DayOfWeek" => {
            let t = n.get().to_text()?;
            DAYS.iter().position(|d| *d == t)
        }
        _ => None,
    }
}

pub(crate) fn day_of_week_fields(name: &str) -> Option<Value> {
    DAYS.iter()
        .position(|d| d.eq_ignore_ascii_case(name))
        .map(day_of_week)
}

pub(crate) fn day_of_week_statics(
    _: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.time.DayOfWeek";
    Some(match name.to_ascii_lowercase().as_str() {
        "of" => int_arg(args, 0, C, name).and_then(|v| {
            if (1..=7).contains(&v) {
                Ok(day_of_week(v as usize - 1))
            } else {
                Err(java_error(
                    "java.time.DateTimeException",
                    format!("Invalid value for DayOfWeek: {v}"),
                ))
            }
        }),
        "values" => Ok(Value::Array(Array::from_vec(
            (0..7).map(day_of_week).collect(),
        ))),
        "valueof" => str_arg(args, 0, C, name).and_then(|n| {
            DAYS.iter()
                .position(|d| *d == n)
                .map(day_of_week)
                .ok_or_else(|| {
                    java_error(
                        "java.lang.IllegalArgumentException",
                        format!("No enum constant java.time.DayOfWeek.{n}"),
                    )
                })
        }),
        _ => return None,
    })
}

impl NativeObject for DayOfWeek {
    fn class_name(&self) -> &str {
        "java.time.DayOfWeek"
    }
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        const C: &str = "java.time.DayOfWeek";
        match name.to_ascii_lowercase().as_str() {
            "getvalue" => Ok(Value::Num(self.0 as f64 + 1.0)),
            "ordinal" => Ok(Value::Num(self.0 as f64)),
            "name" | "tostring" => Ok(Value::from(DAYS[self.0])),
            "plus" => int_arg(&args, 0, C, name)
                .map(|n| day_of_week((self.0 as i64 + n).rem_euclid(7) as usize)),
            "minus" => int_arg(&args, 0, C, name)
                .map(|n| day_of_week((self.0 as i64 - n).rem_euclid(7) as usize)),
            _ => match day_of_week_statics(ctx, name, &args) {
                Some(r) => r,
                None => crate::object_method(this, name, &args),
            },
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(DAYS[self.0].to_string())
    }
}

// ---- ChronoField ----

/// The fields, with their ranges (Java's `range()`), in Java's order.
const FIELDS: [(&str, &str, i64, i64); 17] = [
    ("NANO_OF_SECOND", "NanoOfSecond", 0, 999_999_999),
    ("MICRO_OF_SECOND", "MicroOfSecond", 0, 999_999),
    ("MILLI_OF_SECOND", "MilliOfSecond", 0, 999),
    ("SECOND_OF_MINUTE", "SecondOfMinute", 0, 59),
    ("SECOND_OF_DAY", "SecondOfDay", 0, 86399),
    ("MINUTE_OF_HOUR", "MinuteOfHour", 0, 59),
    ("MINUTE_OF_DAY", "MinuteOfDay", 0, 1439),
    ("HOUR_OF_AMPM", "HourOfAmPm", 0, 11),
    ("HOUR_OF_DAY", "HourOfDay", 0, 23),
    ("AMPM_OF_DAY", "AmPmOfDay", 0, 1),
    ("DAY_OF_WEEK", "DayOfWeek", 1, 7),
    ("DAY_OF_MONTH", "DayOfMonth", 1, 31),
    ("DAY_OF_YEAR", "DayOfYear", 1, 366),
    ("ALIGNED_WEEK_OF_YEAR", "AlignedWeekOfYear", 1, 53),
    ("MONTH_OF_YEAR", "MonthOfYear", 1, 12),
    ("YEAR", "Year", -999_999_999, 999_999_999),
    ("EPOCH_DAY", "EpochDay", -365_243_219_162, 365_241_780_471),
];

#[derive(Debug)]
struct ChronoField(usize);

pub(crate) fn chrono_field_fields(name: &str) -> Option<Value> {
    FIELDS
        .iter()
        .position(|f| f.0 == name)
        .map(|i| Value::Native(Native::new(ChronoField(i))))
}

impl NativeObject for ChronoField {
    fn class_name(&self) -> &str {
        "java.time.temporal.ChronoField"
    }
    fn call(
        &self,
        this: &Native,
        _: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        let f = FIELDS[self.0];
        match name.to_ascii_lowercase().as_str() {
            "name" => Ok(Value::from(f.0)),
            "tostring" | "getdisplayname" => Ok(Value::from(f.1)),
            "ordinal" => Ok(Value::Num(self.0 as f64)),
            "isdatebased" => Ok(Value::Bool(self.0 >= 10)),
            "istimebased" => Ok(Value::Bool(self.0 < 10)),
            "checkvalidvalue" | "checkvalidintvalue" => {
                let v = int_arg(&args, 0, f.0, name)?;
                if (f.2..=f.3).contains(&v) {
                    Ok(Value::Num(v as f64))
                } else {
                    Err(java_error(
                        "java.time.DateTimeException",
                        format!(
                            "Invalid value for {} (valid values {} - {}): {v}",
                            f.1, f.2, f.3
                        ),
                    ))
                }
            }
            "equals" => Ok(Value::Bool(
                matches!(args.first(), Some(Value::Native(o)) if o.get().class_name() == self.class_name() && o.get().to_text().as_deref() == Some(f.1)),
            )),
            _ => crate::object_method(this, name, &args),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(FIELDS[self.0].1.to_string())
    }
}

// ---- TemporalAdjusters ----

const ADJUSTER: &str = "java.time.temporal.TemporalAdjuster";

/// An adjuster, by its description: `firstDayOfMonth`, `firstInMonth:MONDAY`…
#[derive(Debug)]
struct Adjuster(String);

fn adjuster(spec: String) -> Value {
    Value::Native(Native::new(Adjuster(spec)))
}

pub(crate) fn adjusters_statics(
    _: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.time.temporal.TemporalAdjusters";
    let m = name.to_ascii_lowercase();
    let day = || {
        arg(args, 0, C, name).and_then(|v| {
            as_day(v)
                .ok_or_else(|| CfmlError::expression(format!("[{C}.{name}()] takes a DayOfWeek")))
        })
    };
    Some(match m.as_str() {
        "firstdayofmonth"
        | "lastdayofmonth"
        | "firstdayofnextmonth"
        | "firstdayofyear"
        | "lastdayofyear"
        | "firstdayofnextyear" => Ok(adjuster(m)),
        "firstinmonth" | "lastinmonth" | "next" | "nextorsame" | "previous" | "previousorsame" => {
            day().map(|d| adjuster(format!("{m}:{d}")))
        }
        "dayofweekinmonth" => int_arg(args, 0, C, name).and_then(|ord| {
            let d = arg(args, 1, C, name).and_then(|v| {
                as_day(v)
                    .ok_or_else(|| CfmlError::expression("dayOfWeekInMonth() takes a DayOfWeek"))
            })?;
            Ok(adjuster(format!("dayofweekinmonth:{d}:{ord}")))
        }),
        _ => return None,
    })
}

/// Apply an adjuster to a date.
fn adjust(spec: &str, d: NaiveDate) -> CfResult<NaiveDate> {
    let bad = || java_error("java.time.DateTimeException", "date out of range");
    let mut it = spec.split(':');
    let kind = it.next().unwrap_or_default();
    let dow = it.next().and_then(|s| s.parse::<i64>().ok()).unwrap_or(0);
    let ord = it.next().and_then(|s| s.parse::<i64>().ok()).unwrap_or(0);
    let first = d.with_day(1).ok_or_else(bad)?;
    let last = d
        .with_day(last_day(d.year(), d.month()).unwrap_or(28))
        .ok_or_else(bad)?;
    let wd = |x: NaiveDate| x.weekday().num_days_from_monday() as i64;
    let add = |x: NaiveDate, n: i64| {
        x.checked_add_signed(chrono::Duration::days(n))
            .ok_or_else(bad)
    };
    match kind {
        "firstdayofmonth" => Ok(first),
        "lastdayofmonth" => Ok(last),
        "firstdayofnextmonth" => add(last, 1),
        "firstdayofyear" => NaiveDate::from_ymd_opt(d.year(), 1, 1).ok_or_else(bad),
        "lastdayofyear" => NaiveDate::from_ymd_opt(d.year(), 12, 31).ok_or_else(bad),
        "firstdayofnextyear" => NaiveDate::from_ymd_opt(d.year() + 1, 1, 1).ok_or_else(bad),
        "firstinmonth" => add(first, (dow - wd(first)).rem_euclid(7)),
        "lastinmonth" => add(last, -(wd(last) - dow).rem_euclid(7)),
        "next" => add(d, (dow - wd(d) - 1).rem_euclid(7) + 1),
        "nextorsame" => add(d, (dow - wd(d)).rem_euclid(7)),
        "previous" => add(d, -((wd(d) - dow - 1).rem_euclid(7) + 1)),
        "previousorsame" => add(d, -(wd(d) - dow).rem_euclid(7)),
        // Java: ordinal > 0 counts from the month's start, < 0 from its end, 0 the last of the
        // previous month.
        "dayofweekinmonth" if ord >= 0 => {
            let firsthit = add(first, (dow - wd(first)).rem_euclid(7))?;
            if ord == 0 {
                let prev_last = add(first, -1)?;
                return add(prev_last, -(wd(prev_last) - dow).rem_euclid(7));
            }
            add(firsthit, (ord - 1) * 7)
        }
        "dayofweekinmonth" => {
            let lasthit = add(last, -(wd(last) - dow).rem_euclid(7))?;
            add(lasthit, (ord + 1) * 7)
        }
        _ => Err(CfmlError::expression(format!("unknown adjuster [{spec}]"))),
    }
}

impl NativeObject for Adjuster {
    fn class_name(&self) -> &str {
        ADJUSTER
    }
    fn call(
        &self,
        this: &Native,
        _: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        match name.to_ascii_lowercase().as_str() {
            // `adjuster.adjustInto(temporal)`: the same as `temporal.with(adjuster)`.
            "adjustinto" => {
                let t = arg(&args, 0, ADJUSTER, name)?;
                match t {
                    Value::Native(n)
                        if matches!(
                            n.get().class_name(),
                            "java.time.LocalDateTime" | "java.time.LocalDate"
                        ) =>
                    {
                        let mut ctx = crate::NoCtx;
                        n.get()
                            .call(n, &mut ctx, "with", vec![Value::Native(this.clone())])
                    }
                    _ => Err(CfmlError::expression(
                        "TemporalAdjuster.adjustInto() takes a LocalDate or LocalDateTime",
                    )),
                }
            }
            _ => crate::object_method(this, name, &args),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(self.0.clone())
    }
}

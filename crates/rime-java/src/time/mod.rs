//! `java.time` as ColdBox's async scheduler uses it: `ChronoUnit`, `Duration`, `Instant`
//! (what a CFML date's `toInstant()` gives), `ZoneId`/`ZoneOffset` (read from the system's
//! zoneinfo files), `ZonedDateTime`, `LocalDateTime`, `DayOfWeek`, `ChronoField` and
//! `TemporalAdjusters`. Values are immutable: every `plus`/`with` makes a new object.
//!
//! This file holds the units and durations; `zone.rs` zones, instants and zoned date-times,
//! `local.rs` local dates and date-times, `calendar.rs` days of the week, fields and adjusters.

mod calendar;
mod local;
mod zone;

use calendar::*;
use local::*;
use zone::*;

// What the class table and CFML dates use.
pub(crate) use calendar::{
    adjusters_statics, chrono_field_fields, day_of_week_fields, day_of_week_statics,
};
pub(crate) use local::local_date_time_statics;
pub(crate) use zone::{
    date_from_millis, date_instant, date_millis, instant_fields, instant_statics, zone_id_statics,
    zone_offset_fields, zone_offset_statics,
};

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
            _ => crate::static_or_object(this, ctx, chrono_unit_statics, name, &args),
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
            _ => crate::static_or_object(this, ctx, duration_statics, name, &args),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(duration_text(self.0))
    }
}

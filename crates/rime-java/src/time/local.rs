//! `java.time.LocalDateTime` and `LocalDate`.

use super::*;

// ---- LocalDateTime / LocalDate ----

pub(super) fn local_date_time(t: NaiveDateTime) -> Value {
    Value::Native(Native::new(LocalDateTime(t)))
}

pub(super) fn local_date(d: NaiveDate) -> Value {
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
pub(super) struct LocalDateTime(pub(super) NaiveDateTime);

pub(super) fn invalid(field: &str, v: i64) -> Box<CfmlError> {
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
pub(super) fn add_months(d: NaiveDate, months: i64) -> Option<NaiveDate> {
    let total = d.year() as i64 * 12 + d.month0() as i64 + months;
    let (y, m) = (total.div_euclid(12) as i32, total.rem_euclid(12) as u32 + 1);
    let last = last_day(y, m)?;
    NaiveDate::from_ymd_opt(y, m, d.day().min(last))
}

pub(super) fn last_day(y: i32, m: u32) -> Option<u32> {
    let next = if m == 12 {
        NaiveDate::from_ymd_opt(y + 1, 1, 1)
    } else {
        NaiveDate::from_ymd_opt(y, m + 1, 1)
    };
    next.and_then(|n| n.pred_opt()).map(|d| d.day())
}

/// The date-based and field methods LocalDateTime and LocalDate share; None when `name` is
/// not one.
pub(super) fn date_method(d: NaiveDate, name: &str) -> Option<CfResult<Value>> {
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
pub(super) fn shift_date(
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
            _ => crate::static_or_object(this, ctx, local_date_time_statics, name, &args),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(iso_local(&self.0))
    }
}

#[derive(Debug)]
pub(super) struct LocalDate(pub(super) NaiveDate);

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

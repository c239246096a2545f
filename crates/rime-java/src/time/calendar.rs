//! `java.time.DayOfWeek`, `temporal.ChronoField` and `temporal.TemporalAdjusters`.

use super::*;

// ---- DayOfWeek ----

pub(super) const DAYS: [&str; 7] = [
    "MONDAY",
    "TUESDAY",
    "WEDNESDAY",
    "THURSDAY",
    "FRIDAY",
    "SATURDAY",
    "SUNDAY",
];

#[derive(Debug)]
pub(super) struct DayOfWeek(pub(super) usize);

pub(super) fn day_of_week(i: usize) -> Value {
    static ALL: OnceLock<Vec<Native>> = OnceLock::new();
    let all = ALL.get_or_init(|| (0..7).map(|i| Native::new(DayOfWeek(i))).collect());
    Value::Native(all[i % 7].clone())
}

pub(super) fn as_day(v: &Value) -> Option<usize> {
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
            _ => crate::static_or_object(this, ctx, day_of_week_statics, name, &args),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(DAYS[self.0].to_string())
    }
}

// ---- ChronoField ----

/// The fields, with their ranges (Java's `range()`), in Java's order.
pub(super) const FIELDS: [(&str, &str, i64, i64); 17] = [
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
pub(super) struct ChronoField(pub(super) usize);

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

pub(super) const ADJUSTER: &str = "java.time.temporal.TemporalAdjuster";

/// An adjuster, by its description: `firstDayOfMonth`, `firstInMonth:MONDAY`…
#[derive(Debug)]
pub(super) struct Adjuster(pub(super) String);

pub(super) fn adjuster(spec: String) -> Value {
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
pub(super) fn adjust(spec: &str, d: NaiveDate) -> CfResult<NaiveDate> {
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

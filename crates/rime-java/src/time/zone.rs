//! `java.time` zones (`ZoneId`, `ZoneOffset`, read from the zoneinfo files), `Instant` and
//! `ZonedDateTime`.

use super::*;

// ---- ZoneId / ZoneOffset ----

#[derive(Debug)]
pub(super) struct Zone {
    id: String,
    /// None: a fixed offset (`ZoneOffset`), in `fixed` seconds.
    tz: Option<tz::TimeZone>,
    fixed: i32,
}

impl Zone {
    /// The offset from UTC, in seconds, at a UTC instant (seconds since the epoch).
    pub(super) fn offset_at(&self, utc_secs: i64) -> i32 {
        match &self.tz {
            Some(tz) => tz
                .find_local_time_type(utc_secs)
                .map_or(0, |t| t.ut_offset()),
            None => self.fixed,
        }
    }
    /// The offset that applies to a local date-time (the earlier one in an overlap).
    pub(super) fn offset_for_local(&self, local_secs: i64) -> i32 {
        let first = self.offset_at(local_secs);
        self.offset_at(local_secs - first as i64)
    }
}

pub(super) fn offset_id(secs: i32) -> String {
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

pub(super) fn zone_offset(secs: i32) -> Value {
    Value::Native(Native::new(ZoneObj(Arc::new(Zone {
        id: offset_id(secs),
        tz: None,
        fixed: secs,
    }))))
}

/// `+02:00`, `-5`, `Z`, `+0530` as seconds.
pub(super) fn parse_offset(s: &str) -> Option<i32> {
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

pub(super) const ZONEINFO: &str = "/usr/share/zoneinfo";

/// `ZoneId.of(id)`: an offset, `UTC`/`GMT`/`UT` with or without one, or a region of the
/// zoneinfo database.
pub(super) fn zone_of(id: &str) -> CfResult<Value> {
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
pub(super) fn system_zone() -> Value {
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

pub(super) fn as_zone(v: &Value) -> Option<Arc<Zone>> {
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
pub(super) fn zone_cache(id: &str) -> Option<Arc<Zone>> {
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

pub(super) fn zone_arg(args: &[Value], i: usize, class: &str, method: &str) -> CfResult<Arc<Zone>> {
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
pub(super) struct ZoneObj(pub(super) Arc<Zone>);

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
            _ => crate::static_or_object(this, ctx, zone_offset_statics, name, &args),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(self.0.id.clone())
    }
}

// ---- Instant ----

/// A point on the time line: nanoseconds since 1970-01-01T00:00:00Z.
#[derive(Debug, Clone, Copy)]
pub(super) struct Moment {
    pub(super) nanos: i128,
}

pub(super) fn instant(nanos: i128) -> Value {
    Value::Native(Native::new(Instant(nanos)))
}

pub(super) fn utc_ndt(nanos: i128) -> NaiveDateTime {
    chrono::DateTime::from_timestamp(
        nanos.div_euclid(NANOS) as i64,
        nanos.rem_euclid(NANOS) as u32,
    )
    .unwrap_or_default()
    .naive_utc()
}

pub(super) fn ndt_nanos(t: &NaiveDateTime) -> i128 {
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

/// `new java.util.Date(millis)`: the CFML date (a wall-clock time in the server's zone) of a
/// moment given as milliseconds since the epoch.
pub(crate) fn date_from_millis(ms: i64) -> DateTime {
    let nanos = ms as i128 * 1_000_000;
    let offset = match system_zone() {
        Value::Native(n) => n
            .get()
            .to_text()
            .and_then(|id| zone_cache(&id))
            .map_or(0, |z| z.offset_at(ms.div_euclid(1000))),
        _ => 0,
    };
    DateTime::new(utc_ndt(nanos + offset as i128 * NANOS))
}

pub(super) fn system_offset_for_local(local_secs: i64) -> i32 {
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
pub(super) fn instant_of(v: &Value) -> CfResult<Moment> {
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

pub(super) fn split_offset(s: &str) -> Option<(&str, i32)> {
    if let Some(dt) = s.strip_suffix('Z') {
        return Some((dt, 0));
    }
    let i = s.rfind(['+', '-'])?;
    Some((&s[..i], parse_offset(&s[i..])?))
}

/// Whole months from `a` to `b` (by their UTC date-times), as `ChronoUnit.MONTHS.between`.
pub(super) fn months_between(a: &Moment, b: &Moment) -> i64 {
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
pub(super) fn iso_local(t: &NaiveDateTime) -> String {
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

pub(super) fn instant_text(nanos: i128) -> String {
    let t = utc_ndt(nanos);
    let mut s = iso_local(&t);
    if t.second() == 0 && t.nanosecond() == 0 {
        s.push_str(":00");
    }
    s.push('Z');
    s
}

pub(super) fn parse_local(s: &str) -> CfResult<NaiveDateTime> {
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

pub(super) fn parse_instant(s: &str) -> CfResult<i128> {
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
pub(super) struct Instant(pub(super) i128);

/// `temporal.plus(duration)` for the temporal kinds here.
pub(super) fn shift_temporal(t: &Value, nanos: i128) -> CfResult<Value> {
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
            _ => crate::static_or_object(this, ctx, instant_statics, name, &args),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(instant_text(self.0))
    }
}

// ---- ZonedDateTime ----

#[derive(Debug)]
pub(super) struct Zoned {
    nanos: i128,
    zone: Arc<Zone>,
}

pub(super) fn zoned(nanos: i128, zone: Arc<Zone>) -> Value {
    Value::Native(Native::new(Zoned { nanos, zone }))
}

pub(super) fn zoned_parts(n: &Native) -> CfResult<Arc<Zone>> {
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

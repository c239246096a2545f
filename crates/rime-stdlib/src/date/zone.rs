//! Time zones: the request's zone (`setTimeZone`, `getTimeZone`, `clearTimeZone`), the zones
//! the `timezone` arguments name, and the conversions between a zone's wall clock and UTC.
//!
//! A CFML date in Rime is a wall-clock value in the request's zone (Lucee keeps an instant and
//! applies the zone when it reads or writes fields; the two agree as long as the zone does not
//! change between creating and reading a date). Zones are converted at the edges: `now()` and
//! the functions that take a `timezone` argument.
//!
//! Zone data comes from the system's TZif files (`/usr/share/zoneinfo`, Debian's `tzdata`),
//! read with `tz-rs` and cached per name for the life of the process. Names are IANA ids,
//! matched case-insensitively (as Lucee does), plus Java's three-letter ids (`PST`, `ECT`...),
//! which Lucee accepts because it resolves names with `java.util.TimeZone`. Java's English
//! display names of the common zones (`getTimeZoneInfo().name`) are a table here.

use chrono::{Duration, NaiveDateTime};
use parking_lot::Mutex;
use rime_runtime::{Args, CfResult, CfmlError, Ctx};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

const ZONEINFO: &str = "/usr/share/zoneinfo";

/// A named time zone.
pub(crate) struct Zone {
    id: String,
    tz: tz::TimeZone,
}

/// What a zone says about one instant: its offset from UTC, whether it is daylight time, and
/// its abbreviation (`CET`, `CEST`, `EST`).
#[derive(Clone)]
pub(crate) struct LocalType {
    pub(crate) offset: i32,
    pub(crate) dst: bool,
    pub(crate) abbrev: String,
}

impl Zone {
    /// The id CFML shows (`getTimeZone()`): the name as found (`Europe/Berlin`, `PST`).
    pub(crate) fn id(&self) -> &str {
        &self.id
    }

    /// The zone's state at a UTC date-time.
    pub(crate) fn at_utc(&self, utc: &NaiveDateTime) -> LocalType {
        match self.tz.find_local_time_type(utc.and_utc().timestamp()) {
            Ok(t) => LocalType {
                offset: t.ut_offset(),
                dst: t.is_dst(),
                abbrev: t.time_zone_designation().to_string(),
            },
            Err(_) => LocalType {
                offset: 0,
                dst: false,
                abbrev: "UTC".to_string(),
            },
        }
    }

    /// `at_utc(utc).offset`, without building the abbreviation (every date conversion asks).
    fn offset_at_utc(&self, utc: &NaiveDateTime) -> i32 {
        self.tz
            .find_local_time_type(utc.and_utc().timestamp())
            .map_or(0, |t| t.ut_offset())
    }

    /// A UTC date-time on this zone's wall clock.
    pub(crate) fn wall_clock(&self, utc: NaiveDateTime) -> NaiveDateTime {
        utc + Duration::seconds(self.offset_at_utc(&utc) as i64)
    }

    /// This zone's wall-clock time as UTC. A time that occurs twice (the hour clocks are set
    /// back) is the earlier instant; a time skipped by a change to daylight time is read with
    /// the offset before the change (so 02:30 becomes 03:30 daylight time), as Java's lenient
    /// calendar, and so Lucee, does.
    pub(crate) fn to_utc(&self, local: NaiveDateTime) -> NaiveDateTime {
        let o1 = self.offset_at_utc(&local);
        let u1 = local - Duration::seconds(o1 as i64);
        let o2 = self.offset_at_utc(&u1);
        if o2 == o1 {
            // Also try the other side: in an overlap both readings are valid.
            let before = self.offset_at_utc(&(u1 - Duration::hours(3)));
            if before > o1 {
                let u0 = local - Duration::seconds(before as i64);
                if self.offset_at_utc(&u0) == before {
                    return u0;
                }
            }
            return u1;
        }
        let u2 = local - Duration::seconds(o2 as i64);
        if self.offset_at_utc(&u2) == o2 {
            return u2;
        }
        // In a gap: the offset in force before the change, the smaller one.
        local - Duration::seconds(o1.min(o2) as i64)
    }

    /// Milliseconds since 1970-01-01 UTC for one of this zone's wall-clock times.
    pub(crate) fn epoch_millis(&self, local: &NaiveDateTime) -> i64 {
        self.to_utc(*local).and_utc().timestamp_millis()
    }
}

/// Java's long standard-time name of a zone in English (its CLDR metazone name) for the zones
/// applications name most (and their Java short ids). Any other zone is named by its standard
/// offset (`GMT+05:45`): right for the zones Java has no name for (`Etc/GMT+3`), where Java
/// would have a name for the rest (`Nepal Time`).
/// The long name of a zone's daylight time, from its standard name as Java forms it: European
/// zones' `Summer Time`, London's `British Summer Time`, the others' `Daylight Time`.
pub(crate) fn daylight_name(id: &str, standard_name: &str) -> String {
    if id.eq_ignore_ascii_case("Europe/London") {
        return "British Summer Time".to_string();
    }
    if id.eq_ignore_ascii_case("Europe/Dublin") {
        return "Irish Standard Time".to_string();
    }
    match standard_name.strip_suffix("Standard Time") {
        Some(stem) if stem.contains("European") => format!("{stem}Summer Time"),
        Some(stem) => format!("{stem}Daylight Time"),
        None => standard_name.to_string(),
    }
}

pub(crate) fn display_name(id: &str, standard_offset: i32) -> String {
    const NAMES: &[(&str, &[&str])] = &[
        (
            "Coordinated Universal Time",
            &["UTC", "Etc/UTC", "Etc/UCT", "UCT", "Zulu", "Universal"],
        ),
        (
            "Greenwich Mean Time",
            &[
                "GMT",
                "Etc/GMT",
                "Europe/London",
                "Europe/Dublin",
                "Africa/Abidjan",
                "Africa/Accra",
                "Atlantic/Reykjavik",
                "Greenwich",
            ],
        ),
        (
            "Central European Standard Time",
            &[
                "CET",
                "ECT",
                "Europe/Berlin",
                "Europe/Paris",
                "Europe/Madrid",
                "Europe/Rome",
                "Europe/Amsterdam",
                "Europe/Brussels",
                "Europe/Vienna",
                "Europe/Zurich",
                "Europe/Stockholm",
                "Europe/Oslo",
                "Europe/Copenhagen",
                "Europe/Warsaw",
                "Europe/Prague",
                "Europe/Budapest",
                "Europe/Luxembourg",
                "Europe/Belgrade",
                "Europe/Zagreb",
                "Europe/Ljubljana",
                "Europe/Bratislava",
                "Europe/Monaco",
                "Europe/Malta",
                "Africa/Algiers",
                "Africa/Tunis",
            ],
        ),
        (
            "Eastern European Standard Time",
            &[
                "EET",
                "Europe/Athens",
                "Europe/Helsinki",
                "Europe/Kiev",
                "Europe/Kyiv",
                "Europe/Bucharest",
                "Europe/Sofia",
                "Europe/Riga",
                "Europe/Tallinn",
                "Europe/Vilnius",
                "Africa/Cairo",
                "Asia/Beirut",
                "Asia/Nicosia",
            ],
        ),
        (
            "Western European Standard Time",
            &[
                "WET",
                "Europe/Lisbon",
                "Atlantic/Canary",
                "Atlantic/Madeira",
            ],
        ),
        ("Moscow Standard Time", &["Europe/Moscow", "W-SU"]),
        (
            "Eastern Standard Time",
            &[
                "EST",
                "EST5EDT",
                "America/New_York",
                "America/Toronto",
                "America/Detroit",
                "America/Montreal",
                "US/Eastern",
                "America/Indiana/Indianapolis",
            ],
        ),
        (
            "Central Standard Time",
            &[
                "CST",
                "CST6CDT",
                "America/Chicago",
                "America/Winnipeg",
                "America/Mexico_City",
                "US/Central",
            ],
        ),
        (
            "Mountain Standard Time",
            &[
                "MST",
                "MST7MDT",
                "America/Denver",
                "America/Phoenix",
                "America/Edmonton",
                "America/Boise",
                "US/Mountain",
                "US/Arizona",
                "PNT",
            ],
        ),
        (
            "Pacific Standard Time",
            &[
                "PST",
                "PST8PDT",
                "America/Los_Angeles",
                "America/Vancouver",
                "America/Tijuana",
                "US/Pacific",
            ],
        ),
        (
            "Alaska Standard Time",
            &["AST", "America/Anchorage", "US/Alaska"],
        ),
        (
            "Hawaii-Aleutian Standard Time",
            &["HST", "Pacific/Honolulu", "US/Hawaii"],
        ),
        (
            "Atlantic Standard Time",
            &[
                "America/Halifax",
                "Atlantic/Bermuda",
                "America/Puerto_Rico",
                "PRT",
            ],
        ),
        ("Newfoundland Standard Time", &["CNT", "America/St_Johns"]),
        ("Brasilia Standard Time", &["BET", "America/Sao_Paulo"]),
        (
            "Argentina Standard Time",
            &[
                "AGT",
                "America/Argentina/Buenos_Aires",
                "America/Buenos_Aires",
            ],
        ),
        (
            "India Standard Time",
            &["IST", "Asia/Kolkata", "Asia/Calcutta"],
        ),
        ("Japan Standard Time", &["JST", "Asia/Tokyo", "Japan"]),
        ("Korean Standard Time", &["Asia/Seoul", "ROK"]),
        (
            "China Standard Time",
            &["CTT", "Asia/Shanghai", "Asia/Chongqing", "PRC"],
        ),
        ("Hong Kong Standard Time", &["Asia/Hong_Kong", "Hongkong"]),
        ("Singapore Standard Time", &["Asia/Singapore", "Singapore"]),
        ("Gulf Standard Time", &["Asia/Dubai", "Asia/Muscat"]),
        ("Pakistan Standard Time", &["PLT", "Asia/Karachi"]),
        (
            "Australian Eastern Standard Time",
            &[
                "AET",
                "Australia/Sydney",
                "Australia/Melbourne",
                "Australia/Brisbane",
                "Australia/Hobart",
                "Australia/Canberra",
            ],
        ),
        (
            "Australian Central Standard Time",
            &["ACT", "Australia/Adelaide", "Australia/Darwin"],
        ),
        ("Australian Western Standard Time", &["Australia/Perth"]),
        ("New Zealand Standard Time", &["NZ", "Pacific/Auckland"]),
        ("South Africa Standard Time", &["Africa/Johannesburg"]),
        ("West Africa Standard Time", &["Africa/Lagos"]),
        (
            "East Africa Time",
            &["EAT", "Africa/Nairobi", "Africa/Addis_Ababa"],
        ),
    ];
    let id = id.trim();
    if let Some((name, _)) = NAMES
        .iter()
        .find(|(_, ids)| ids.iter().any(|i| i.eq_ignore_ascii_case(id)))
    {
        return (*name).to_string();
    }
    let (sign, abs) = if standard_offset < 0 {
        ('-', -standard_offset)
    } else {
        ('+', standard_offset)
    };
    format!("GMT{sign}{:02}:{:02}", abs / 3600, abs / 60 % 60)
}

/// A wall-clock time of zone `from` on the wall clock of zone `to`.
pub(crate) fn convert(t: NaiveDateTime, from: &Zone, to: &Zone) -> NaiveDateTime {
    // Also within one zone: a time skipped by a change to daylight time moves past the gap.
    to.wall_clock(from.to_utc(t))
}

/// Java's three-letter zone ids (`java.time.ZoneId.SHORT_IDS`) that are not also tzdata names.
/// `EST`, `MST` and `HST` are tzdata files (fixed offsets, as in Java).
const JAVA_SHORT_IDS: &[(&str, &str)] = &[
    ("ACT", "Australia/Darwin"),
    ("AET", "Australia/Sydney"),
    ("AGT", "America/Argentina/Buenos_Aires"),
    ("ART", "Africa/Cairo"),
    ("AST", "America/Anchorage"),
    ("BET", "America/Sao_Paulo"),
    ("BST", "Asia/Dhaka"),
    ("CAT", "Africa/Harare"),
    ("CNT", "America/St_Johns"),
    ("CST", "America/Chicago"),
    ("CTT", "Asia/Shanghai"),
    ("EAT", "Africa/Addis_Ababa"),
    ("ECT", "Europe/Paris"),
    ("IET", "America/Indiana/Indianapolis"),
    ("IST", "Asia/Kolkata"),
    ("JST", "Asia/Tokyo"),
    ("MIT", "Pacific/Apia"),
    ("NET", "Asia/Yerevan"),
    ("NST", "Pacific/Auckland"),
    ("PLT", "Asia/Karachi"),
    ("PNT", "America/Phoenix"),
    ("PRT", "America/Puerto_Rico"),
    ("PST", "America/Los_Angeles"),
    ("SST", "Pacific/Guadalcanal"),
    ("VST", "Asia/Ho_Chi_Minh"),
];

/// The names Lucee adds to Java's zone ids (compared in lower case with the spaces removed):
/// Windows zone names, and abbreviations it takes for the zone of a region, so `EST` is New
/// York's time with its daylight saving (Java's own `EST` is a fixed -05:00) and `CEST` is `CET`.
const LUCEE_NAMES: &[(&str, &str)] = &[
    ("datelinestandardtime", "Etc/GMT+12"),
    ("samoastandardtime", "Pacific/Midway"),
    ("hawaiianstandardtime", "HST"),
    ("alaskanstandardtime", "America/Anchorage"),
    ("pacificstandardtime", "America/Los_Angeles"),
    ("mountainstandardtime", "MST"),
    ("mexicostandardtime", "Mexico/General"),
    ("mexicostandardtime2", "America/Chihuahua"),
    ("u.s.mountainstandardtime", "MST"),
    ("centralstandardtime", "America/Chicago"),
    ("canadacentralstandardtime", "Canada/Central"),
    ("centralamericastandardtime", "America/Chicago"),
    ("easternstandardtime", "EST"),
    ("u.s.easternstandardtime", "EST"),
    ("s.a.pacificstandardtime", "America/Bogota"),
    ("atlanticstandardtime", "Canada/Atlantic"),
    ("s.a.westernstandardtime", "America/Antigua"),
    ("pacifics.a.standardtime", "America/Santiago"),
    ("newfoundlandandlabradorstandardtime", "America/St_Johns"),
    ("e.southamericastandardtime", "America/Sao_Paulo"),
    ("s.a.easternstandardtime", "America/Argentina/Buenos_Aires"),
    ("greenlandstandardtime", "America/Godthab"),
    ("mid-atlanticstandardtime", "America/Noronha"),
    ("azoresstandardtime", "Atlantic/Azores"),
    ("capeverdestandardtime", "Atlantic/Cape_Verde"),
    ("centraleuropestandardtime", "CET"),
    ("centraleuropeanstandardtime", "CET"),
    ("romancestandardtime", "Europe/Brussels"),
    ("w.europestandardtime", "CET"),
    ("e.europestandardtime", "Africa/Cairo"),
    ("egyptstandardtime", "Egypt"),
    ("flestandardtime", "EET"),
    ("gtbstandardtime", "Europe/Athens"),
    ("israelstandardtime", "Asia/Jerusalem"),
    ("southafricastandardtime", "Africa/Johannesburg"),
    ("russianstandardtime", "Europe/Moscow"),
    ("arabstandardtime", "Asia/Kuwait"),
    ("e.africastandardtime", "Africa/Nairobi"),
    ("arabicstandardtime", "Asia/Baghdad"),
    ("iranstandardtime", "Asia/Tehran"),
    ("arabianstandardtime", "Asia/Muscat"),
    ("caucasusstandardtime", "Asia/Yerevan"),
    (
        "transitionalislamicstateofafghanistanstandardtime",
        "Asia/Kabul",
    ),
    ("ekaterinburgstandardtime", "Asia/Yekaterinburg"),
    ("westasiastandardtime", "Asia/Karachi"),
    ("indiastandardtime", "Asia/Kolkata"),
    ("nepalstandardtime", "Asia/Kathmandu"),
    ("centralasiastandardtime", "Asia/Dhaka"),
    ("srilankastandardtime", "Asia/Colombo"),
    ("n.centralasiastandardtime", "Asia/Almaty"),
    ("myanmarstandardtime", "Asia/Rangoon"),
    ("s.e.asiastandardtime", "Asia/Bangkok"),
    ("northasiastandardtime", "Asia/Krasnoyarsk"),
    ("chinastandardtime", "Asia/Shanghai"),
    ("singaporestandardtime", "Asia/Singapore"),
    ("taipeistandardtime", "Asia/Taipei"),
    ("w.australiastandardtime", "Australia/Perth"),
    ("northasiaeaststandardtime", "Asia/Irkutsk"),
    ("koreastandardtime", "Asia/Seoul"),
    ("tokyostandardtime", "Asia/Tokyo"),
    ("yakutskstandardtime", "Asia/Yakutsk"),
    ("a.u.s.centralstandardtime", "Australia/Darwin"),
    ("cen.australiastandardtime", "Australia/Darwin"),
    ("a.u.s.easternstandardtime", "Australia/Sydney"),
    ("e.australiastandardtime", "Australia/Sydney"),
    ("tasmaniastandardtime", "Australia/Tasmania"),
    ("vladivostokstandardtime", "Asia/Vladivostok"),
    ("westpacificstandardtime", "Pacific/Guam"),
    ("centralpacificstandardtime", "Asia/Magadan"),
    ("fijiislandsstandardtime", "Pacific/Fiji"),
    ("newzealandstandardtime", "NZ"),
    ("tongastandardtime", "Pacific/Tongatapu"),
    ("cest", "CET"),
    ("acdt", "Australia/Darwin"),
    ("acst", "Australia/Tasmania"),
    ("aest", "Australia/Queensland"),
    ("et", "America/New_York"),
    ("edt", "America/New_York"),
    ("est", "America/New_York"),
    ("mt", "America/Denver"),
    ("mst", "America/Denver"),
    ("mdt", "America/Denver"),
    ("ct", "America/Chicago"),
    ("cst", "America/Chicago"),
    ("cdt", "America/Chicago"),
    ("pt", "America/Los_Angeles"),
    ("pst", "America/Los_Angeles"),
    ("pdt", "America/Los_Angeles"),
];

/// `GMT+1`, `UTC-05:30`, `GMT+0530`: a fixed offset.
fn fixed_offset(name: &str) -> Option<Zone> {
    let upper = name.to_ascii_uppercase();
    let rest = upper
        .strip_prefix("GMT")
        .or_else(|| upper.strip_prefix("UTC"))?;
    let (sign, digits) = match rest.as_bytes().first()? {
        b'+' => (1, &rest[1..]),
        b'-' => (-1, &rest[1..]),
        _ => return None,
    };
    let (h, m) = match digits.split_once(':') {
        Some((h, m)) => (h, m),
        None if digits.len() > 2 => digits.split_at(digits.len() - 2),
        None => (digits, "0"),
    };
    let (h, m): (i32, i32) = (h.parse().ok()?, m.parse().ok()?);
    if h > 18 || m > 59 || h.to_string().len() > 2 {
        return None;
    }
    let secs = sign * (h * 3600 + m * 60);
    let id = format!("GMT{}{:02}:{:02}", if sign < 0 { '-' } else { '+' }, h, m);
    tz::TimeZone::fixed(secs).ok().map(|tz| Zone { id, tz })
}

fn cache() -> &'static Mutex<HashMap<String, Arc<Zone>>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Zone>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Every zone file name under the zoneinfo folder (`Europe/Berlin`), read once, for names given
/// in another case.
fn all_names() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut out = Vec::new();
        let mut dirs = vec![std::path::PathBuf::from(ZONEINFO)];
        while let Some(dir) = dirs.pop() {
            let Ok(rd) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in rd.flatten() {
                let p = e.path();
                if p.is_dir() {
                    // `posix/` and `right/` repeat every zone.
                    if !matches!(e.file_name().to_str(), Some("posix" | "right")) {
                        dirs.push(p);
                    }
                } else if let Ok(rel) = p.strip_prefix(ZONEINFO) {
                    out.push(rel.to_string_lossy().into_owned());
                }
            }
        }
        out
    })
}

fn plausible(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('/')
        && !name.contains("..")
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-' | '+'))
}

/// Read a TZif file of the zoneinfo folder.
fn load_file(name: &str) -> Option<tz::TimeZone> {
    let bytes = std::fs::read(format!("{ZONEINFO}/{name}")).ok()?;
    if !bytes.starts_with(b"TZif") {
        return None;
    }
    tz::TimeZone::from_tz_data(&bytes).ok()
}

fn load(name: &str) -> Option<Zone> {
    if let Some(z) = fixed_offset(name) {
        return Some(z);
    }
    let squeezed: String = name
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    if let Some((_, target)) = LUCEE_NAMES.iter().find(|(n, _)| *n == squeezed) {
        return load_file(target).map(|tz| Zone {
            id: (*target).to_string(),
            tz,
        });
    }
    if !plausible(name) {
        return None;
    }
    if let Some(tz) = load_file(name) {
        return Some(Zone {
            id: name.to_string(),
            tz,
        });
    }
    if let Some((short, target)) = JAVA_SHORT_IDS
        .iter()
        .find(|(s, _)| s.eq_ignore_ascii_case(name))
    {
        return load_file(target).map(|tz| Zone {
            id: short.to_string(),
            tz,
        });
    }
    let found = all_names().iter().find(|n| n.eq_ignore_ascii_case(name))?;
    load_file(found).map(|tz| Zone {
        id: found.clone(),
        tz,
    })
}

/// The zone a name stands for (an IANA id in any case, or a Java short id), or an error naming
/// it.
pub(crate) fn find(name: &str) -> CfResult<Arc<Zone>> {
    let name = name.trim();
    let key = name.to_ascii_lowercase();
    if let Some(z) = cache().lock().get(&key) {
        return Ok(z.clone());
    }
    let zone = load(name)
        .map(Arc::new)
        .ok_or_else(|| CfmlError::expression(format!("can't cast value [{name}] to a TimeZone")))?;
    cache().lock().insert(key, zone.clone());
    Ok(zone)
}

/// The IANA name of the server's zone: `TZ`, else `/etc/timezone`, else the `/etc/localtime`
/// link, else UTC.
pub(crate) fn server_zone_name() -> String {
    if let Ok(tz) = std::env::var("TZ") {
        let tz = tz.trim_start_matches(':').trim();
        if !tz.is_empty() {
            return tz.to_string();
        }
    }
    if let Ok(tz) = std::fs::read_to_string("/etc/timezone") {
        if !tz.trim().is_empty() {
            return tz.trim().to_string();
        }
    }
    std::fs::read_link("/etc/localtime")
        .ok()
        .and_then(|p| {
            let p = p.to_string_lossy().into_owned();
            p.split_once("zoneinfo/").map(|(_, z)| z.to_string())
        })
        .unwrap_or_else(|| "UTC".to_string())
}

/// The server's zone (the default of every request), found once.
pub(crate) fn server() -> Arc<Zone> {
    static SERVER: OnceLock<Arc<Zone>> = OnceLock::new();
    let shared = || {
        SERVER.get_or_init(|| {
            let name = server_zone_name();
            find(&name).unwrap_or_else(|_| {
                Arc::new(Zone {
                    tz: tz::TimeZone::local().unwrap_or_else(|_| tz::TimeZone::utc()),
                    id: name,
                })
            })
        })
    };
    thread_local! {
        // Each thread's own copy: every `now()` and date format takes the server's zone, and
        // a reference count that all workers change would move between cores on each.
        static COPY: std::cell::OnceCell<Arc<Zone>> = const { std::cell::OnceCell::new() };
    }
    COPY.try_with(|c| {
        c.get_or_init(|| {
            let z = shared();
            Arc::new(Zone {
                id: z.id.clone(),
                tz: z.tz.clone(),
            })
        })
        .clone()
    })
    .unwrap_or_else(|_| shared().clone())
}

/// The request's zone: the one `setTimeZone` chose, else the server's.
pub(crate) fn request(ctx: &mut dyn Ctx) -> CfResult<Arc<Zone>> {
    match ctx.time_zone() {
        Some(id) => find(&id),
        None => Ok(server()),
    }
}

/// The zone named by argument `i` when it is given and not empty, else the request's.
pub(crate) fn arg_or_request(ctx: &mut dyn Ctx, args: &Args, i: usize) -> CfResult<Arc<Zone>> {
    match args.get(i) {
        Some(v) => {
            let s = v.to_str()?;
            if s.trim().is_empty() {
                request(ctx)
            } else {
                find(&s)
            }
        }
        None => request(ctx),
    }
}

/// The current time on a zone's wall clock, to the millisecond.
pub(crate) fn now_in(zone: &Zone) -> NaiveDateTime {
    // From the epoch seconds straight to the wall clock: one calendar conversion, not three.
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let secs = since.as_secs() as i64;
    let offset = zone
        .tz
        .find_local_time_type(secs)
        .map_or(0, |t| t.ut_offset());
    chrono::DateTime::from_timestamp(secs + offset as i64, since.subsec_millis() * 1_000_000)
        .map(|d| d.naive_utc())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn dt(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(y, mo, d)
            .and_then(|x| x.and_hms_opt(h, mi, 0))
            .unwrap_or_default()
    }

    #[test]
    fn berlin_offsets_and_gaps() {
        let Ok(z) = find("europe/berlin") else {
            return; // no tzdata on this machine
        };
        assert_eq!(z.id(), "Europe/Berlin");
        assert_eq!(z.at_utc(&z.to_utc(dt(2024, 1, 15, 12, 0))).offset, 3600);
        assert_eq!(z.at_utc(&z.to_utc(dt(2024, 7, 15, 12, 0))).offset, 7200);
        // 02:30 on 2024-03-31 does not exist: read as 03:30 CEST (01:30 UTC).
        assert_eq!(z.to_utc(dt(2024, 3, 31, 2, 30)), dt(2024, 3, 31, 1, 30));
        // 02:30 on 2024-10-27 occurs twice: the earlier (CEST, 00:30 UTC).
        assert_eq!(z.to_utc(dt(2024, 10, 27, 2, 30)), dt(2024, 10, 27, 0, 30));
        assert_eq!(
            z.wall_clock(dt(2024, 10, 27, 1, 30)),
            dt(2024, 10, 27, 2, 30)
        );
        assert!(find("PST").is_ok());
        assert_eq!(
            find("GMT+5:30").map(|z| z.id().to_string()).ok(),
            Some("GMT+05:30".into())
        );
        assert_eq!(
            find("utc-0800").map(|z| z.id().to_string()).ok(),
            Some("GMT-08:00".into())
        );
        assert!(find("Nowhere/Special").is_err());
        assert!(find("../etc/passwd").is_err());
    }
}

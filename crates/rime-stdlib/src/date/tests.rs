//! Unit tests of the date functions.

use super::*;
use crate::array::test_support::*;

fn dt(y: i32, mo: u32, d: u32, h: u32, mi: u32, s: u32) -> NaiveDateTime {
    DateTime::from_parts(y, mo, d, h, mi, s)
        .map(|x| x.ndt())
        .unwrap_or_default()
}

fn date(y: i32, mo: u32, d: u32) -> Value {
    Value::Date(DateTime::new(dt(y, mo, d, 0, 0, 0)))
}

#[test]
fn construction() {
    assert_eq!(
        s("createDate", vec![n(2015.0), n(12.0), n(9.0)]),
        "{ts '2015-12-09 00:00:00'}"
    );
    assert_eq!(
        s("createDate", vec![n(15.0), n(1.0), n(1.0)]),
        "{ts '2015-01-01 00:00:00'}"
    );
    assert_eq!(s("createDate", vec![n(2015.0), n(2.0), n(30.0)]), "ERR");
    assert_eq!(
        s("createTime", vec![n(12.0), n(12.0), n(12.0)]),
        "{ts '1899-12-30 12:12:12'}"
    );
    assert_eq!(
        s("createTimeSpan", vec![n(0.0), n(6.0), n(0.0), n(0.0)]),
        "0.25"
    );
}

#[test]
fn adding() {
    let a = |p: &str, k: i64, t: NaiveDateTime| {
        add(p, k, t)
            .map(|x| DateTime::new(x).to_cfml_string())
            .unwrap_or_default()
    };
    assert_eq!(
        a("d", 30, dt(2014, 8, 3, 0, 0, 0)),
        "{ts '2014-09-02 00:00:00'}"
    );
    assert_eq!(
        a("ww", 8, dt(2014, 8, 3, 0, 0, 0)),
        "{ts '2014-09-28 00:00:00'}"
    );
    assert_eq!(
        a("m", 1, dt(2024, 1, 31, 0, 0, 0)),
        "{ts '2024-02-29 00:00:00'}"
    );
    assert_eq!(
        a("yyyy", 1, dt(2024, 2, 29, 0, 0, 0)),
        "{ts '2025-03-01 00:00:00'}"
    );
    assert_eq!(
        a("q", -1, dt(2024, 5, 31, 0, 0, 0)),
        "{ts '2024-02-29 00:00:00'}"
    );
    assert_eq!(
        a("h", 25, dt(2024, 1, 1, 0, 0, 0)),
        "{ts '2024-01-02 01:00:00'}"
    );
    // Friday + 1 weekday = Monday; Saturday + 1 = Monday; Monday - 1 = Friday.
    assert_eq!(
        a("w", 1, dt(2024, 1, 5, 0, 0, 0)),
        "{ts '2024-01-08 00:00:00'}"
    );
    assert_eq!(
        a("w", 1, dt(2024, 1, 6, 0, 0, 0)),
        "{ts '2024-01-08 00:00:00'}"
    );
    assert_eq!(
        a("w", -1, dt(2024, 1, 8, 0, 0, 0)),
        "{ts '2024-01-05 00:00:00'}"
    );
    assert_eq!(
        a("w", 5, dt(2024, 1, 3, 0, 0, 0)),
        "{ts '2024-01-10 00:00:00'}"
    );
    assert!(add("d", i64::MAX / 2, dt(2024, 1, 1, 0, 0, 0)).is_err());
    assert!(add("x", 1, dt(2024, 1, 1, 0, 0, 0)).is_err());
}

#[test]
fn diffs() {
    let d = |p: &str, a: NaiveDateTime, b: NaiveDateTime| diff(p, a, b).unwrap_or(i64::MIN);
    assert_eq!(
        d("d", dt(2013, 1, 15, 0, 0, 0), dt(2013, 1, 25, 0, 0, 0)),
        10
    );
    assert_eq!(
        d("d", dt(2013, 1, 25, 0, 0, 0), dt(2013, 1, 15, 0, 0, 0)),
        -10
    );
    assert_eq!(
        d("yyyy", dt(1972, 5, 20, 0, 0, 0), dt(2024, 5, 19, 0, 0, 0)),
        51
    );
    assert_eq!(
        d("yyyy", dt(1972, 5, 20, 0, 0, 0), dt(2024, 5, 20, 0, 0, 0)),
        52
    );
    assert_eq!(
        d("m", dt(2024, 1, 31, 0, 0, 0), dt(2024, 2, 29, 0, 0, 0)),
        1
    );
    assert_eq!(
        d("m", dt(2024, 1, 15, 0, 0, 0), dt(2024, 2, 14, 0, 0, 0)),
        0
    );
    assert_eq!(
        d("h", dt(2024, 1, 1, 0, 0, 0), dt(2024, 1, 2, 1, 30, 0)),
        25
    );
    assert_eq!(
        d("ww", dt(2024, 1, 1, 0, 0, 0), dt(2024, 1, 15, 0, 0, 0)),
        2
    );
    assert_eq!(d("wd", dt(2024, 1, 5, 0, 0, 0), dt(2024, 1, 8, 0, 0, 0)), 1);
    assert_eq!(
        d("wd", dt(2024, 1, 1, 0, 0, 0), dt(2024, 1, 15, 0, 0, 0)),
        10
    );
    assert_eq!(
        d("q", dt(2024, 1, 1, 0, 0, 0), dt(2024, 12, 31, 0, 0, 0)),
        3
    );
}

#[test]
fn parts_and_formats() {
    let x = date(2012, 12, 12);
    assert_eq!(s("firstDayOfMonth", vec![x.clone()]), "336");
    assert_eq!(s("dayOfWeek", vec![date(2010, 9, 8)]), "4");
    assert_eq!(s("dayOfYear", vec![date(2012, 12, 30)]), "365");
    assert_eq!(s("daysInMonth", vec![date(2012, 2, 3)]), "29");
    assert_eq!(
        s(
            "week",
            vec![Value::Date(DateTime::new(dt(2016, 1, 1, 5, 30, 25)))]
        ),
        "1"
    );
    assert_eq!(s("quarter", vec![x.clone()]), "4");
    assert_eq!(s("dateFormat", vec![x.clone()]), "12-Dec-12");
    assert_eq!(
        s("dateFormat", vec![st("2015-04-11"), st("short")]),
        "4/11/15"
    );
    assert_eq!(
        s("dateFormat", vec![st("2015-04-11"), st("full")]),
        "Saturday, April 11, 2015"
    );
    assert_eq!(s("dateFormat", vec![st("")]), "");
    let t = Value::Date(DateTime::new(dt(2017, 8, 31, 15, 25, 11)));
    assert_eq!(s("timeFormat", vec![t.clone()]), "03:25 PM");
    assert_eq!(s("timeFormat", vec![t.clone(), st("h:mm tt")]), "3:25 PM");
    assert_eq!(s("dateTimeFormat", vec![t.clone()]), "31-Aug-2017 15:25:11");
    assert_eq!(
        s("dateTimeFormat", vec![t.clone(), st("yyyy-mm-dd HH:nn:ss")]),
        "2017-08-31 15:25:11"
    );
    assert_eq!(
        s("dateTimeFormat", vec![st("2015-04-11 19:02"), st("medium")]),
        "Apr 11, 2015 7:02:00 PM"
    );
    assert_eq!(
        s(
            "dateCompare",
            vec![st("12/30/2015"), st("12/02/2015"), st("yyyy")]
        ),
        "0"
    );
    assert_eq!(
        s(
            "dateCompare",
            vec![st("12/30/2015"), st("12/02/2015"), st("d")]
        ),
        "1"
    );
    assert_eq!(s("datePart", vec![st("w"), date(2010, 9, 8)]), "4");
    assert_eq!(s("monthAsString", vec![n(11.0)]), "November");
    assert_eq!(s("monthAsString", vec![n(13.0)]), "ERR");
    assert_eq!(s("dayOfWeekShortAsString", vec![n(1.0)]), "Sun");
    assert_eq!(
        s("parseDateTime", vec![st("2024-01-31 13:45")]),
        "{ts '2024-01-31 13:45:00'}"
    );
    assert_eq!(
        s("parseDateTime", vec![st("31.01.2024"), st("dd.mm.yyyy")]),
        "{ts '2024-01-31 00:00:00'}"
    );
    assert_eq!(
        s("parseDateTime", vec![st("Tue, 08 Aug 2017 14:12:10")]),
        "{ts '2017-08-08 14:12:10'}"
    );
}

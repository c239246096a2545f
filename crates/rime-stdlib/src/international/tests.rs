use super::locales::{self, find, LOCALES};
use super::*;
use rime_runtime::DateTime;

/// A `Ctx` with a request locale and nothing else.
struct LocaleCtx {
    locale: String,
}

impl rime_runtime::CodeCtx for LocaleCtx {
    fn call(&mut self, _f: &Value, _args: Vec<Value>) -> CfResult<Value> {
        Err(CfmlError::expression("no closures here"))
    }
    fn lookup(&mut self, _name: &str) -> Option<Value> {
        None
    }
    fn assign(&mut self, _name: &str, _value: Value) -> CfResult<()> {
        Ok(())
    }
    fn evaluate(&mut self, _expr: &str) -> CfResult<Value> {
        Err(CfmlError::expression("no evaluate here"))
    }
    fn current_template(&self) -> String {
        String::new()
    }
    fn base_template(&self) -> String {
        String::new()
    }
}

impl rime_runtime::PageCtx for LocaleCtx {
    fn write(&mut self, _s: &str) {}
    fn locale(&mut self) -> String {
        self.locale.clone()
    }
    fn set_locale(&mut self, locale: &str) {
        self.locale = locale.to_string();
    }
}

impl rime_runtime::AppCtx for LocaleCtx {
    fn expand_path(&self, path: &str) -> String {
        path.to_string()
    }
}

impl rime_runtime::DataCtx for LocaleCtx {}

/// Call a builtin of this module in a request whose locale is `locale`; the result as text or
/// `ERR: message`.
fn call_in(locale: &str, name: &str, args: Vec<Value>) -> String {
    let def = FUNCTIONS
        .iter()
        .find(|d| d.name.eq_ignore_ascii_case(name))
        .unwrap_or_else(|| panic!("no builtin {name}"));
    let mut ctx = LocaleCtx {
        locale: locale.to_string(),
    };
    let a = Args::new(def.name, args.into_iter().map(Some).collect());
    match (def.func)(&mut ctx, &a) {
        Ok(v) => v
            .to_str()
            .map(|c| c.into_owned())
            .unwrap_or_else(|e| format!("ERR: {}", e.message)),
        Err(e) => format!("ERR: {}", e.message),
    }
}

fn s(v: &str) -> Value {
    Value::from(v)
}

fn date(y: i32, mo: u32, d: u32, h: u32, mi: u32, sec: u32) -> Value {
    Value::Date(DateTime::from_parts(y, mo, d, h, mi, sec).unwrap_or(DateTime::from_serial(0.0)))
}

#[test]
fn table_is_consistent() {
    for l in LOCALES {
        assert_eq!(l.id, format!("{}_{}", l.lang, l.country), "{}", l.id);
        assert_eq!(find(l.id).map(|f| f.id), Some(l.id));
        assert_eq!(find(&l.id.to_lowercase()).map(|f| f.id), Some(l.id));
        assert_eq!(find(&l.id.replace('_', "-")).map(|f| f.id), Some(l.id));
        let (lang3, country3) = locales::iso3(l);
        assert_eq!((lang3.len(), country3.len()), (3, 3), "{}", l.id);
        let en = locales::display_name(l, locales::english());
        assert_eq!(find(&en).map(|f| f.id), Some(l.id), "{en}");
        for n in l.names.months.iter().chain(&l.names.months_short) {
            assert!(!n.is_empty(), "{}", l.id);
        }
        for p in l.date_styles.iter().chain(&l.time_styles) {
            assert!(!p.is_empty(), "{}", l.id);
        }
        assert!((1..=7).contains(&l.first_day) && (1..=7).contains(&l.min_days));
    }
}

#[test]
fn locale_names() {
    let id = |n: &str| find(n).map(|l| l.id);
    assert_eq!(id("German (Standard)"), Some("de_DE"));
    assert_eq!(id("  english (UK) "), Some("en_GB"));
    assert_eq!(id("French(Switzerland)"), Some("fr_CH"));
    assert_eq!(id("german (switzerland)"), Some("de_CH"));
    assert_eq!(id("Deutsch (Schweiz)"), Some("de_CH"));
    assert_eq!(id("german"), Some("de_DE"));
    assert_eq!(id("de"), Some("de_DE"));
    assert_eq!(id("no_NO"), Some("nb_NO"));
    assert_eq!(id("zh-Hans-CN"), Some("zh_CN"));
    assert_eq!(id("japanese"), Some("ja_JP"));
    assert_eq!(id("xx_YY"), None);
    assert_eq!(id("de_XX"), None);
    assert_eq!(id(""), None);
    assert_eq!(id("klingon"), None);
}

#[test]
fn get_and_set_locale() {
    assert_eq!(call_in("en_US", "getLocale", vec![]), "english (us)");
    assert_eq!(call_in("de_CH", "getLocale", vec![]), "german (swiss)");
    assert_eq!(call_in("fr_FR", "getLocale", vec![]), "French (France)");
    assert_eq!(call_in("en_US", "setLocale", vec![s("de-DE")]), "en_US");
    assert!(call_in("en_US", "setLocale", vec![s("nowhere")])
        .starts_with("ERR: unsupported locale [nowhere]"));
    assert_eq!(
        call_in("de_CH", "getLocaleDisplayName", vec![]),
        "Deutsch (Schweiz)"
    );
    assert_eq!(
        call_in(
            "en_US",
            "getLocaleDisplayName",
            vec![s("de_DE"), s("fr_FR")]
        ),
        "allemand (Allemagne)"
    );
    assert_eq!(
        call_in(
            "en_US",
            "getLocaleDisplayName",
            vec![s("es_MX"), s("es_ES")]
        ),
        "español (México)"
    );
}

#[test]
fn numbers() {
    let nf = |loc: &str, n: f64, mask: Option<&str>| {
        let mut args = vec![Value::from(n)];
        if let Some(m) = mask {
            args.push(s(m));
        }
        call_in(loc, "lsNumberFormat", args)
    };
    assert_eq!(nf("en_US", 1234567.891, None), "1,234,568");
    assert_eq!(nf("de_DE", 1234567.891, None), "1.234.568");
    assert_eq!(nf("de_CH", 1234567.891, Some(",.00")), "1’234’567.89");
    assert_eq!(nf("fr_FR", -1234.5, Some(",.00")), "-1\u{202f}234,50");
    assert_eq!(nf("sv_SE", -1234.0, None), "\u{2212}1\u{a0}234");
    assert_eq!(nf("de_DE", 5.0, Some("$_.99")), "$5,00");
    assert!(nf("de_DE", 5.0, Some("x")).starts_with("ERR"));
}

#[test]
fn currencies() {
    let cf = |loc: &str, n: f64, kind: &str| {
        call_in(loc, "lsCurrencyFormat", vec![Value::from(n), s(kind)])
    };
    assert_eq!(cf("en_US", 1234.565, "local"), "$1,234.57");
    assert_eq!(cf("en_US", -5.0, "local"), "-$5.00");
    assert_eq!(cf("en_US", 100000.0, "international"), "USD 100,000.00");
    assert_eq!(cf("de_DE", 100000.0, "local"), "100.000,00 €");
    assert_eq!(cf("de_DE", 100000.0, "international"), "EUR 100.000,00");
    assert_eq!(cf("de_DE", 1.2, "none"), "1,20");
    assert_eq!(cf("pt_BR", 250000.0, "local"), "R$ 250.000,00");
    assert_eq!(cf("en_AU", 100000.0, "international"), "AUD 100,000.00");
    assert_eq!(cf("de_CH", -1234.5, "local"), "CHF-1’234.50");
    assert_eq!(cf("nl_NL", -1234.5, "local"), "€ -1.234,50");
    assert_eq!(cf("ja_JP", 1234.5, "local"), "￥1,235");
    assert!(cf("en_US", 1.0, "susi").starts_with("ERR"));
}

#[test]
fn parsing_numbers() {
    let pn = |loc: &str, t: &str| call_in(loc, "lsParseNumber", vec![s(t)]);
    assert_eq!(pn("en_US", "1,234.5"), "1234.5");
    assert_eq!(pn("de_DE", "1.234,5"), "1234.5");
    assert_eq!(pn("pt_BR", "250.000"), "250000");
    assert_eq!(pn("pt_BR", "250,000"), "250");
    assert_eq!(pn("fr_FR", "1 234,5"), "1234.5");
    assert_eq!(pn("fr_FR", "-1\u{202f}234,5"), "-1234.5");
    assert_eq!(pn("en_US", " +12 "), "12");
    assert_eq!(pn("en_US", "1.5E3"), "1500");
    assert!(pn("en_US", "12abc").starts_with("ERR: can't parse String [12abc]"));
    assert!(pn("en_US", "1,").starts_with("ERR"));
    let isn = |loc: &str, t: &str| call_in(loc, "lsIsNumeric", vec![s(t)]);
    assert_eq!(isn("en_US", "1.321,00"), "false");
    assert_eq!(isn("de_DE", "1.321,00"), "true");
    assert_eq!(isn("en_US", "Ten"), "false");

    let pc = |loc: &str, t: &str| call_in(loc, "lsParseCurrency", vec![s(t)]);
    assert_eq!(pc("en_US", "$120.50"), "120.5");
    assert_eq!(pc("en_US", "-$1,120.50"), "-1120.5");
    assert_eq!(pc("en_US", "120.50"), "120.5");
    assert_eq!(pc("en_US", "USD 120.50"), "120.5");
    assert_eq!(pc("de_DE", "1.234,56 €"), "1234.56");
    assert_eq!(pc("de_DE", "1.234,56\u{a0}€"), "1234.56");
    assert!(pc("en_US", "abc").starts_with("ERR"));
    let isc = |loc: &str, t: &str| call_in(loc, "lsIsCurrency", vec![s(t)]);
    assert_eq!(isc("en_US", "$4.50"), "true");
    assert_eq!(isc("en_US", "4.50"), "true");
    assert_eq!(isc("en_US", "4.50x"), "false");
    assert_eq!(
        call_in("en_US", "lsIsCurrency", vec![s("4.50x"), s("en_US")]),
        "true"
    );
}

#[test]
fn date_styles() {
    let d = date(2008, 4, 6, 13, 2, 3);
    let df = |loc: &str, mask: &str| call_in(loc, "lsDateFormat", vec![d.clone(), s(mask)]);
    assert_eq!(df("en_US", "short"), "4/6/08");
    assert_eq!(df("en_US", "medium"), "Apr 6, 2008");
    assert_eq!(df("en_US", "full"), "Sunday, April 6, 2008");
    assert_eq!(df("de_CH", "short"), "06.04.08");
    assert_eq!(df("de_CH", "medium"), "06.04.2008");
    assert_eq!(df("de_CH", "long"), "6. April 2008");
    assert_eq!(df("de_CH", "full"), "Sonntag, 6. April 2008");
    assert_eq!(df("fr_FR", "medium"), "6 avr. 2008");
    assert_eq!(df("fr_FR", "full"), "dimanche 6 avril 2008");
    assert_eq!(df("en_GB", "long"), "6 April 2008");
    assert_eq!(df("es_ES", "long"), "6 de abril de 2008");
    assert_eq!(df("ja_JP", "long"), "2008年4月6日");
    // masks: abbreviations lose their dot, as in Lucee
    assert_eq!(df("de_DE", "ddd dd. mmm yyyy"), "So 06. Apr 2008");
    assert_eq!(df("de_DE", "mmmm"), "April");
    assert_eq!(df("de_AT", "mmmm"), "April");
    assert_eq!(df("nl_NL", "dddd d mmmm yyyy"), "zondag 6 april 2008");
    assert_eq!(df("pl_PL", "d mmmm"), "6 kwietnia");
    // a date text of the locale
    assert_eq!(
        call_in(
            "de_CH",
            "lsDateFormat",
            vec![s("Sonntag, 6. April 2008"), s("short")]
        ),
        "06.04.08"
    );
    assert_eq!(
        call_in("fr_FR", "lsDateFormat", vec![s("6 avril 2008"), s("short")]),
        "06/04/2008"
    );
    assert_eq!(call_in("de_DE", "lsDateFormat", vec![s("")]), "");
    let tf = |loc: &str, mask: &str| call_in(loc, "lsTimeFormat", vec![d.clone(), s(mask)]);
    assert_eq!(tf("en_US", "short"), "1:02 PM");
    assert_eq!(tf("de_DE", "short"), "13:02");
    assert_eq!(tf("da_DK", "medium"), "13.02.03");
    assert_eq!(tf("de_DE", "hh:mm tt"), "01:02 PM");
    assert_eq!(call_in("de_DE", "lsTimeFormat", vec![s("13:02")]), "13:02");
    let dtf = |loc: &str, mask: &str| call_in(loc, "lsDateTimeFormat", vec![d.clone(), s(mask)]);
    assert_eq!(dtf("en_US", "short"), "4/6/08, 1:02 PM");
    assert_eq!(dtf("de_DE", "medium"), "06.04.2008, 13:02:03");
    assert_eq!(dtf("de_DE", "dd mmmm yyyy"), "06 April 2008");
    assert_eq!(dtf("fr_FR", "d mmm yyyy"), "6 avr. 2008");
    assert_eq!(
        call_in("de_DE", "lsDateTimeFormat", vec![d.clone()]),
        "06-Apr.-2008 13:02:03"
    );
}

#[test]
fn parsing_dates() {
    let p = |loc: &str, t: &str| call_in("en_US", "lsParseDateTime", vec![s(t), s(loc)]);
    assert_eq!(
        p("english (us)", "12/31/2008"),
        "{ts '2008-12-31 00:00:00'}"
    );
    assert_eq!(
        p("english (uk)", "31/12/2008"),
        "{ts '2008-12-31 00:00:00'}"
    );
    assert_eq!(
        p("german (standard)", "31.12.2008"),
        "{ts '2008-12-31 00:00:00'}"
    );
    assert!(p("english (uk)", "12/31/2008").starts_with("ERR"));
    assert!(p("german (standard)", "12.31.2008").starts_with("ERR"));
    assert_eq!(p("english (us)", "12/30/08"), "{ts '2008-12-30 00:00:00'}");
    assert_eq!(
        p("english (us)", "Feb 29, 2008"),
        "{ts '2008-02-29 00:00:00'}"
    );
    assert_eq!(
        p("english (us)", "Friday, February 29, 2008"),
        "{ts '2008-02-29 00:00:00'}"
    );
    assert!(p("english (us)", "Feb 30, 2008").starts_with("ERR"));
    assert!(p("english (us)", "Monday, February 29, 2008").starts_with("ERR"));
    assert_eq!(
        p("english (uk)", "29-Feb-2008"),
        "{ts '2008-02-29 00:00:00'}"
    );
    assert_eq!(
        p("english (uk)", "29 February 2008"),
        "{ts '2008-02-29 00:00:00'}"
    );
    assert_eq!(
        p("german (swiss)", "29. Februar 2008"),
        "{ts '2008-02-29 00:00:00'}"
    );
    assert!(p("german (swiss)", "Montag, 29. Februar 2008").starts_with("ERR"));
    assert_eq!(
        p("german (swiss)", "06.04.08 01:02:03"),
        "{ts '2008-04-06 01:02:03'}"
    );
    assert_eq!(
        p("german (swiss)", "6. April 2008 01:02"),
        "{ts '2008-04-06 01:02:00'}"
    );
    assert_eq!(p("fr_CH", "6 avr. 2008"), "{ts '2008-04-06 00:00:00'}");
    assert_eq!(
        p("fr_CH", "dimanche, 6. avril 2008"),
        "{ts '2008-04-06 00:00:00'}"
    );
    assert_eq!(
        p("fr_CH", "6. avril 2008 01:02:03"),
        "{ts '2008-04-06 01:02:03'}"
    );
    assert_eq!(p("it_IT", "6 aprile 2008"), "{ts '2008-04-06 00:00:00'}");
    assert_eq!(p("en_US", "4/6/2008"), "{ts '2008-04-06 00:00:00'}");
    assert_eq!(p("en_US", "2008-04-06 10:00"), "{ts '2008-04-06 10:00:00'}");
    // with a Java pattern
    assert_eq!(
        call_in(
            "en_US",
            "lsParseDateTime",
            vec![s("6 avril 2008"), s("fr_FR"), s("d MMMM yyyy")]
        ),
        "{ts '2008-04-06 00:00:00'}"
    );
    let isd = |loc: &str, t: &str| call_in(loc, "lsIsDate", vec![s(t)]);
    assert_eq!(isd("de_DE", "31.12.2008"), "true");
    assert_eq!(isd("de_DE", "12/31/2008"), "false");
    assert_eq!(isd("en_US", "12/31/2008"), "true");
    assert_eq!(isd("en_US", "x"), "false");
    assert_eq!(
        call_in("en_US", "lsIsDate", vec![Value::from(5.0)]),
        "false"
    );
}

#[test]
fn weeks_and_days() {
    let dow = |loc: &str, v: Value| call_in(loc, "lsDayOfWeek", vec![v]);
    // 2008-04-06 is a Sunday
    assert_eq!(dow("en_US", date(2008, 4, 6, 0, 0, 0)), "1");
    assert_eq!(dow("de_DE", date(2008, 4, 6, 0, 0, 0)), "7");
    assert_eq!(dow("de_DE", date(2008, 4, 7, 0, 0, 0)), "1");
    let wk = |loc: &str, v: Value| call_in(loc, "lsWeek", vec![v]);
    assert_eq!(wk("en_US", date(2019, 10, 4, 1, 50, 0)), "40");
    // ISO weeks in Germany: 2021-01-03 is in week 53 of 2020, 2021-01-04 in week 1
    assert_eq!(wk("de_DE", date(2021, 1, 3, 0, 0, 0)), "53");
    assert_eq!(wk("de_DE", date(2021, 1, 4, 0, 0, 0)), "1");
    assert_eq!(wk("de_DE", date(2015, 4, 11, 0, 0, 0)), "15");
    // the last days of December are not week 1
    assert_eq!(wk("en_US", date(2024, 12, 31, 0, 0, 0)), "53");
    assert_eq!(wk("de_DE", date(2024, 12, 31, 0, 0, 0)), "53");
    assert_eq!(wk("en_US", date(2024, 1, 1, 0, 0, 0)), "1");
    // week masks follow the locale's rule too
    assert_eq!(
        call_in(
            "de_DE",
            "lsDateFormat",
            vec![date(2021, 1, 3, 0, 0, 0), s("ww")]
        ),
        "53"
    );
    assert_eq!(
        call_in(
            "en_US",
            "lsDateFormat",
            vec![date(2021, 1, 3, 0, 0, 0), s("ww")]
        ),
        "02"
    );
}

#[test]
fn casing() {
    assert_eq!(call_in("en_US", "lsUCase", vec![s("straße")]), "STRASSE");
    assert_eq!(
        call_in("tr_TR", "lsUCase", vec![s("istanbul ısparta")]),
        "İSTANBUL ISPARTA"
    );
    assert_eq!(
        call_in("en_US", "lsUCase", vec![s("istanbul"), s("tr-TR")]),
        "İSTANBUL"
    );
    assert_eq!(
        call_in("en_US", "lsLCase", vec![s("İZMİR ISPARTA"), s("tr")]),
        "izmir ısparta"
    );
    assert_eq!(call_in("en_US", "lsLCase", vec![s("İZMİR")]), "i̇zmi̇r");
    assert_eq!(call_in("de_DE", "lsLCase", vec![s("ÄRGER")]), "ärger");
}

#[test]
fn locale_info() {
    let def = FUNCTIONS
        .iter()
        .find(|d| d.name == "getLocaleInfo")
        .map(|d| d.func);
    let Some(f) = def else {
        panic!("getLocaleInfo is missing")
    };
    let mut ctx = LocaleCtx {
        locale: "en_US".into(),
    };
    let a = Args::new("getLocaleInfo", vec![Some(s("de-DE")), Some(s("English"))]);
    let v = f(&mut ctx, &a).unwrap_or(Value::Null);
    let Value::Struct(st) = v else {
        panic!("not a struct")
    };
    let text = |v: Option<Value>| {
        v.and_then(|v| v.to_str().ok().map(|c| c.into_owned()))
            .unwrap_or_default()
    };
    assert_eq!(text(st.get("country")), "DE");
    assert_eq!(text(st.get("language")), "de");
    assert_eq!(text(st.get("name")), "German (Germany)");
    let display = st.get("display").and_then(|d| d.as_struct().cloned());
    assert_eq!(
        text(display.as_ref().and_then(|d| d.get("country"))),
        "Germany"
    );
    let iso = st.get("iso").and_then(|d| d.as_struct().cloned());
    assert_eq!(text(iso.as_ref().and_then(|d| d.get("language"))), "deu");
}

#[test]
fn candidate_count() {
    for l in LOCALES {
        let n = super::dates::candidate_count(l);
        assert!(n > 20 && n < 400, "{} {n}", l.id);
    }
}

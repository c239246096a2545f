//! The built-in locale table: for each supported locale its number symbols, currency, month and
//! day names, week rule and the date/time styles of Java's `DateFormat` (CLDR data as Java 17-21
//! ship it), and the names by which `setLocale` and the `locale` arguments find it.
//!
//! Times print a plain space before AM/PM, as Rime's `timeFormat` does (Java 20 and later print a
//! narrow no-break space there).

use crate::date::format::Symbols;

/// The month and day names of a language (Sunday first; abbreviations as CLDR writes them, with
/// their dots).
pub(crate) struct Names {
    pub months: [&'static str; 12],
    pub months_short: [&'static str; 12],
    pub days: [&'static str; 7],
    pub days_short: [&'static str; 7],
    pub am_pm: [&'static str; 2],
}

/// A locale's currency and how an amount is written: `¤` in a prefix or suffix stands for the
/// symbol.
pub(crate) struct Currency {
    /// ISO 4217 code.
    pub code: &'static str,
    pub symbol: &'static str,
    /// Fraction digits.
    pub digits: usize,
    /// Prefix and suffix of a positive amount.
    pub positive: (&'static str, &'static str),
    /// Prefix and suffix of a negative amount; `None`: the minus sign before the positive prefix.
    pub negative: Option<(&'static str, &'static str)>,
}

pub(crate) struct LocaleData {
    /// Java's name, `de_CH`.
    pub id: &'static str,
    pub lang: &'static str,
    pub country: &'static str,
    /// The language and country in the locale's own language.
    pub language_own: &'static str,
    pub country_own: &'static str,
    pub decimal: &'static str,
    pub group: &'static str,
    pub minus: &'static str,
    pub currency: Currency,
    pub names: &'static Names,
    /// 1 (Sunday) to 7 (Saturday).
    pub first_day: u32,
    /// Days of the new year that week 1 needs.
    pub min_days: u32,
    /// Java date patterns: short, medium, long, full.
    pub date_styles: [&'static str; 4],
    /// Java time patterns: short, medium, long, full.
    pub time_styles: [&'static str; 4],
    /// How a date (`{1}`) and a time (`{0}`) combine: short, medium, long, full.
    pub date_time: [&'static str; 4],
}

impl LocaleData {
    /// The names and week rule for the date formatter; `strip_dots` for Lucee's LS masks.
    pub(crate) fn symbols(&self, strip_dots: bool) -> Symbols {
        Symbols {
            months: &self.names.months,
            months_short: &self.names.months_short,
            days: &self.names.days,
            days_short: &self.names.days_short,
            am_pm: &self.names.am_pm,
            first_day: self.first_day,
            min_days: self.min_days,
            strip_dots,
        }
    }

    /// English with no or a US country: Lucee formats these with its fixed English names and
    /// also accepts the standard CFML date formats when parsing.
    pub(crate) fn us_like(&self) -> bool {
        self.lang == "en" && self.country == "US"
    }
}

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

const EN_MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const EN_DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

static EN: Names = Names {
    months: EN_MONTHS,
    months_short: [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ],
    days: EN_DAYS,
    days_short: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
    am_pm: ["AM", "PM"],
};

static EN_GB: Names = Names {
    months: EN_MONTHS,
    months_short: [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec",
    ],
    days: EN_DAYS,
    days_short: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
    am_pm: ["am", "pm"],
};

static EN_AU: Names = Names {
    months: EN_MONTHS,
    months_short: [
        "Jan", "Feb", "Mar", "Apr", "May", "June", "July", "Aug", "Sept", "Oct", "Nov", "Dec",
    ],
    days: EN_DAYS,
    days_short: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
    am_pm: ["am", "pm"],
};

static EN_CA: Names = Names {
    months: EN_MONTHS,
    months_short: [
        "Jan.", "Feb.", "Mar.", "Apr.", "May", "Jun.", "Jul.", "Aug.", "Sep.", "Oct.", "Nov.",
        "Dec.",
    ],
    days: EN_DAYS,
    days_short: ["Sun.", "Mon.", "Tue.", "Wed.", "Thu.", "Fri.", "Sat."],
    am_pm: ["a.m.", "p.m."],
};

const DE_DAYS: [&str; 7] = [
    "Sonntag",
    "Montag",
    "Dienstag",
    "Mittwoch",
    "Donnerstag",
    "Freitag",
    "Samstag",
];
const DE_MONTHS: [&str; 12] = [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
];
const DE_MONTHS_SHORT: [&str; 12] = [
    "Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez.",
];
const DE_DAYS_SHORT: [&str; 7] = ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."];

static DE: Names = Names {
    months: DE_MONTHS,
    months_short: DE_MONTHS_SHORT,
    days: DE_DAYS,
    days_short: DE_DAYS_SHORT,
    am_pm: ["AM", "PM"],
};

/// Swiss German writes its short day names without the period (`So`, as Lucee's tests have it).
static DE_CH: Names = Names {
    months: DE_MONTHS,
    months_short: DE_MONTHS_SHORT,
    days: DE_DAYS,
    days_short: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"],
    am_pm: ["AM", "PM"],
};

/// Austrian German: German names, but `Jänner` for January and `Sep.` for September.
static DE_AT: Names = Names {
    months: {
        let mut m = DE_MONTHS;
        m[0] = "Jänner";
        m
    },
    months_short: {
        let mut m = DE_MONTHS_SHORT;
        m[0] = "Jän.";
        m[8] = "Sep.";
        m
    },
    days: DE_DAYS,
    days_short: DE_DAYS_SHORT,
    am_pm: ["AM", "PM"],
};

const FR_MONTHS: [&str; 12] = [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
];
const FR_DAYS: [&str; 7] = [
    "dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi",
];
const FR_DAYS_SHORT: [&str; 7] = ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."];

static FR: Names = Names {
    months: FR_MONTHS,
    months_short: [
        "janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.",
        "déc.",
    ],
    days: FR_DAYS,
    days_short: FR_DAYS_SHORT,
    am_pm: ["AM", "PM"],
};

static FR_CA: Names = Names {
    months: FR_MONTHS,
    months_short: [
        "janv.", "févr.", "mars", "avr.", "mai", "juin", "juill.", "août", "sept.", "oct.", "nov.",
        "déc.",
    ],
    days: FR_DAYS,
    days_short: FR_DAYS_SHORT,
    am_pm: ["a.m.", "p.m."],
};

static IT: Names = Names {
    months: [
        "gennaio",
        "febbraio",
        "marzo",
        "aprile",
        "maggio",
        "giugno",
        "luglio",
        "agosto",
        "settembre",
        "ottobre",
        "novembre",
        "dicembre",
    ],
    months_short: [
        "gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic",
    ],
    days: [
        "domenica",
        "lunedì",
        "martedì",
        "mercoledì",
        "giovedì",
        "venerdì",
        "sabato",
    ],
    days_short: ["dom", "lun", "mar", "mer", "gio", "ven", "sab"],
    am_pm: ["AM", "PM"],
};

static ES: Names = Names {
    months: [
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ],
    months_short: [
        "ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic",
    ],
    days: [
        "domingo",
        "lunes",
        "martes",
        "miércoles",
        "jueves",
        "viernes",
        "sábado",
    ],
    days_short: ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"],
    am_pm: ["a.\u{a0}m.", "p.\u{a0}m."],
};

static NL: Names = Names {
    months: [
        "januari",
        "februari",
        "maart",
        "april",
        "mei",
        "juni",
        "juli",
        "augustus",
        "september",
        "oktober",
        "november",
        "december",
    ],
    months_short: [
        "jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec",
    ],
    days: [
        "zondag",
        "maandag",
        "dinsdag",
        "woensdag",
        "donderdag",
        "vrijdag",
        "zaterdag",
    ],
    days_short: ["zo", "ma", "di", "wo", "do", "vr", "za"],
    am_pm: ["a.m.", "p.m."],
};

const PT_MONTHS: [&str; 12] = [
    "janeiro",
    "fevereiro",
    "março",
    "abril",
    "maio",
    "junho",
    "julho",
    "agosto",
    "setembro",
    "outubro",
    "novembro",
    "dezembro",
];
const PT_MONTHS_SHORT: [&str; 12] = [
    "jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez.",
];
const PT_DAYS: [&str; 7] = [
    "domingo",
    "segunda-feira",
    "terça-feira",
    "quarta-feira",
    "quinta-feira",
    "sexta-feira",
    "sábado",
];

static PT: Names = Names {
    months: PT_MONTHS,
    months_short: PT_MONTHS_SHORT,
    days: PT_DAYS,
    days_short: ["dom.", "seg.", "ter.", "qua.", "qui.", "sex.", "sáb."],
    am_pm: ["AM", "PM"],
};

static PT_PT: Names = Names {
    months: PT_MONTHS,
    months_short: PT_MONTHS_SHORT,
    days: PT_DAYS,
    days_short: [
        "domingo", "segunda", "terça", "quarta", "quinta", "sexta", "sábado",
    ],
    am_pm: ["da manhã", "da tarde"],
};

static SV: Names = Names {
    months: [
        "januari",
        "februari",
        "mars",
        "april",
        "maj",
        "juni",
        "juli",
        "augusti",
        "september",
        "oktober",
        "november",
        "december",
    ],
    months_short: [
        "jan.", "feb.", "mars", "apr.", "maj", "juni", "juli", "aug.", "sep.", "okt.", "nov.",
        "dec.",
    ],
    days: [
        "söndag", "måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag",
    ],
    days_short: ["sön", "mån", "tis", "ons", "tors", "fre", "lör"],
    am_pm: ["fm", "em"],
};

static DA: Names = Names {
    months: [
        "januar",
        "februar",
        "marts",
        "april",
        "maj",
        "juni",
        "juli",
        "august",
        "september",
        "oktober",
        "november",
        "december",
    ],
    months_short: [
        "jan.", "feb.", "mar.", "apr.", "maj", "jun.", "jul.", "aug.", "sep.", "okt.", "nov.",
        "dec.",
    ],
    days: [
        "søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag",
    ],
    days_short: ["søn.", "man.", "tirs.", "ons.", "tors.", "fre.", "lør."],
    am_pm: ["AM", "PM"],
};

static NB: Names = Names {
    months: [
        "januar",
        "februar",
        "mars",
        "april",
        "mai",
        "juni",
        "juli",
        "august",
        "september",
        "oktober",
        "november",
        "desember",
    ],
    months_short: [
        "jan.", "feb.", "mar.", "apr.", "mai", "jun.", "jul.", "aug.", "sep.", "okt.", "nov.",
        "des.",
    ],
    days: [
        "søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag",
    ],
    days_short: ["søn.", "man.", "tir.", "ons.", "tor.", "fre.", "lør."],
    am_pm: ["a.m.", "p.m."],
};

static FI: Names = Names {
    months: [
        "tammikuuta",
        "helmikuuta",
        "maaliskuuta",
        "huhtikuuta",
        "toukokuuta",
        "kesäkuuta",
        "heinäkuuta",
        "elokuuta",
        "syyskuuta",
        "lokakuuta",
        "marraskuuta",
        "joulukuuta",
    ],
    months_short: [
        "tammik.", "helmik.", "maalisk.", "huhtik.", "toukok.", "kesäk.", "heinäk.", "elok.",
        "syysk.", "lokak.", "marrask.", "jouluk.",
    ],
    days: [
        "sunnuntaina",
        "maanantaina",
        "tiistaina",
        "keskiviikkona",
        "torstaina",
        "perjantaina",
        "lauantaina",
    ],
    days_short: ["su", "ma", "ti", "ke", "to", "pe", "la"],
    am_pm: ["ap.", "ip."],
};

static PL: Names = Names {
    months: [
        "stycznia",
        "lutego",
        "marca",
        "kwietnia",
        "maja",
        "czerwca",
        "lipca",
        "sierpnia",
        "września",
        "października",
        "listopada",
        "grudnia",
    ],
    months_short: [
        "sty", "lut", "mar", "kwi", "maj", "cze", "lip", "sie", "wrz", "paź", "lis", "gru",
    ],
    days: [
        "niedziela",
        "poniedziałek",
        "wtorek",
        "środa",
        "czwartek",
        "piątek",
        "sobota",
    ],
    days_short: ["niedz.", "pon.", "wt.", "śr.", "czw.", "pt.", "sob."],
    am_pm: ["AM", "PM"],
};

const JA_MONTHS: [&str; 12] = [
    "1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月",
];

static JA: Names = Names {
    months: JA_MONTHS,
    months_short: JA_MONTHS,
    days: [
        "日曜日",
        "月曜日",
        "火曜日",
        "水曜日",
        "木曜日",
        "金曜日",
        "土曜日",
    ],
    days_short: ["日", "月", "火", "水", "木", "金", "土"],
    am_pm: ["午前", "午後"],
};

static ZH: Names = Names {
    months: [
        "一月",
        "二月",
        "三月",
        "四月",
        "五月",
        "六月",
        "七月",
        "八月",
        "九月",
        "十月",
        "十一月",
        "十二月",
    ],
    months_short: JA_MONTHS,
    days: [
        "星期日",
        "星期一",
        "星期二",
        "星期三",
        "星期四",
        "星期五",
        "星期六",
    ],
    days_short: ["周日", "周一", "周二", "周三", "周四", "周五", "周六"],
    am_pm: ["上午", "下午"],
};

static TR: Names = Names {
    months: [
        "Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos", "Eylül", "Ekim",
        "Kasım", "Aralık",
    ],
    months_short: [
        "Oca", "Şub", "Mar", "Nis", "May", "Haz", "Tem", "Ağu", "Eyl", "Eki", "Kas", "Ara",
    ],
    days: [
        "Pazar",
        "Pazartesi",
        "Salı",
        "Çarşamba",
        "Perşembe",
        "Cuma",
        "Cumartesi",
    ],
    days_short: ["Paz", "Pzt", "Sal", "Çar", "Per", "Cum", "Cmt"],
    am_pm: ["ÖÖ", "ÖS"],
};

// ---------------------------------------------------------------------------------------------
// Styles
// ---------------------------------------------------------------------------------------------

const US_TIMES: [&str; 4] = ["h:mm a", "h:mm:ss a", "h:mm:ss a z", "h:mm:ss a zzzz"];
const TIMES_24: [&str; 4] = ["HH:mm", "HH:mm:ss", "HH:mm:ss z", "HH:mm:ss zzzz"];
const COMMA: [&str; 4] = ["{1}, {0}"; 4];
const SPACE: [&str; 4] = ["{1} {0}"; 4];

const NBSP: &str = "\u{a0}";
const NNBSP: &str = "\u{202f}";
const MINUS: &str = "\u{2212}";

/// `¤#,##0.00`
const fn before(code: &'static str, symbol: &'static str) -> Currency {
    Currency {
        code,
        symbol,
        digits: 2,
        positive: ("¤", ""),
        negative: None,
    }
}

/// `¤ #,##0.00` (a no-break space)
const fn before_spaced(code: &'static str, symbol: &'static str) -> Currency {
    Currency {
        code,
        symbol,
        digits: 2,
        positive: ("¤\u{a0}", ""),
        negative: None,
    }
}

/// `#,##0.00 ¤` (a no-break space)
const fn after(code: &'static str, symbol: &'static str) -> Currency {
    Currency {
        code,
        symbol,
        digits: 2,
        positive: ("", "\u{a0}¤"),
        negative: None,
    }
}

/// The supported locales. The first locale of each language is the one a bare language name
/// (`de`, `German`) means.
pub(crate) static LOCALES: &[LocaleData] = &[
    LocaleData {
        id: "en_US",
        lang: "en",
        country: "US",
        language_own: "English",
        country_own: "United States",
        decimal: ".",
        group: ",",
        minus: "-",
        currency: before("USD", "$"),
        names: &EN,
        first_day: 1,
        min_days: 1,
        date_styles: ["M/d/yy", "MMM d, y", "MMMM d, y", "EEEE, MMMM d, y"],
        time_styles: US_TIMES,
        date_time: COMMA,
    },
    LocaleData {
        id: "en_GB",
        lang: "en",
        country: "GB",
        language_own: "English",
        country_own: "United Kingdom",
        decimal: ".",
        group: ",",
        minus: "-",
        currency: before("GBP", "£"),
        names: &EN_GB,
        first_day: 2,
        min_days: 4,
        date_styles: ["dd/MM/y", "d MMM y", "d MMMM y", "EEEE, d MMMM y"],
        time_styles: TIMES_24,
        date_time: COMMA,
    },
    LocaleData {
        id: "en_AU",
        lang: "en",
        country: "AU",
        language_own: "English",
        country_own: "Australia",
        decimal: ".",
        group: ",",
        minus: "-",
        currency: before("AUD", "$"),
        names: &EN_AU,
        first_day: 2,
        min_days: 1,
        date_styles: ["d/M/yy", "d MMM y", "d MMMM y", "EEEE, d MMMM y"],
        time_styles: US_TIMES,
        date_time: COMMA,
    },
    LocaleData {
        id: "en_CA",
        lang: "en",
        country: "CA",
        language_own: "English",
        country_own: "Canada",
        decimal: ".",
        group: ",",
        minus: "-",
        currency: before("CAD", "$"),
        names: &EN_CA,
        first_day: 1,
        min_days: 1,
        date_styles: ["y-MM-dd", "MMM d, y", "MMMM d, y", "EEEE, MMMM d, y"],
        time_styles: US_TIMES,
        date_time: COMMA,
    },
    LocaleData {
        id: "de_DE",
        lang: "de",
        country: "DE",
        language_own: "Deutsch",
        country_own: "Deutschland",
        decimal: ",",
        group: ".",
        minus: "-",
        currency: after("EUR", "€"),
        names: &DE,
        first_day: 2,
        min_days: 4,
        date_styles: ["dd.MM.yy", "dd.MM.y", "d. MMMM y", "EEEE, d. MMMM y"],
        time_styles: TIMES_24,
        date_time: COMMA,
    },
    LocaleData {
        id: "de_CH",
        lang: "de",
        country: "CH",
        language_own: "Deutsch",
        country_own: "Schweiz",
        decimal: ".",
        group: "’",
        minus: "-",
        currency: Currency {
            code: "CHF",
            symbol: "CHF",
            digits: 2,
            positive: ("¤\u{a0}", ""),
            negative: Some(("¤-", "")),
        },
        names: &DE_CH,
        first_day: 2,
        min_days: 4,
        date_styles: ["dd.MM.yy", "dd.MM.y", "d. MMMM y", "EEEE, d. MMMM y"],
        time_styles: TIMES_24,
        date_time: COMMA,
    },
    LocaleData {
        id: "de_AT",
        lang: "de",
        country: "AT",
        language_own: "Deutsch",
        country_own: "Österreich",
        decimal: ",",
        group: NBSP,
        minus: "-",
        currency: before_spaced("EUR", "€"),
        names: &DE_AT,
        first_day: 2,
        min_days: 4,
        date_styles: ["dd.MM.yy", "dd.MM.y", "d. MMMM y", "EEEE, d. MMMM y"],
        time_styles: TIMES_24,
        date_time: COMMA,
    },
    LocaleData {
        id: "fr_FR",
        lang: "fr",
        country: "FR",
        language_own: "français",
        country_own: "France",
        decimal: ",",
        group: NNBSP,
        minus: "-",
        currency: after("EUR", "€"),
        names: &FR,
        first_day: 2,
        min_days: 4,
        date_styles: ["dd/MM/y", "d MMM y", "d MMMM y", "EEEE d MMMM y"],
        time_styles: TIMES_24,
        date_time: ["{1} {0}", "{1}, {0}", "{1}, {0}", "{1}, {0}"],
    },
    LocaleData {
        id: "fr_CA",
        lang: "fr",
        country: "CA",
        language_own: "français",
        country_own: "Canada",
        decimal: ",",
        group: NBSP,
        minus: "-",
        currency: after("CAD", "$"),
        names: &FR_CA,
        first_day: 1,
        min_days: 1,
        date_styles: ["y-MM-dd", "d MMM y", "d MMMM y", "EEEE d MMMM y"],
        time_styles: [
            "HH 'h' mm",
            "HH 'h' mm 'min' ss 's'",
            "HH 'h' mm 'min' ss 's' z",
            "HH 'h' mm 'min' ss 's' zzzz",
        ],
        date_time: ["{1} {0}", "{1}, {0}", "{1}, {0}", "{1}, {0}"],
    },
    LocaleData {
        id: "fr_CH",
        lang: "fr",
        country: "CH",
        language_own: "français",
        country_own: "Suisse",
        decimal: ",",
        group: NNBSP,
        minus: "-",
        currency: after("CHF", "CHF"),
        names: &FR,
        first_day: 2,
        min_days: 4,
        date_styles: ["dd.MM.yy", "d MMM y", "d MMMM y", "EEEE, d MMMM y"],
        time_styles: ["HH:mm", "HH:mm:ss", "HH:mm:ss z", "HH.mm:ss 'h' zzzz"],
        date_time: ["{1} {0}", "{1}, {0}", "{1}, {0}", "{1}, {0}"],
    },
    LocaleData {
        id: "it_IT",
        lang: "it",
        country: "IT",
        language_own: "italiano",
        country_own: "Italia",
        decimal: ",",
        group: ".",
        minus: "-",
        currency: after("EUR", "€"),
        names: &IT,
        first_day: 2,
        min_days: 4,
        date_styles: ["dd/MM/yy", "d MMM y", "d MMMM y", "EEEE d MMMM y"],
        time_styles: TIMES_24,
        date_time: COMMA,
    },
    LocaleData {
        id: "es_ES",
        lang: "es",
        country: "ES",
        language_own: "español",
        country_own: "España",
        decimal: ",",
        group: ".",
        minus: "-",
        currency: after("EUR", "€"),
        names: &ES,
        first_day: 2,
        min_days: 4,
        date_styles: [
            "d/M/yy",
            "d MMM y",
            "d 'de' MMMM 'de' y",
            "EEEE, d 'de' MMMM 'de' y",
        ],
        time_styles: ["H:mm", "H:mm:ss", "H:mm:ss z", "H:mm:ss (zzzz)"],
        date_time: COMMA,
    },
    LocaleData {
        id: "es_MX",
        lang: "es",
        country: "MX",
        language_own: "español",
        country_own: "México",
        decimal: ".",
        group: ",",
        minus: "-",
        currency: before("MXN", "$"),
        names: &ES,
        first_day: 1,
        min_days: 1,
        date_styles: [
            "dd/MM/yy",
            "d MMM y",
            "d 'de' MMMM 'de' y",
            "EEEE, d 'de' MMMM 'de' y",
        ],
        time_styles: ["H:mm", "H:mm:ss", "H:mm:ss z", "H:mm:ss zzzz"],
        date_time: COMMA,
    },
    LocaleData {
        id: "nl_NL",
        lang: "nl",
        country: "NL",
        language_own: "Nederlands",
        country_own: "Nederland",
        decimal: ",",
        group: ".",
        minus: "-",
        currency: Currency {
            code: "EUR",
            symbol: "€",
            digits: 2,
            positive: ("¤\u{a0}", ""),
            negative: Some(("¤\u{a0}-", "")),
        },
        names: &NL,
        first_day: 2,
        min_days: 4,
        date_styles: ["dd-MM-y", "d MMM y", "d MMMM y", "EEEE d MMMM y"],
        time_styles: TIMES_24,
        date_time: ["{1} {0}", "{1}, {0}", "{1}, {0}", "{1}, {0}"],
    },
    LocaleData {
        id: "pt_BR",
        lang: "pt",
        country: "BR",
        language_own: "português",
        country_own: "Brasil",
        decimal: ",",
        group: ".",
        minus: "-",
        currency: before_spaced("BRL", "R$"),
        names: &PT,
        first_day: 1,
        min_days: 1,
        date_styles: [
            "dd/MM/y",
            "d 'de' MMM 'de' y",
            "d 'de' MMMM 'de' y",
            "EEEE, d 'de' MMMM 'de' y",
        ],
        time_styles: TIMES_24,
        date_time: SPACE,
    },
    LocaleData {
        id: "pt_PT",
        lang: "pt",
        country: "PT",
        language_own: "português",
        country_own: "Portugal",
        decimal: ",",
        group: NBSP,
        minus: "-",
        currency: after("EUR", "€"),
        names: &PT_PT,
        first_day: 1,
        min_days: 4,
        date_styles: [
            "dd/MM/yy",
            "dd/MM/y",
            "d 'de' MMMM 'de' y",
            "EEEE, d 'de' MMMM 'de' y",
        ],
        time_styles: TIMES_24,
        date_time: ["{1}, {0}", "{1}, {0}", "{1} 'às' {0}", "{1} 'às' {0}"],
    },
    LocaleData {
        id: "sv_SE",
        lang: "sv",
        country: "SE",
        language_own: "svenska",
        country_own: "Sverige",
        decimal: ",",
        group: NBSP,
        minus: MINUS,
        currency: after("SEK", "kr"),
        names: &SV,
        first_day: 2,
        min_days: 4,
        date_styles: ["y-MM-dd", "d MMM y", "d MMMM y", "EEEE d MMMM y"],
        time_styles: TIMES_24,
        date_time: SPACE,
    },
    LocaleData {
        id: "da_DK",
        lang: "da",
        country: "DK",
        language_own: "dansk",
        country_own: "Danmark",
        decimal: ",",
        group: ".",
        minus: "-",
        currency: after("DKK", "kr."),
        names: &DA,
        first_day: 2,
        min_days: 4,
        date_styles: ["dd.MM.y", "d. MMM y", "d. MMMM y", "EEEE 'den' d. MMMM y"],
        time_styles: ["HH.mm", "HH.mm.ss", "HH.mm.ss z", "HH.mm.ss zzzz"],
        date_time: SPACE,
    },
    LocaleData {
        id: "nb_NO",
        lang: "nb",
        country: "NO",
        language_own: "norsk bokmål",
        country_own: "Norge",
        decimal: ",",
        group: NBSP,
        minus: MINUS,
        currency: Currency {
            code: "NOK",
            symbol: "kr",
            digits: 2,
            positive: ("¤\u{a0}", ""),
            negative: Some(("¤\u{a0}\u{2212}", "")),
        },
        names: &NB,
        first_day: 2,
        min_days: 4,
        date_styles: ["dd.MM.y", "d. MMM y", "d. MMMM y", "EEEE d. MMMM y"],
        time_styles: TIMES_24,
        date_time: COMMA,
    },
    LocaleData {
        id: "fi_FI",
        lang: "fi",
        country: "FI",
        language_own: "suomi",
        country_own: "Suomi",
        decimal: ",",
        group: NBSP,
        minus: MINUS,
        currency: after("EUR", "€"),
        names: &FI,
        first_day: 2,
        min_days: 4,
        date_styles: ["d.M.y", "d.M.y", "d. MMMM y", "EEEE d. MMMM y"],
        time_styles: ["H.mm", "H.mm.ss", "H.mm.ss z", "H.mm.ss zzzz"],
        date_time: SPACE,
    },
    LocaleData {
        id: "pl_PL",
        lang: "pl",
        country: "PL",
        language_own: "polski",
        country_own: "Polska",
        decimal: ",",
        group: NBSP,
        minus: "-",
        currency: after("PLN", "zł"),
        names: &PL,
        first_day: 2,
        min_days: 4,
        date_styles: ["d.MM.y", "d MMM y", "d MMMM y", "EEEE, d MMMM y"],
        time_styles: TIMES_24,
        date_time: COMMA,
    },
    LocaleData {
        id: "ja_JP",
        lang: "ja",
        country: "JP",
        language_own: "日本語",
        country_own: "日本",
        decimal: ".",
        group: ",",
        minus: "-",
        currency: Currency {
            code: "JPY",
            symbol: "￥",
            digits: 0,
            positive: ("¤", ""),
            negative: None,
        },
        names: &JA,
        first_day: 1,
        min_days: 1,
        date_styles: ["y/MM/dd", "y/MM/dd", "y年M月d日", "y年M月d日EEEE"],
        time_styles: ["H:mm", "H:mm:ss", "H:mm:ss z", "H時mm分ss秒 zzzz"],
        date_time: SPACE,
    },
    LocaleData {
        id: "zh_CN",
        lang: "zh",
        country: "CN",
        language_own: "中文",
        country_own: "中国",
        decimal: ".",
        group: ",",
        minus: "-",
        currency: before("CNY", "¥"),
        names: &ZH,
        first_day: 2,
        min_days: 1,
        date_styles: ["y/M/d", "y年M月d日", "y年M月d日", "y年M月d日EEEE"],
        time_styles: ["HH:mm", "HH:mm:ss", "z HH:mm:ss", "zzzz HH:mm:ss"],
        date_time: SPACE,
    },
    LocaleData {
        id: "tr_TR",
        lang: "tr",
        country: "TR",
        language_own: "Türkçe",
        country_own: "Türkiye",
        decimal: ",",
        group: ".",
        minus: "-",
        currency: before("TRY", "₺"),
        names: &TR,
        first_day: 2,
        min_days: 1,
        date_styles: ["d.MM.y", "d MMM y", "d MMMM y", "d MMMM y EEEE"],
        time_styles: TIMES_24,
        date_time: SPACE,
    },
];

// ---------------------------------------------------------------------------------------------
// Names of languages and countries
// ---------------------------------------------------------------------------------------------

/// A code, the matching ISO three-letter code, and the English, German and French name.
type NameRow = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// Language code, ISO 639-2 code, English, German and French name.
static LANGUAGES: &[NameRow] = &[
    ("en", "eng", "English", "Englisch", "anglais"),
    ("de", "deu", "German", "Deutsch", "allemand"),
    ("fr", "fra", "French", "Französisch", "français"),
    ("it", "ita", "Italian", "Italienisch", "italien"),
    ("es", "spa", "Spanish", "Spanisch", "espagnol"),
    ("nl", "nld", "Dutch", "Niederländisch", "néerlandais"),
    ("pt", "por", "Portuguese", "Portugiesisch", "portugais"),
    ("sv", "swe", "Swedish", "Schwedisch", "suédois"),
    ("da", "dan", "Danish", "Dänisch", "danois"),
    (
        "nb",
        "nob",
        "Norwegian Bokmål",
        "Norwegisch (Bokmål)",
        "norvégien bokmål",
    ),
    ("fi", "fin", "Finnish", "Finnisch", "finnois"),
    ("pl", "pol", "Polish", "Polnisch", "polonais"),
    ("ja", "jpn", "Japanese", "Japanisch", "japonais"),
    ("zh", "zho", "Chinese", "Chinesisch", "chinois"),
    ("tr", "tur", "Turkish", "Türkisch", "turc"),
];

/// Country code, ISO 3166 alpha-3 code, English, German and French name.
static COUNTRIES: &[NameRow] = &[
    (
        "US",
        "USA",
        "United States",
        "Vereinigte Staaten",
        "États-Unis",
    ),
    (
        "GB",
        "GBR",
        "United Kingdom",
        "Vereinigtes Königreich",
        "Royaume-Uni",
    ),
    ("AU", "AUS", "Australia", "Australien", "Australie"),
    ("CA", "CAN", "Canada", "Kanada", "Canada"),
    ("DE", "DEU", "Germany", "Deutschland", "Allemagne"),
    ("CH", "CHE", "Switzerland", "Schweiz", "Suisse"),
    ("AT", "AUT", "Austria", "Österreich", "Autriche"),
    ("FR", "FRA", "France", "Frankreich", "France"),
    ("IT", "ITA", "Italy", "Italien", "Italie"),
    ("ES", "ESP", "Spain", "Spanien", "Espagne"),
    ("MX", "MEX", "Mexico", "Mexiko", "Mexique"),
    ("NL", "NLD", "Netherlands", "Niederlande", "Pays-Bas"),
    ("BR", "BRA", "Brazil", "Brasilien", "Brésil"),
    ("PT", "PRT", "Portugal", "Portugal", "Portugal"),
    ("SE", "SWE", "Sweden", "Schweden", "Suède"),
    ("DK", "DNK", "Denmark", "Dänemark", "Danemark"),
    ("NO", "NOR", "Norway", "Norwegen", "Norvège"),
    ("FI", "FIN", "Finland", "Finnland", "Finlande"),
    ("PL", "POL", "Poland", "Polen", "Pologne"),
    ("JP", "JPN", "Japan", "Japan", "Japon"),
    ("CN", "CHN", "China", "China", "Chine"),
    ("TR", "TUR", "Türkiye", "Türkei", "Turquie"),
];

/// Lucee's names for locales (its `LocaleFactory` aliases), in Lucee's order, and whether
/// `getLocale()` shows the locale by that name (Lucee's aliases for `fr_FRA`, `no_NO` and some
/// Rime conveniences are not shown).
static ALIASES: &[(&str, &str, bool)] = &[
    ("chinese (china)", "zh_CN", true),
    ("dutch (standard)", "nl_NL", true),
    ("english (australian)", "en_AU", true),
    ("english (australia)", "en_AU", true),
    ("english (canadian)", "en_CA", true),
    ("english (canada)", "en_CA", true),
    ("english (uk)", "en_GB", true),
    ("english (united kingdom)", "en_GB", true),
    ("english (gb)", "en_GB", true),
    ("english (great britan)", "en_GB", true),
    ("english (great britain)", "en_GB", false),
    ("english (us)", "en_US", true),
    ("english (united states)", "en_US", true),
    ("english (united states of america)", "en_US", true),
    ("english (usa)", "en_US", true),
    ("french (canadian)", "fr_CA", true),
    ("french (canadia)", "fr_CA", true),
    ("french (standard)", "fr_FR", false),
    ("french (swiss)", "fr_CH", true),
    ("german (austrian)", "de_AT", true),
    ("german (austria)", "de_AT", true),
    ("german (standard)", "de_DE", true),
    ("german (swiss)", "de_CH", true),
    ("italian (standard)", "it_IT", true),
    ("japanese", "ja_JP", true),
    ("norwegian (bokmal)", "nb_NO", false),
    ("norwegian (nynorsk)", "nb_NO", false),
    ("portuguese (brazilian)", "pt_BR", true),
    ("portuguese (brazil)", "pt_BR", true),
    ("portuguese (standard)", "pt_PT", true),
    ("spanish (mexican)", "es_MX", false),
    ("spanish (modern)", "es_ES", true),
    ("spanish (standard)", "es_ES", true),
    ("swedish", "sv_SE", true),
];

fn by_id(id: &str) -> Option<&'static LocaleData> {
    LOCALES.iter().find(|l| l.id.eq_ignore_ascii_case(id))
}

fn language(code: &str) -> Option<&'static NameRow> {
    LANGUAGES.iter().find(|l| l.0 == code)
}

fn country(code: &str) -> Option<&'static NameRow> {
    COUNTRIES.iter().find(|c| c.0 == code)
}

/// The first locale of a language.
fn default_of(lang: &str) -> Option<&'static LocaleData> {
    let lang = if lang == "no" { "nb" } else { lang };
    LOCALES.iter().find(|l| l.lang == lang)
}

/// A Java or BCP-47 name: `de_CH`, `de-CH`, `de`, `zh-Hans-CN`, `ja_JP_JP`.
fn by_code(s: &str) -> Option<&'static LocaleData> {
    let mut parts = s.split(['_', '-']);
    let lang = parts.next()?;
    if !(2..=3).contains(&lang.len()) || !lang.bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let lang = if lang == "no" { "nb" } else { lang };
    // a script subtag (four letters) may come before the country
    let mut next = parts.next();
    if next.is_some_and(|p| p.len() == 4 && p.bytes().all(|b| b.is_ascii_alphabetic())) {
        next = parts.next();
    }
    match next {
        None | Some("") => default_of(lang),
        Some(c) if c.len() == 2 && c.bytes().all(|b| b.is_ascii_alphabetic()) => LOCALES
            .iter()
            .find(|l| l.lang == lang && l.country.eq_ignore_ascii_case(c)),
        Some(_) => None,
    }
}

/// A name as Java shows it in English, or in the language itself: `german (switzerland)`,
/// `deutsch (schweiz)`, `german`, `deutsch`.
fn by_display_name(s: &str) -> Option<&'static LocaleData> {
    let (lang_name, country_name) = match s.split_once('(') {
        Some((l, rest)) => {
            let c = rest.strip_suffix(')')?;
            (l.trim(), Some(c.trim()))
        }
        None => (s, None),
    };
    let lang_matches = |l: &LocaleData| {
        l.language_own.to_lowercase() == lang_name
            || language(l.lang).is_some_and(|n| n.2.to_lowercase() == lang_name)
    };
    match country_name {
        None => LOCALES.iter().find(|l| lang_matches(l)),
        Some(c) => LOCALES.iter().find(|l| {
            lang_matches(l)
                && (l.country_own.to_lowercase() == c
                    || country(l.country).is_some_and(|n| n.2.to_lowercase() == c))
        }),
    }
}

/// Find a locale by any of its names: Java's (`de_CH`), BCP-47 (`de-CH`), Lucee's
/// (`German (Swiss)`) or Java's English display name (`German (Switzerland)`); case and
/// surrounding spaces do not matter. A bare language means its main country.
pub(crate) fn find(name: &str) -> Option<&'static LocaleData> {
    let s = name.trim().to_lowercase();
    if s.is_empty() {
        return None;
    }
    // `french(switzerland)` and `french ( switzerland )` are `french (switzerland)`
    let s = match s.split_once('(') {
        Some((a, b)) => format!("{} ({})", a.trim(), b.trim_end_matches(')').trim()),
        None => s,
    };
    if let Some((_, id, _)) = ALIASES.iter().find(|(a, _, _)| *a == s) {
        return by_id(id);
    }
    by_code(&s).or_else(|| by_display_name(&s))
}

/// The names of the supported locales, for error messages.
pub(crate) fn supported_list() -> String {
    LOCALES.iter().map(|l| l.id).collect::<Vec<_>>().join(", ")
}

/// What `getLocale()` returns: Lucee's name for the locale (`english (us)`, `german (swiss)`) or
/// else its English display name (`French (France)`).
pub(crate) fn lucee_name(loc: &LocaleData) -> String {
    match ALIASES
        .iter()
        .find(|(_, id, shown)| *shown && *id == loc.id)
    {
        Some((alias, _, _)) => (*alias).to_string(),
        None => display_name(loc, english()),
    }
}

/// `en_US`, the default locale.
pub(crate) fn english() -> &'static LocaleData {
    &LOCALES[0]
}

/// The locale's language in the language of `dsp` (Java's `getDisplayLanguage`). Names are
/// known in English, German, French and each language's own; other languages show English.
pub(crate) fn display_language(loc: &LocaleData, dsp: &LocaleData) -> &'static str {
    if dsp.lang == loc.lang {
        return loc.language_own;
    }
    let Some(names) = language(loc.lang) else {
        return loc.language_own;
    };
    match dsp.lang {
        "de" => names.3,
        "fr" => names.4,
        _ => names.2,
    }
}

/// The locale's country in the language of `dsp` (Java's `getDisplayCountry`).
pub(crate) fn display_country(loc: &LocaleData, dsp: &LocaleData) -> &'static str {
    if let Some(l) = LOCALES
        .iter()
        .find(|l| l.lang == dsp.lang && l.country == loc.country)
    {
        return l.country_own;
    }
    let Some(names) = country(loc.country) else {
        return loc.country_own;
    };
    match dsp.lang {
        "de" => names.3,
        "fr" => names.4,
        _ => names.2,
    }
}

/// `Language (Country)` in the language of `dsp` (Java's `getDisplayName`).
pub(crate) fn display_name(loc: &LocaleData, dsp: &LocaleData) -> String {
    format!(
        "{} ({})",
        display_language(loc, dsp),
        display_country(loc, dsp)
    )
}

/// The ISO 639-2 language and ISO 3166 alpha-3 country codes.
pub(crate) fn iso3(loc: &LocaleData) -> (&'static str, &'static str) {
    (
        language(loc.lang).map_or("", |l| l.1),
        country(loc.country).map_or("", |c| c.1),
    )
}

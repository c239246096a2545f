//! String functions: substrings, search and replace, case and padding, number and text
//! formatting, HTML/JavaScript/URL encoding and Lucee 6's higher-order string functions.
//!
//! Lucee calls some member functions with the receiver as the *second* argument
//! (`"abc".find("b")` is `find("b", "abc")`). The registry passes the receiver first, so those
//! members are registered on companion definitions named `string.<name>` whose parameters start
//! with the receiver; the dot keeps them from being called as global functions.

mod basic;
mod encode;
mod entities;
pub(crate) mod format;
pub use format::{url_decode_utf8, url_encode_utf8};
mod higher;
mod java;
mod markdown;
mod phonetic;
pub(crate) mod util;

use rime_runtime::{def, opt, req, BuiltinDef, MemberType::Number as N, MemberType::String as S};

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "markdownToHtml",
        &[
            req("string").alias(&["markdown"]),
            opt("safeMode").alias(&["safe"]),
            opt("encoding").alias(&["charset"]),
        ],
        markdown::markdown_to_html,
    )
    .members(&[(S, "markdownToHtml")]),
    def("len", &[req("value")], basic::len),
    def("stringLen", &[req("string")], basic::string_len).members(&[(S, "len")]),
    def(
        "mid",
        &[req("string"), req("start"), opt("count")],
        basic::mid,
    )
    .members(&[(S, "mid")]),
    def("left", &[req("string"), req("count")], basic::left).members(&[(S, "left")]),
    def("right", &[req("string"), req("count")], basic::right).members(&[(S, "right")]),
    def(
        "find",
        &[req("substring"), req("string"), opt("start")],
        basic::find,
    )
    .members(&[(S, "find")])
    .receiver(1),
    def(
        "findNoCase",
        &[req("substring"), req("string"), opt("start")],
        basic::find_no_case,
    )
    .members(&[(S, "findNoCase")])
    .receiver(1),
    def(
        "findOneOf",
        &[req("set"), req("string"), opt("start")],
        basic::find_one_of,
    )
    .members(&[(S, "findOneOf")])
    .receiver(1),
    def(
        "findLast",
        &[req("substring"), req("string"), opt("start")],
        basic::find_last,
    )
    .members(&[(S, "findLast")])
    .receiver(1),
    def(
        "findLastNoCase",
        &[req("substring"), req("string"), opt("start")],
        basic::find_last_no_case,
    )
    .members(&[(S, "findLastNoCase")])
    .receiver(1),
    def(
        "replace",
        &[
            req("string"),
            req("substring").alias(&["sub1", "find", "substring1"]),
            opt("replacement").alias(&["sub2", "repl", "substring2"]),
            opt("scope"),
        ],
        basic::replace,
    )
    .members(&[(S, "replace")]),
    def(
        "replaceNoCase",
        &[
            req("string"),
            req("substring").alias(&["substring1"]),
            opt("replacement").alias(&["substring2"]),
            opt("scope"),
        ],
        basic::replace_no_case,
    )
    .members(&[(S, "replaceNoCase")]),
    def(
        "replaceList",
        &[
            req("string"),
            req("list1"),
            req("list2"),
            opt("delimiter_list1"),
            opt("delimiter_list2"),
            opt("includeEmptyFields"),
        ],
        basic::replace_list,
    )
    .members(&[(S, "replaceList")]),
    def(
        "replaceListNoCase",
        &[
            req("string"),
            req("list1"),
            req("list2"),
            opt("delimiter_list1"),
            opt("delimiter_list2"),
            opt("includeEmptyFields"),
        ],
        basic::replace_list_no_case,
    )
    .members(&[(S, "replaceListNoCase")]),
    def("trim", &[req("string")], basic::trim).members(&[(S, "trim")]),
    def("lTrim", &[req("string")], basic::ltrim).members(&[(S, "ltrim")]),
    def("rTrim", &[req("string")], basic::rtrim).members(&[(S, "rTrim")]),
    def("uCase", &[req("string")], basic::ucase).members(&[(S, "uCase")]),
    def("lCase", &[req("string")], basic::lcase).members(&[(S, "lCase")]),
    def("reverse", &[req("string")], basic::reverse).members(&[(S, "reverse")]),
    def(
        "repeatString",
        &[req("string"), req("count")],
        basic::repeat_string,
    )
    .members(&[(S, "repeatString")]),
    def(
        "insert",
        &[req("substring"), req("string"), req("position")],
        basic::insert,
    )
    .members(&[(S, "insert")])
    .receiver(1),
    def(
        "removeChars",
        &[req("string"), req("start"), req("count")],
        basic::remove_chars,
    )
    .members(&[(S, "removeChars")]),
    def(
        "spanIncluding",
        &[req("string"), req("set")],
        basic::span_including,
    )
    .members(&[(S, "spanIncluding")]),
    def(
        "spanExcluding",
        &[req("string"), req("set")],
        basic::span_excluding,
    )
    .members(&[(S, "spanExcluding")]),
    def("compare", &[req("string1"), req("string2")], basic::compare).members(&[(S, "compare")]),
    def(
        "compareNoCase",
        &[req("string1"), req("string2")],
        basic::compare_no_case,
    )
    .members(&[(S, "compareNoCase")]),
    def("asc", &[req("string"), opt("position")], basic::asc).members(&[(S, "asc")]),
    def("chr", &[req("number")], basic::chr),
    def(
        "wrap",
        &[req("string"), req("limit"), opt("strip")],
        basic::wrap,
    )
    .members(&[(S, "wrap")]),
    def(
        "ucFirst",
        &[req("string"), opt("doAll"), opt("doLowerIfAllUppercase")],
        basic::uc_first,
    )
    .members(&[(S, "ucFirst")]),
    def("stripCr", &[req("string")], basic::strip_cr).members(&[(S, "stripCr")]),
    def("lJustify", &[req("string"), req("length")], basic::ljustify).members(&[(S, "lJustify")]),
    def("rJustify", &[req("string"), req("length")], basic::rjustify).members(&[(S, "rJustify")]),
    def("cJustify", &[req("string"), req("length")], basic::cjustify).members(&[(S, "cJustify")]),
    def("newLine", &[], basic::new_line),
    def("stringIsEmpty", &[req("value")], basic::string_is_empty).members(&[(S, "isEmpty")]),
    def(
        "stringHasPrefix",
        &[req("value"), req("prefix"), opt("ignoreCase")],
        basic::string_has_prefix,
    )
    .members(&[(S, "hasPrefix")]),
    def(
        "stringHasSuffix",
        &[req("value"), req("suffix"), opt("ignoreCase")],
        basic::string_has_suffix,
    )
    .members(&[(S, "hasSuffix")]),
    // `java.lang.String` methods (Lucee falls through to them for unknown member names).
    def(
        "string.startsWith",
        &[req("string"), req("prefix"), opt("offset")],
        java::starts_with,
    )
    .members(&[(S, "startsWith")]),
    def(
        "string.endsWith",
        &[req("string"), req("suffix")],
        java::ends_with,
    )
    .members(&[(S, "endsWith")]),
    def(
        "string.contains",
        &[req("string"), req("part")],
        java::contains,
    )
    .members(&[(S, "contains")]),
    def(
        "string.indexOf",
        &[req("string"), req("part"), opt("from")],
        java::index_of,
    )
    .members(&[(S, "indexOf")]),
    def(
        "string.lastIndexOf",
        &[req("string"), req("part"), opt("from")],
        java::last_index_of,
    )
    .members(&[(S, "lastIndexOf")]),
    def(
        "string.charAt",
        &[req("string"), req("index")],
        java::char_at,
    )
    .members(&[(S, "charAt")]),
    def("string.length", &[req("string")], java::length).members(&[(S, "length")]),
    def(
        "string.substring",
        &[req("string"), req("begin"), opt("end")],
        java::substring,
    )
    .members(&[(S, "substring")]),
    def("string.toUpperCase", &[req("string")], java::to_upper_case).members(&[(S, "toUpperCase")]),
    def("string.toLowerCase", &[req("string")], java::to_lower_case).members(&[(S, "toLowerCase")]),
    def(
        "string.equalsIgnoreCase",
        &[req("string"), req("other")],
        java::equals_ignore_case,
    )
    .members(&[(S, "equalsIgnoreCase")]),
    def(
        "string.equals",
        &[req("string"), req("other")],
        java::equals,
    )
    .members(&[(S, "equals")]),
    def(
        "string.compareTo",
        &[req("string"), req("other")],
        java::compare_to,
    )
    .members(&[(S, "compareTo")]),
    def(
        "string.compareToIgnoreCase",
        &[req("string"), req("other")],
        java::compare_to_ignore_case,
    )
    .members(&[(S, "compareToIgnoreCase")]),
    def(
        "string.concat",
        &[req("string"), req("other")],
        java::concat,
    )
    .members(&[(S, "concat")]),
    def("string.hashCode", &[req("string")], java::hash_code).members(&[(S, "hashCode")]),
    def("string.isBlank", &[req("string")], java::is_blank).members(&[(S, "isBlank")]),
    def("string.toString", &[req("string")], java::to_string).members(&[(S, "toString")]),
    def(
        "string.getBytes",
        &[req("string"), opt("charset")],
        java::get_bytes,
    )
    .members(&[(S, "getBytes")]),
    def(
        "string.matches",
        &[req("string"), req("regex")],
        java::matches,
    )
    .members(&[(S, "matches")]),
    def(
        "string.split",
        &[req("string"), req("regex"), opt("limit")],
        java::split,
    )
    .members(&[(S, "split")]),
    def(
        "string.replaceAll",
        &[req("string"), req("regex"), req("replacement")],
        java::replace_all,
    )
    .members(&[(S, "replaceAll")]),
    def(
        "string.replaceFirst",
        &[req("string"), req("regex"), req("replacement")],
        java::replace_first,
    )
    .members(&[(S, "replaceFirst")]),
    def("soundex", &[req("str")], basic::soundex),
    def("metaphone", &[req("str")], phonetic::metaphone),
    def("trimWhiteSpace", &[req("input")], basic::trim_white_space)
        .members(&[(S, "trimWhiteSpace")]),
    def("stringSort", &[req("inputString")], basic::string_sort).members(&[(S, "sort")]),
    def(
        "stringEach",
        &[req("string"), req("closure")],
        higher::string_each,
    )
    .members(&[(S, "each")]),
    def(
        "stringMap",
        &[req("string"), opt("closure")],
        higher::string_map,
    )
    .members(&[(S, "map")]),
    def(
        "stringFilter",
        &[req("string"), req("closure")],
        higher::string_filter,
    )
    .members(&[(S, "filter")]),
    def(
        "stringReduce",
        &[req("string"), req("closure"), opt("initialVal")],
        higher::string_reduce,
    )
    .members(&[(S, "reduce")]),
    def(
        "stringSome",
        &[req("string"), opt("closure")],
        higher::string_some,
    )
    .members(&[(S, "some")]),
    def(
        "stringEvery",
        &[req("string"), req("closure")],
        higher::string_every,
    )
    .members(&[(S, "every")]),
    def("jsStringFormat", &[req("string")], format::js_string_format),
    def(
        "htmlEditFormat",
        &[req("string"), opt("version")],
        format::html_edit_format,
    ),
    def(
        "htmlCodeFormat",
        &[req("string"), opt("version")],
        format::html_code_format,
    ),
    def(
        "encodeForHTML",
        &[req("string"), opt("canonicalize")],
        encode::encode_for_html,
    )
    .members(&[(S, "encodeForHTML")]),
    def(
        "encodeForHTMLAttribute",
        &[req("string"), opt("canonicalize")],
        encode::encode_for_html_attribute,
    )
    .members(&[(S, "encodeForHTMLAttribute")]),
    def(
        "encodeForJavaScript",
        &[req("string"), opt("canonicalize")],
        encode::encode_for_javascript,
    )
    .members(&[(S, "encodeForJavaScript")]),
    def(
        "encodeForURL",
        &[req("string"), opt("canonicalize")],
        encode::encode_for_url,
    )
    .members(&[(S, "encodeForURL")]),
    def(
        "decodeForHTML",
        &[req("string"), opt("canonicalize")],
        encode::decode_for_html,
    )
    .members(&[(S, "decodeForHTML")]),
    def(
        "decodeFromURL",
        &[req("string"), opt("canonicalize")],
        encode::decode_from_url,
    )
    .members(&[(S, "decodeFromURL")]),
    def(
        "urlEncodedFormat",
        &[req("string"), opt("charset"), opt("force")],
        format::url_encoded_format,
    )
    .members(&[(S, "urlEncodedFormat")]),
    def(
        "urlDecode",
        &[req("string"), opt("charset")],
        format::url_decode,
    )
    .members(&[(S, "urlDecode")]),
    def(
        "urlEncode",
        &[req("string"), opt("charset"), opt("force")],
        format::url_encode,
    )
    .members(&[(S, "urlEncode")]),
    def(
        "paragraphFormat",
        &[req("string")],
        format::paragraph_format,
    )
    .members(&[(S, "paragraphFormat")]),
    def(
        "numberFormat",
        &[req("number"), opt("mask")],
        format::number_format,
    )
    .members(&[(N, "numberFormat")]),
    def("decimalFormat", &[req("number")], format::decimal_format_fn),
    def("dollarFormat", &[req("number")], format::dollar_format),
    def(
        "formatBaseN",
        &[req("number"), req("radix")],
        format::format_base_n,
    )
    .members(&[(N, "formatBaseN")]),
    def(
        "inputBaseN",
        &[req("string"), req("radix")],
        format::input_base_n,
    ),
    def("val", &[req("value")], format::val),
    def(
        "parseNumber",
        &[req("number"), opt("radix")],
        format::parse_number,
    ),
];

#[cfg(test)]
pub(crate) mod test_ctx {
    //! A minimal `Ctx` for unit tests: no closures, output collected in a string.
    use rime_runtime::{Args, CfResult, CfmlError, Value};

    #[derive(Default)]
    pub struct TestCtx {
        pub out: String,
    }

    impl rime_runtime::CodeCtx for TestCtx {
        fn call(&mut self, _f: &Value, _args: Vec<Value>) -> CfResult<Value> {
            Err(CfmlError::expression(
                "closures are not available in unit tests",
            ))
        }
        fn lookup(&mut self, _name: &str) -> Option<Value> {
            None
        }
        fn assign(&mut self, _name: &str, _value: Value) -> CfResult<()> {
            Ok(())
        }
        fn evaluate(&mut self, _expr: &str) -> CfResult<Value> {
            Err(CfmlError::expression(
                "evaluate is not available in unit tests",
            ))
        }
        fn current_template(&self) -> String {
            String::new()
        }
        fn base_template(&self) -> String {
            String::new()
        }
    }

    impl rime_runtime::PageCtx for TestCtx {
        fn write(&mut self, s: &str) {
            self.out.push_str(s);
        }
    }

    impl rime_runtime::AppCtx for TestCtx {
        fn expand_path(&self, path: &str) -> String {
            path.to_string()
        }
    }

    impl rime_runtime::DataCtx for TestCtx {}

    /// Call the builtin `name` from `table` with positional arguments; the result as a string
    /// (or `ERR: message`).
    pub fn call(table: &[rime_runtime::BuiltinDef], name: &str, args: Vec<Value>) -> String {
        let def = table
            .iter()
            .find(|d| d.name.eq_ignore_ascii_case(name))
            .unwrap_or_else(|| panic!("no builtin {name}"));
        let mut ctx = TestCtx::default();
        let a = Args::new(def.name, args.into_iter().map(Some).collect());
        match (def.func)(&mut ctx, &a) {
            Ok(v) => show(&v),
            Err(e) => format!("ERR: {}", e.message),
        }
    }

    /// A compact rendering of a value for assertions.
    pub fn show(v: &Value) -> String {
        match v {
            Value::Array(a) => format!(
                "[{}]",
                a.to_vec().iter().map(show).collect::<Vec<_>>().join(",")
            ),
            Value::Struct(s) => format!(
                "{{{}}}",
                s.entries()
                    .iter()
                    .map(|(k, v)| format!("{}:{}", k.as_str(), show(v)))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            Value::Null => "null".into(),
            other => other
                .to_str()
                .map(|c| c.into_owned())
                .unwrap_or_else(|e| format!("ERR: {}", e.message)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_ctx::call;
    use rime_runtime::Value;

    fn c(name: &str, args: &[&str]) -> String {
        call(
            super::FUNCTIONS,
            name,
            args.iter().map(|a| Value::from(*a)).collect(),
        )
    }

    #[test]
    fn white_space_and_metaphone() {
        assert_eq!(
            c("trimWhiteSpace", &["  I love   Lucee  "]),
            " I love Lucee "
        );
        assert_eq!(c("trimWhiteSpace", &["a \t\r\n  b\n\nc"]), "a\nb\nc");
        assert_eq!(c("trimWhiteSpace", &["\t x"]), "\tx");
        assert_eq!(c("trimWhiteSpace", &[""]), "");
        assert_eq!(c("metaphone", &["Truck"]), "TRK");
        assert_eq!(c("metaphone", &["Thompson"]), "0MPS");
    }

    #[test]
    fn substrings() {
        assert_eq!(c("mid", &["20001122", "5", "2"]), "11");
        assert_eq!(c("mid", &["abc", "2"]), "bc");
        assert_eq!(
            c("left", &["The quick brown fox jumped", "-7"]),
            "The quick brown fox"
        );
        assert_eq!(
            c(
                "right",
                &["The quick brown fox jumped over the lazy dog", "-32"]
            ),
            "the lazy dog"
        );
        assert!(c("left", &["abc", "0"]).starts_with("ERR"));
        assert_eq!(c("len", &["héllo"]), "5");
        assert_eq!(c("insert", &["Google", " chrome", "0"]), "Google chrome");
        assert_eq!(
            c("removeChars", &["Hello CFML World", "6", "5"]),
            "Hello World"
        );
        assert_eq!(c("reverse", &["Hello World"]), "dlroW olleH");
        assert_eq!(c("stringHasPrefix", &["Lucee", "lu", "true"]), "true");
        assert_eq!(c("stringHasSuffix", &["Lucee", "CEE"]), "false");
        assert_eq!(c("stringIsEmpty", &[""]), "true");
    }

    #[test]
    fn searching() {
        assert_eq!(
            c("find", &["apple", "An apple a day keeps the doctor away."]),
            "4"
        );
        assert_eq!(c("findNoCase", &["s", "cfdocs.org", "0"]), "6");
        assert_eq!(
            c(
                "findOneOf",
                &["in", "The rain in Spain falls mainly in the plains.", "12"]
            ),
            "16"
        );
        assert_eq!(c("findOneOf", &["tHe", "The rain in Spain"]), "3");
        assert_eq!(c("findLast", &["a", "banana"]), "6");
        assert_eq!(c("compare", &["ColdFusion", "coldfusion"]), "-1");
        assert_eq!(c("compareNoCase", &["ColdFusion", "coldfusion"]), "0");
    }

    #[test]
    fn replacing() {
        assert_eq!(
            c("replace", &["xxabcxxabcxx", "abc", "def", "hans"]),
            "xxdefxxabcxx"
        );
        assert_eq!(c("replace", &["a.b.c.d", ".", "-", "all"]), "a-b-c-d");
        assert_eq!(
            c("replaceNoCase", &["ColdFusiOn", "O", "a", "ALL"]),
            "CaldFusian"
        );
        assert_eq!(
            c(
                "replaceList",
                &["My Test String", "Test, String", "Replaced, Sentence"]
            ),
            "My Replaced Sentence"
        );
        assert_eq!(
            c(
                "ucFirst",
                &[
                    "cfdocs.org is your (everyone's) resource for cf-related documentation!",
                    "true"
                ]
            ),
            "Cfdocs.Org Is Your (Everyone's) Resource For Cf-Related Documentation!"
        );
        assert_eq!(
            c("ucFirst", &["CFDOCS.ORG YOUR (EVERYONE'S)", "true", "true"]),
            "Cfdocs.Org Your (Everyone's)"
        );
        assert_eq!(
            c("wrap", &["This is a standard sentence.", "7"]),
            "This is\na\nstandar\nd\nsentenc\ne."
        );
        assert_eq!(c("soundex", &["Robert"]), "R163");
        assert_eq!(c("soundex", &["Rubin"]), "R150");
        assert_eq!(c("stringSort", &["ZzgiSA"]), "ASZgiz");
        assert_eq!(c("cJustify", &["abc", "6"]), " abc  ");
        assert_eq!(c("repeatString", &["ab", "3"]), "ababab");
        assert!(c("repeatString", &["x", "1000000000000"]).starts_with("ERR"));
    }

    #[test]
    fn formatting() {
        assert_eq!(c("numberFormat", &["123", "00000"]), "00123");
        assert_eq!(c("numberFormat", &[""]), "0");
        assert_eq!(c("numberFormat", &["1234567.5"]), "1,234,568");
        assert_eq!(c("numberFormat", &["4", "roman"]), "IV");
        assert_eq!(c("dollarFormat", &["1236598.2"]), "$1,236,598.20");
        assert_eq!(c("dollarFormat", &["-11.34"]), "($11.34)");
        assert_eq!(c("decimalFormat", &["1234.5"]), "1,234.50");
        assert_eq!(c("formatBaseN", &["10.75", "2"]), "1010");
        assert_eq!(c("inputBaseN", &["3FF", "16"]), "1023");
        assert_eq!(c("parseNumber", &["1010", "hex"]), "4112");
        assert_eq!(c("htmlEditFormat", &["a & <b>"]), "a &amp; &lt;b&gt;");
        assert_eq!(c("jsStringFormat", &["a'b\"c\n"]), "a\\'b\\\"c\\n");
        assert_eq!(
            c("urlEncodedFormat", &["$18$f^$XlTe41"]),
            "%2418%24f%5E%24XlTe41"
        );
        assert_eq!(c("urlEncodedFormat", &["a b.c-d"]), "a%20b%2Ec%2Dd");
        assert_eq!(c("urlDecode", &["%21"]), "!");
        assert_eq!(c("encodeForJavaScript", &["foo()"]), "foo\\x28\\x29");
        assert_eq!(c("encodeForURL", &["5+3=8"]), "5%2B3%3D8");
        assert_eq!(c("encodeForURL", &["&lt;tag&gt;", "true"]), "%3Ctag%3E");
        assert_eq!(c("paragraphFormat", &["a\n\nb"]), "a  <P>\r\nb <P>");
        assert_eq!(c("val", &["120test12sstring"]), "120");
    }
}

//! List functions: a CFML list is a string whose elements are separated by any of the
//! characters of a delimiter string (or, with `multiCharacterDelimiter`, by the whole
//! delimiter). Empty elements are skipped unless `includeEmptyFields` is true. Functions that
//! rebuild a list join with the whole delimiter string, as Lucee does.
//!
//! Closure-based functions accept Lucee's `parallel`/`maxThreads` arguments but always run
//! sequentially, which gives the same results.

mod edit;
mod iter;
mod tokenize;

pub(crate) use tokenize::split;

use rime_runtime::{def, opt, req, BuiltinDef, MemberType::String as S};

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "listLen",
        &[
            req("list"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
        ],
        edit::list_len,
    )
    .members(&[(S, "listLen")]),
    def(
        "listGetAt",
        &[
            req("list"),
            req("position"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
        ],
        edit::list_get_at,
    )
    .members(&[(S, "listGetAt")]),
    def(
        "listSetAt",
        &[
            req("list"),
            req("position"),
            req("value"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
        ],
        edit::list_set_at,
    )
    .members(&[(S, "listSetAt")]),
    def(
        "listAppend",
        &[
            req("list"),
            req("value"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
        ],
        edit::list_append,
    )
    .members(&[(S, "listAppend")]),
    def(
        "listPrepend",
        &[
            req("list"),
            req("value"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
        ],
        edit::list_prepend,
    )
    .members(&[(S, "listPrepend")]),
    def(
        "listInsertAt",
        &[
            req("list"),
            req("position"),
            req("value"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
        ],
        edit::list_insert_at,
    )
    .members(&[(S, "listInsertAt")]),
    def(
        "listDeleteAt",
        &[
            req("list"),
            req("position"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
        ],
        edit::list_delete_at,
    )
    .members(&[(S, "listDeleteAt")]),
    def(
        "listFind",
        &[
            req("list"),
            req("value"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
        ],
        edit::list_find,
    )
    .members(&[(S, "listFind")]),
    def(
        "listFindNoCase",
        &[
            req("list"),
            req("value"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
        ],
        edit::list_find_no_case,
    )
    .members(&[(S, "listFindNoCase")]),
    def(
        "listContains",
        &[
            req("list"),
            req("substring"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
            opt("multiCharacterDelimiter"),
        ],
        edit::list_contains,
    )
    .members(&[(S, "listContains")]),
    def(
        "listContainsNoCase",
        &[
            req("list"),
            req("substring"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
            opt("multiCharacterDelimiter"),
        ],
        edit::list_contains_no_case,
    )
    .members(&[(S, "listContainsNoCase")]),
    def(
        "listSort",
        &[
            req("list"),
            opt("sort_type").alias(&["sortType"]),
            opt("sort_order"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
        ],
        edit::list_sort,
    )
    .members(&[(S, "listSort")]),
    def(
        "listToArray",
        &[
            req("list"),
            opt("delimiter").alias(&["delimiters"]),
            opt("includeEmptyFields"),
            opt("multiCharacterDelimiter"),
        ],
        edit::list_to_array,
    )
    .members(&[(S, "listToArray")]),
    def(
        "listFirst",
        &[
            req("list"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
            opt("count"),
        ],
        edit::list_first,
    )
    .members(&[(S, "listFirst")]),
    def(
        "listLast",
        &[
            req("list"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
            opt("count"),
        ],
        edit::list_last,
    )
    .members(&[(S, "listLast")]),
    def(
        "listRest",
        &[
            req("list"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
            opt("offset"),
        ],
        edit::list_rest,
    )
    .members(&[(S, "listRest")]),
    def(
        "listQualify",
        &[
            req("list"),
            req("qualifier"),
            opt("delimiters").alias(&["delimiter"]),
            opt("elements"),
            opt("includeEmptyFields"),
        ],
        edit::list_qualify,
    )
    .members(&[(S, "listQualify")]),
    def(
        "listRemoveDuplicates",
        &[
            req("list"),
            opt("delimiters").alias(&["delimiter"]),
            opt("ignoreCase"),
        ],
        edit::list_remove_duplicates,
    )
    .members(&[(S, "listRemoveDuplicates")]),
    def(
        "listChangeDelims",
        &[
            req("list"),
            req("new_delimiter"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
            opt("multiCharacterDelimiter"),
        ],
        edit::list_change_delims,
    )
    .members(&[(S, "listChangeDelims"), (S, "changeDelims")]),
    def(
        "listValueCount",
        &[
            req("list"),
            req("value"),
            opt("delimiter").alias(&["delimiters"]),
            opt("includeEmptyFields"),
        ],
        edit::list_value_count,
    )
    .members(&[(S, "listValueCount")]),
    def(
        "listValueCountNoCase",
        &[
            req("list"),
            req("value"),
            opt("delimiter").alias(&["delimiters"]),
            opt("includeEmptyFields"),
        ],
        edit::list_value_count_no_case,
    )
    .members(&[(S, "listValueCountNoCase")]),
    def(
        "listEach",
        &[
            req("list"),
            req("closure"),
            opt("delimiter").alias(&["delimiters"]),
            opt("includeEmptyFields"),
            opt("multiCharacterDelimiter"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        iter::list_each,
    )
    .members(&[(S, "listEach")]),
    def(
        "listMap",
        &[
            req("list"),
            req("closure"),
            opt("delimiter").alias(&["delimiters"]),
            opt("includeEmptyFields"),
            opt("multiCharacterDelimiter"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        iter::list_map,
    )
    .members(&[(S, "listMap")]),
    def(
        "listFilter",
        &[
            req("list"),
            req("filter"),
            opt("delimiter").alias(&["delimiters"]),
            opt("includeEmptyFields"),
            opt("multiCharacterDelimiter"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        iter::list_filter,
    )
    .members(&[(S, "listFilter")]),
    def(
        "listReduce",
        &[
            req("list"),
            req("closure"),
            opt("initialValue"),
            opt("delimiter").alias(&["delimiters"]),
            opt("includeEmptyFields"),
            opt("multiCharacterDelimiter"),
        ],
        iter::list_reduce,
    )
    .members(&[(S, "listReduce")]),
    def(
        "listSome",
        &[
            req("list"),
            req("closure"),
            opt("delimiter").alias(&["delimiters"]),
            opt("includeEmptyFields"),
            opt("multiCharacterDelimiter"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        iter::list_some,
    )
    .members(&[(S, "listSome")]),
    def(
        "listEvery",
        &[
            req("list"),
            req("closure"),
            opt("delimiter").alias(&["delimiters"]),
            opt("includeEmptyFields"),
            opt("multiCharacterDelimiter"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        iter::list_every,
    )
    .members(&[(S, "listEvery")]),
    def(
        "listItemTrim",
        &[
            req("list"),
            opt("delimiters").alias(&["delimiter"]),
            opt("includeEmptyFields"),
        ],
        edit::list_item_trim,
    )
    .members(&[(S, "listItemTrim")]),
    def(
        "listCompact",
        &[
            req("list"),
            opt("delimiters").alias(&["delimiter"]),
            opt("multiCharacterDelimiter"),
        ],
        edit::list_compact,
    )
    .members(&[(S, "listCompact")]),
    def(
        "listTrim",
        &[req("list"), opt("delimiters").alias(&["delimiter"])],
        edit::list_trim,
    ),
    def(
        "listIndexExists",
        &[
            req("list"),
            req("index"),
            opt("delimiter").alias(&["delimiters"]),
            opt("includeEmptyFields"),
        ],
        edit::list_index_exists,
    )
    .members(&[(S, "listIndexExists")]),
    def(
        "listAvg",
        &[
            req("list"),
            opt("delimiters").alias(&["delimiter"]),
            opt("multiCharacterDelimiter"),
        ],
        edit::list_avg,
    )
    .members(&[(S, "listAvg")]),
    def(
        "listQualifiedToArray",
        &[
            req("list"),
            opt("delimiter").alias(&["delimiters"]),
            opt("qualifier"),
            opt("qualifierRequired"),
            opt("includeEmptyFields"),
        ],
        edit::list_qualified_to_array,
    )
    .members(&[(S, "listQualifiedToArray")]),
    def(
        "getToken",
        &[
            req("string"),
            req("index"),
            opt("delimiters").alias(&["delimiter"]),
        ],
        edit::get_token,
    )
    .members(&[(S, "getToken")]),
];

#[cfg(test)]
mod tests {
    use crate::string::test_ctx::call;
    use rime_runtime::Value;

    fn c(name: &str, args: &[&str]) -> String {
        call(
            super::FUNCTIONS,
            name,
            args.iter().map(|a| Value::from(*a)).collect(),
        )
    }

    #[test]
    fn tokenizer() {
        assert_eq!(super::split("a,,b", ",", true, false), vec!["a", "", "b"]);
        assert_eq!(super::split("a,|b|c", ",|", false, true), vec!["a", "b|c"]);
        assert_eq!(super::split("ab", "", true, false), vec!["", "a", "b", ""]);
        assert_eq!(c("listLen", &["foo,bar,,foo2", ",", "YES"]), "4");
        assert_eq!(c("listLen", &["susi,,LAS,,"]), "2");
        assert_eq!(
            c(
                "listToArray",
                &["coldfusion,php,|test,java,|sql", ",|", "false", "true"]
            ),
            "[coldfusion,php,test,java,sql]"
        );
    }

    #[test]
    fn access() {
        assert_eq!(
            c("listGetAt", &["foo,bar|lorem,ipsum|me|something", "3", "|"]),
            "me"
        );
        assert_eq!(
            c("listGetAt", &["foo,bar,,lorem,ipsum", "4", ",", "true"]),
            "lorem"
        );
        assert!(c("listGetAt", &["a,b", "3"]).contains("invalid string list index [3]"));
        assert_eq!(c("listFirst", &[",,a,b"]), "a");
        assert_eq!(c("listLast", &["one/two\\three/four", "\\/"]), "four");
        assert_eq!(c("listLast", &["a,b,c,", ",", "false", "2"]), "b,c");
        assert_eq!(c("listFirst", &["a,b,c", ",", "false", "2"]), "a,b");
        assert_eq!(c("listRest", &["one,two,three,four"]), "two,three,four");
        assert_eq!(c("listRest", &[",a,,b"]), "b");
        assert_eq!(c("getToken", &["a b  c", "3"]), "c");
        assert_eq!(c("listIndexExists", &["a,b", "2"]), "true");
    }

    #[test]
    fn editing() {
        assert_eq!(
            c(
                "listSetAt",
                &["bar|lorem,ipsum|me|something", "2", "foo", "|"]
            ),
            "bar|foo|me|something"
        );
        assert_eq!(
            c(
                "listInsertAt",
                &["bar|lorem,ipsum|me|something", "2", "foo", "|"]
            ),
            "bar|foo|lorem,ipsum|me|something"
        );
        assert_eq!(
            c(
                "listDeleteAt",
                &["foo,bar|lorem,ipsum|me|something", "2", "|"]
            ),
            "foo,bar|me|something"
        );
        assert_eq!(c("listDeleteAt", &["a,b,c", "3"]), "a,b");
        assert_eq!(
            c("listAppend", &["bar,bar2", "foo,,", ",", "false"]),
            "bar,bar2,foo"
        );
        assert_eq!(
            c("listAppend", &["bar,bar2", "foo,,", ",", "true"]),
            "bar,bar2,foo,,"
        );
        assert_eq!(
            c("listPrepend", &["Feb,Mar,Apr", ",,Jan,,", ",", "false"]),
            "Jan,Feb,Mar,Apr"
        );
        assert_eq!(
            c(
                "listQualify",
                &["coldfusion:railo:144::lucee::46", "|", ":", "CHAR", "true"]
            ),
            "|coldfusion|:|railo|:144:||:|lucee|:||:46"
        );
        assert_eq!(
            c(
                "listChangeDelims",
                &["foo,bar|lorem,ipsum|me|something", "~", "|"]
            ),
            "foo,bar~lorem,ipsum~me~something"
        );
        assert_eq!(
            c(
                "listRemoveDuplicates",
                &["one,two,three,four,five,ONE,TWO,THREE", ",", "true"]
            ),
            "one,two,three,four,five"
        );
        assert_eq!(
            c("listItemTrim", &["hello, world ,this, is a, ,example"]),
            "hello,world,this,is a,,example"
        );
        assert_eq!(
            c("listCompact", &[",eggs,milk,bread,flour,"]),
            "eggs,milk,bread,flour"
        );
    }

    #[test]
    fn searching_and_sorting() {
        assert_eq!(c("listFind", &["apple|orange|banana", "orange", "|"]), "2");
        assert_eq!(c("listFindNoCase", &["apple,ORANGE", "orange"]), "2");
        assert_eq!(c("listContains", &["sheep,goat,foo,bar,goo", "oo"]), "3");
        assert_eq!(
            c("listContainsNoCase", &["sheep,goat,Foo,bar,foo", "foo"]),
            "3"
        );
        assert_eq!(
            c(
                "listValueCountNoCase",
                &["bar|Foo|lorem,ipsum|me|foo,something|foo|FOO", "foo", "|"]
            ),
            "3"
        );
        assert_eq!(
            c(
                "listSort",
                &["COLDFUSION,coldfusion,adobe,LucEE,RAILO", "Text", "desc"]
            ),
            "coldfusion,adobe,RAILO,LucEE,COLDFUSION"
        );
        assert_eq!(
            c("listSort", &["10;20;-99;46;50", "Numeric", "asc", ";"]),
            "-99;10;20;46;50"
        );
        assert_eq!(
            c(
                "listSort",
                &["10|RED|yeLLow|-246|green|ORange", "TextNoCase", "asc", "|"]
            ),
            "-246|10|green|ORange|RED|yeLLow"
        );
        assert_eq!(c("listAvg", &["1,2,3,4"]), "2.5");
        assert_eq!(c("listQualifiedToArray", &["\"a,b\",c"]), "[a,b,c]");
    }
}

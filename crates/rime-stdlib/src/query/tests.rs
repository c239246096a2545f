//! Unit tests of the query functions.

use crate::array::test_support::*;
use rime_runtime::{Struct, Value};

fn json(v: &Value) -> String {
    s("serializeJSON", vec![v.clone()])
}

fn row(pairs: &[(&str, Value)]) -> Value {
    let s = Struct::with_flags(true);
    for (k, v) in pairs {
        s.set_str(k, v.clone());
    }
    Value::Struct(s)
}

#[test]
fn build_and_cells() {
    let q = call("queryNew", vec![st("a,b")]).unwrap_or_default();
    assert_eq!(s("queryAddRow", vec![q.clone()]), "1");
    assert_eq!(
        s("querySetCell", vec![q.clone(), st("a"), n(1.0), n(1.0)]),
        "true"
    );
    assert_eq!(s("querySetCell", vec![q.clone(), st("b"), n(2.0)]), "true");
    assert_eq!(
        s("queryAddRow", vec![q.clone(), arr(&[n(10.0), n(20.0)])]),
        "2"
    );
    assert_eq!(json(&q), r#"{"COLUMNS":["A","B"],"DATA":[[1,2],[10,20]]}"#);
    assert_eq!(s("queryGetCell", vec![q.clone(), st("B"), n(2.0)]), "20");
    assert_eq!(s("queryGetCell", vec![q.clone(), st("zz"), n(2.0)]), "ERR");
    assert_eq!(
        s("querySetCell", vec![q.clone(), st("a"), n(1.0), n(9.0)]),
        "ERR"
    );
    assert_eq!(s("queryRecordCount", vec![q.clone()]), "2");
    assert_eq!(s("queryColumnList", vec![q.clone()]), "a,b");
    assert_eq!(
        s(
            "queryAddColumn",
            vec![q.clone(), st("c"), arr(&[n(5.0), n(6.0), n(7.0)])]
        ),
        "3"
    );
    assert_eq!(s("queryRecordCount", vec![q.clone()]), "3");
    assert_eq!(
        json(&call("queryDeleteColumn", vec![q.clone(), st("c")]).unwrap_or_default()),
        "[5,6,7]"
    );
    assert_eq!(s("queryDeleteRow", vec![q.clone(), n(3.0)]), "true");
    assert_eq!(s("queryRecordCount", vec![q.clone()]), "2");
    assert_eq!(s("queryAddRow", vec![q.clone(), n(1e12)]), "ERR");
}

#[test]
fn typed_columns_and_row_data() {
    let data = arr(&[
        row(&[("id", n(1.0)), ("title", n(1000.0))]),
        row(&[("id", st("2")), ("title", st("Moon"))]),
    ]);
    let q = call(
        "queryNew",
        vec![st("id,title"), st("integer,varchar"), data],
    )
    .unwrap_or_default();
    assert_eq!(
        json(&q),
        r#"{"COLUMNS":["ID","TITLE"],"DATA":[[1,"1000"],[2,"Moon"]]}"#
    );
    let cols = row(&[
        ("id", arr(&[n(1.0), n(2.0)])),
        ("title", arr(&[st("x"), st("y")])),
    ]);
    let q2 = call(
        "queryNew",
        vec![st("id,title"), st("numeric,varchar"), cols],
    )
    .unwrap_or_default();
    assert_eq!(s("queryRecordCount", vec![q2.clone()]), "2");
    assert_eq!(s("queryNew", vec![st("a"), st("bogus")]), "ERR");
    assert_eq!(s("queryNew", vec![st("a,A")]), "ERR");
    let sl = call("querySlice", vec![q2.clone(), n(2.0)]).unwrap_or_default();
    assert_eq!(json(&sl), r#"{"COLUMNS":["ID","TITLE"],"DATA":[[2,"y"]]}"#);
    s("querySort", vec![q2.clone(), st("id"), st("desc")]);
    assert_eq!(
        json(&q2),
        r#"{"COLUMNS":["ID","TITLE"],"DATA":[[2,"y"],[1,"x"]]}"#
    );
    let r = call("queryReverse", vec![q2.clone()]).unwrap_or_default();
    assert_eq!(
        json(&r),
        r#"{"COLUMNS":["ID","TITLE"],"DATA":[[1,"x"],[2,"y"]]}"#
    );
    call("queryAppend", vec![q2.clone(), q2.clone()]).unwrap_or_default();
    assert_eq!(s("queryRecordCount", vec![q2.clone()]), "4");
    assert_eq!(
        json(&call("queryRowData", vec![q2.clone(), n(1.0)]).unwrap_or_default()),
        r#"{"id":2,"title":"y"}"#
    );
}

#[test]
fn to_struct() {
    let cols = row(&[
        ("id", arr(&[n(1.0), n(2.0), n(3.0)])),
        ("name", arr(&[st("a"), st("b"), st("a")])),
    ]);
    let q = call("queryNew", vec![st("id,name"), st(""), cols]).unwrap_or_default();
    let by_name = call("queryToStruct", vec![q.clone(), st("name")]).unwrap_or_default();
    assert_eq!(
        json(&by_name),
        r#"{"a":{"id":3,"name":"a"},"b":{"id":2,"name":"b"}}"#
    );
    let rows = call(
        "queryToStruct",
        vec![q.clone(), st("ID"), st("normal"), Value::Bool(true)],
    )
    .unwrap_or_default();
    assert_eq!(json(&rows), r#"{"1":1,"2":2,"3":3}"#);
    assert_eq!(s("queryToStruct", vec![q.clone(), st(" ")]), "ERR");
    assert_eq!(s("queryToStruct", vec![q.clone(), st("nope")]), "ERR");
    assert_eq!(
        s("queryToStruct", vec![q.clone(), st("id"), st("bogus")]),
        "ERR"
    );
    let empty = call("queryNew", vec![st("id")]).unwrap_or_default();
    assert_eq!(
        json(&call("queryToStruct", vec![empty, st("nope")]).unwrap_or_default()),
        "{}"
    );
}

/// Cells are found without hashing the name, with `Query::column_index`'s answer: the first
/// column equal ignoring case (Unicode case folding included).
#[test]
fn column_lookup_matches_query_column_index() {
    let mut q = rime_runtime::Query::new(&["Name", "name", "other", "\u{212a}elvin", "Straße"]);
    q.add_row();
    for w in [
        "name", "NAME", "other", "kelvin", "KELVIN", "straße", "STRASSE", "x",
    ] {
        assert_eq!(super::col_index(&q, w).ok(), q.column_index(w), "{w}");
    }
    assert_eq!(super::col_index(&q, "name").ok(), Some(0));
    assert_eq!(super::col_index(&q, " other ").ok(), Some(2));
    assert_eq!(super::col_index(&q, "OTHER").ok(), Some(2));
    assert!(super::col_index(&q, "missing").is_err());
}

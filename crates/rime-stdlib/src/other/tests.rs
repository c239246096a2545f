//! Unit tests of the "other" functions.

use crate::array::test_support::*;
use rime_runtime::{DateTime, Struct, Value};

fn sct(pairs: &[(&str, Value)]) -> Value {
    let s = Struct::with_flags(true);
    for (k, v) in pairs {
        s.set_str(k, v.clone());
    }
    Value::Struct(s)
}

#[test]
fn to_script_simple_values() {
    let ts = |v: Value| s("toScript", vec![v, st("x")]);
    assert_eq!(ts(st("a\"b\\c\n")), r#"x="a\"b\\c\n";"#);
    assert_eq!(ts(st("é</script>")), r#"x="\u00e9<\/script>";"#);
    assert_eq!(ts(st("</scripts")), r#"x="</scripts";"#);
    assert_eq!(ts(n(5.0)), "x=5;");
    assert_eq!(ts(n(-1.25)), "x=-1.25;");
    assert_eq!(ts(Value::Bool(true)), r#"x="true";"#);
    let d = DateTime::from_parts(2024, 1, 31, 13, 45, 7).map(Value::Date);
    assert_eq!(ts(d.unwrap_or_default()), "x=new Date(2024,0,31,13,45,7);");
}

#[test]
fn to_script_containers() {
    let v = sct(&[("A", n(1.0)), ("list", arr(&[st("p"), Value::Null]))]);
    assert_eq!(
        s("toScript", vec![v.clone(), st("o")]),
        r#"o=new Object();o["a"]=1;o["list"]=new Array();o["list"][0]="p";o["list"][1]=null;"#
    );
    assert_eq!(
        s(
            "toScript",
            vec![v, st("o"), Value::Bool(true), Value::Bool(true)]
        ),
        r#"o={};o["a"]=1;o["list"]=[];o["list"][0]="p";o["list"][1]=null;"#
    );
    // A cycle ends in null.
    let a = rime_runtime::Array::new();
    a.push(n(1.0));
    a.push(Value::Array(a.clone()));
    assert_eq!(
        s("toScript", vec![Value::Array(a), st("c")]),
        "c=new Array();c[0]=1;c[1]=null;"
    );
}

#[test]
fn to_script_queries() {
    let mut q = rime_runtime::Query::new(&["Id", "name"]);
    let r = q.add_row();
    q.set(0, r, n(1.0));
    q.set(1, r, st("a"));
    let qv = Value::Query(std::sync::Arc::new(parking_lot::RwLock::new(q)));
    assert_eq!(
        s("toScript", vec![qv.clone(), st("q")]),
        r#"q=new WddxRecordset();col0=new Array();col0[0]=1;q["id"]=col0;col0=null;col1=new Array();col1[0]="a";q["name"]=col1;col1=null;"#
    );
    assert_eq!(
        s("toScript", vec![qv, st("q"), Value::Bool(false)]),
        r#"q=new Array();q[0]=new Object();q[0]["Id"]=1;q[0]["name"]="a";"#
    );
}

#[test]
fn object_equals() {
    let eq = |a: Value, b: Value| s("objectEquals", vec![a, b]);
    assert_eq!(eq(st("ABC"), st("abc")), "true");
    assert_eq!(eq(n(1.0), st("1")), "true");
    assert_eq!(eq(n(1.0), arr(&[n(1.0)])), "false");
    assert_eq!(
        eq(
            sct(&[("a", arr(&[n(1.0), st("x")]))]),
            sct(&[("A", arr(&[st("1"), st("X")]))])
        ),
        "true"
    );
    assert_eq!(eq(sct(&[("a", n(1.0))]), sct(&[("b", n(1.0))])), "false");
    assert_eq!(eq(arr(&[n(1.0)]), arr(&[n(1.0), n(2.0)])), "false");
    assert_eq!(eq(arr(&[Value::Null]), arr(&[Value::Null])), "true");
    assert_eq!(eq(arr(&[Value::Null]), arr(&[st("")])), "false");
    assert_eq!(eq(arr(&[n(7.0)]), sct(&[("1", n(7.0))])), "true");
    // Self-referencing structures terminate.
    let a = Struct::new();
    a.set_str("self", Value::Struct(a.clone()));
    let b = Struct::new();
    b.set_str("self", Value::Struct(b.clone()));
    assert_eq!(eq(Value::Struct(a), Value::Struct(b)), "true");
}

#[test]
fn java_cast() {
    let jc = |t: &str, v: Value| s("javaCast", vec![st(t), v]);
    assert_eq!(jc("int", n(3.9)), "3");
    assert_eq!(jc("int", n(-3.9)), "-3");
    assert_eq!(jc("long", st("12.5")), "12");
    assert_eq!(jc("short", n(70000.0)), "4464");
    assert_eq!(jc("byte", n(200.0)), "-56");
    assert_eq!(jc("float", n(1.1)), "1.1");
    assert_eq!(jc("double", st("2.5")), "2.5");
    assert_eq!(jc("boolean", st("yes")), "true");
    assert_eq!(jc("string", n(42.0)), "42");
    assert_eq!(jc("java.lang.String", n(1.0)), "1");
    assert!(matches!(
        call("javaCast", vec![st("null"), st("")]),
        Ok(Value::Null)
    ));
    assert_eq!(jc("null", st("x")), "ERR");
    assert_eq!(jc("java.util.HashMap", st("x")), "ERR");
    assert_eq!(jc("int", st("abc")), "ERR");
    match call("javaCast", vec![st("int[]"), arr(&[n(1.5), st("2")])]) {
        Ok(Value::Array(a)) => {
            let v: Vec<String> = a
                .to_vec()
                .iter()
                .map(|x| x.to_str().map(|c| c.into_owned()).unwrap_or_default())
                .collect();
            assert_eq!(v, ["1", "2"]);
        }
        other => panic!("unexpected {other:?}"),
    }
    match call("javaCast", vec![st("byte[]"), arr(&[n(65.0), n(66.0)])]) {
        Ok(Value::Binary(b)) => assert_eq!(b.as_slice(), b"AB"),
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn numeric_date_and_beat() {
    assert_eq!(s("getNumericDate", vec![st("2018-01-01")]), "43101");
    let noon = DateTime::from_parts(2018, 1, 1, 12, 0, 0).map(Value::Date);
    assert_eq!(
        s("getNumericDate", vec![noon.unwrap_or_default()]),
        "43101.5"
    );
    assert_eq!(s("getNumericDate", vec![st("nope")]), "ERR");
    assert_eq!(super::time_of_day("2:02 PM"), super::time_of_day("14:02"));
    assert!(super::time_of_day("14:02").is_some());
    assert!(super::time_of_day("1402").is_none());
    let b = call("beat", vec![])
        .and_then(|v| v.to_num())
        .unwrap_or(-1.0);
    assert!((0.0..1000.0).contains(&b));
}

#[test]
fn tags() {
    assert!(super::tags::tag_count() > 100);
    let list = call("getTagList", vec![]);
    let Ok(Value::Struct(l)) = list else {
        panic!("getTagList is not a struct");
    };
    let cf = l.get("cf").and_then(|v| v.as_struct().cloned());
    let cf = cf.unwrap_or_default();
    assert!(cf.contains("lock") && cf.contains("abort"));
    assert!(!cf.contains("admin"), "hidden tags are not listed");
    assert!(!cf.contains("mail"), "unimplemented tags are not listed");
    let Ok(Value::Struct(d)) = call("getTagData", vec![st("CF"), st("LOCK")]) else {
        panic!("getTagData is not a struct");
    };
    assert_eq!(d.get_text("name").ok().flatten().as_deref(), Some("Lock"));
    assert_eq!(
        d.get_text("status").ok().flatten().as_deref(),
        Some("implemented")
    );
    let attrs = d.get("attributes").and_then(|v| v.as_struct().cloned());
    assert!(attrs.is_some_and(|a| a.contains("timeout")));
    assert_eq!(s("getTagData", vec![st("cf"), st("nosuchtag")]), "ERR");
    assert_eq!(s("getTagData", vec![st("x"), st("lock")]), "ERR");
}

#[test]
fn small_ones() {
    assert_eq!(s("isDebugMode", vec![]), "false");
    assert_eq!(s("preserveSingleQuotes", vec![st("O'Brien")]), "O'Brien");
    assert_eq!(s("parameterExists", vec![st("nothing.here")]), "false");
    let sz = |v: Value| {
        call("sizeOf", vec![v])
            .and_then(|x| x.to_num())
            .unwrap_or(-1.0)
    };
    assert!(sz(st("abcd")) > sz(st("a")));
    assert!(sz(arr(&[st("abcd"), n(1.0)])) > sz(st("abcd")));
    let Ok(Value::Struct(c)) = call("sizeOf", vec![arr(&[n(1.0), n(2.0)]), Value::Bool(true)])
    else {
        panic!("sizeOf(complex) is not a struct");
    };
    assert_eq!(c.get_text("count").ok().flatten().as_deref(), Some("3"));
}

#[test]
fn serialize_notation_round_trips() {
    use super::serialize::{from_notation, to_notation};
    use crate::array::test_support::TestCtx;
    let mut ctx = TestCtx::default();
    let v = sct(&[
        ("s", st("a\"b#c")),
        ("list", arr(&[n(1.5), Value::Bool(false), Value::Null])),
    ]);
    let text = to_notation(&mut ctx, &v).unwrap_or_default();
    // `sct` builds an ordered struct, written as `[key:value]`.
    assert_eq!(text, r#"["s":"a""b##c","list":[1.5,false,nullValue()]]"#);
    let back = from_notation(&mut ctx, &text).ok();
    let again = back.and_then(|b| to_notation(&mut ctx, &b).ok());
    assert_eq!(again.as_deref(), Some(text.as_str()));
}

#[test]
fn serialize_notation_rejects_garbage() {
    use super::serialize::from_notation;
    use crate::array::test_support::TestCtx;
    let mut ctx = TestCtx::default();
    let deep = "[".repeat(5000);
    for bad in [
        "",
        "[",
        "{",
        "\"open",
        "[1,",
        "{\"a\"}",
        "nullValue(",
        "evaluate(\"x\")",
        "1 2",
        "createDateTime(2024,13,1,0,0,0,0,\"UTC\")",
        "query(\"a\":[1],\"b\":[])",
        "[\"k\":1,2]",
        "-",
        "é",
        &deep,
    ] {
        assert!(
            from_notation(&mut ctx, bad).is_err(),
            "{bad:?} was accepted"
        );
    }
}

//! Unit tests of the array functions.

use super::test_support::*;
use rime_runtime::Value;

fn list(v: &Value) -> String {
    s("arrayToList", vec![v.clone()])
}

#[test]
fn basics() {
    let a = arr(&[n(1.0), n(2.0), n(3.0)]);
    assert_eq!(s("arrayLen", vec![a.clone()]), "3");
    assert_eq!(s("arrayAppend", vec![a.clone(), n(4.0)]), "true");
    assert_eq!(list(&a), "1,2,3,4");
    s("arrayPrepend", vec![a.clone(), n(0.0)]);
    assert_eq!(list(&a), "0,1,2,3,4");
    s("arrayInsertAt", vec![a.clone(), n(2.0), st("x")]);
    assert_eq!(list(&a), "0,x,1,2,3,4");
    assert_eq!(s("arrayInsertAt", vec![a.clone(), n(9.0), st("x")]), "ERR");
    s("arrayDeleteAt", vec![a.clone(), n(1.0)]);
    assert_eq!(list(&a), "x,1,2,3,4");
    s("arraySwap", vec![a.clone(), n(1.0), n(5.0)]);
    assert_eq!(list(&a), "4,1,2,3,x");
    assert_eq!(s("arrayFind", vec![a.clone(), st("X")]), "0");
    assert_eq!(s("arrayFindNoCase", vec![a.clone(), st("X")]), "5");
    assert_eq!(s("arrayContains", vec![a.clone(), st("2")]), "3");
    assert_eq!(s("arrayIsEmpty", vec![a.clone()]), "false");
    s("arrayClear", vec![a.clone()]);
    assert_eq!(s("arrayLen", vec![a]), "0");
}

#[test]
fn merge_append_of_self_does_not_deadlock() {
    let a = arr(&[n(1.0), n(2.0)]);
    s("arrayAppend", vec![a.clone(), a.clone(), Value::Bool(true)]);
    assert_eq!(list(&a), "1,2,1,2");
    s("arrayDelete", vec![a.clone(), a.clone()]);
    assert_eq!(list(&a), "1,2,1,2");
}

#[test]
fn sorting() {
    let a = arr(&[st("b"), st("B"), st("a"), st("A")]);
    s("arraySort", vec![a.clone(), st("text")]);
    assert_eq!(list(&a), "A,B,a,b");
    s("arraySort", vec![a.clone(), st("textnocase"), st("desc")]);
    assert_eq!(list(&a), "B,b,A,a");
    let b = arr(&[n(10.0), n(9.0), n(100.0), n(-1.0)]);
    s("arraySort", vec![b.clone(), st("numeric")]);
    assert_eq!(list(&b), "-1,9,10,100");
    assert_eq!(s("arraySort", vec![b, st("bogus")]), "ERR");
    let many: Vec<Value> = (0..50).rev().map(|i| n(i as f64)).collect();
    let c = arr(&many);
    s("arraySort", vec![c.clone(), st("numeric")]);
    assert!(list(&c).starts_with("0,1,2,3"));
}

#[test]
fn slices() {
    let a = arr(&(1..=8).map(|i| n(i as f64)).collect::<Vec<_>>());
    assert_eq!(
        list(
            &crate::array::test_support::call("arraySlice", vec![a.clone(), n(2.0), n(3.0)])
                .unwrap_or_default()
        ),
        "2,3,4"
    );
    assert_eq!(
        list(
            &crate::array::test_support::call("arraySlice", vec![a.clone(), n(4.0)])
                .unwrap_or_default()
        ),
        "4,5,6,7,8"
    );
    assert_eq!(
        list(
            &crate::array::test_support::call("arraySlice", vec![a.clone(), n(-5.0), n(3.0)])
                .unwrap_or_default()
        ),
        "4,5,6"
    );
    assert_eq!(s("arraySlice", vec![a.clone(), n(0.0)]), "ERR");
    assert_eq!(s("arraySlice", vec![a.clone(), n(7.0), n(5.0)]), "ERR");
    assert_eq!(
        list(
            &crate::array::test_support::call("arrayMid", vec![a.clone(), n(3.0), n(4.0)])
                .unwrap_or_default()
        ),
        "3,4,5,6"
    );
    let m = arr(&[st("Jan"), st("March"), st("April"), st("June")]);
    let removed = crate::array::test_support::call(
        "arraySplice",
        vec![m.clone(), n(3.0), n(2.0), arr(&[st("Feb")])],
    )
    .unwrap_or_default();
    assert_eq!(list(&m), "Jan,March,Feb");
    assert_eq!(list(&removed), "April,June");
    let m = arr(&[st("Jan"), st("March"), st("April"), st("June")]);
    crate::array::test_support::call(
        "arraySplice",
        vec![m.clone(), n(-3.0), n(0.0), arr(&[st("Feb")])],
    )
    .unwrap_or_default();
    assert_eq!(list(&m), "Jan,Feb,March,April,June");
    let m = arr(&[st("Jan"), st("March")]);
    crate::array::test_support::call(
        "arraySplice",
        vec![m.clone(), n(5.0), n(0.0), arr(&[st("Feb")])],
    )
    .unwrap_or_default();
    assert_eq!(list(&m), "Jan,March,Feb");
}

#[test]
fn aggregates_and_limits() {
    let a = arr(&[n(1.0), n(2.0), n(2.0), n(7.0)]);
    assert_eq!(s("arraySum", vec![a.clone()]), "12");
    assert_eq!(s("arrayAvg", vec![a.clone()]), "3");
    assert_eq!(s("arrayMin", vec![a.clone()]), "1");
    assert_eq!(s("arrayMax", vec![a.clone()]), "7");
    assert_eq!(s("arrayMedian", vec![a]), "2");
    assert_eq!(s("arrayMin", vec![arr(&[])]), "0");
    assert_eq!(s("arraySum", vec![arr(&[st("x")])]), "ERR");
    assert_eq!(s("arrayResize", vec![arr(&[]), n(1e12)]), "ERR");
    assert_eq!(
        s("arraySet", vec![arr(&[]), n(1.0), n(1e12), n(0.0)]),
        "ERR"
    );
    assert_eq!(s("arrayNew", vec![n(4.0)]), "ERR");
}

#[test]
fn misc() {
    let a = arr(&[n(1.0), n(2.0)]);
    assert_eq!(s("arrayPush", vec![a.clone(), n(3.0)]), "3");
    assert_eq!(s("arrayPop", vec![a.clone()]), "3");
    assert_eq!(s("arrayShift", vec![a.clone()]), "1");
    assert_eq!(s("arrayUnshift", vec![a.clone(), n(0.0)]), "2");
    assert_eq!(s("arrayFirst", vec![a.clone()]), "0");
    assert_eq!(s("arrayLast", vec![a.clone()]), "2");
    assert_eq!(s("arrayPop", vec![arr(&[])]), "ERR");
    assert_eq!(s("arrayPop", vec![arr(&[]), st("d")]), "d");
    assert_eq!(s("arrayIndexExists", vec![a.clone(), n(2.0)]), "true");
    assert_eq!(s("arrayIndexExists", vec![a.clone(), n(3.0)]), "false");
    let d = arr(&[st("a"), st("A"), st("a")]);
    assert_eq!(
        list(
            &crate::array::test_support::call("arrayRemoveDuplicates", vec![d.clone()])
                .unwrap_or_default()
        ),
        "a,A"
    );
    assert_eq!(
        list(
            &crate::array::test_support::call("arrayRemoveDuplicates", vec![d, Value::Bool(true)])
                .unwrap_or_default()
        ),
        "a"
    );
    let m = crate::array::test_support::call(
        "arrayMerge",
        vec![arr(&[n(1.0)]), arr(&[n(5.0), n(6.0)]), Value::Bool(true)],
    )
    .unwrap_or_default();
    assert_eq!(list(&m), "1,6");
}

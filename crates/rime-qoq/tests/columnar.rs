//! The column-at-a-time executor against the row-by-row evaluator and the old string-keyed
//! behaviour: typed filters, hash joins, pushed-down WHERE terms, UNION chains, typed sorts,
//! grouping on mixed values, column arithmetic.

mod support;

use rime_runtime::{Query, Value};
use support::*;

/// A table whose `v` column mixes every kind of value, so the typed column paths meet numbers,
/// numeric strings, booleans, dates, nulls, case variants and non-ASCII text.
fn mixed() -> Query {
    let mut vals = vec![
        Value::Null,
        n(1.0),
        n(2.5),
        n(-3.0),
        n(0.0),
        Value::Bool(true),
        Value::Bool(false),
    ];
    for x in [
        "",
        "1",
        "1.0",
        " 2 ",
        "10",
        "9",
        "abc",
        "ABC",
        "Abd",
        "b",
        "yes",
        "No",
        "true",
        "2024-01-01",
        "1/2/2024",
        "Straße",
        "STRASSE",
        "é",
        "É",
        "x-y",
        "abc%",
        "a_c",
    ] {
        vals.push(s(x));
    }
    if let Some(d) = rime_runtime::DateTime::parse("2024-01-01") {
        vals.push(Value::Date(d));
    }
    let rows: Vec<Vec<Value>> = vals
        .into_iter()
        .enumerate()
        .map(|(i, v)| vec![n(i as f64), v])
        .collect();
    let refs: Vec<&[Value]> = rows.iter().map(Vec::as_slice).collect();
    q(&["id", "v"], &refs)
}

/// `ids` of `SELECT id FROM m WHERE <cond>`, or the error message.
fn ids_where(table: &Query, cond: &str) -> Result<Vec<String>, String> {
    let mut resolve = |_: &str| Some(table.clone());
    execute(&format!("SELECT id FROM m WHERE {cond}"), &[], &mut resolve)
        .map(|r| col(&r, "id"))
        .map_err(|e| e.message)
}

/// Column-at-a-time filters (a column against constants) select exactly the rows the
/// row-by-row evaluator selects; `(cond) = true` forces the row-by-row path.
#[test]
fn typed_filters_agree_with_row_evaluation() {
    let m = mixed();
    let konsts = [
        "1",
        "'1'",
        "'1.0'",
        "0",
        "2.5",
        "''",
        "'abc'",
        "'ABC'",
        "'b'",
        "'yes'",
        "'true'",
        "true",
        "false",
        "'2024-01-01'",
        "'1/2/2024'",
        "'strasse'",
        "'STRASSE'",
        "'É'",
        "NULL",
    ];
    let mut checked = 0;
    for k in konsts {
        for op in ["=", "<>", "<", "<=", ">", ">="] {
            for cond in [format!("v {op} {k}"), format!("{k} {op} v")] {
                let fast = ids_where(&m, &cond);
                let slow = ids_where(&m, &format!("({cond}) = true"));
                assert_eq!(fast, slow, "{cond}");
                checked += 1;
            }
        }
        let cond = format!("v BETWEEN {k} AND 'zzz'");
        assert_eq!(
            ids_where(&m, &cond),
            ids_where(&m, &format!("({cond}) = true")),
            "{cond}"
        );
    }
    for list in [
        "('abc', 'b')",
        "(1, 'yes', '')",
        "('a', 'b', 'c', 'd', 'e', 'f', 'g', 'abc', 'straße', '')",
        "('x', 'y', 'z', 'w', 'v', 'u', 't', 'STRASSE', 'No')",
        "(true)",
    ] {
        for not in ["", "NOT "] {
            let cond = format!("v {not}IN {list}");
            let fast = ids_where(&m, &cond);
            assert_eq!(fast, ids_where(&m, &format!("({cond}) = true")), "{cond}");
        }
    }
    for pat in [
        "'abc%'", "'%B%'", "'%'", "''", "'a_c'", "'%SSE'", "'é%'", "'[a-b]%'", "1",
    ] {
        let cond = format!("v LIKE {pat}");
        assert_eq!(
            ids_where(&m, &cond),
            ids_where(&m, &format!("({cond}) = true")),
            "{cond}"
        );
    }
    for cond in [
        "v IS NULL OR v = 'abc'",
        "NOT (v = 1 OR v LIKE 'a%') AND id > 3",
        "v = 'abc' OR v = 1 OR v IS NULL",
        "NOT v IS NOT NULL",
    ] {
        assert_eq!(
            ids_where(&m, cond),
            ids_where(&m, &format!("({cond}) = true")),
            "{cond}"
        );
    }
    assert!(checked > 200);
}

/// Join keys with nulls, duplicates on both sides, booleans (equal to every non-zero number),
/// numeric strings and case variants: the hash join gives the nested loop's rows, in order.
#[test]
fn hash_join_matches_the_nested_loop() {
    let a = q(
        &["id", "k"],
        &[
            &[n(1.0), s("x")],
            &[n(2.0), Value::Null],
            &[n(3.0), s("X")],
            &[n(4.0), n(1.0)],
            &[n(5.0), s("")],
            &[n(6.0), Value::Bool(true)],
            &[n(7.0), s("1.0")],
            &[n(8.0), n(2.0)],
            &[n(9.0), s("yes")],
        ],
    );
    let b = q(
        &["k", "w"],
        &[
            &[s("x"), s("b1")],
            &[s("x"), s("b2")],
            &[Value::Null, s("b3")],
            &[n(1.0), s("b4")],
            &[Value::Bool(true), s("b5")],
            &[s("2"), s("b6")],
            &[s(""), s("b7")],
            &[s("TRUE"), s("b8")],
        ],
    );
    let mut resolve = |name: &str| match name {
        "a" => Some(a.clone()),
        "b" => Some(b.clone()),
        _ => None,
    };
    let mut both = |sql: &str| -> Vec<String> {
        let r = execute(sql, &[], &mut resolve).unwrap_or_else(|e| panic!("{sql}: {e}"));
        let ids = col(&r, "id");
        let ws = col(&r, "w");
        ids.into_iter()
            .zip(ws)
            .map(|(i, w)| format!("{i}{w}"))
            .collect()
    };
    for (hashed, looped) in [
        (
            "SELECT a.id, b.w FROM a, b WHERE a.k = b.k",
            "SELECT a.id, b.w FROM a, b WHERE (a.k = b.k) = true",
        ),
        (
            "SELECT a.id, b.w FROM a INNER JOIN b ON b.k = a.k",
            "SELECT a.id, b.w FROM a INNER JOIN b ON (b.k = a.k) = true",
        ),
        (
            "SELECT a.id, b.w FROM a LEFT JOIN b ON a.k = b.k AND b.w <> 'b2'",
            "SELECT a.id, b.w FROM a LEFT JOIN b ON (a.k = b.k) = true AND b.w <> 'b2'",
        ),
    ] {
        let h = both(hashed);
        assert_eq!(h, both(looped), "{hashed}");
        assert!(!h.is_empty());
    }
    // Nulls meet only what compares equal to "" (Lucee compares null as an empty string).
    let h = both("SELECT a.id, b.w FROM a INNER JOIN b ON a.k = b.k WHERE a.id = 2");
    assert_eq!(h, ["2b3", "2b7"]);
}

/// WHERE terms on the nullable side of a LEFT JOIN run after the join (they see the nulls);
/// ON terms on the joined table filter it before.
#[test]
fn left_join_where_and_on_terms() {
    let r =
        run("SELECT e.id FROM emp e LEFT JOIN depts d ON e.dept = d.code WHERE d.title IS NULL");
    assert_eq!(col(&r, "id"), ["4"]);
    let r = run("SELECT e.id, d.title FROM emp e LEFT JOIN depts d ON e.dept = d.code AND d.title <> 'People' ORDER BY e.id");
    assert_eq!(
        col(&r, "title"),
        ["Technology", "NULL", "Technology", "NULL", "NULL"]
    );
    let r = run(
        "SELECT e.id FROM emp e, depts d WHERE e.dept = d.code AND d.title = 'People' AND e.id > 2",
    );
    assert_eq!(col(&r, "id"), ["5"]);
    // A term without columns decides for every row.
    assert_eq!(run("SELECT id FROM emp WHERE 1 = 2").rows, 0);
    assert_eq!(run("SELECT e.id FROM emp e, depts d WHERE 1 = 1").rows, 15);
}

#[test]
fn union_chains_remove_duplicates_across_all_parts() {
    // The UNION after a UNION ALL removes the duplicates the UNION ALL let in.
    let r = run("SELECT dept FROM emp UNION ALL SELECT dept FROM emp UNION SELECT code FROM depts");
    assert_eq!(col(&r, "dept"), ["IT", "HR", "Sales", "OPS"]);
    let r = run("SELECT dept FROM emp UNION SELECT dept FROM emp UNION ALL SELECT code FROM depts");
    assert_eq!(col(&r, "dept"), ["IT", "HR", "Sales", "IT", "HR", "OPS"]);
    // Strings are told apart case-sensitively, numbers by value.
    let r = run("SELECT 'a' AS x FROM emp UNION SELECT 'A' FROM emp UNION SELECT 1 FROM emp UNION SELECT '1.0' FROM emp");
    assert_eq!(col(&r, "x"), ["a", "A", "1"]);
}

/// ORDER BY over mixed values sorts as pair-by-pair `ops::compare` would, stably.
#[test]
fn order_by_mixed_and_typed_columns() {
    let mut resolve = |_: &str| {
        Some(q(
            &["id", "v"],
            &[
                &[n(1.0), s("10")],
                &[n(2.0), s("9")],
                &[n(3.0), s("b")],
                &[n(4.0), s("B")],
                &[n(5.0), Value::Null],
                &[n(6.0), s("a")],
            ],
        ))
    };
    let ids = |sql: &str, resolve: &mut dyn FnMut(&str) -> Option<Query>| {
        col(&execute(sql, &[], resolve).unwrap_or_default(), "id")
    };
    // Text only: case-insensitive, ties in input order, null as "".
    let r = ids("SELECT id FROM t WHERE id > 2 ORDER BY v", &mut resolve);
    assert_eq!(r, ["5", "6", "3", "4"]);
    let r = ids(
        "SELECT id FROM t WHERE id > 2 ORDER BY v DESC, id DESC",
        &mut resolve,
    );
    assert_eq!(r, ["4", "3", "6", "5"]);
    // Numeric strings only: by number.
    let r = ids("SELECT id FROM t WHERE id < 3 ORDER BY v", &mut resolve);
    assert_eq!(r, ["2", "1"]);
}

#[test]
fn group_by_mixed_types_and_booleans() {
    let mut resolve = |_: &str| {
        Some(q(
            &["k", "b", "x"],
            &[
                &[s("a"), Value::Bool(true), n(1.0)],
                &[s("A"), s("true"), n(2.0)],
                &[n(1.0), Value::Bool(true), n(3.0)],
                &[s("1.0"), s("true"), n(4.0)],
                &[s("a"), Value::Bool(false), Value::Null],
                &[Value::Null, Value::Bool(false), n(5.0)],
                &[Value::Null, Value::Bool(false), n(6.0)],
            ],
        ))
    };
    let r = execute(
        "SELECT k, b, count(*) AS n, sum(x) AS s, count(DISTINCT x) AS d FROM t GROUP BY k, b",
        &[],
        &mut resolve,
    )
    .unwrap_or_default();
    assert_eq!(col(&r, "k"), ["a", "A", "1", "a", "NULL"]);
    assert_eq!(col(&r, "b"), ["true", "true", "true", "false", "false"]);
    assert_eq!(col(&r, "n"), ["1", "1", "2", "1", "2"]);
    assert_eq!(col(&r, "s"), ["1", "2", "7", "NULL", "11"]);
    assert_eq!(col(&r, "d"), ["1", "1", "2", "0", "2"]);
}

/// `+` between two columns concatenates strings that are not numbers and adds the rest, column
/// at a time as row by row.
#[test]
fn plus_and_concat_over_columns() {
    let r = run("SELECT name + dept AS a, name || salary AS b, salary + '1' AS c, '2' + '3' AS d, id + name AS e FROM emp WHERE id IN (1, 5)");
    assert_eq!(col(&r, "a"), ["AliceIT", "EveHR"]);
    assert_eq!(col(&r, "b"), ["Alice100", "Eve"]);
    assert_eq!(col(&r, "c"), ["101", "NULL"]);
    assert_eq!(col(&r, "d"), ["5", "5"]);
    assert_eq!(col(&r, "e"), ["1Alice", "5Eve"]);
    // Enough rows for the parallel path.
    let mut big = Query::new(&["a", "b"]);
    for i in 0..20_000 {
        let r = big.add_row();
        big.set(0, r, s(&format!("x{i}")));
        big.set(1, r, if i % 2 == 0 { s("7") } else { s("y") });
    }
    let mut resolve = |_: &str| Some(big.clone());
    let r = execute("SELECT a + b AS c FROM t", &[], &mut resolve).unwrap_or_default();
    let c = col(&r, "c");
    assert_eq!(
        (c[0].as_str(), c[1].as_str(), c.len()),
        ("x07", "x1y", 20_000)
    );
}

//! Behaviour tests for the QoQ engine: each supported clause, function and error path.

mod support;

use rime_runtime::{Query, Value};
use support::*;

#[test]
fn select_star_and_columns() {
    let r = run("SELECT * FROM emp");
    assert_eq!(r.rows, 5);
    assert_eq!(r.column_list(), "id,name,dept,salary");
    let r = run("select NAME, Id from emp");
    // Names as written in the SQL (Lucee), while `*` uses the source query's names.
    assert_eq!(r.column_list(), "NAME,Id");
    assert_eq!(col(&r, "name"), ["Alice", "bob", "Carol", "dave", "Eve"]);
    let r = run("SELECT e.* FROM emp e");
    assert_eq!(r.column_list(), "id,name,dept,salary");
    let r = run("SELECT emp.name FROM variables.emp");
    assert_eq!(r.rows, 5);
}

#[test]
fn aliases_and_expressions() {
    let r =
        run("SELECT name AS who, salary * 2 AS double_pay, id + 1 next_id FROM emp WHERE id = 1");
    assert_eq!(r.column_list(), "who,double_pay,next_id");
    assert_eq!(col(&r, "double_pay"), ["200"]);
    assert_eq!(col(&r, "next_id"), ["2"]);
    let r = run("SELECT id * 10, name FROM emp WHERE id = 2");
    assert_eq!(r.column_list(), "column_0,name");
    assert_eq!(col(&r, "column_0"), ["20"]);
}

#[test]
fn where_comparisons() {
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE salary > 60"), "id"),
        ["1", "3"]
    );
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE salary >= 60"), "id"),
        ["1", "3", "4"]
    );
    assert_eq!(
        // Null compares as an empty string (`ops::compare`), which sorts before numbers.
        col(&run("SELECT id FROM emp WHERE salary < 60"), "id"),
        ["2", "5"]
    );
    assert_eq!(
        col(
            &run("SELECT id FROM emp WHERE salary <= 60 AND salary > 0"),
            "id"
        ),
        ["2", "4"]
    );
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE dept <> 'IT'"), "id"),
        ["2", "4", "5"]
    );
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE dept != 'IT'"), "id"),
        ["2", "4", "5"]
    );
    assert_eq!(col(&run("SELECT id FROM emp WHERE id = '3'"), "id"), ["3"]);
}

#[test]
fn string_equality_is_case_insensitive_like_lucee() {
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE name = 'BOB'"), "id"),
        ["2"]
    );
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE dept = 'it'"), "id"),
        ["1", "3"]
    );
}

#[test]
fn boolean_logic_and_parens() {
    let r = run("SELECT id FROM emp WHERE dept = 'IT' OR dept = 'HR' AND salary > 10");
    assert_eq!(col(&r, "id"), ["1", "2", "3"]);
    let r = run("SELECT id FROM emp WHERE (dept = 'IT' OR dept = 'HR') AND salary > 60");
    assert_eq!(col(&r, "id"), ["1", "3"]);
    let r = run("SELECT id FROM emp WHERE NOT dept = 'IT'");
    assert_eq!(col(&r, "id"), ["2", "4", "5"]);
    let r = run("SELECT id FROM emp WHERE NOT (id > 1 AND id < 5)");
    assert_eq!(col(&r, "id"), ["1", "5"]);
}

#[test]
fn is_null() {
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE salary IS NULL"), "id"),
        ["5"]
    );
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE salary IS NOT NULL"), "id"),
        ["1", "2", "3", "4"]
    );
    // An empty string is not null.
    let mut resolve = |_: &str| Some(q(&["a"], &[&[s("")], &[Value::Null]]));
    let r = execute("SELECT a FROM t WHERE a IS NULL", &[], &mut resolve).unwrap_or_default();
    assert_eq!(r.rows, 1);
}

#[test]
fn like_patterns() {
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE name LIKE 'a%'"), "id"),
        ["1"]
    );
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE name LIKE '%E'"), "id"),
        ["1", "4", "5"]
    );
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE name LIKE '_o%'"), "id"),
        ["2"]
    );
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE name NOT LIKE '%a%'"), "id"),
        ["2", "5"]
    );
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE name LIKE '[a-c]%'"), "id"),
        ["1", "2", "3"]
    );
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE name LIKE '[^a-c]%'"), "id"),
        ["4", "5"]
    );
    let mut resolve = |_: &str| {
        Some(q(
            &["v"],
            &[&[s("10%")], &[s("100")], &[s("a_b")], &[s("axb")]],
        ))
    };
    let r = execute(
        "SELECT v FROM t WHERE v LIKE '10\\%' ESCAPE '\\'",
        &[],
        &mut resolve,
    )
    .unwrap_or_default();
    assert_eq!(col(&r, "v"), ["10%"]);
    let r = execute(
        "SELECT v FROM t WHERE v LIKE 'a!_b' ESCAPE '!'",
        &[],
        &mut resolve,
    )
    .unwrap_or_default();
    assert_eq!(col(&r, "v"), ["a_b"]);
    let r = execute("SELECT v FROM t WHERE v LIKE 'a_b'", &[], &mut resolve).unwrap_or_default();
    assert_eq!(col(&r, "v"), ["a_b", "axb"]);
}

#[test]
fn in_and_between() {
    assert_eq!(
        col(
            &run("SELECT id FROM emp WHERE dept IN ('HR', 'sales')"),
            "id"
        ),
        ["2", "4", "5"]
    );
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE id NOT IN (1,2,3)"), "id"),
        ["4", "5"]
    );
    assert_eq!(
        col(
            &run("SELECT id FROM emp WHERE salary BETWEEN 60 AND 80"),
            "id"
        ),
        ["3", "4"]
    );
    assert_eq!(
        col(
            &run("SELECT id FROM emp WHERE id NOT BETWEEN 2 AND 4"),
            "id"
        ),
        ["1", "5"]
    );
}

#[test]
fn arithmetic_and_concat() {
    let r = run("SELECT id + 2 * 3 AS a, (id + 2) * 3 AS b, 7 % 3 AS c, 10 / 4 AS d, -id AS e, name || '-' || dept AS f, name + ' ' + dept AS g FROM emp WHERE id = 1");
    assert_eq!(col(&r, "a"), ["7"]);
    assert_eq!(col(&r, "b"), ["9"]);
    assert_eq!(col(&r, "c"), ["1"]);
    assert_eq!(col(&r, "d"), ["2.5"]);
    assert_eq!(col(&r, "e"), ["-1"]);
    assert_eq!(col(&r, "f"), ["Alice-IT"]);
    assert_eq!(col(&r, "g"), ["Alice IT"]);
    // Arithmetic with null is null.
    let r = run("SELECT salary + 1 AS s FROM emp WHERE id = 5");
    assert_eq!(col(&r, "s"), ["NULL"]);
    assert!(run_err("SELECT id / 0 AS x FROM emp").contains("Divide by zero"));
}

#[test]
fn literals_and_params() {
    let r = run("SELECT 'it''s' AS q, 1.5 AS n FROM emp WHERE id = 1");
    assert_eq!(col(&r, "q"), ["it's"]);
    assert_eq!(col(&r, "n"), ["1.5"]);
    let r = run_p(
        "SELECT id FROM emp WHERE dept = ? AND salary > ?",
        &[s("IT"), n(90.0)],
    );
    assert_eq!(col(&r, "id"), ["1"]);
    let r = run_p("SELECT id FROM emp WHERE id IN (?, ?)", &[n(2.0), n(4.0)]);
    assert_eq!(col(&r, "id"), ["2", "4"]);
    let mut resolve = |_: &str| Some(emp());
    let e = execute("SELECT id FROM emp WHERE id = ?", &[], &mut resolve);
    assert!(e.is_err());
}

#[test]
fn functions() {
    let r = run("SELECT upper(name) AS u, ucase(name) AS u2, lower(name) AS l, lcase(dept) AS l2, length(name) AS n, len(dept) AS n2 FROM emp WHERE id = 1");
    assert_eq!(col(&r, "u"), ["ALICE"]);
    assert_eq!(col(&r, "u2"), ["ALICE"]);
    assert_eq!(col(&r, "l"), ["alice"]);
    assert_eq!(col(&r, "l2"), ["it"]);
    assert_eq!(col(&r, "n"), ["5"]);
    assert_eq!(col(&r, "n2"), ["2"]);
    let r = run("SELECT trim('  x  ') AS t, coalesce(salary, 0) AS c, isnull(salary, -1) AS i FROM emp WHERE id = 5");
    assert_eq!(col(&r, "t"), ["x"]);
    assert_eq!(col(&r, "c"), ["0"]);
    assert_eq!(col(&r, "i"), ["-1"]);
    let r = run("SELECT cast(salary AS varchar) AS a, cast('42.7' AS integer) AS b, cast('3.5' AS decimal) AS c, CAST(1 AS bit) AS d FROM emp WHERE id = 1");
    assert_eq!(col(&r, "a"), ["100"]);
    assert_eq!(col(&r, "b"), ["42"]);
    assert_eq!(col(&r, "c"), ["3.5"]);
    assert_eq!(col(&r, "d"), ["true"]);
    let r = run("SELECT left(name, 2) AS a, right(name, 2) AS b, concat(name, dept) AS c, abs(-3) AS d, mod(7, 4) AS e FROM emp WHERE id = 1");
    assert_eq!(col(&r, "a"), ["Al"]);
    assert_eq!(col(&r, "b"), ["ce"]);
    assert_eq!(col(&r, "c"), ["AliceIT"]);
    assert_eq!(col(&r, "d"), ["3"]);
    assert_eq!(col(&r, "e"), ["3"]);
    assert_eq!(
        col(&run("SELECT id FROM emp WHERE upper(name) = 'BOB'"), "id"),
        ["2"]
    );
    assert!(run_err("SELECT nosuch(name) FROM emp").contains("nosuch"));
    assert!(run_err("SELECT upper(name, 1) FROM emp").contains("upper"));
    assert!(run_err("SELECT cast(name AS blob) FROM emp").contains("blob"));
}

#[test]
fn case_when() {
    let r = run("SELECT CASE WHEN salary >= 80 THEN 'high' WHEN salary IS NULL THEN 'none' ELSE 'low' END AS band FROM emp");
    assert_eq!(col(&r, "band"), ["high", "low", "high", "low", "none"]);
    let r = run("SELECT CASE dept WHEN 'IT' THEN 1 ELSE 0 END AS it FROM emp");
    assert_eq!(col(&r, "it"), ["1", "0", "1", "0", "0"]);
}

#[test]
fn order_by() {
    assert_eq!(
        col(&run("SELECT name FROM emp ORDER BY name"), "name"),
        ["Alice", "bob", "Carol", "dave", "Eve"]
    );
    assert_eq!(
        col(&run("SELECT id FROM emp ORDER BY id DESC"), "id"),
        ["5", "4", "3", "2", "1"]
    );
    assert_eq!(
        col(
            &run("SELECT id, dept FROM emp ORDER BY dept ASC, id DESC"),
            "id"
        ),
        ["5", "2", "3", "1", "4"]
    );
    assert_eq!(
        col(
            &run("SELECT id, salary AS pay FROM emp ORDER BY pay DESC"),
            "id"
        ),
        ["1", "3", "4", "2", "5"]
    );
    assert_eq!(
        col(&run("SELECT id, dept FROM emp ORDER BY 2, 1 DESC"), "id"),
        ["5", "2", "3", "1", "4"]
    );
    // A column not in the select list.
    assert_eq!(
        col(&run("SELECT name FROM emp ORDER BY salary"), "name"),
        ["Eve", "bob", "dave", "Carol", "Alice"]
    );
    assert_eq!(
        col(&run("SELECT id FROM emp ORDER BY id * -1"), "id"),
        ["5", "4", "3", "2", "1"]
    );
    assert!(run_err("SELECT id FROM emp ORDER BY 3").contains("out of range"));
}

#[test]
fn top_limit_offset_distinct() {
    assert_eq!(
        col(&run("SELECT TOP 2 id FROM emp ORDER BY id DESC"), "id"),
        ["5", "4"]
    );
    assert_eq!(
        col(&run("SELECT id FROM emp ORDER BY id LIMIT 2"), "id"),
        ["1", "2"]
    );
    assert_eq!(
        col(
            &run("SELECT id FROM emp ORDER BY id LIMIT 2 OFFSET 3"),
            "id"
        ),
        ["4", "5"]
    );
    assert_eq!(
        col(&run("SELECT DISTINCT dept FROM emp"), "dept"),
        ["IT", "HR", "Sales"]
    );
    assert_eq!(
        col(&run("SELECT DISTINCT dept FROM emp ORDER BY dept"), "dept"),
        ["HR", "IT", "Sales"]
    );
    assert_eq!(run("SELECT TOP 0 * FROM emp").rows, 0);
}

#[test]
fn aggregates() {
    let r = run("SELECT count(*) AS n, count(salary) AS ns, sum(salary) AS s, avg(salary) AS a, min(salary) AS lo, max(salary) AS hi, count(DISTINCT dept) AS nd FROM emp");
    assert_eq!(r.rows, 1);
    assert_eq!(col(&r, "n"), ["5"]);
    assert_eq!(col(&r, "ns"), ["4"]);
    assert_eq!(col(&r, "s"), ["290"]);
    assert_eq!(col(&r, "a"), ["72.5"]);
    assert_eq!(col(&r, "lo"), ["50"]);
    assert_eq!(col(&r, "hi"), ["100"]);
    assert_eq!(col(&r, "nd"), ["3"]);
    let r = run("SELECT count(*) FROM emp");
    assert_eq!(r.column_list(), "column_0");
    let r = run("SELECT max(name) AS m, min(name) AS n FROM emp");
    assert_eq!(col(&r, "m"), ["Eve"]);
    assert_eq!(col(&r, "n"), ["Alice"]);
    // Aggregates over no rows: one row, count 0, others null.
    let r = run("SELECT count(*) AS n, sum(a) AS s FROM empty");
    assert_eq!(col(&r, "n"), ["0"]);
    assert_eq!(col(&r, "s"), ["NULL"]);
    let r = run("SELECT sum(salary) * 2 AS twice FROM emp WHERE dept = 'IT'");
    assert_eq!(col(&r, "twice"), ["360"]);
}

#[test]
fn group_by_having() {
    let r = run(
        "SELECT dept, count(*) AS n, sum(salary) AS total FROM emp GROUP BY dept ORDER BY dept",
    );
    assert_eq!(col(&r, "dept"), ["HR", "IT", "Sales"]);
    assert_eq!(col(&r, "n"), ["2", "2", "1"]);
    assert_eq!(col(&r, "total"), ["50", "180", "60"]);
    let r = run("SELECT dept, count(*) AS n FROM emp GROUP BY dept HAVING count(*) > 1 ORDER BY n DESC, dept");
    assert_eq!(col(&r, "dept"), ["HR", "IT"]);
    let r = run(
        "SELECT dept FROM emp GROUP BY dept HAVING sum(salary) >= 60 ORDER BY sum(salary) DESC",
    );
    assert_eq!(col(&r, "dept"), ["IT", "Sales"]);
    let r =
        run("SELECT upper(dept) AS d, max(salary) AS m FROM emp GROUP BY upper(dept) ORDER BY 1");
    assert_eq!(col(&r, "d"), ["HR", "IT", "SALES"]);
    assert_eq!(run("SELECT a, count(*) AS n FROM empty GROUP BY a").rows, 0);
    assert!(run_err("SELECT id FROM emp WHERE count(*) > 1").contains("Aggregate"));
}

#[test]
fn joins() {
    let r = run("SELECT e.name, d.title FROM emp e, depts d WHERE e.dept = d.code ORDER BY e.id");
    assert_eq!(col(&r, "name"), ["Alice", "bob", "Carol", "Eve"]);
    assert_eq!(
        col(&r, "title"),
        ["Technology", "People", "Technology", "People"]
    );
    let r = run("SELECT emp.name, depts.title FROM emp, depts WHERE emp.dept = depts.code AND depts.code = 'HR'");
    assert_eq!(col(&r, "name"), ["bob", "Eve"]);
    let r =
        run("SELECT name, title FROM emp INNER JOIN depts ON emp.dept = depts.code ORDER BY name");
    assert_eq!(col(&r, "name"), ["Alice", "bob", "Carol", "Eve"]);
    let r = run("SELECT e.name, d.title FROM emp AS e LEFT OUTER JOIN depts AS d ON d.code = e.dept ORDER BY e.id");
    assert_eq!(
        col(&r, "title"),
        ["Technology", "People", "Technology", "NULL", "People"]
    );
    let r = run("SELECT d.code, count(e.id) AS n FROM depts d LEFT JOIN emp e ON e.dept = d.code GROUP BY d.code ORDER BY d.code");
    assert_eq!(col(&r, "code"), ["HR", "IT", "OPS"]);
    assert_eq!(col(&r, "n"), ["2", "2", "0"]);
    // Non-equality ON: nested loop.
    let r = run("SELECT e.id, d.code FROM emp e JOIN depts d ON e.salary > 90 AND d.code <> 'OPS' ORDER BY d.code");
    assert_eq!(col(&r, "code"), ["HR", "IT"]);
    // Cross product.
    assert_eq!(run("SELECT e.id, d.code FROM emp e, depts d").rows, 15);
    // `*` over a join keeps every distinct column name.
    assert_eq!(
        run("SELECT * FROM emp e JOIN depts d ON e.dept = d.code").column_list(),
        "id,name,dept,salary,code,title"
    );
    assert!(run_err("SELECT id FROM emp a, emp b").contains("ambiguous"));
}

#[test]
fn unions() {
    let r = run("SELECT dept FROM emp WHERE id < 3 UNION SELECT dept FROM emp");
    assert_eq!(col(&r, "dept"), ["IT", "HR", "Sales"]);
    let r = run("SELECT dept FROM emp WHERE id < 3 UNION ALL SELECT code FROM depts ORDER BY dept");
    assert_eq!(col(&r, "dept"), ["HR", "HR", "IT", "IT", "OPS"]);
    let r = run("SELECT id, name FROM emp WHERE id = 1 UNION ALL SELECT id, name FROM emp WHERE id = 2 ORDER BY 1 DESC");
    assert_eq!(col(&r, "name"), ["bob", "Alice"]);
    assert!(
        run_err("SELECT id FROM emp UNION SELECT id, name FROM emp").contains("number of columns")
    );
    assert!(
        run_err("SELECT id FROM emp UNION SELECT id FROM emp ORDER BY salary").contains("UNION")
    );
}

#[test]
fn errors_are_clear() {
    let m = run_err("SELECT id WHERE emp");
    assert!(m.contains("position 11") && m.contains("FROM"), "{m}");
    assert!(run_err("SELECT nope FROM emp").contains("[nope]"));
    assert!(run_err("SELECT x.id FROM emp").contains("[x.id]"));
    assert!(run_err("SELECT * FROM missing").contains("[missing]"));
    assert!(run_err("SELECT * FROM emp WHERE").contains("expected an expression"));
    assert!(run_err("SELECT 'abc FROM emp").contains("unterminated"));
    assert!(run_err("SELECT * FROM emp WHERE name LIKE 'x' ESCAPE 'ab'").contains("ESCAPE"));
    assert!(run_err("SELECT * FROM emp WHERE name").contains("boolean"));
    assert!(run_err("SELECT * FROM emp; DROP TABLE emp").contains("position"));
}

#[test]
fn deep_nesting_is_rejected_not_overflowing() {
    let sql = format!(
        "SELECT {}1{} AS x FROM emp",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    assert!(run_err(&sql).contains("nested too deeply"));
    let sql = format!("SELECT id FROM emp WHERE {}id = 1", "NOT ".repeat(100_000));
    assert!(run_err(&sql).contains("nested too deeply"));
    let sql = format!("SELECT {}1 AS x FROM emp", "- ".repeat(100_000));
    assert!(run_err(&sql).contains("nested too deeply"));
    // Long flat chains are fine (iterative, not recursive).
    let sql = format!(
        "SELECT id FROM emp WHERE {}",
        vec!["id = 1"; 150].join(" OR ")
    );
    assert_eq!(run(&sql).rows, 1);
    let sql = format!(
        "SELECT id FROM emp WHERE {}",
        vec!["id = 1"; 100_000].join(" OR ")
    );
    assert!(run_err(&sql).contains("nested too deeply"));
    let sql = format!("SELECT {} AS x FROM emp", vec!["1"; 100_000].join(" + "));
    assert!(run_err(&sql).contains("nested too deeply"));
    let sql = format!(
        "SELECT id FROM emp WHERE id IN ({})",
        vec!["1"; 100_000].join(",")
    );
    assert_eq!(run(&sql).rows, 1);
}

#[test]
fn garbage_never_panics() {
    let valid = [
        "SELECT DISTINCT e.name AS n, count(*) FROM emp e LEFT JOIN depts d ON e.dept = d.code WHERE e.id IN (1, 2) AND e.name LIKE 'a%' ESCAPE '!' GROUP BY e.name HAVING count(*) > 0 ORDER BY 1 DESC LIMIT 3 OFFSET 1",
        "SELECT TOP 3 id, cast(salary AS integer), CASE WHEN id BETWEEN 1 AND 2 THEN 'x' ELSE name || '?' END FROM emp UNION ALL SELECT 1, 2, 'y' FROM depts",
    ];
    let mut resolve = |name: &str| match name {
        "emp" => Some(emp()),
        "depts" => Some(depts()),
        _ => None,
    };
    for sql in valid {
        let chars: Vec<char> = sql.chars().collect();
        for cut in 0..chars.len() {
            let t: String = chars[..cut].iter().collect();
            let _ = execute(&t, &[s("x")], &mut resolve);
            let t: String = chars[cut..].iter().collect();
            let _ = execute(&t, &[], &mut resolve);
        }
    }
    let junk = "(),.*+-/%=<>!|?'\"[]`;:xX1 SELECTFROMWHERE";
    let jc: Vec<char> = junk.chars().collect();
    let mut seed: u64 = 12345;
    for _ in 0..3000 {
        let mut t = String::from("SELECT ");
        for _ in 0..(seed % 30) {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            t.push(jc[(seed >> 33) as usize % jc.len()]);
        }
        let _ = execute(&t, &[], &mut resolve);
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
    }
}

#[test]
fn larger_hash_join_is_fast() {
    let mut a = Query::new(&["id", "v"]);
    let mut b = Query::new(&["id", "w"]);
    for i in 0..20_000 {
        let r = a.add_row();
        a.set(0, r, n(i as f64));
        a.set(1, r, n((i % 7) as f64));
        let r = b.add_row();
        b.set(0, r, s(&i.to_string()));
        b.set(1, r, n(1.0));
    }
    let mut resolve = |name: &str| match name {
        "a" => Some(a.clone()),
        "b" => Some(b.clone()),
        _ => None,
    };
    let r = execute(
        "SELECT a.id FROM a, b WHERE a.id = b.id AND a.v = 3",
        &[],
        &mut resolve,
    )
    .unwrap_or_default();
    assert_eq!(r.rows, 2857);
    let r = execute(
        "SELECT count(*) AS n FROM a INNER JOIN b ON b.id = a.id",
        &[],
        &mut resolve,
    )
    .unwrap_or_default();
    assert_eq!(col(&r, "n"), ["20000"]);
}

#[test]
fn names_quoting_and_comments() {
    // A dotted table name answers to its last segment as a qualifier.
    let r = run("SELECT depts.title FROM local.depts WHERE depts.code = 'IT'");
    assert_eq!(col(&r, "title"), ["Technology"]);
    let r = run(
        "SELECT [name], \"dept\" AS `d` FROM emp -- trailing comment\n WHERE /* inline */ id = 4;",
    );
    assert_eq!(r.column_list(), "name,d");
    assert_eq!(col(&r, "d"), ["Sales"]);
    let r = run("(SELECT id FROM emp WHERE id = 1) UNION ALL (SELECT id FROM emp WHERE id = 5)");
    assert_eq!(col(&r, "id"), ["1", "5"]);
    let r = run("SELECT id FROM emp LIMIT 2");
    assert_eq!(col(&r, "id"), ["1", "2"]);
    let r = run("SELECT left(name, 1) AS i FROM emp WHERE id = 2");
    assert_eq!(col(&r, "i"), ["b"]);
    assert!(run_err("SELECT id, ID FROM emp").contains("twice"));
}

/// Enough rows for the parallel paths (filter, projection, grouping): results are the same and
/// in the same order as the sequential ones.
#[test]
fn large_tables_run_in_parallel_in_order() {
    let n: usize = 50_000;
    let mut big = Query::new(&["id", "grp", "name"]);
    for i in 0..n {
        let r = big.add_row();
        big.set(0, r, Value::Num(i as f64));
        big.set(1, r, Value::Num((i % 7) as f64));
        big.set(
            2,
            r,
            Value::from(if i % 3 == 0 { "Harry" } else { "Sally" }),
        );
    }
    let mut resolve = |_: &str| Some(big.clone());
    let r = execute(
        "SELECT id, name FROM big WHERE grp = 3 AND name LIKE 'Har%'",
        &[],
        &mut resolve,
    )
    .unwrap_or_default();
    let ids = col(&r, "id");
    let expected: Vec<String> = (0..n)
        .filter(|i| i % 7 == 3 && i % 3 == 0)
        .map(|i| i.to_string())
        .collect();
    assert_eq!(ids, expected);
    let r = execute(
        "SELECT grp, count(*) AS c FROM big GROUP BY grp ORDER BY grp",
        &[],
        &mut resolve,
    )
    .unwrap_or_default();
    assert_eq!(col(&r, "grp"), ["0", "1", "2", "3", "4", "5", "6"]);
    assert_eq!(col(&r, "c")[0], n.div_ceil(7).to_string());
    let r = execute("SELECT id * 2 AS d FROM big", &[], &mut resolve).unwrap_or_default();
    assert_eq!(r.rows, n);
    assert_eq!(col(&r, "d")[n - 1], ((n - 1) * 2).to_string());
}

/// Fuzzing found it: a FROM list of many small tables is a huge cross join. It must be refused
/// with a database error, not exhaust memory.
#[test]
fn huge_cross_joins_are_refused() {
    let from: Vec<String> = (1..=30).map(|i| format!("emp e{i}")).collect();
    let e = run_err(&format!("SELECT e1.id FROM {}", from.join(", ")));
    assert!(e.contains("too large"), "{e}");
}

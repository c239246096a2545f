//! Conformance over the cfdocs examples (`../shared/reference/cfdocs/*.json`): for every function
//! that Rime registers, each example with a documented `result` is run and compared. A report, not
//! a gate: it prints the totals (`RIME_CFDOCS_VERBOSE=1` lists every miss and every example that
//! passed only through an equivalence, with the rule that matched).
//!
//! Two numbers are printed:
//!
//! - **exact**: the trimmed output equals the trimmed documented result, byte for byte.
//! - **equivalent**: exact, or the output and the documented result say the same thing in another
//!   notation. cfdocs results are often written the way Adobe ColdFusion prints them, or as data
//!   rather than as the text a page shows. Only these rules apply, and each keeps every value
//!   compared (no rule lets a different date, number or item pass):
//!   1. *prose*: a leading `Expected Result:` or `result is:` is dropped from the documented
//!      result, and so are double quotes around the whole of it (`"Jerry"` for `Jerry`).
//!   2. *boolean words*: where a word of the documented result is `YES`/`NO`/`TRUE`/`FALSE` (any
//!      case), the output may have Lucee's `true`/`false` at that place; every other word and
//!      every character between words must be equal. Adobe prints booleans as `YES`/`NO`.
//!   3. *JSON*: a documented result and an output that are both JSON arrays or objects are
//!      compared as JSON values: whitespace between tokens and the order of object keys don't
//!      count (Lucee's structs are unordered), numbers compare as numbers, strings and key names
//!      exactly, array order counts.
//!   4. *dump as data*: when the example dumps a value (`writeDump`, `dump`, `<cfdump>`) and the
//!      documented result is a literal such as `[4, 18, 51]`, `['a','b']`, `[NOT_FOUND, OK]` or
//!      `{apple=4,orange=5}`, the example is run again with the dump calls pointed at a harness
//!      function that records the dumped value (as JSON); it passes when the page output is that
//!      one recorded value and it equals the literal: arrays item by item in order, structs by
//!      key (case-insensitive, as CFML keys) with equal values, simple values as equal strings
//!      or, when both are numbers, equal numbers.
//!
//! Not counted as equivalent: HTML whitespace folding, placeholders (`[BINARY]`, `[Empty
//! string]`), prose descriptions, Adobe-only results (`arrayContains` returns an index in
//! Lucee), and results that depend on the clock or the file system.

use rime_engine::{Engine, EngineConfig};
use std::path::Path;
use std::time::Duration;

fn wrap(code: &str) -> String {
    let trimmed = code.trim();
    if trimmed.contains("<cf") || trimmed.contains("<CF") {
        return trimmed.to_string();
    }
    // A single expression, with or without its closing semicolon, is output.
    let expr = trimmed.strip_suffix(';').unwrap_or(trimmed).trim_end();
    let (_, diags) = rime_syntax::parse_expression(expr);
    if diags.is_empty() && !has_statement_end(expr) && !expr.contains('\n') {
        return format!("<cfscript>writeOutput({expr});</cfscript>");
    }
    // Statements that output nothing and end in a bare expression (`s = f(); g(s);`): the
    // documented result is the value of that last expression, so it is output.
    let lower = trimmed.to_ascii_lowercase();
    if !["writeoutput", "dump(", "echo(", "print"]
        .iter()
        .any(|w| lower.contains(w))
    {
        if let Some((head, last)) = trimmed.rsplit_once('\n') {
            let last = last.trim();
            let last = last.strip_suffix(';').unwrap_or(last).trim_end();
            let head = head.trim_end();
            let (e, diags) = rime_syntax::parse_expression(last);
            let bare = !matches!(
                e.kind,
                rime_syntax::ast::ExprKind::Assign { .. }
                    | rime_syntax::ast::ExprKind::IncDec { .. }
            );
            if diags.is_empty()
                && bare
                && !has_statement_end(last)
                && (head.ends_with(';') || head.ends_with('}'))
            {
                return format!("<cfscript>{head}\nwriteOutput({last});</cfscript>");
            }
        }
    }
    format!("<cfscript>{trimmed}</cfscript>")
}

/// Whether `src` has a `;` outside string literals (a statement end, so not one expression).
fn has_statement_end(src: &str) -> bool {
    let mut quote: Option<char> = None;
    for c in src.chars() {
        match quote {
            // A doubled quote inside a string closes and reopens it: the same result.
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == ';' => return true,
            None => {}
        }
    }
    false
}

/// How an example's output compares with its documented result.
enum Verdict {
    Exact,
    /// Equal under the named rule (see the file comment).
    Equivalent(&'static str),
    Miss,
}

/// The documented result without a prose prefix or quotes around the whole of it (rule 1).
fn strip_prose(expected: &str) -> &str {
    let mut s = expected.trim();
    for prefix in ["expected result:", "result is:"] {
        if s.len() >= prefix.len()
            && s.is_char_boundary(prefix.len())
            && s[..prefix.len()].eq_ignore_ascii_case(prefix)
        {
            s = s[prefix.len()..].trim_start();
        }
    }
    if s.len() >= 2 && s.starts_with('"') && s.ends_with('"') && !s[1..s.len() - 1].contains('"') {
        s = &s[1..s.len() - 1];
    }
    s
}

/// Words (runs of letters and digits) and the single characters between them.
fn tokens(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        if c.is_alphanumeric() {
            start.get_or_insert(i);
        } else {
            if let Some(st) = start.take() {
                out.push(&s[st..i]);
            }
            out.push(&s[i..i + c.len_utf8()]);
        }
    }
    if let Some(st) = start {
        out.push(&s[st..]);
    }
    out
}

/// Rule 2: equal word for word, where an Adobe boolean word may stand for Lucee's `true`/`false`.
fn boolean_words_equal(expected: &str, got: &str) -> bool {
    let (e, g) = (tokens(expected), tokens(got));
    e.len() == g.len()
        && e.iter().zip(&g).all(|(e, g)| {
            e == g
                || match e.to_ascii_lowercase().as_str() {
                    "yes" | "true" => *g == "true",
                    "no" | "false" => *g == "false",
                    _ => false,
                }
        })
}

/// Two numbers are equal as numbers (`1` and `1.0`).
fn numbers_equal(a: &serde_json::Number, b: &serde_json::Number) -> bool {
    a == b || matches!((a.as_f64(), b.as_f64()), (Some(x), Some(y)) if x == y)
}

/// Rule 3: JSON values equal, object keys in any order.
fn json_equal(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value as J;
    match (a, b) {
        (J::Number(x), J::Number(y)) => numbers_equal(x, y),
        (J::Array(x), J::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| json_equal(x, y))
        }
        (J::Object(x), J::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_equal(v, w)))
        }
        _ => a == b,
    }
}

fn parse_json_container(s: &str) -> Option<serde_json::Value> {
    let s = s.trim();
    if !(s.starts_with('[') || s.starts_with('{')) {
        return None;
    }
    serde_json::from_str(s).ok()
}

/// A data literal as cfdocs writes documented values: `[1, 'a', OK]`, `{a=1, b: "x"}`.
enum Literal {
    Array(Vec<Literal>),
    Struct(Vec<(String, Literal)>),
    /// A quoted string, a number or a bare word, as written.
    Simple(String),
}

struct LiteralParser<'a> {
    s: &'a str,
    pos: usize,
}

impl LiteralParser<'_> {
    fn skip_ws(&mut self) {
        while self.s[self.pos..].starts_with(char::is_whitespace) {
            self.pos += self.s[self.pos..].chars().next().map_or(1, char::len_utf8);
        }
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_ws();
        if self.s[self.pos..].starts_with(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Option<Literal> {
        self.skip_ws();
        if self.eat('[') {
            let mut items = Vec::new();
            if self.eat(']') {
                return Some(Literal::Array(items));
            }
            loop {
                items.push(self.value()?);
                if self.eat(']') {
                    return Some(Literal::Array(items));
                }
                if !self.eat(',') {
                    return None;
                }
            }
        }
        if self.eat('{') {
            let mut pairs = Vec::new();
            if self.eat('}') {
                return Some(Literal::Struct(pairs));
            }
            loop {
                let Literal::Simple(key) = self.simple()? else {
                    return None;
                };
                if !(self.eat('=') || self.eat(':')) {
                    return None;
                }
                pairs.push((key, self.value()?));
                if self.eat('}') {
                    return Some(Literal::Struct(pairs));
                }
                if !self.eat(',') {
                    return None;
                }
            }
        }
        self.simple()
    }

    fn simple(&mut self) -> Option<Literal> {
        self.skip_ws();
        let rest = &self.s[self.pos..];
        let q = rest.chars().next()?;
        if q == '"' || q == '\'' {
            let end = rest[1..].find(q)?;
            self.pos += end + 2;
            return Some(Literal::Simple(rest[1..end + 1].to_string()));
        }
        let end = rest
            .find([',', '[', ']', '{', '}', '=', ':', '"', '\''])
            .unwrap_or(rest.len());
        let word = rest[..end].trim();
        if word.is_empty() {
            return None;
        }
        self.pos += end;
        Some(Literal::Simple(word.to_string()))
    }
}

fn parse_literal(s: &str) -> Option<Literal> {
    let s = s.trim();
    if !(s.starts_with('[') || s.starts_with('{')) {
        return None;
    }
    let mut p = LiteralParser { s, pos: 0 };
    let v = p.value()?;
    p.skip_ws();
    (p.pos == s.len()).then_some(v)
}

/// Rule 4: a recorded (JSON) value equals a documented literal.
fn literal_equal(lit: &Literal, v: &serde_json::Value) -> bool {
    use serde_json::Value as J;
    match (lit, v) {
        (Literal::Array(items), J::Array(vs)) => {
            items.len() == vs.len() && items.iter().zip(vs).all(|(l, v)| literal_equal(l, v))
        }
        (Literal::Struct(pairs), J::Object(map)) => {
            pairs.len() == map.len()
                && pairs.iter().all(|(k, l)| {
                    map.iter()
                        .find(|(mk, _)| mk.eq_ignore_ascii_case(k))
                        .is_some_and(|(_, v)| literal_equal(l, v))
                })
        }
        (Literal::Simple(s), J::String(t)) => {
            s == t || matches!((s.parse::<f64>(), t.parse::<f64>()), (Ok(a), Ok(b)) if a == b)
        }
        (Literal::Simple(s), J::Number(n)) => {
            matches!((s.parse::<f64>(), n.as_f64()), (Ok(a), Some(b)) if a == b)
        }
        (Literal::Simple(s), J::Bool(b)) => {
            boolean_words_equal(s, if *b { "true" } else { "false" })
        }
        _ => false,
    }
}

/// The harness dump of rule 4: records the value between control characters. Its name ends in
/// `Dump(` so that `wrap` treats the rewritten code as code that outputs, as before.
const RECORDER: &str = "<cfscript>function __cfdocsHarnessDump(v) { \
    writeOutput(chr(2) & serializeJSON(arguments.v) & chr(3)); }</cfscript>";

/// `code` with its dump calls pointed at the recorder: `writeDump(x)`/`dump(x)` become
/// `__cfdocsHarnessDump(x)`, `<cfdump var="#x#">` becomes `<cfset __cfdocsHarnessDump(x)>`.
/// None when the code dumps nothing.
fn with_recorder(code: &str) -> Option<String> {
    let lower = code.to_ascii_lowercase();
    let mut out = String::with_capacity(code.len() + 64);
    let mut found = false;
    let mut i = 0;
    while i < code.len() {
        let rest = &lower[i..];
        let prev = code[..i].chars().next_back();
        let boundary = !prev.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.');
        if boundary && rest.starts_with("<cfdump") {
            let Some(end) = rest.find('>') else { break };
            let tag = &code[i..i + end + 1];
            let tl = &rest[..end + 1];
            let (Some(a), Some(b)) = (tl.find("\"#"), tl.rfind("#\"")) else {
                return None;
            };
            if b <= a {
                return None;
            }
            out.push_str(&format!("<cfset __cfdocsHarnessDump({})>", &tag[a + 2..b]));
            found = true;
            i += end + 1;
            continue;
        }
        let call = ["writedump(", "dump("]
            .into_iter()
            .find(|c| rest.starts_with(c));
        if let (true, Some(c)) = (boundary, call) {
            out.push_str("__cfdocsHarnessDump(");
            found = true;
            i += c.len();
            continue;
        }
        let ch = code[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&code[i..i + ch]);
        i += ch;
    }
    found.then_some(out)
}

fn judge(
    engine: &std::sync::Arc<Engine>,
    name: &str,
    code: &str,
    expected: &str,
) -> (Verdict, String) {
    let r = engine.run_source(&format!("{name}.cfm"), &wrap(code));
    let got = match &r.error {
        Some(e) => format!("error: {}", e.message),
        None => r.output.trim().to_string(),
    };
    let expected = expected.trim();
    if r.error.is_some() {
        return (Verdict::Miss, got);
    }
    if got == expected {
        return (Verdict::Exact, got);
    }
    let exp = strip_prose(expected);
    if got == exp {
        return (Verdict::Equivalent("prose"), got);
    }
    if boolean_words_equal(exp, &got) {
        return (Verdict::Equivalent("boolean words"), got);
    }
    if let (Some(a), Some(b)) = (parse_json_container(exp), parse_json_container(&got)) {
        if json_equal(&a, &b) {
            return (Verdict::Equivalent("JSON"), got);
        }
    }
    if let (Some(lit), Some(code)) = (parse_literal(exp), with_recorder(code)) {
        let r2 = engine.run_source(
            &format!("{name}.cfm"),
            &format!("{RECORDER}{}", wrap(&code)),
        );
        let out = r2.output.trim();
        let recorded = out
            .strip_prefix('\u{2}')
            .and_then(|s| s.strip_suffix('\u{3}'))
            .filter(|s| !s.contains('\u{2}'));
        if r2.error.is_none() {
            if let Some(v) = recorded.and_then(|s| serde_json::from_str(s).ok()) {
                if literal_equal(&lit, &v) {
                    return (Verdict::Equivalent("dump as data"), got);
                }
            }
        }
    }
    (Verdict::Miss, got)
}

/// The rules themselves: what they accept, and that a different value never passes.
fn check_rules() {
    assert_eq!(strip_prose("Expected Result: \"a b\""), "a b");
    assert_eq!(strip_prose("result is: November"), "November");
    assert!(boolean_words_equal("Is it? YES (x)", "Is it? true (x)"));
    assert!(boolean_words_equal("No matches", "No matches"));
    assert!(!boolean_words_equal("YES", "false"));
    assert!(!boolean_words_equal("NONOYES", "falsefalsetrue"));
    let j = |s: &str| parse_json_container(s);
    let same = |a: &str, b: &str| matches!((j(a), j(b)), (Some(x), Some(y)) if json_equal(&x, &y));
    assert!(same(r#"{"a":1,"b":[1,2]}"#, r#"{ "b": [1, 2.0], "a": 1 }"#));
    assert!(!same("[1,2]", "[2,1]"));
    assert!(!same(r#"{"a":"1"}"#, r#"{"a":1}"#));
    assert!(!same(r#"{"a":1}"#, r#"{"A":1}"#));
    let lit = |l: &str, v: &str| {
        let (Some(l), Ok(v)) = (parse_literal(l), serde_json::from_str(v)) else {
            return false;
        };
        literal_equal(&l, &v)
    };
    assert!(lit("['a', 2, OK]", r#"["a","2","OK"]"#));
    assert!(lit("{apple=4, Kiwi: 3}", r#"{"KIWI":3,"APPLE":4}"#));
    assert!(!lit("[1, 2]", "[2, 1]"));
    assert!(!lit("{a=1}", r#"{"A":1,"B":2}"#));
    assert!(!lit("['a']", r#"["A"]"#));
    assert!(parse_literal("[1,3].").is_none());
    assert_eq!(
        with_recorder("writeDump(a); x.dump(b); <cfdump var=\"#c#\">").as_deref(),
        Some("__cfdocsHarnessDump(a); x.dump(b); <cfset __cfdocsHarnessDump(c)>")
    );
}

fn main() {
    check_rules();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference/cfdocs");
    let Ok(rd) = std::fs::read_dir(&dir) else {
        println!(
            "cfdocs: reference folder not found at {}; skipped",
            dir.display()
        );
        return;
    };
    let verbose = std::env::var("RIME_CFDOCS_VERBOSE").is_ok();
    let engine = Engine::with_config(
        std::env::temp_dir(),
        EngineConfig {
            request_timeout: Some(Duration::from_secs(2)),
            ..Default::default()
        },
    );
    let registry = rime_stdlib::registry();
    let mut files: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    files.sort();
    let (mut exact, mut equivalent, mut total, mut funcs) = (0, 0, 0, 0);
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let Ok(doc) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        if doc["type"] != "function" {
            continue;
        }
        let name = doc["name"].as_str().unwrap_or("");
        if registry.lookup(name).is_none() {
            continue;
        }
        let Some(examples) = doc["examples"].as_array() else {
            continue;
        };
        let mut counted = false;
        for ex in examples {
            let (Some(code), Some(result)) = (ex["code"].as_str(), ex["result"].as_str()) else {
                continue;
            };
            if result.trim().is_empty() {
                continue;
            }
            // Examples that write, move or delete files are not run: they act on real paths.
            let lower = code.to_ascii_lowercase();
            if [
                "filedelete",
                "filewrite",
                "fileappend",
                "filemove",
                "filecopy",
                "directorydelete",
                "directorycreate",
                "directoryrename",
                "directorycopy",
                "cffile",
                "cfdirectory",
                "setprofilestring",
            ]
            .iter()
            .any(|f| lower.contains(f))
            {
                continue;
            }
            if !counted {
                funcs += 1;
                counted = true;
            }
            total += 1;
            let (verdict, got) = judge(&engine, name, code, result);
            match verdict {
                Verdict::Exact => {
                    exact += 1;
                    equivalent += 1;
                }
                Verdict::Equivalent(rule) => {
                    equivalent += 1;
                    if verbose {
                        println!(
                            "EQUIVALENT ({rule}) {name}: {}\n  expected: {}\n  got: {got}",
                            code.trim(),
                            result.trim()
                        );
                    }
                }
                Verdict::Miss => {
                    if verbose {
                        println!(
                            "MISS {name}: {}\n  expected: {}\n  got: {got}",
                            code.trim(),
                            result.trim()
                        );
                    }
                }
            }
        }
    }
    println!(
        "cfdocs examples: {exact} of {total} exact, {equivalent} of {total} equivalent ({funcs} functions with examples)"
    );
}

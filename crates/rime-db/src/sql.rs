//! A small SQL lexer: just enough to tell code from string literals, quoted identifiers,
//! comments and PostgreSQL dollar-quoted bodies, so that placeholders (`?`, `:name`) and
//! statement separators are only ever recognised in code.

use std::ops::Range;

/// Which quoting rules apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// `E'...'` backslash escapes, `$tag$...$tag$` bodies, nested block comments.
    Postgres,
    /// Also `[ident]` and `` `ident` `` quoted identifiers.
    Sqlite,
    /// Backslash escapes in `'...'` and `"..."`, `` `ident` ``, `#` line comments, no dollar
    /// quotes.
    Mysql,
    /// The common subset (single/double quotes, comments, dollar quotes).
    Generic,
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80
}

/// Split `sql` into ranges, each flagged `true` for code and `false` for a literal, quoted
/// identifier or comment. The ranges cover the whole input in order; an unterminated literal
/// runs to the end (the database will report it).
pub fn segments(sql: &str, dialect: Dialect) -> Vec<(Range<usize>, bool)> {
    let b = sql.as_bytes();
    let n = b.len();
    let mut out: Vec<(Range<usize>, bool)> = Vec::new();
    let mut code_start = 0;
    let mut i = 0;
    let push = |out: &mut Vec<(Range<usize>, bool)>, r: Range<usize>, code: bool| {
        if !r.is_empty() {
            out.push((r, code));
        }
    };
    while i < n {
        let c = b[i];
        let end = match c {
            b'\'' => {
                // E'...' strings (PostgreSQL) take backslash escapes.
                let escaped = dialect == Dialect::Mysql
                    || (dialect != Dialect::Sqlite
                        && i > 0
                        && matches!(b[i - 1], b'e' | b'E')
                        && (i < 2 || !is_ident_byte(b[i - 2])));
                Some(skip_quoted(b, i, b'\'', escaped))
            }
            b'"' => Some(skip_quoted(b, i, b'"', dialect == Dialect::Mysql)),
            b'`' if matches!(dialect, Dialect::Sqlite | Dialect::Mysql) => {
                Some(skip_quoted(b, i, b'`', false))
            }
            b'#' if dialect == Dialect::Mysql => Some(
                b[i..]
                    .iter()
                    .position(|&x| x == b'\n')
                    .map_or(n, |p| i + p + 1),
            ),
            b'[' if dialect == Dialect::Sqlite => Some(
                b[i..]
                    .iter()
                    .position(|&x| x == b']')
                    .map_or(n, |p| i + p + 1),
            ),
            b'-' if b.get(i + 1) == Some(&b'-') => Some(
                b[i..]
                    .iter()
                    .position(|&x| x == b'\n')
                    .map_or(n, |p| i + p + 1),
            ),
            b'/' if b.get(i + 1) == Some(&b'*') => {
                Some(skip_block_comment(b, i, dialect == Dialect::Postgres))
            }
            b'$' if !matches!(dialect, Dialect::Sqlite | Dialect::Mysql)
                && (i == 0 || !is_ident_byte(b[i - 1])) =>
            {
                dollar_quote_end(b, i)
            }
            _ => None,
        };
        match end {
            Some(e) => {
                push(&mut out, code_start..i, true);
                push(&mut out, i..e, false);
                i = e;
                code_start = e;
            }
            None => i += 1,
        }
    }
    push(&mut out, code_start..n, true);
    out
}

/// End (exclusive) of a quoted run starting at `start`; a doubled quote is an escaped quote.
fn skip_quoted(b: &[u8], start: usize, q: u8, backslash: bool) -> usize {
    let mut i = start + 1;
    while i < b.len() {
        if backslash && b[i] == b'\\' {
            i += 2;
            continue;
        }
        if b[i] == q {
            if b.get(i + 1) == Some(&q) {
                i += 2;
                continue;
            }
            return i + 1;
        }
        i += 1;
    }
    b.len()
}

fn skip_block_comment(b: &[u8], start: usize, nested: bool) -> usize {
    let mut depth = 0usize;
    let mut i = start;
    while i + 1 < b.len() {
        if b[i] == b'/' && b[i + 1] == b'*' {
            depth += 1;
            i += 2;
            if !nested && depth > 1 {
                depth = 1;
            }
        } else if b[i] == b'*' && b[i + 1] == b'/' {
            depth = depth.saturating_sub(1);
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    b.len()
}

/// `$tag$ ... $tag$` (tag empty or an identifier not starting with a digit, so `$1` is not one).
fn dollar_quote_end(b: &[u8], start: usize) -> Option<usize> {
    let mut j = start + 1;
    if let Some(&f) = b.get(j) {
        if f.is_ascii_digit() {
            return None;
        }
    }
    while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_' || b[j] >= 0x80) {
        j += 1;
    }
    if b.get(j) != Some(&b'$') {
        return None;
    }
    let tag = &b[start..=j];
    let body = j + 1;
    let rest = &b[body..];
    let end = rest
        .windows(tag.len())
        .position(|w| w == tag)
        .map_or(b.len(), |p| body + p + tag.len());
    Some(end)
}

/// Rewrite `?` placeholders outside literals to PostgreSQL's `$1..$n`; `??` stands for a literal
/// `?` operator (the JDBC escape). Returns the SQL and the number of placeholders.
pub fn to_postgres_placeholders(sql: &str) -> (String, usize) {
    let mut out = String::with_capacity(sql.len() + 8);
    let mut count = 0;
    for (r, code) in segments(sql, Dialect::Postgres) {
        let s = &sql[r];
        if !code {
            out.push_str(s);
            continue;
        }
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '?' {
                if chars.peek() == Some(&'?') {
                    chars.next();
                    out.push('?');
                } else {
                    count += 1;
                    out.push('$');
                    out.push_str(&count.to_string());
                }
            } else {
                out.push(c);
            }
        }
    }
    (out, count)
}

/// Count `?` placeholders outside literals and comments.
pub fn count_placeholders(sql: &str, dialect: Dialect) -> usize {
    segments(sql, dialect)
        .into_iter()
        .filter(|(_, code)| *code)
        .map(|(r, _)| sql[r].bytes().filter(|&b| b == b'?').count())
        .sum()
}

/// Rewrite named parameters (`:name`) outside literals and comments to `?`, returning the names
/// in order of appearance (a name used twice appears twice). `::type` casts are left alone.
pub fn named_to_positional(sql: &str) -> (String, Vec<String>) {
    let mut out = String::with_capacity(sql.len());
    let mut names = Vec::new();
    for (r, code) in segments(sql, Dialect::Generic) {
        let s = &sql[r];
        if !code {
            out.push_str(s);
            continue;
        }
        let b = s.as_bytes();
        let mut i = 0;
        let mut last = 0;
        while i < b.len() {
            if b[i] == b':' {
                if b.get(i + 1) == Some(&b':') {
                    i += 2;
                    continue;
                }
                let prev_colon = i > 0 && b[i - 1] == b':';
                let starts = b
                    .get(i + 1)
                    .is_some_and(|&c| c.is_ascii_alphabetic() || c == b'_');
                if starts && !prev_colon {
                    let mut j = i + 1;
                    while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                        j += 1;
                    }
                    out.push_str(&s[last..i]);
                    out.push('?');
                    names.push(s[i + 1..j].to_string());
                    i = j;
                    last = j;
                    continue;
                }
            }
            i += 1;
        }
        out.push_str(&s[last..]);
    }
    (out, names)
}

/// Whether `sql` holds more than one statement (a `;` in code followed by more code).
pub fn has_multiple_statements(sql: &str, dialect: Dialect) -> bool {
    let mut seen_semicolon = false;
    for (r, code) in segments(sql, dialect) {
        let s = &sql[r.clone()];
        if !code {
            // Comments after the last `;` do not make a statement; literals do.
            let comment = s.starts_with("--")
                || s.starts_with("/*")
                || (dialect == Dialect::Mysql && s.starts_with('#'));
            if seen_semicolon && !comment {
                return true;
            }
            continue;
        }
        for c in s.chars() {
            if c == ';' {
                seen_semicolon = true;
            } else if seen_semicolon && !c.is_whitespace() {
                return true;
            }
        }
    }
    false
}

/// The first keyword of the statement, upper-cased (`SELECT`, `INSERT`...), skipping blanks,
/// comments and opening parentheses.
pub fn first_keyword(sql: &str) -> String {
    for (r, code) in segments(sql, Dialect::Generic) {
        if !code {
            continue;
        }
        let s = sql[r].trim_start_matches(|c: char| c.is_whitespace() || c == '(');
        if s.is_empty() {
            continue;
        }
        return s
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect::<String>()
            .to_ascii_uppercase();
    }
    String::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postgres_placeholders_skip_literals_and_comments() {
        let (s, n) = to_postgres_placeholders(
            "SELECT '?', \"a?\", ? -- what?\n, /* ? */ ?, E'it\\'s ?', $$ ? $$, $tag$ ? $tag$, ?",
        );
        assert_eq!(n, 3);
        assert_eq!(
            s,
            "SELECT '?', \"a?\", $1 -- what?\n, /* ? */ $2, E'it\\'s ?', $$ ? $$, $tag$ ? $tag$, $3"
        );
        let (s, n) = to_postgres_placeholders("SELECT data ?? 'k' FROM t WHERE id = ?");
        assert_eq!(
            (s.as_str(), n),
            ("SELECT data ? 'k' FROM t WHERE id = $1", 1)
        );
        let (s, n) = to_postgres_placeholders("SELECT 'it''s ?' , ?");
        assert_eq!((s.as_str(), n), ("SELECT 'it''s ?' , $1", 1));
        // `$1` already written stays; it is not a dollar quote.
        let (s, _) = to_postgres_placeholders("SELECT $1, ?");
        assert_eq!(s, "SELECT $1, $1");
    }

    #[test]
    fn mysql_quoting() {
        // Backslash escapes in both quote styles, backtick identifiers, `#` comments.
        let sql = "SELECT 'it\\'s ?', \"a\\\"?\", `c?`, ? # why?\n, $x, ?";
        assert_eq!(count_placeholders(sql, Dialect::Mysql), 2);
        assert!(!has_multiple_statements("SELECT 1; # done", Dialect::Mysql));
        assert!(has_multiple_statements(
            "SELECT 1; SELECT 2",
            Dialect::Mysql
        ));
    }

    #[test]
    fn counts_placeholders() {
        assert_eq!(
            count_placeholders("a = ? and b = '?' and c = [?]", Dialect::Sqlite),
            1
        );
        assert_eq!(count_placeholders("a = ? and b = '?'", Dialect::Generic), 1);
    }

    #[test]
    fn named_parameters() {
        let (s, names) = named_to_positional(
            "SELECT x::int, ':no' FROM t WHERE a = :id AND b = :Name_2 OR c = :id",
        );
        assert_eq!(
            s,
            "SELECT x::int, ':no' FROM t WHERE a = ? AND b = ? OR c = ?"
        );
        assert_eq!(names, vec!["id", "Name_2", "id"]);
    }

    #[test]
    fn multiple_statements() {
        assert!(!has_multiple_statements("SELECT 1;", Dialect::Postgres));
        assert!(!has_multiple_statements(
            "SELECT 1; -- done",
            Dialect::Postgres
        ));
        assert!(!has_multiple_statements("SELECT ';x'", Dialect::Postgres));
        assert!(has_multiple_statements(
            "SELECT 1; SELECT 2",
            Dialect::Postgres
        ));
        assert!(!has_multiple_statements(
            "CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql",
            Dialect::Postgres
        ));
    }

    #[test]
    fn keywords() {
        assert_eq!(first_keyword("  -- c\n /* x */ insert into t"), "INSERT");
        assert_eq!(first_keyword("(SELECT 1)"), "SELECT");
        assert_eq!(first_keyword(""), "");
    }

    #[test]
    fn unterminated_literals_do_not_panic() {
        for s in [
            "'abc", "\"abc", "/* abc", "$$ abc", "E'\\", "$a", "[x", "`x", "--",
        ] {
            let _ = to_postgres_placeholders(s);
            let _ = named_to_positional(s);
            let _ = segments(s, Dialect::Sqlite);
            let _ = has_multiple_statements(s, Dialect::Postgres);
        }
    }
}

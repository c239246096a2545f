//! Tokenizer for QoQ SQL. Every token keeps its 1-based character position so syntax errors can
//! say where they happened.

use crate::err;
use rime_runtime::CfResult;

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// An identifier; `quoted` when written `[x]`, `"x"` or `` `x` `` (never a keyword then).
    Ident {
        name: String,
        quoted: bool,
    },
    Num(f64),
    Str(String),
    Param,
    /// Punctuation and operators: `( ) , . * + - / % = <> != < <= > >= ||`.
    Sym(&'static str),
    Eof,
}

#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    /// 1-based character offset in the SQL text.
    pub pos: usize,
}

impl Token {
    /// Whether this token is the (unquoted) keyword `kw`.
    pub fn is_kw(&self, kw: &str) -> bool {
        matches!(&self.tok, Tok::Ident { name, quoted: false } if name.eq_ignore_ascii_case(kw))
    }
}

const SYMS: [&str; 17] = [
    "<>", "!=", "<=", ">=", "||", "(", ")", ",", ".", "*", "+", "-", "/", "%", "=", "<", ">",
];

pub fn tokenize(sql: &str) -> CfResult<Vec<Token>> {
    let chars: Vec<char> = sql.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let pos = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        // `--` line comments and `/* */` block comments are skipped like whitespace.
        if c == '-' && chars.get(i + 1) == Some(&'-') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                i += 1;
            }
            if i >= chars.len() {
                return Err(err::syntax(pos, "unterminated comment"));
            }
            i += 2;
            continue;
        }
        if c == '\'' {
            let mut s = String::new();
            i += 1;
            loop {
                match chars.get(i) {
                    None => return Err(err::syntax(pos, "unterminated string literal")),
                    Some('\'') if chars.get(i + 1) == Some(&'\'') => {
                        s.push('\'');
                        i += 2;
                    }
                    Some('\'') => {
                        i += 1;
                        break;
                    }
                    Some(&ch) => {
                        s.push(ch);
                        i += 1;
                    }
                }
            }
            out.push(Token {
                tok: Tok::Str(s),
                pos,
            });
            continue;
        }
        if c == '"' || c == '[' || c == '`' {
            let close = match c {
                '[' => ']',
                other => other,
            };
            let start = i + 1;
            let mut j = start;
            while j < chars.len() && chars[j] != close {
                j += 1;
            }
            if j >= chars.len() {
                return Err(err::syntax(pos, "unterminated quoted identifier"));
            }
            let name: String = chars[start..j].iter().collect();
            if name.is_empty() {
                return Err(err::syntax(pos, "empty quoted identifier"));
            }
            out.push(Token {
                tok: Tok::Ident { name, quoted: true },
                pos,
            });
            i = j + 1;
            continue;
        }
        if c.is_ascii_digit() || (c == '.' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
        {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                i += 1;
            }
            // Exponent: `1e5`, `2.5E-3`.
            if i < chars.len() && (chars[i] == 'e' || chars[i] == 'E') {
                let mut j = i + 1;
                if j < chars.len() && (chars[j] == '+' || chars[j] == '-') {
                    j += 1;
                }
                if j < chars.len() && chars[j].is_ascii_digit() {
                    i = j;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        i += 1;
                    }
                }
            }
            let text: String = chars[start..i].iter().collect();
            let n: f64 = text
                .parse()
                .map_err(|_| err::syntax(pos, &format!("invalid number [{text}]")))?;
            out.push(Token {
                tok: Tok::Num(n),
                pos,
            });
            continue;
        }
        if c.is_alphabetic() || c == '_' || c == '$' {
            let start = i;
            while i < chars.len()
                && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '$')
            {
                i += 1;
            }
            out.push(Token {
                tok: Tok::Ident {
                    name: chars[start..i].iter().collect(),
                    quoted: false,
                },
                pos,
            });
            continue;
        }
        if c == '?' {
            out.push(Token {
                tok: Tok::Param,
                pos,
            });
            i += 1;
            continue;
        }
        if c == ';' {
            // A trailing semicolon is allowed; anything after it is an error found by the parser.
            i += 1;
            if chars[i..].iter().all(|c| c.is_whitespace()) {
                break;
            }
            return Err(err::syntax(pos, "unexpected [;]"));
        }
        let mut matched = false;
        for s in SYMS {
            let n = s.chars().count();
            if i + n <= chars.len() && chars[i..i + n].iter().copied().eq(s.chars()) {
                out.push(Token {
                    tok: Tok::Sym(s),
                    pos,
                });
                i += n;
                matched = true;
                break;
            }
        }
        if !matched {
            return Err(err::syntax(pos, &format!("unexpected character [{c}]")));
        }
    }
    out.push(Token {
        tok: Tok::Eof,
        pos: chars.len() + 1,
    });
    Ok(out)
}

//! The JSON reader behind `deserializeJSON` and `isJSON`, as lenient as Lucee's: besides strict
//! JSON it accepts `//` and `/* */` comments, single-quoted strings, unquoted object keys and a
//! trailing comma in arrays and objects. Objects become ordered structs keeping their keys' case,
//! numbers doubles. Nesting is bounded (`MAX_DEPTH`), so no input can exhaust the stack.

use rime_runtime::key::Key;
use rime_runtime::{Array, Struct, Value};

/// Deepest nesting of arrays and objects accepted.
pub(crate) const MAX_DEPTH: usize = 1000;

/// Why a text is not JSON: what was expected, and where (1-based line and column).
#[derive(Debug)]
pub(crate) struct JsonError {
    pub message: String,
    pub line: usize,
    pub column: usize,
}

impl std::fmt::Display for JsonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} at line {} column {}",
            self.message, self.line, self.column
        )
    }
}

pub(crate) fn parse(text: &str) -> Result<Value, JsonError> {
    let mut r = Reader {
        s: text.as_bytes(),
        text,
        i: 0,
        depth: 0,
    };
    // A byte-order mark before the value is not part of it.
    if r.s.starts_with("\u{feff}".as_bytes()) {
        r.i = 3;
    }
    r.space()?;
    let v = r.value()?;
    r.space()?;
    if r.i < r.s.len() {
        return Err(r.error("unexpected text after the value"));
    }
    Ok(v)
}

struct Reader<'a> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
    depth: usize,
}

impl Reader<'_> {
    fn error(&self, message: &str) -> JsonError {
        let before = &self.s[..self.i.min(self.s.len())];
        let line = before.iter().filter(|b| **b == b'\n').count() + 1;
        let start = before
            .iter()
            .rposition(|b| *b == b'\n')
            .map_or(0, |p| p + 1);
        let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
        JsonError {
            message: message.to_string(),
            line,
            column,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    /// Skip whitespace and comments.
    fn space(&mut self) -> Result<(), JsonError> {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r' | b'\n') => self.i += 1,
                Some(b'/') if self.s.get(self.i + 1) == Some(&b'/') => {
                    while self.peek().is_some_and(|c| c != b'\n') {
                        self.i += 1;
                    }
                }
                Some(b'/') if self.s.get(self.i + 1) == Some(&b'*') => {
                    let start = self.i;
                    self.i += 2;
                    loop {
                        match self.peek() {
                            None => {
                                self.i = start;
                                return Err(self.error("unterminated comment"));
                            }
                            Some(b'*') if self.s.get(self.i + 1) == Some(&b'/') => {
                                self.i += 2;
                                break;
                            }
                            _ => self.i += 1,
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    fn value(&mut self) -> Result<Value, JsonError> {
        match self.peek() {
            Some(b'{') => self.nested(Self::object),
            Some(b'[') => self.nested(Self::array),
            Some(q @ (b'"' | b'\'')) => self.string(q).map(Value::from),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(c) if c.is_ascii_alphabetic() => {
                let word = self.word();
                if word.eq_ignore_ascii_case("true") {
                    Ok(Value::Bool(true))
                } else if word.eq_ignore_ascii_case("false") {
                    Ok(Value::Bool(false))
                } else if word.eq_ignore_ascii_case("null") {
                    Ok(Value::Null)
                } else {
                    self.i -= word.len();
                    Err(self.error("expected a value"))
                }
            }
            None => Err(self.error("unexpected end of text, expected a value")),
            Some(_) => Err(self.error("expected a value")),
        }
    }

    fn nested(
        &mut self,
        read: fn(&mut Self) -> Result<Value, JsonError>,
    ) -> Result<Value, JsonError> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error(&format!("the value nests deeper than {MAX_DEPTH} levels")));
        }
        self.depth += 1;
        let v = read(self);
        self.depth -= 1;
        v
    }

    /// At `[`.
    fn array(&mut self) -> Result<Value, JsonError> {
        self.i += 1;
        let mut items = Vec::new();
        loop {
            self.space()?;
            if self.peek() == Some(b']') {
                self.i += 1;
                return Ok(Value::Array(Array::from_vec(items)));
            }
            items.push(self.value()?);
            self.space()?;
            match self.peek() {
                // A trailing comma before `]` is allowed: the loop sees the `]` next.
                Some(b',') => self.i += 1,
                Some(b']') => {}
                _ => return Err(self.error("expected `,` or `]`")),
            }
        }
    }

    /// At `{`.
    fn object(&mut self) -> Result<Value, JsonError> {
        self.i += 1;
        let s = Struct::with_flags(true);
        loop {
            self.space()?;
            let key = match self.peek() {
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Value::Struct(s));
                }
                Some(q @ (b'"' | b'\'')) => self.string(q)?,
                Some(c) if c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$') => {
                    self.word().to_string()
                }
                _ => return Err(self.error("expected a key or `}`")),
            };
            self.space()?;
            if self.peek() != Some(b':') {
                return Err(self.error("expected `:` after the key"));
            }
            self.i += 1;
            self.space()?;
            let v = self.value()?;
            s.set(Key::new(key.as_str()), v);
            self.space()?;
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b'}') => {}
                _ => return Err(self.error("expected `,` or `}`")),
            }
        }
    }

    /// A run of identifier characters (an unquoted key, `true`, `null`).
    fn word(&mut self) -> &str {
        let start = self.i;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'-'))
        {
            self.i += 1;
        }
        &self.text[start..self.i]
    }

    fn number(&mut self) -> Result<Value, JsonError> {
        let start = self.i;
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        let digits = |r: &mut Self| {
            let from = r.i;
            while r.peek().is_some_and(|c| c.is_ascii_digit()) {
                r.i += 1;
            }
            r.i > from
        };
        if !digits(self) {
            return Err(self.error("expected a digit"));
        }
        if self.peek() == Some(b'.') {
            self.i += 1;
            if !digits(self) {
                return Err(self.error("expected a digit after `.`"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if !digits(self) {
                return Err(self.error("expected a digit in the exponent"));
            }
        }
        match self.text[start..self.i].parse::<f64>() {
            Ok(n) => Ok(Value::Num(n)),
            Err(_) => {
                self.i = start;
                Err(self.error("not a number"))
            }
        }
    }

    /// At the opening quote `q`.
    fn string(&mut self, q: u8) -> Result<String, JsonError> {
        self.i += 1;
        let mut out = String::new();
        loop {
            let run = self.i;
            while self.peek().is_some_and(|c| c != q && c != b'\\') {
                self.i += 1;
            }
            out.push_str(&self.text[run..self.i]);
            match self.peek() {
                None => return Err(self.error("unterminated string")),
                Some(c) if c == q => {
                    self.i += 1;
                    return Ok(out);
                }
                _ => {
                    // A backslash escape.
                    self.i += 1;
                    let Some(c) = self.peek() else {
                        return Err(self.error("unterminated string"));
                    };
                    self.i += 1;
                    match c {
                        b'"' => out.push('"'),
                        b'\'' => out.push('\''),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let c = self.unicode_escape()?;
                            out.push(c);
                        }
                        _ => {
                            self.i -= 1;
                            return Err(self.error("invalid escape in a string"));
                        }
                    }
                }
            }
        }
    }

    /// After `\u`: four hex digits, and the low half of a surrogate pair when one follows.
    fn unicode_escape(&mut self) -> Result<char, JsonError> {
        let hi = self.hex4()?;
        if (0xD800..0xDC00).contains(&hi) && self.s.get(self.i..self.i + 2) == Some(b"\\u") {
            let save = self.i;
            self.i += 2;
            let lo = self.hex4()?;
            if (0xDC00..0xE000).contains(&lo) {
                let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                return Ok(char::from_u32(c).unwrap_or('\u{fffd}'));
            }
            self.i = save;
        }
        Ok(char::from_u32(hi).unwrap_or('\u{fffd}'))
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let h = self
            .s
            .get(self.i..self.i + 4)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .ok_or_else(|| self.error("expected four hex digits after `\\u`"))?;
        self.i += 4;
        Ok(h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> String {
        match parse(text) {
            Ok(v) => {
                let mut s = crate::json::Serializer::new(crate::json::QueryFormat::Row);
                match s.value(&v) {
                    Ok(()) => s.finish(),
                    Err(e) => format!("serialize error: {}", e.message),
                }
            }
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn strict_json() {
        assert_eq!(
            json(r#"{"a": [1, 2.5, "x", true, null], "b": {}}"#),
            r#"{"a":[1,2.5,"x",true,null],"b":{}}"#
        );
        // Read as one character; written back as Lucee writes one outside the BMP.
        assert_eq!(json(r#""\u00e9\ud83d\ude00\n""#), r#""é\ud83d\ude00\n""#);
        assert_eq!(json("-1.5e2"), "-150");
    }

    #[test]
    fn lenient_forms_lucee_accepts() {
        assert_eq!(
            json("{a:1, 'b':'it\\'s', /* c */ c:[1,2,],} // end"),
            r#"{"a":1,"b":"it's","c":[1,2]}"#
        );
        assert_eq!(json("\u{feff}[1]"), "[1]");
    }

    #[test]
    fn bad_text_is_an_error_with_a_place() {
        for bad in [
            "",
            "{",
            "[1,,2]",
            "{a}",
            "[1] x",
            "'open",
            "01x",
            "/* no end",
            "tru",
            "[1 2]",
        ] {
            assert!(json(bad).starts_with("error: "), "{bad}: {}", json(bad));
        }
        assert_eq!(
            json("[1,\n  x]"),
            "error: expected a value at line 2 column 3"
        );
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let deep = "[".repeat(100_000);
        assert!(json(&deep).contains("nests deeper than 1000 levels"));
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&ok).is_ok());
    }
}

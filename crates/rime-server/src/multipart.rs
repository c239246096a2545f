//! `multipart/form-data` bodies (RFC 7578), parsed as they arrive: a part's data goes to its
//! sink chunk by chunk (the server writes a file part straight to disk), so an upload is never
//! held in memory whole, and the parser keeps only what may be the start of a delimiter.

/// The headers of one part.
#[derive(Debug, Default, PartialEq)]
pub struct PartHead {
    /// None for a part without a name (it is skipped).
    pub name: Option<String>,
    /// Present for file inputs (possibly empty when no file was chosen).
    pub filename: Option<String>,
    pub content_type: Option<String>,
}

/// Where the parts go.
pub trait Sink {
    fn start(&mut self, head: PartHead) -> std::io::Result<()>;
    fn data(&mut self, bytes: &[u8]) -> std::io::Result<()>;
    fn end(&mut self) -> std::io::Result<()>;
}

#[derive(Debug)]
pub enum Error {
    /// Not a well-formed multipart body.
    Malformed,
    /// The sink failed.
    Io(std::io::Error),
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::Io(e)
    }
}

/// The longest part head accepted, and the longest delimiter line (transport padding).
const MAX_HEAD: usize = 16 * 1024;
const MAX_DELIMITER_LINE: usize = 1024;

#[derive(Clone, Copy, Debug, PartialEq)]
enum State {
    /// Before the first delimiter.
    Preamble,
    /// Just after a delimiter: `--` ends the body, a line break starts a part.
    AfterDelimiter,
    Head,
    Data,
    Done,
}

/// An incremental parser: `feed` it the body as it comes, then `finish`.
pub struct Parser {
    /// `\r\n--boundary`: what ends a part's data (and, with the line break the parser puts
    /// before the body, the first delimiter too).
    delim: Vec<u8>,
    buf: Vec<u8>,
    state: State,
}

impl Parser {
    pub fn new(boundary: &str) -> Parser {
        Parser {
            delim: format!("\r\n--{boundary}").into_bytes(),
            buf: b"\r\n".to_vec(),
            state: State::Preamble,
        }
    }

    pub fn feed(&mut self, chunk: &[u8], sink: &mut impl Sink) -> Result<(), Error> {
        if self.state == State::Done {
            // The epilogue is ignored.
            return Ok(());
        }
        self.buf.extend_from_slice(chunk);
        let mut pos = 0;
        let result = self.step(&mut pos, sink);
        self.buf.drain(..pos);
        result
    }

    /// The body has ended: it must have ended with the closing delimiter.
    pub fn finish(self) -> Result<(), Error> {
        match self.state {
            State::Done => Ok(()),
            _ => Err(Error::Malformed),
        }
    }

    /// Consume what can be consumed of `buf[*pos..]`.
    fn step(&mut self, pos: &mut usize, sink: &mut impl Sink) -> Result<(), Error> {
        let keep = self.delim.len() - 1;
        loop {
            let rest = &self.buf[*pos..];
            match self.state {
                State::Done => return Ok(()),
                State::Preamble | State::Data => match find(rest, &self.delim, 0) {
                    Some(i) => {
                        if self.state == State::Data {
                            sink.data(&rest[..i])?;
                            sink.end()?;
                        }
                        *pos += i + self.delim.len();
                        self.state = State::AfterDelimiter;
                    }
                    None => {
                        // All but what may be the start of a delimiter split across chunks.
                        let n = rest.len().saturating_sub(keep);
                        if self.state == State::Data {
                            sink.data(&rest[..n])?;
                        }
                        *pos += n;
                        return Ok(());
                    }
                },
                State::AfterDelimiter => {
                    if rest.len() < 2 {
                        return Ok(());
                    }
                    if rest.starts_with(b"--") {
                        self.state = State::Done;
                        *pos = self.buf.len();
                        return Ok(());
                    }
                    // The delimiter line may carry trailing whitespace before its CRLF.
                    match find(rest, b"\r\n", 0) {
                        Some(i) if rest[..i].iter().all(|b| *b == b' ' || *b == b'\t') => {
                            *pos += i + 2;
                            self.state = State::Head;
                        }
                        Some(_) => return Err(Error::Malformed),
                        None if rest.len() > MAX_DELIMITER_LINE => return Err(Error::Malformed),
                        None => return Ok(()),
                    }
                }
                State::Head => {
                    let (text, used) = if rest.starts_with(b"\r\n") {
                        // A part with no headers at all.
                        ("", 2)
                    } else {
                        match find(rest, b"\r\n\r\n", 0) {
                            Some(i) => (
                                std::str::from_utf8(&rest[..i]).map_err(|_| Error::Malformed)?,
                                i + 4,
                            ),
                            None if rest.len() > MAX_HEAD => return Err(Error::Malformed),
                            None => return Ok(()),
                        }
                    };
                    sink.start(part_head(text))?;
                    *pos += used;
                    self.state = State::Data;
                }
            }
        }
    }
}

/// The `boundary` parameter of a `multipart/form-data` content type.
pub fn boundary(content_type: &str) -> Option<String> {
    let mut params = content_type.split(';');
    let media = params.next()?.trim();
    if !media.eq_ignore_ascii_case("multipart/form-data") {
        return None;
    }
    params.find_map(|p| {
        let (k, v) = p.split_once('=')?;
        if !k.trim().eq_ignore_ascii_case("boundary") {
            return None;
        }
        let v = v.trim().trim_matches('"');
        (!v.is_empty() && v.len() <= 200).then(|| v.to_string())
    })
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let mut i = from;
    while i + needle.len() <= hay.len() {
        // Jump to the next candidate first byte, then compare the rest.
        let off = hay.get(i..)?.iter().position(|&b| b == first)?;
        i += off;
        if hay.get(i + 1..i + needle.len()) == Some(rest) {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// A part's name, file name and content type from its header lines.
fn part_head(headers: &str) -> PartHead {
    let mut head = PartHead::default();
    for line in headers.split("\r\n") {
        let Some((k, v)) = line.split_once(':') else {
            continue;
        };
        let k = k.trim();
        if k.eq_ignore_ascii_case("content-disposition") {
            for (pk, pv) in disposition_params(v) {
                if pk.eq_ignore_ascii_case("name") {
                    head.name = Some(pv);
                } else if pk.eq_ignore_ascii_case("filename") {
                    // Old browsers send the client's full path: keep the last segment.
                    let base = pv.rsplit(['/', '\\']).next().unwrap_or("").to_string();
                    head.filename = Some(base);
                }
            }
        } else if k.eq_ignore_ascii_case("content-type") {
            head.content_type = Some(v.trim().to_string());
        }
    }
    head
}

/// The `key=value` parameters of a `Content-Disposition` value (quoted values unescaped).
fn disposition_params(v: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut chars = v.chars().peekable();
    // Skip the disposition type (`form-data`).
    for c in chars.by_ref() {
        if c == ';' {
            break;
        }
    }
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace() || *c == ';') {
            chars.next();
        }
        let mut key = String::new();
        while let Some(&c) = chars.peek() {
            if c == '=' || c == ';' {
                break;
            }
            key.push(c);
            chars.next();
        }
        if key.is_empty() && chars.peek().is_none() {
            return out;
        }
        let mut value = String::new();
        if chars.peek() == Some(&'=') {
            chars.next();
            if chars.peek() == Some(&'"') {
                chars.next();
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        // Browsers escape `"` as `%22`, but a backslash escape is also valid.
                        '\\' => {
                            if let Some(n) = chars.next() {
                                value.push(n);
                            }
                        }
                        c => value.push(c),
                    }
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c == ';' {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
        }
        out.push((key.trim().to_string(), value.trim_end().to_string()));
        if chars.peek().is_none() {
            return out;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Collects the parts, recording how the data arrived.
    #[derive(Default)]
    struct Collect(Vec<(PartHead, Vec<u8>)>);

    impl Sink for Collect {
        fn start(&mut self, head: PartHead) -> std::io::Result<()> {
            self.0.push((head, Vec::new()));
            Ok(())
        }
        fn data(&mut self, bytes: &[u8]) -> std::io::Result<()> {
            if let Some(p) = self.0.last_mut() {
                p.1.extend_from_slice(bytes);
            }
            Ok(())
        }
        fn end(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn parse_in(body: &[u8], boundary: &str, chunk: usize) -> Result<Collect, Error> {
        let mut p = Parser::new(boundary);
        let mut sink = Collect::default();
        for c in body.chunks(chunk) {
            p.feed(c, &mut sink)?;
        }
        p.finish().map(|_| sink)
    }

    const BODY: &[u8] =
        b"preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n\
--XyZ  \r\nContent-Disposition: form-data; name=\"f\"; filename=\"C:\\\\dir\\\\x.txt\"\r\n\
Content-Type: text/plain\r\n\r\nline1\r\n--XyY\r\nline2\r\n--XyZ--\r\nepilogue";

    #[test]
    fn parses_fields_and_files_however_the_body_is_cut() {
        for chunk in [1, 2, 3, 5, 7, 13, BODY.len()] {
            let parts = match parse_in(BODY, "XyZ", chunk) {
                Ok(c) => c.0,
                Err(e) => panic!("chunks of {chunk}: {e:?}"),
            };
            assert_eq!(parts.len(), 2, "chunks of {chunk}");
            assert_eq!(parts[0].0.name.as_deref(), Some("a"));
            assert_eq!(parts[0].1, b"one");
            assert_eq!(parts[1].0.filename.as_deref(), Some("x.txt"));
            assert_eq!(parts[1].0.content_type.as_deref(), Some("text/plain"));
            assert_eq!(parts[1].1, b"line1\r\n--XyY\r\nline2", "chunks of {chunk}");
        }
        // A body that starts with its delimiter, and a part with no headers.
        let parts = parse_in(b"--b\r\n\r\nx\r\n--b--", "b", 4).map(|c| c.0);
        assert!(matches!(parts.as_deref(), Ok([(h, d)]) if h.name.is_none() && d == b"x"));
    }

    #[test]
    fn malformed_bodies_are_rejected_not_panics() {
        for body in [
            &b""[..],
            b"--b",
            b"--b\r\n",
            b"--b\r\nContent-Disposition: form-data; name=x\r\n\r\nno end",
            b"--bjunk\r\n\r\nx\r\n--b--",
        ] {
            for chunk in [1, 3, 64] {
                assert!(parse_in(body, "b", chunk).is_err(), "{body:?}");
            }
        }
        assert_eq!(
            boundary("multipart/form-data; boundary=\"abc\"").as_deref(),
            Some("abc")
        );
        assert_eq!(boundary("text/plain; boundary=abc"), None);
    }
}

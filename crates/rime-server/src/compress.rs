//! brotli or gzip of text responses, when the client accepts it and the body is big enough to
//! gain.

use flate2::write::GzEncoder;
use flate2::Compression;
use std::io::Write;

/// Bodies smaller than this are sent as they are: the gzip framing would eat the gain.
pub const MIN_SIZE: usize = 1024;

/// A content coding the server can apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Coding {
    Brotli,
    Gzip,
}

impl Coding {
    /// The `Content-Encoding` value.
    pub fn name(self) -> &'static str {
        match self {
            Coding::Brotli => "br",
            Coding::Gzip => "gzip",
        }
    }

    /// Compress `data`: brotli at quality 5 and gzip at level 5 (most of the ratio of the
    /// highest levels at a fraction of the CPU, as pages are compressed on every request).
    pub fn encode(self, data: &[u8]) -> std::io::Result<Vec<u8>> {
        match self {
            Coding::Brotli => {
                let mut out = Vec::with_capacity(data.len() / 4 + 64);
                let params = brotli::enc::BrotliEncoderParams {
                    quality: 5,
                    ..Default::default()
                };
                brotli::BrotliCompress(&mut &data[..], &mut out, &params)?;
                Ok(out)
            }
            Coding::Gzip => {
                let mut enc =
                    GzEncoder::new(Vec::with_capacity(data.len() / 3 + 64), Compression::new(5));
                enc.write_all(data)?;
                enc.finish()
            }
        }
    }
}

/// The coding to use for an `Accept-Encoding` header value: brotli when accepted, else gzip
/// (`gzip`, `x-gzip`, or `*`), each only with q > 0.
pub fn negotiate(header: &str) -> Option<Coding> {
    let accepted = |names: &[&str]| {
        header.split(',').any(|item| {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or("").trim();
            if !names.iter().any(|n| coding.eq_ignore_ascii_case(n)) {
                return false;
            }
            // `gzip;q=0` means "not gzip".
            parts.all(|p| {
                let p = p.trim();
                match p.strip_prefix("q=").or_else(|| p.strip_prefix("Q=")) {
                    Some(q) => q.trim().parse::<f32>().is_ok_and(|q| q > 0.0),
                    None => true,
                }
            })
        })
    };
    if accepted(&["br"]) {
        Some(Coding::Brotli)
    } else if accepted(&["gzip", "x-gzip", "*"]) {
        Some(Coding::Gzip)
    } else {
        None
    }
}

/// Whether a content type is text-like (compresses well).
pub fn compressible(content_type: &str) -> bool {
    let t = content_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    t.starts_with("text/")
        || t.ends_with("+xml")
        || t.ends_with("+json")
        || matches!(
            t.as_str(),
            "application/json" | "application/javascript" | "application/xml" | "image/svg+xml"
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_encoding() {
        assert_eq!(negotiate("gzip, deflate, br"), Some(Coding::Brotli));
        assert_eq!(negotiate("br;q=0, gzip;q=0.8"), Some(Coding::Gzip));
        assert_eq!(negotiate("gzip, deflate"), Some(Coding::Gzip));
        assert_eq!(negotiate("*"), Some(Coding::Gzip));
        assert_eq!(negotiate("gzip;q=0"), None);
        assert_eq!(negotiate("identity"), None);
        assert_eq!(negotiate(""), None);
    }

    #[test]
    fn both_codings_round_trip() -> std::io::Result<()> {
        use std::io::Read;
        let text = "<p>hello</p>".repeat(200);
        let br = Coding::Brotli.encode(text.as_bytes())?;
        let mut back = Vec::new();
        brotli::Decompressor::new(&br[..], 4096).read_to_end(&mut back)?;
        assert_eq!(back, text.as_bytes());
        let gz = Coding::Gzip.encode(text.as_bytes())?;
        let mut back = String::new();
        flate2::read::GzDecoder::new(&gz[..]).read_to_string(&mut back)?;
        assert_eq!(back, text);
        assert!(br.len() < text.len() / 10 && gz.len() < text.len() / 10);
        Ok(())
    }

    #[test]
    fn text_types_compress() {
        assert!(compressible("text/html; charset=UTF-8"));
        assert!(compressible("application/json"));
        assert!(compressible("image/svg+xml"));
        assert!(!compressible("image/png"));
    }
}

//! gzip of text responses, when the client accepts it and the body is big enough to gain.

use flate2::write::GzEncoder;
use flate2::Compression;
use std::io::Write;

/// Bodies smaller than this are sent as they are: the gzip framing would eat the gain.
pub const MIN_SIZE: usize = 1024;

/// Whether an `Accept-Encoding` header value admits gzip (`gzip`, `x-gzip` or `*`, with q > 0).
pub fn accepts_gzip(header: &str) -> bool {
    header.split(',').any(|item| {
        let mut parts = item.split(';');
        let coding = parts.next().unwrap_or("").trim();
        if !(coding.eq_ignore_ascii_case("gzip")
            || coding.eq_ignore_ascii_case("x-gzip")
            || coding == "*")
        {
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

/// gzip `data` (level 5: most of the ratio of level 9 at a fraction of the CPU).
pub fn gzip(data: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut enc = GzEncoder::new(Vec::with_capacity(data.len() / 3 + 64), Compression::new(5));
    enc.write_all(data)?;
    enc.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_encoding() {
        assert!(accepts_gzip("gzip, deflate, br"));
        assert!(accepts_gzip("br;q=1.0, gzip;q=0.8"));
        assert!(accepts_gzip("*"));
        assert!(!accepts_gzip("gzip;q=0"));
        assert!(!accepts_gzip("identity"));
        assert!(!accepts_gzip(""));
    }

    #[test]
    fn text_types_compress() {
        assert!(compressible("text/html; charset=UTF-8"));
        assert!(compressible("application/json"));
        assert!(compressible("image/svg+xml"));
        assert!(!compressible("image/png"));
    }
}

//! The response body: bytes in memory, or a slice of a file streamed in chunks.
//!
//! Files are read with plain `std::fs` reads of at most `CHUNK` bytes per poll: a read of a
//! cached page is microseconds, cheaper than handing each chunk to tokio's blocking pool (whose
//! threads would also carry the large worker stack size).

use bytes::Bytes;
use hyper::body::{Frame, SizeHint};
use std::fs::File;
use std::io::Read;
use std::pin::Pin;
use std::task::{Context, Poll};

const CHUNK: usize = 64 * 1024;

/// A response body: with an exact length, or (a page that uses `<cfflush>`) chunks as the
/// page produces them.
pub enum Body {
    Bytes(Option<Bytes>),
    File { file: File, remaining: u64 },
    Stream(tokio::sync::mpsc::UnboundedReceiver<Bytes>),
}

impl Body {
    pub fn empty() -> Body {
        Body::Bytes(None)
    }

    pub fn bytes(b: impl Into<Bytes>) -> Body {
        let b = b.into();
        if b.is_empty() {
            Body::Bytes(None)
        } else {
            Body::Bytes(Some(b))
        }
    }

    /// `len` bytes of `file` from its current position.
    pub fn file(file: File, len: u64) -> Body {
        Body::File {
            file,
            remaining: len,
        }
    }
}

impl hyper::body::Body for Body {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
        match self.get_mut() {
            Body::Bytes(b) => Poll::Ready(b.take().map(|b| Ok(Frame::data(b)))),
            Body::Stream(rx) => rx.poll_recv(cx).map(|c| c.map(|b| Ok(Frame::data(b)))),
            Body::File { file, remaining } => {
                if *remaining == 0 {
                    return Poll::Ready(None);
                }
                let want = (*remaining).min(CHUNK as u64) as usize;
                let mut buf = vec![0u8; want];
                match file.read(&mut buf) {
                    Ok(0) => Poll::Ready(Some(Err(std::io::Error::new(
                        std::io::ErrorKind::UnexpectedEof,
                        "file shrank while being sent",
                    )))),
                    Ok(n) => {
                        buf.truncate(n);
                        *remaining -= n as u64;
                        Poll::Ready(Some(Ok(Frame::data(Bytes::from(buf)))))
                    }
                    Err(e) => Poll::Ready(Some(Err(e))),
                }
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        match self {
            Body::Bytes(b) => b.is_none(),
            Body::File { remaining, .. } => *remaining == 0,
            Body::Stream(_) => false,
        }
    }

    fn size_hint(&self) -> SizeHint {
        match self {
            Body::Bytes(b) => SizeHint::with_exact(b.as_ref().map_or(0, |b| b.len() as u64)),
            Body::File { remaining, .. } => SizeHint::with_exact(*remaining),
            // Unknown: sent chunked.
            Body::Stream(_) => SizeHint::default(),
        }
    }
}

//! The bound on pages running at once (`--max-concurrent-pages`): a page takes a slot before it
//! runs and gives it back when it ends; at the bound, a request waits for a slot without holding
//! a thread, and is answered 503 when none comes free in time.
//!
//! A slot costs two atomic operations on a counter (a compare-exchange and a subtraction) (tokio's `Semaphore` also locks a mutex on
//! every release, and this runs for every page on every core).

use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
use std::time::Duration;
use tokio::sync::Notify;

pub struct PageSlots {
    running: AtomicUsize,
    waiting: AtomicUsize,
    max: usize,
    freed: Notify,
}

/// A page's slot, given back on drop.
pub struct Slot<'a>(&'a PageSlots);

impl PageSlots {
    pub fn new(max: usize) -> PageSlots {
        PageSlots {
            running: AtomicUsize::new(0),
            waiting: AtomicUsize::new(0),
            max: max.max(1),
            freed: Notify::new(),
        }
    }

    /// A slot now, if one is free. A failed try changes nothing (a count raised and lowered
    /// again could make a waiter miss the slot freed meanwhile).
    pub fn try_take(&self) -> Option<Slot<'_>> {
        let mut n = self.running.load(SeqCst);
        while n < self.max {
            match self.running.compare_exchange_weak(n, n + 1, SeqCst, SeqCst) {
                Ok(_) => return Some(Slot(self)),
                Err(now) => n = now,
            }
        }
        None
    }

    /// A slot, waiting at most `timeout` for one to come free.
    pub async fn take(&self, timeout: Duration) -> Option<Slot<'_>> {
        if let Some(s) = self.try_take() {
            return Some(s);
        }
        let deadline = tokio::time::Instant::now() + timeout;
        self.waiting.fetch_add(1, SeqCst);
        let slot = loop {
            // Registered before the check, so a slot freed between the two still wakes us.
            let freed = self.freed.notified();
            tokio::pin!(freed);
            freed.as_mut().enable();
            if let Some(s) = self.try_take() {
                break Some(s);
            }
            if tokio::time::timeout_at(deadline, freed).await.is_err() {
                break self.try_take();
            }
        };
        self.waiting.fetch_sub(1, SeqCst);
        slot
    }

    fn give_back(&self) {
        self.running.fetch_sub(1, SeqCst);
        if self.waiting.load(SeqCst) > 0 {
            self.freed.notify_one();
        }
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.0.give_back();
    }
}

#[cfg(test)]
#[allow(clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn at_the_bound_a_page_waits_for_a_slot_and_gets_the_one_freed() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("runtime");
        rt.block_on(async {
            let slots = PageSlots::new(2);
            let a = slots.try_take();
            let b = slots.try_take();
            assert!(a.is_some() && b.is_some());
            assert!(
                slots.try_take().is_none(),
                "the third page is over the bound"
            );
            assert!(slots.take(Duration::from_millis(20)).await.is_none());
            let waiting = slots.take(Duration::from_secs(5));
            tokio::pin!(waiting);
            assert!(futures_poll_once(waiting.as_mut()).await.is_none());
            drop(a);
            assert!(
                waiting.await.is_some(),
                "the freed slot goes to the waiting page"
            );
        });
    }

    /// Poll a future once: Some(output) when it was ready.
    async fn futures_poll_once<F: std::future::Future + Unpin>(f: F) -> Option<F::Output> {
        let mut f = f;
        std::future::poll_fn(|cx| {
            std::task::Poll::Ready(match std::pin::Pin::new(&mut f).poll(cx) {
                std::task::Poll::Ready(v) => Some(v),
                std::task::Poll::Pending => None,
            })
        })
        .await
    }
}

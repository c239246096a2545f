//! Keeps the server responsive while a page runs long on a worker.
//!
//! Pages run inline on tokio's workers, and tokio polls the socket readiness (epoll) only from
//! a worker that is parked. When the worker that was polling wakes up to run a page, the other
//! workers may all be asleep on a condition variable; if that page then runs for seconds (an
//! infinite loop waiting for its timeout, a `sleep`, a long report), no one notices new
//! connections or requests until it ends. Measured here: a request sent during a 1 s loop
//! waited for the loop.
//!
//! The watchdog is one thread that looks at the pages in flight every `TICK`. When a page has
//! run longer than `LONG`, it spawns an empty task onto the runtime from outside: that wakes a
//! sleeping worker, which then finds nothing to do and parks on the I/O driver, so I/O flows
//! again. A request costs an atomic load and two stores (no clock reading: the watchdog counts
//! its ticks, and a page's start is the tick it began in); a quick page never triggers
//! anything.

use parking_lot::Mutex;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How often the watchdog looks.
const TICK: Duration = Duration::from_millis(10);
/// How many ticks must have begun since a page began before another worker is woken: the
/// page has then run for at least one whole tick (10 ms), and at most two.
const LONG_TICKS: u64 = 2;

/// The pages running inline, one slot per worker thread.
pub struct Watch {
    /// The watchdog's ticks so far.
    ticks: AtomicU64,
    /// Per worker: 0 when idle, else 1 + the tick count when its page began.
    slots: Mutex<Vec<Arc<AtomicU64>>>,
    stop: AtomicBool,
}

thread_local! {
    /// This thread's slot, tagged with the `Watch` it belongs to (tests run several servers).
    static SLOT: RefCell<Option<(usize, Arc<AtomicU64>)>> = const { RefCell::new(None) };
}

/// Marks a page as running on this thread until dropped.
pub struct Running(Arc<AtomicU64>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.store(0, Ordering::Release);
    }
}

impl Watch {
    pub fn new() -> Arc<Watch> {
        Arc::new(Watch {
            ticks: AtomicU64::new(0),
            slots: Mutex::new(Vec::new()),
            stop: AtomicBool::new(false),
        })
    }

    /// Mark a page as starting on this thread.
    pub fn begin(self: &Arc<Self>) -> Running {
        let id = Arc::as_ptr(self) as usize;
        let slot = SLOT.with(|s| {
            let mut s = s.borrow_mut();
            match &*s {
                Some((owner, slot)) if *owner == id => slot.clone(),
                _ => {
                    let slot = Arc::new(AtomicU64::new(0));
                    self.slots.lock().push(slot.clone());
                    *s = Some((id, slot.clone()));
                    slot
                }
            }
        });
        slot.store(self.ticks.load(Ordering::Relaxed) + 1, Ordering::Release);
        Running(slot)
    }

    /// Run the watchdog on its own thread until `stop`.
    pub fn spawn(self: &Arc<Self>, rt: tokio::runtime::Handle) -> std::io::Result<WatchThread> {
        let watch = self.clone();
        let thread = std::thread::Builder::new()
            .name("rime-watchdog".into())
            .spawn(move || {
                // The start stamp of the page each slot was last nudged for.
                let mut nudged: Vec<u64> = Vec::new();
                while !watch.stop.load(Ordering::Acquire) {
                    std::thread::sleep(TICK);
                    let now = watch.ticks.fetch_add(1, Ordering::Relaxed) + 1;
                    let slots = watch.slots.lock().clone();
                    nudged.resize(slots.len(), 0);
                    let mut wake = false;
                    for (slot, last) in slots.iter().zip(nudged.iter_mut()) {
                        let started = slot.load(Ordering::Acquire);
                        let long = started != 0 && now.saturating_sub(started - 1) >= LONG_TICKS;
                        if long && *last != started {
                            *last = started;
                            wake = true;
                        }
                    }
                    if wake {
                        rt.spawn(async {});
                    }
                }
            })?;
        Ok(WatchThread {
            watch: self.clone(),
            thread: Some(thread),
        })
    }
}

/// The watchdog thread; stopped and joined on drop.
pub struct WatchThread {
    watch: Arc<Watch>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for WatchThread {
    fn drop(&mut self) {
        self.watch.stop.store(true, Ordering::Release);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A page has run for a time slice on this worker (`Host::hand_off`): hand the worker's duty
/// (its task queue and, when it parks, the sockets) to another thread of the pool, and let the
/// page go on here. `block_in_place` does the hand-off; its replacement thread must take the
/// worker before the closure returns, or the page takes the worker back. So the closure waits,
/// briefly, until a task spawned now has run: some worker is then free to serve. If the other
/// workers were free anyway, the page may keep its worker; it asks again after a longer slice.
/// On a thread that is no longer a worker this costs the probe only.
pub fn hand_off() {
    let Ok(rt) = tokio::runtime::Handle::try_current() else {
        return;
    };
    tokio::task::block_in_place(|| {
        let (tx, rx) = std::sync::mpsc::sync_channel::<()>(1);
        rt.spawn(async move {
            let _ = tx.send(());
        });
        let _ = rx.recv_timeout(HAND_OFF_WAIT);
    });
}

/// The longest a hand-off waits for another worker to come free.
const HAND_OFF_WAIT: Duration = Duration::from_millis(5);

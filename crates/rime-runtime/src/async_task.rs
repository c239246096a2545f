//! The result of work a template started to run beside it (`runAsync`, the Java executors'
//! `submit`/`schedule`): the thread that runs the work records its result here, and the Future
//! the template holds waits for it.

use crate::{CfResult, CfmlError, Value};
use parking_lot::{Condvar, Mutex};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A running or finished task.
#[derive(Default)]
pub struct AsyncTask {
    result: Mutex<Option<CfResult<Value>>>,
    finished: Condvar,
    cancelled: AtomicBool,
}

impl std::fmt::Debug for AsyncTask {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AsyncTask(done: {})", self.is_done())
    }
}

impl AsyncTask {
    pub fn new() -> Arc<AsyncTask> {
        Arc::new(AsyncTask::default())
    }

    /// Record the result and wake the waiters.
    pub fn finish(&self, r: CfResult<Value>) {
        *self.result.lock() = Some(r);
        self.finished.notify_all();
    }

    /// The result, waiting at most `timeout` (None: until it is done); None when it is not done
    /// by then. A cancelled task that has not finished is an error.
    pub fn wait(&self, timeout: Option<Duration>) -> Option<CfResult<Value>> {
        let deadline = timeout.map(|t| Instant::now() + t);
        let mut r = self.result.lock();
        while r.is_none() {
            if self.is_cancelled() {
                return Some(Err(CfmlError::application("the task was cancelled")));
            }
            match deadline {
                Some(d) => {
                    if self.finished.wait_until(&mut r, d).timed_out() {
                        break;
                    }
                }
                None => self.finished.wait(&mut r),
            }
        }
        r.clone()
    }

    pub fn is_done(&self) -> bool {
        self.result.lock().is_some()
    }

    /// Mark the task cancelled (its waiters stop waiting; the work itself runs to its end, and
    /// its result is dropped); false when it had finished.
    pub fn cancel(&self) -> bool {
        let r = self.result.lock();
        if r.is_some() {
            return false;
        }
        self.cancelled.store(true, Ordering::Release);
        self.finished.notify_all();
        true
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Acquire)
    }
}

//! Work a template starts to run beside it (`runAsync`): the job runs on a thread of its own
//! with a VM over the request's scopes (the VM crate spawns it, `Ctx::spawn_async`); the caller
//! holds an `AsyncTask` to wait for its result, or cancel it.

use crate::{CfResult, CfmlError, Value};
use parking_lot::{Condvar, Mutex};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Calls CFML functions: what a job needs of the VM it runs on.
pub trait Caller {
    fn call(&mut self, f: &Value, args: Vec<Value>) -> CfResult<Value>;
}

/// The work of a task.
pub type AsyncJob = Box<dyn FnOnce(&mut dyn Caller) -> CfResult<Value> + Send>;

/// A running or finished task.
#[derive(Default)]
pub struct AsyncTask {
    result: Mutex<Option<Result<Value, Box<CfmlError>>>>,
    finished: Condvar,
    cancel: Arc<AtomicBool>,
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

    /// The flag the task's VM checks at its safe points.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.cancel.clone()
    }

    /// Record the result and wake the waiters.
    pub fn finish(&self, r: CfResult<Value>) {
        *self.result.lock() = Some(r);
        self.finished.notify_all();
    }

    /// The result, waiting at most `timeout` (None: until it is done); None when it is not
    /// done by then.
    pub fn wait(&self, timeout: Option<Duration>) -> Option<CfResult<Value>> {
        let deadline = timeout.map(|t| Instant::now() + t);
        let mut r = self.result.lock();
        while r.is_none() {
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

    /// Ask the task to stop (at its next loop or call); false when it had finished.
    pub fn cancel(&self) -> bool {
        if self.is_done() {
            return false;
        }
        self.cancel.store(true, Ordering::Relaxed);
        true
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

//! `java.util.concurrent.Executors` and the executor services it makes: real thread pools whose
//! workers run tasks (a `Callable`'s `call()`, a `Runnable`'s `run()`, or a CFML function) each
//! in a VM of its own (`Ctx::background`, as `<cfthread>` bodies run), with delayed and periodic
//! runs for the scheduled pools, and the `Future`s that carry their results.

use crate::concurrent::{as_time_unit, unit_nanos};
use crate::{arg, int_arg, java_error, no_method, values::call_on};
use parking_lot::{Condvar, Mutex};
use rime_runtime::{Array, Background, CfResult, CfmlError, Ctx, Native, NativeObject, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Stack of a worker thread: CFML recursion runs on it (as on `<cfthread>` threads).
const WORKER_STACK_BYTES: usize = 64 * 1024 * 1024;

/// The most threads a "cached" or per-task pool starts (Java's are unbounded).
const CACHED_MAX: usize = 64;

/// `Executors.newFixedThreadPool(n)`, `newCachedThreadPool()`, `newScheduledThreadPool(n)`,
/// `newSingleThreadExecutor()`, `newWorkStealingPool([n])`, `newVirtualThreadPerTaskExecutor()`.
pub(crate) fn executors_statics(
    ctx: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.util.concurrent.Executors";
    let m = name.to_ascii_lowercase();
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let (threads, scheduled) = match m.as_str() {
        "newfixedthreadpool" | "newscheduledthreadpool" => match int_arg(args, 0, C, name) {
            Ok(n) if n >= 1 => (n as usize, m.contains("scheduled")),
            Ok(n) => {
                return Some(Err(java_error(
                    "java.lang.IllegalArgumentException",
                    format!("pool size {n}"),
                )))
            }
            Err(e) => return Some(Err(e)),
        },
        "newworkstealingpool" => match args.first() {
            Some(v) => match v.to_num() {
                Ok(n) => ((n as usize).max(1), false),
                Err(e) => return Some(Err(e)),
            },
            None => (cores, false),
        },
        "newcachedthreadpool" | "newvirtualthreadpertaskexecutor" => (CACHED_MAX, false),
        "newsinglethreadexecutor" => (1, false),
        "newsinglethreadscheduledexecutor" => (1, true),
        _ => return None,
    };
    let Some(bg) = ctx.background() else {
        return Some(Err(CfmlError::application(
            "executors can run only inside a request (they need its engine to run CFML)",
        )));
    };
    let pool = Arc::new(Pool {
        bg,
        max: threads.min(1024),
        scheduled,
        state: Mutex::new(State::default()),
        work: Condvar::new(),
        finished: Condvar::new(),
    });
    Some(Ok(Value::Native(Native::new(Executor(pool)))))
}

/// How a periodic task repeats.
#[derive(Clone, Copy, Debug)]
enum Period {
    /// `scheduleAtFixedRate`: every period from its first start.
    Rate(Duration),
    /// `scheduleWithFixedDelay`: the delay after each run ends.
    Delay(Duration),
}

#[derive(Debug)]
struct Job {
    due: Instant,
    task: Value,
    period: Option<Period>,
    future: Arc<FutureState>,
}

#[derive(Debug, Default)]
struct State {
    jobs: Vec<Job>,
    shutdown: bool,
    workers: usize,
    idle: usize,
    active: usize,
    largest: usize,
    submitted: u64,
    completed: u64,
}

struct Pool {
    bg: Arc<dyn Background>,
    max: usize,
    scheduled: bool,
    state: Mutex<State>,
    /// Wakes workers: a job arrived, or the pool shuts down.
    work: Condvar,
    /// Wakes `awaitTermination`: a worker ended.
    finished: Condvar,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("max", &self.max)
            .field("scheduled", &self.scheduled)
            .finish_non_exhaustive()
    }
}

impl Pool {
    fn add(self: &Arc<Self>, job: Job) -> CfResult<()> {
        let mut st = self.state.lock();
        if st.shutdown {
            return Err(java_error(
                "java.util.concurrent.RejectedExecutionException",
                "the executor has been shut down",
            ));
        }
        st.jobs.push(job);
        st.submitted += 1;
        if st.idle == 0 && st.workers < self.max {
            let pool = self.clone();
            std::thread::Builder::new()
                .name("rime-executor".to_string())
                .stack_size(WORKER_STACK_BYTES)
                .spawn(move || pool.work_loop())
                .map_err(|e| {
                    CfmlError::application(format!("could not start an executor thread: {e}"))
                })?;
            st.workers += 1;
            st.largest = st.largest.max(st.workers);
        }
        self.work.notify_one();
        Ok(())
    }

    /// The next job due, waiting for it; None when the pool is shut down and has nothing left.
    fn next_job(&self) -> Option<Job> {
        let mut st = self.state.lock();
        loop {
            st.jobs.retain(|j| !j.future.is_cancelled());
            let next = st
                .jobs
                .iter()
                .enumerate()
                .min_by_key(|(_, j)| j.due)
                .map(|(i, j)| (i, j.due));
            match next {
                Some((i, due)) if due <= Instant::now() => {
                    st.active += 1;
                    return Some(st.jobs.swap_remove(i));
                }
                Some((_, due)) => {
                    st.idle += 1;
                    self.work.wait_until(&mut st, due);
                    st.idle -= 1;
                }
                None if st.shutdown => return None,
                None => {
                    st.idle += 1;
                    self.work.wait(&mut st);
                    st.idle -= 1;
                }
            }
        }
    }

    fn work_loop(self: Arc<Self>) {
        while let Some(mut job) = self.next_job() {
            let started = Instant::now();
            let task = job.task.clone();
            let r = self.bg.run(&mut |ctx| run_task(ctx, &task));
            let mut st = self.state.lock();
            st.active -= 1;
            st.completed += 1;
            match (job.period, r) {
                // A periodic task runs again unless it failed, was cancelled or the pool stops
                // (Java drops periodic tasks at shutdown).
                (Some(p), Ok(_)) if !st.shutdown && !job.future.is_cancelled() => {
                    job.due = match p {
                        Period::Rate(d) => (job.due + d).max(started),
                        Period::Delay(d) => Instant::now() + d,
                    };
                    *job.future.due.lock() = job.due;
                    st.jobs.push(job);
                    self.work.notify_one();
                }
                (Some(_), Ok(_)) => job.future.cancel(),
                (_, r) => job.future.complete(r),
            }
        }
        let mut st = self.state.lock();
        st.workers -= 1;
        self.finished.notify_all();
    }

    fn shutdown(&self, now: bool) -> Vec<Value> {
        let mut st = self.state.lock();
        st.shutdown = true;
        // Pending periodic tasks end at shutdown; `shutdownNow` drops every pending task.
        let (drop, keep): (Vec<Job>, Vec<Job>) = std::mem::take(&mut st.jobs)
            .into_iter()
            .partition(|j| now || j.period.is_some());
        st.jobs = keep;
        self.work.notify_all();
        drop.into_iter()
            .map(|j| {
                j.future.cancel();
                j.task
            })
            .collect()
    }

    fn terminated(st: &State) -> bool {
        st.shutdown && st.workers == 0 && st.jobs.is_empty()
    }
}

/// Run one task on the current thread: a `Callable`'s `call()`, a `Runnable`'s `run()`, a CFML
/// function called with no arguments.
fn run_task(ctx: &mut dyn Ctx, task: &Value) -> CfResult<Value> {
    match task {
        Value::Func(_) => ctx.call(task, Vec::new()),
        Value::Native(n) if n.get().implements("java.util.concurrent.Callable") => {
            call_on(ctx, task, "call", Vec::new())
        }
        Value::Native(n) if n.get().implements("java.lang.Runnable") => {
            call_on(ctx, task, "run", Vec::new()).map(|_| Value::Null)
        }
        other => Err(CfmlError::expression(format!(
            "an executor runs a Callable, a Runnable (createDynamicProxy) or a function, not a {}",
            match other {
                Value::Native(n) => n.get().class_name().to_string(),
                v => v.type_name().to_string(),
            }
        ))),
    }
}

/// A duration given as `amount, TimeUnit` at `args[i]`, `args[i + 1]`.
fn duration_arg(args: &[Value], i: usize, class: &str, method: &str) -> CfResult<Duration> {
    duration_in(args, i, i + 1, class, method)
}

/// The amount at `args[amount]` in the `TimeUnit` at `args[unit]`.
fn duration_in(
    args: &[Value],
    amount: usize,
    unit: usize,
    class: &str,
    method: &str,
) -> CfResult<Duration> {
    let n = int_arg(args, amount, class, method)?;
    let unit = as_time_unit(arg(args, unit, class, method)?)
        .ok_or_else(|| CfmlError::expression(format!("[{class}.{method}()] needs a TimeUnit")))?;
    let nanos = (n.max(0) as i128 * unit_nanos(unit)).min(u64::MAX as i128);
    Ok(Duration::from_nanos(nanos as u64))
}

#[derive(Debug)]
struct Executor(Arc<Pool>);

impl NativeObject for Executor {
    fn class_name(&self) -> &str {
        if self.0.scheduled {
            "java.util.concurrent.ScheduledThreadPoolExecutor"
        } else {
            "java.util.concurrent.ThreadPoolExecutor"
        }
    }

    fn call(
        &self,
        this: &Native,
        _: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        let c = self.class_name();
        let pool = &self.0;
        let job = |task: &Value, delay: Duration, period: Option<Period>| {
            let future = Arc::new(FutureState::new(Instant::now() + delay, period.is_some()));
            let job = Job {
                due: Instant::now() + delay,
                task: task.clone(),
                period,
                future: future.clone(),
            };
            pool.add(job)
                .map(|_| Value::Native(Native::new(Future(future))))
        };
        let m = name.to_ascii_lowercase();
        let scheduling = matches!(
            m.as_str(),
            "schedule" | "scheduleatfixedrate" | "schedulewithfixeddelay"
        );
        if scheduling && !pool.scheduled {
            return Err(no_method(c, name));
        }
        let st = || pool.state.lock();
        Ok(match m.as_str() {
            "submit" => job(arg(&args, 0, c, name)?, Duration::ZERO, None)?,
            "execute" => {
                job(arg(&args, 0, c, name)?, Duration::ZERO, None)?;
                Value::Null
            }
            "schedule" => job(
                arg(&args, 0, c, name)?,
                duration_arg(&args, 1, c, name)?,
                None,
            )?,
            "scheduleatfixedrate" | "schedulewithfixeddelay" => {
                // (task, initialDelay, period, unit)
                let initial = duration_in(&args, 1, 3, c, name)?;
                let period = duration_in(&args, 2, 3, c, name)?;
                if period.is_zero() {
                    return Err(java_error(
                        "java.lang.IllegalArgumentException",
                        "the period must be positive",
                    ));
                }
                let period = if m == "scheduleatfixedrate" {
                    Period::Rate(period)
                } else {
                    Period::Delay(period)
                };
                job(arg(&args, 0, c, name)?, initial, Some(period))?
            }
            "shutdown" => {
                pool.shutdown(false);
                Value::Null
            }
            "shutdownnow" => Value::Array(Array::from_vec(pool.shutdown(true))),
            "close" => {
                pool.shutdown(false);
                let mut st = st();
                while !Pool::terminated(&st) {
                    pool.finished.wait(&mut st);
                }
                Value::Null
            }
            "isshutdown" => Value::Bool(st().shutdown),
            "isterminated" => Value::Bool(Pool::terminated(&st())),
            "isterminating" => {
                let st = st();
                Value::Bool(st.shutdown && !Pool::terminated(&st))
            }
            "awaittermination" => {
                let deadline = Instant::now() + duration_arg(&args, 0, c, name)?;
                let mut st = st();
                while !Pool::terminated(&st) {
                    if pool.finished.wait_until(&mut st, deadline).timed_out() {
                        break;
                    }
                }
                Value::Bool(Pool::terminated(&st))
            }
            "getpoolsize" => Value::Num(st().workers as f64),
            "getactivecount" => Value::Num(st().active as f64),
            "getlargestpoolsize" => Value::Num(st().largest as f64),
            "getcorepoolsize" | "getmaximumpoolsize" => Value::Num(pool.max as f64),
            "gettaskcount" => Value::Num(st().submitted as f64),
            "getcompletedtaskcount" => Value::Num(st().completed as f64),
            "getqueue" => Value::Array(Array::from_vec(
                st().jobs.iter().map(|j| j.task.clone()).collect(),
            )),
            _ => return crate::object_method(this, name, &args),
        })
    }
}

/// The state a `Future` shares with the job that completes it: the result cell `runAsync`'s
/// Futures use too, and when the job runs next.
#[derive(Debug)]
struct FutureState {
    cell: rime_runtime::async_task::AsyncTask,
    /// When it runs next (`getDelay`).
    due: Mutex<Instant>,
    periodic: bool,
}

impl FutureState {
    fn new(due: Instant, periodic: bool) -> FutureState {
        FutureState {
            cell: Default::default(),
            due: Mutex::new(due),
            periodic,
        }
    }

    fn complete(&self, r: CfResult<Value>) {
        self.cell.finish(r);
    }

    fn cancel(&self) {
        self.cell.cancel();
    }

    fn is_cancelled(&self) -> bool {
        self.cell.is_cancelled()
    }

    fn is_done(&self) -> bool {
        self.cell.is_cancelled() || self.cell.is_done()
    }
}

#[derive(Debug)]
struct Future(Arc<FutureState>);

impl NativeObject for Future {
    fn class_name(&self) -> &str {
        if self.0.periodic {
            "java.util.concurrent.ScheduledFutureTask"
        } else {
            "java.util.concurrent.FutureTask"
        }
    }

    fn call(
        &self,
        this: &Native,
        _: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        let c = self.class_name();
        let f = &self.0;
        Ok(match name.to_ascii_lowercase().as_str() {
            "get" => {
                let timeout = match args.first() {
                    Some(_) => Some(duration_arg(&args, 0, c, name)?),
                    None => None,
                };
                return match f.cell.wait(timeout) {
                    // Cancelled before it finished: Java's exception.
                    Some(Err(_)) if f.cell.is_cancelled() && !f.cell.is_done() => Err(java_error(
                        "java.util.concurrent.CancellationException",
                        "the task was cancelled",
                    )),
                    Some(r) => r,
                    None => Err(java_error(
                        "java.util.concurrent.TimeoutException",
                        "the task did not finish in time",
                    )),
                };
            }
            "isdone" => Value::Bool(f.is_done()),
            "iscancelled" => Value::Bool(f.is_cancelled()),
            "isperiodic" => Value::Bool(f.periodic),
            "cancel" => {
                if f.is_done() {
                    Value::Bool(false)
                } else {
                    f.cancel();
                    Value::Bool(true)
                }
            }
            "getdelay" => {
                let unit = as_time_unit(arg(&args, 0, c, name)?).ok_or_else(|| {
                    CfmlError::expression(format!("[{c}.getDelay()] needs a TimeUnit"))
                })?;
                let (now, due) = (Instant::now(), *f.due.lock());
                let nanos = if due >= now {
                    (due - now).as_nanos() as i128
                } else {
                    -((now - due).as_nanos() as i128)
                };
                Value::Num((nanos / unit_nanos(unit)) as f64)
            }
            _ => return crate::object_method(this, name, &args),
        })
    }
}

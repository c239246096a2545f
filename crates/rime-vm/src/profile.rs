//! The sampling profiler behind `rime serve --profile=SECONDS`.
//!
//! While a profile is being taken (`start`), every new VM carries a `Prof`: the VM charges the
//! time since its last sample to the function and line it is at, at every 64th checkpoint (loop
//! back-edges and calls) and when a frame starts or ends; a frame's start and end also give each
//! function its total (inclusive) time, counted once when it recurses. Time spent in a builtin
//! or a database call goes to the position of the next sample, which is in the same function.
//! When the VM is dropped its figures are added to the process-wide profile, which `report`
//! prints. With no profile running the VM pays one branch per frame and per checkpoint.

use arcstr::ArcStr;
use parking_lot::Mutex;
use rime_bytecode::FuncProto;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

static ACTIVE: AtomicBool = AtomicBool::new(false);
static PROFILE: Mutex<Option<Totals>> = Mutex::new(None);

/// How many checkpoints pass between two samples while profiling.
pub(crate) const SAMPLE_EVERY: u32 = 64;

/// A function: its template and declared name (the file name for a template's body).
type FnKey = (ArcStr, ArcStr);

#[derive(Default)]
struct Totals {
    /// Time spent at each line of each function (self time).
    lines: HashMap<(FnKey, u32), Duration>,
    /// Self time per function.
    own: HashMap<FnKey, Duration>,
    /// Time from entry to exit per function (outermost activation only).
    total: HashMap<FnKey, (Duration, u64)>,
    requests: u64,
}

impl Totals {
    fn add(&mut self, other: Totals) {
        for (k, d) in other.lines {
            *self.lines.entry(k).or_default() += d;
        }
        for (k, d) in other.own {
            *self.own.entry(k).or_default() += d;
        }
        for (k, (d, n)) in other.total {
            let e = self.total.entry(k).or_default();
            e.0 += d;
            e.1 += n;
        }
        self.requests += other.requests;
    }
}

/// Start collecting (the figures of a previous profile are dropped).
pub fn start() {
    *PROFILE.lock() = Some(Totals::default());
    ACTIVE.store(true, Ordering::Relaxed);
}

/// Stop collecting and render what was collected: functions by self and total time, and the
/// busiest lines. None when no profile was started.
pub fn report(top: usize) -> Option<String> {
    ACTIVE.store(false, Ordering::Relaxed);
    let t = PROFILE.lock().take()?;
    let mut out = String::new();
    let ms = |d: &Duration| d.as_secs_f64() * 1000.0;
    let name = |(path, f): &FnKey| {
        let file = path.rsplit(['/', '\\']).next().unwrap_or(path);
        if f.is_empty() {
            format!("{file} (closure)")
        } else if f.as_str() == file {
            file.to_string()
        } else {
            format!("{file} {f}()")
        }
    };
    let sum: f64 = t.own.values().map(ms).sum();
    out.push_str(&format!(
        "rime profile: {} requests, {:.1} ms of CFML\n\nself ms      %   total ms    calls  function\n",
        t.requests, sum
    ));
    let mut own: Vec<_> = t.own.iter().collect();
    own.sort_by(|a, b| b.1.cmp(a.1));
    for (k, d) in own.iter().take(top) {
        let (tot, calls) = t.total.get(*k).copied().unwrap_or_default();
        out.push_str(&format!(
            "{:>9.1} {:>6.1} {:>10.1} {:>8}  {}\n",
            ms(d),
            if sum > 0.0 { ms(d) * 100.0 / sum } else { 0.0 },
            ms(&tot),
            calls,
            name(k)
        ));
    }
    out.push_str("\nself ms      %  line\n");
    let mut lines: Vec<_> = t.lines.iter().collect();
    lines.sort_by(|a, b| b.1.cmp(a.1));
    for ((k, line), d) in lines.iter().take(top) {
        out.push_str(&format!(
            "{:>9.1} {:>6.1}  {}:{}  {}\n",
            ms(d),
            if sum > 0.0 { ms(d) * 100.0 / sum } else { 0.0 },
            k.0,
            line,
            name(k)
        ));
    }
    Some(out)
}

/// A new VM's profiler, while a profile is being taken.
pub(crate) fn for_new_vm() -> Option<Box<Prof>> {
    ACTIVE.load(Ordering::Relaxed).then(|| {
        Box::new(Prof {
            last: Instant::now(),
            ticks: 0,
            entered: Vec::new(),
            depth: HashMap::new(),
            totals: Totals {
                requests: 1,
                ..Totals::default()
            },
        })
    })
}

/// One VM's share of the profile.
pub(crate) struct Prof {
    last: Instant,
    pub(crate) ticks: u32,
    /// Running frames: their function, when they began and the line last sampled in them.
    entered: Vec<(FnKey, Instant, u32)>,
    /// Activations of each running function (its total counts only the outermost one).
    depth: HashMap<FnKey, u32>,
    totals: Totals,
}

fn key(proto: &FuncProto) -> FnKey {
    (proto.source.path.clone(), proto.name.clone())
}

impl Prof {
    /// Charge the time since the last sample to `proto` at instruction `pc`.
    pub(crate) fn sample(&mut self, proto: &FuncProto, pc: usize) {
        let now = Instant::now();
        let d = now.duration_since(self.last);
        self.last = now;
        let (line, _) = proto.line_col(pc.saturating_sub(1));
        if let Some(top) = self.entered.last_mut() {
            top.2 = line;
        }
        let k = key(proto);
        *self.totals.own.entry(k.clone()).or_default() += d;
        *self.totals.lines.entry((k, line)).or_default() += d;
    }

    /// A frame of `proto` begins: its caller is charged up to now, at the line it was last
    /// sampled at.
    pub(crate) fn enter(&mut self, proto: &FuncProto) {
        let now = Instant::now();
        let d = now.duration_since(self.last);
        self.last = now;
        if let Some((k, _, line)) = self.entered.last() {
            *self.totals.own.entry(k.clone()).or_default() += d;
            *self.totals.lines.entry((k.clone(), *line)).or_default() += d;
        }
        let k = key(proto);
        *self.depth.entry(k.clone()).or_default() += 1;
        self.entered.push((k, now, proto.line_col(0).0));
    }

    /// The innermost frame, of `proto` and stopped at `pc`, ends.
    pub(crate) fn exit(&mut self, proto: &FuncProto, pc: usize) {
        self.sample(proto, pc);
        let Some((k, began, _)) = self.entered.pop() else {
            return;
        };
        let depth = self.depth.entry(k.clone()).or_default();
        *depth = depth.saturating_sub(1);
        let outermost = *depth == 0;
        let e = self.totals.total.entry(k).or_default();
        e.1 += 1;
        if outermost {
            e.0 += began.elapsed();
        }
    }
}

impl Drop for Prof {
    fn drop(&mut self) {
        if let Some(t) = PROFILE.lock().as_mut() {
            t.add(std::mem::take(&mut self.totals));
        }
    }
}

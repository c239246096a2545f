//! Scheduled tasks (`<cfschedule>`): named HTTP requests the server makes on a timetable, as
//! Lucee's scheduler does. A task has a URL, a first run (`startDate` + `startTime`), an
//! interval (a number of seconds, or `once`, `daily`, `weekly`, `monthly`), an optional end,
//! and may publish what the URL answered to a file. Tasks run while `rime serve` runs: the
//! server starts the timer thread (`Scheduler::start`), which sleeps until the next task is
//! due and makes each request on a thread of its own, so a slow URL never delays the others;
//! a task still running when it is due again is not started twice. `rime run` and the
//! golden-case runner keep the task list but run nothing on a timetable (`action="run"`
//! still runs a task at once).
//!
//! The list lives in the process: the tasks `.cfconfig.json` declares (`scheduledTasks`) are
//! read when the engine starts (`configure`), but a task `<cfschedule>` adds is not written
//! back (Lucee keeps it in its configuration across restarts; Rime writes no configuration
//! file).

use chrono::{Duration as ChronoDuration, Local, Months, NaiveDateTime};
use parking_lot::{Condvar, Mutex};
use rime_runtime::{CfResult, CfmlError, DateKind, DateTime, Key, Query, Struct, Value};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// How often a task repeats.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Interval {
    Once,
    Seconds(u64),
    Daily,
    Weekly,
    Monthly,
}

impl Interval {
    fn parse(s: &str) -> CfResult<Interval> {
        let t = s.trim().to_ascii_lowercase();
        Ok(match t.as_str() {
            "once" => Interval::Once,
            "daily" | "day" => Interval::Daily,
            "weekly" | "week" => Interval::Weekly,
            "monthly" | "month" => Interval::Monthly,
            _ => match t.parse::<f64>() {
                Ok(n) if n >= 1.0 && n.is_finite() => Interval::Seconds(n as u64),
                _ => {
                    return Err(CfmlError::application(format!(
                        "invalid interval [{s}] for tag [schedule]: a number of seconds (at least 1), once, daily, weekly or monthly"
                    )))
                }
            },
        })
    }

    fn text(self) -> String {
        match self {
            Interval::Once => "once".into(),
            Interval::Seconds(n) => n.to_string(),
            Interval::Daily => "daily".into(),
            Interval::Weekly => "weekly".into(),
            Interval::Monthly => "monthly".into(),
        }
    }

    /// The run after `t`.
    fn after(self, t: NaiveDateTime) -> Option<NaiveDateTime> {
        match self {
            Interval::Once => None,
            Interval::Seconds(n) => Some(t + ChronoDuration::seconds(n as i64)),
            Interval::Daily => Some(t + ChronoDuration::days(1)),
            Interval::Weekly => Some(t + ChronoDuration::days(7)),
            Interval::Monthly => t.checked_add_months(Months::new(1)),
        }
    }
}

/// One task, as `<cfschedule action="update">` defined it.
#[derive(Clone)]
struct Task {
    name: String,
    url: String,
    interval: Interval,
    start: NaiveDateTime,
    end: Option<NaiveDateTime>,
    timeout: Duration,
    username: Option<String>,
    password: String,
    /// Where the answer is written when `publish` is on.
    publish: Option<PathBuf>,
    paused: bool,
    autodelete: bool,
    /// The next time it is due (None: it will not run again).
    next: Option<NaiveDateTime>,
    /// Set while a request of this task runs.
    running: Arc<AtomicBool>,
}

impl Task {
    /// The first run at or after `now`, from the start on by the interval.
    fn first_due(&self, now: NaiveDateTime) -> Option<NaiveDateTime> {
        let mut t = self.start;
        if let Interval::Seconds(n) = self.interval {
            if t < now && n > 0 {
                // Skip the runs missed in one step.
                let behind = (now - t).num_seconds().max(0) as u64;
                t += ChronoDuration::seconds((behind / n * n) as i64);
            }
        }
        while t < now {
            match self.interval.after(t) {
                Some(n) => t = n,
                // A one-off task whose time has passed runs once, now.
                None => return Some(now),
            }
        }
        self.within_end(t)
    }

    fn within_end(&self, t: NaiveDateTime) -> Option<NaiveDateTime> {
        match self.end {
            Some(end) if t > end => None,
            _ => Some(t),
        }
    }
}

/// The tasks of a server.
#[derive(Default)]
pub struct Scheduler {
    tasks: Mutex<Vec<Task>>,
    /// Wakes the timer thread when the tasks change.
    changed: Condvar,
    /// Set once the timer thread runs (`rime serve`).
    started: AtomicBool,
    /// The server's own address, for task URLs written as a path (`/tasks/nightly.cfm`).
    base_url: OnceLock<String>,
}

fn now() -> NaiveDateTime {
    Local::now().naive_local()
}

fn text(a: &Struct, k: &str) -> CfResult<Option<String>> {
    Ok(a.get_text(k)?.filter(|s| !s.trim().is_empty()))
}

fn flag(a: &Struct, k: &str) -> CfResult<bool> {
    match a.get(k) {
        Some(v) if !v.is_null() && !v.to_str().is_ok_and(|s| s.is_empty()) => v.to_bool(),
        _ => Ok(false),
    }
}

/// A date or time attribute as a date-time (a date object, or text such as `12/1/2026`,
/// `10:00 AM`).
fn date_attr(a: &Struct, k: &str) -> CfResult<Option<NaiveDateTime>> {
    match a.get(k) {
        Some(v) if !v.is_null() && !v.to_str().is_ok_and(|s| s.trim().is_empty()) => {
            Ok(Some(v.to_date()?.ndt()))
        }
        _ => Ok(None),
    }
}

impl Scheduler {
    /// Start the timer thread (once): from now on tasks run when they are due. `base_url` is
    /// the server's own address (`http://127.0.0.1:8080`) for tasks whose URL is a path.
    pub fn start(self: &Arc<Self>, base_url: Option<String>) {
        if let Some(b) = base_url {
            let _ = self.base_url.set(b.trim_end_matches('/').to_string());
        }
        if self.started.swap(true, Ordering::SeqCst) {
            return;
        }
        let me = self.clone();
        let spawned = std::thread::Builder::new()
            .name("rime-scheduler".into())
            .spawn(move || me.timer());
        if spawned.is_err() {
            self.started.store(false, Ordering::SeqCst);
        }
    }

    /// Sleep until the next task is due (or the list changes), run what is due, repeat.
    fn timer(self: Arc<Self>) {
        let mut tasks = self.tasks.lock();
        loop {
            let t = now();
            let mut finished = Vec::new();
            for task in tasks.iter_mut() {
                let Some(due) = task.next else { continue };
                if task.paused || due > t {
                    continue;
                }
                task.next = task.interval.after(due).and_then(|n| {
                    // Catch up without a burst: the next run after now.
                    let mut n = n;
                    while n <= t {
                        match task.interval.after(n) {
                            Some(x) => n = x,
                            None => break,
                        }
                    }
                    task.within_end(n)
                });
                if task.next.is_none() && task.autodelete {
                    finished.push(task.name.clone());
                }
                self.launch(task);
            }
            tasks.retain(|t| !finished.contains(&t.name));
            let wait = tasks
                .iter()
                .filter(|t| !t.paused)
                .filter_map(|t| t.next)
                .min()
                .map(|n| (n - now()).to_std().unwrap_or(Duration::ZERO))
                .unwrap_or(Duration::from_secs(60))
                .clamp(Duration::from_millis(50), Duration::from_secs(60));
            self.changed.wait_for(&mut tasks, wait);
        }
    }

    /// Make the task's request on a thread of its own, unless one still runs.
    fn launch(&self, task: &Task) {
        if task.running.swap(true, Ordering::SeqCst) {
            return;
        }
        let task = task.clone();
        let url = match (task.url.starts_with('/'), self.base_url.get()) {
            (true, Some(base)) => format!("{base}{}", task.url),
            _ => task.url.clone(),
        };
        let running = task.running.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("rime-task-{}", task.name))
            .spawn(move || {
                let _ = run_task(&task, &url);
                task.running.store(false, Ordering::SeqCst);
            });
        if spawned.is_err() {
            running.store(false, Ordering::SeqCst);
        }
    }

    /// The tasks the server settings declare (`.cfconfig.json`'s `scheduledTasks`: an array of
    /// tasks, or a struct of them by name), each added as `<cfschedule action="update">` adds
    /// one, with Lucee's config names too (`name` for `task`, `timeout` for
    /// `requestTimeOut`); `paused: true` or `status: "Paused"` leaves it paused. A task that
    /// cannot be read is reported on stderr and left out.
    pub fn configure(&self, settings: &Struct) {
        let listed: Vec<(Option<String>, Value)> = match settings.get("scheduledTasks") {
            Some(Value::Array(a)) => a.to_vec().into_iter().map(|v| (None, v)).collect(),
            Some(Value::Struct(s)) => s
                .entries()
                .into_iter()
                .map(|(k, v)| (Some(k.as_str().to_string()), v))
                .collect(),
            _ => return,
        };
        for (key, v) in listed {
            let Value::Struct(t) = v else { continue };
            let a = t.copy();
            if !a.contains("task") {
                if let Some(n) = a.get("name").or_else(|| key.map(Value::from)) {
                    a.set_str("task", n);
                }
            }
            if !a.contains("requestTimeOut") {
                if let Some(t) = a.get("timeout") {
                    a.set_str("requestTimeOut", t);
                }
            }
            let paused = a
                .get("paused")
                .and_then(|v| v.to_bool().ok())
                .unwrap_or(false)
                || text(&a, "status")
                    .ok()
                    .flatten()
                    .is_some_and(|s| s.eq_ignore_ascii_case("paused"));
            a.set_str("action", Value::from("update"));
            if let Err(e) = self.action(&a) {
                eprintln!(
                    "rime: a scheduled task of the server settings: {}",
                    e.message
                );
                continue;
            }
            if paused {
                a.set_str("action", Value::from("pause"));
                let _ = self.action(&a);
            }
        }
    }

    /// `<cfschedule action=…>`; `list` returns its query.
    pub fn action(&self, a: &Struct) -> CfResult<Option<Value>> {
        let action = text(a, "action")?
            .unwrap_or_else(|| "update".to_string())
            .to_ascii_lowercase();
        if action == "list" {
            return Ok(Some(Value::Query(Arc::new(parking_lot::RwLock::new(
                self.list(),
            )))));
        }
        if action == "pauseall" || action == "resumeall" {
            for t in self.tasks.lock().iter_mut() {
                t.paused = action == "pauseall";
            }
            self.changed.notify_all();
            return Ok(None);
        }
        let name = text(a, "task")?.ok_or_else(|| {
            CfmlError::application(
                "attribute [task] is required for tag [schedule] when action is not list",
            )
        })?;
        let mut tasks = self.tasks.lock();
        let pos = tasks
            .iter()
            .position(|t| t.name.eq_ignore_ascii_case(&name));
        let missing =
            || CfmlError::application(format!("schedule task with name [{name}] does not exist"));
        match action.as_str() {
            "update" | "create" | "modify" => {
                let task = task_from(&name, a)?;
                match pos {
                    Some(i) => tasks[i] = task,
                    None => tasks.push(task),
                }
            }
            "delete" => {
                let i = pos.ok_or_else(missing)?;
                tasks.remove(i);
            }
            "pause" | "resume" => {
                let i = pos.ok_or_else(missing)?;
                tasks[i].paused = action == "pause";
            }
            "run" => {
                let i = pos.ok_or_else(missing)?;
                self.launch(&tasks[i]);
            }
            other => {
                return Err(CfmlError::application(format!(
                    "invalid action [{other}] for tag [schedule], valid are [update, delete, run, pause, resume, list, pauseall, resumeall]"
                )))
            }
        }
        drop(tasks);
        self.changed.notify_all();
        Ok(None)
    }

    /// The tasks as Lucee's `action="list"` query.
    fn list(&self) -> Query {
        const COLS: [&str; 23] = [
            "task",
            "path",
            "file",
            "startdate",
            "starttime",
            "enddate",
            "endtime",
            "url",
            "port",
            "interval",
            "timeout",
            "username",
            "password",
            "proxyserver",
            "proxyport",
            "proxyuser",
            "proxypassword",
            "resolveurl",
            "publish",
            "valid",
            "paused",
            "autoDelete",
            "unique",
        ];
        let mut q = Query::new(&COLS);
        for t in self.tasks.lock().iter() {
            let row = q.add_row();
            let date = |d: NaiveDateTime| Value::Date(DateTime::new(d).with_kind(DateKind::Date));
            let time = |d: NaiveDateTime| Value::Date(DateTime::new(d).with_kind(DateKind::Time));
            let port = url_port(&t.url);
            let mut set = |col: &str, v: Value| {
                if let Some(c) = q.column_index(col) {
                    q.set(c, row, v);
                }
            };
            set("task", Value::from(t.name.as_str()));
            if let Some(p) = &t.publish {
                let dir = p
                    .parent()
                    .map(|d| d.display().to_string())
                    .unwrap_or_default();
                let file = p
                    .file_name()
                    .map(|f| f.to_string_lossy().into_owned())
                    .unwrap_or_default();
                set("path", Value::from(dir));
                set("file", Value::from(file));
            }
            set("startdate", date(t.start));
            set("starttime", time(t.start));
            if let Some(e) = t.end {
                set("enddate", date(e));
                set("endtime", time(e));
            }
            set("url", Value::from(t.url.as_str()));
            set("port", Value::from(port));
            set("interval", Value::from(t.interval.text()));
            set("timeout", Value::from(t.timeout.as_secs().to_string()));
            if let Some(u) = &t.username {
                set("username", Value::from(u.as_str()));
                set("password", Value::from(t.password.as_str()));
            }
            set("resolveurl", Value::from("false"));
            set("publish", Value::Bool(t.publish.is_some()));
            set("valid", Value::from(t.next.is_some().to_string()));
            set("paused", Value::Bool(t.paused));
            set("autoDelete", Value::Bool(t.autodelete));
            set("unique", Value::Bool(false));
        }
        q
    }
}

/// The port of a URL as Lucee lists it (the scheme's default when none is written).
fn url_port(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let host = rest.split(['/', '?']).next().unwrap_or("");
    match host.rsplit_once(':') {
        Some((_, p)) if p.chars().all(|c| c.is_ascii_digit()) && !p.is_empty() => p.to_string(),
        _ if url.to_ascii_lowercase().starts_with("https:") => "443".into(),
        _ => "80".into(),
    }
}

/// A task from `<cfschedule action="update">`'s attributes (Lucee requires `url`,
/// `startDate`, `startTime` and `interval`).
fn task_from(name: &str, a: &Struct) -> CfResult<Task> {
    let url = text(a, "url")?;
    let start_date = date_attr(a, "startdate")?;
    let start_time = date_attr(a, "starttime")?;
    let interval = text(a, "interval")?;
    let (Some(url), Some(sd), Some(st), Some(interval)) = (url, start_date, start_time, interval)
    else {
        let e = CfmlError::application("missing attribute for tag schedule with action update");
        return Err(e.with_detail(
            "required attributes are [startDate, startTime, URL, interval, operation]",
        ));
    };
    if let Some(op) = text(a, "operation")? {
        if !op.eq_ignore_ascii_case("httprequest") {
            return Err(CfmlError::application(
                "attribute operation must have the value [HTTPRequest]",
            ));
        }
    }
    let mut url = url.trim().to_string();
    if let Some(port) = text(a, "port")? {
        // A port attribute on a URL that names none.
        if let Some((scheme, rest)) = url.split_once("://") {
            let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
            if !host.contains(':') {
                url = format!("{scheme}://{host}:{}{path}", port.trim());
            }
        }
    }
    let interval = Interval::parse(&interval)?;
    let start = sd.date().and_time(st.time());
    let end = match date_attr(a, "enddate")? {
        Some(ed) => {
            let et = date_attr(a, "endtime")?.map_or(chrono::NaiveTime::MIN, |t| t.time());
            // An end date alone ends the task at the end of that day.
            let et = if a.get("endtime").is_some_and(|v| !v.is_null()) {
                et
            } else {
                chrono::NaiveTime::from_hms_opt(23, 59, 59).unwrap_or(et)
            };
            Some(ed.date().and_time(et))
        }
        None => None,
    };
    let timeout = match a.get("requesttimeout") {
        Some(v) if !v.is_null() && !v.to_str().is_ok_and(|s| s.is_empty()) => {
            Duration::from_secs_f64(v.to_num()?.clamp(1.0, 86_400.0))
        }
        _ => Duration::from_secs(50),
    };
    let publish = if flag(a, "publish")? {
        let file = text(a, "file")?.ok_or_else(|| {
            CfmlError::application(
                "attribute [file] is required for tag [schedule] when publish is true",
            )
        })?;
        let dir = text(a, "path")?.unwrap_or_default();
        Some(PathBuf::from(dir).join(file))
    } else {
        None
    };
    let mut task = Task {
        name: name.to_string(),
        url,
        interval,
        start,
        end,
        timeout,
        username: text(a, "username")?,
        password: a.get_text("password")?.unwrap_or_default(),
        publish,
        paused: flag(a, "paused")?,
        autodelete: flag(a, "autodelete")?,
        next: None,
        running: Arc::new(AtomicBool::new(false)),
    };
    task.next = task.first_due(now());
    Ok(task)
}

/// Make the task's request (and publish its answer).
fn run_task(task: &Task, url: &str) -> CfResult<()> {
    let attrs = Struct::with_flags(true);
    attrs.set(Key::new("url"), Value::from(url));
    attrs.set(Key::new("method"), Value::from("get"));
    attrs.set(Key::new("timeout"), Value::from(task.timeout.as_secs_f64()));
    if let Some(u) = &task.username {
        attrs.set(Key::new("username"), Value::from(u.as_str()));
        attrs.set(Key::new("password"), Value::from(task.password.as_str()));
    }
    let result = rime_stdlib::http::execute(&attrs, &[])?;
    if let Some(path) = &task.publish {
        let body = result.get("filecontent").unwrap_or_default();
        let bytes = match body {
            Value::Binary(b) => b.to_vec(),
            other => other.to_str()?.into_owned().into_bytes(),
        };
        std::fs::write(path, bytes).map_err(|e| {
            CfmlError::application(format!(
                "schedule task [{}]: can't write [{}]: {e}",
                task.name,
                path.display()
            ))
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod configured_tests {
    use super::Scheduler;
    use rime_runtime::{Array, Key, Struct, Value};

    fn task(name: Option<&str>, extra: &[(&str, &str)]) -> Value {
        let s = Struct::new();
        if let Some(n) = name {
            s.set_str("name", Value::from(n));
        }
        s.set_str("url", Value::from("http://127.0.0.1:9/x.cfm"));
        s.set_str("interval", Value::from("3600"));
        s.set_str("startDate", Value::from("2026-01-01"));
        s.set_str("startTime", Value::from("00:00"));
        for (k, v) in extra {
            s.set(Key::new(*k), Value::from(*v));
        }
        Value::Struct(s)
    }

    #[test]
    fn server_settings_declare_tasks_as_an_array_or_by_name() {
        let sched = Scheduler::default();
        let settings = Struct::new();
        settings.set_str(
            "scheduledTasks",
            Value::Array(Array::from_vec(vec![
                task(Some("nightly"), &[]),
                task(Some("held"), &[("status", "Paused")]),
                task(Some("broken"), &[("interval", "never")]),
            ])),
        );
        sched.configure(&settings);
        let by_name = Struct::new();
        by_name.set_str("hourly", task(None, &[]));
        let settings = Struct::new();
        settings.set_str("scheduledTasks", Value::Struct(by_name));
        sched.configure(&settings);
        let q = sched.list();
        let names: Vec<String> = (1..=q.rows)
            .map(|r| {
                q.get(0, r)
                    .and_then(|v| v.to_str().ok().map(|s| s.into_owned()))
                    .unwrap_or_default()
            })
            .collect();
        assert_eq!(names, ["nightly", "held", "hourly"]);
        let paused = q.column_index("paused").unwrap_or(0);
        assert_eq!(q.get(paused, 2).and_then(|v| v.to_bool().ok()), Some(true));
        assert_eq!(q.get(paused, 1).and_then(|v| v.to_bool().ok()), Some(false));
    }
}

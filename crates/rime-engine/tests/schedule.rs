//! Scheduled tasks run on their timetable once the scheduler is started (as `rime serve`
//! starts it): a task every second hits a real HTTP listener repeatedly, publishes what it
//! answered to a file, stops while paused, and `action="run"` runs a task at once.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use rime_engine::Engine;
use std::io::{Read, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A listener that answers every request with `tick` and counts the requests by path.
fn listener() -> (u16, Arc<AtomicUsize>, Arc<AtomicUsize>) {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let (every, once) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let (e, o) = (every.clone(), once.clone());
    std::thread::spawn(move || {
        for s in l.incoming() {
            let Ok(mut s) = s else { continue };
            let mut buf = [0u8; 2048];
            let n = s.read(&mut buf).unwrap_or(0);
            let head = String::from_utf8_lossy(&buf[..n]);
            if head.starts_with("GET /every") {
                e.fetch_add(1, Ordering::SeqCst);
            } else if head.starts_with("GET /once") {
                o.fetch_add(1, Ordering::SeqCst);
            }
            let _ = s.write_all(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 4\r\nConnection: close\r\n\r\ntick",
            );
        }
    });
    (port, every, once)
}

fn run(engine: &Arc<Engine>, dir: &std::path::Path, cfml: &str) -> String {
    std::fs::write(dir.join("page.cfm"), cfml).unwrap();
    let r = engine.run_file(&dir.join("page.cfm"));
    if let Some(e) = r.error {
        panic!("{}: {}", e.message, e.detail);
    }
    r.output
}

fn wait_for(what: &AtomicUsize, at_least: usize) -> usize {
    let until = Instant::now() + Duration::from_secs(10);
    while what.load(Ordering::SeqCst) < at_least && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
    }
    what.load(Ordering::SeqCst)
}

#[test]
fn tasks_run_on_their_timetable() {
    let (port, every, once) = listener();
    let dir = std::env::temp_dir().join(format!("rime-schedule-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let published = dir.join("published.txt");
    let engine = Engine::new(dir.clone());
    engine.start_scheduler(Some(format!("http://127.0.0.1:{port}")));
    run(
        &engine,
        &dir,
        &format!(
            r##"<cfschedule action="update" task="every" url="/every" interval="1"
                startDate="#now()#" startTime="#now()#" publish="true"
                path="{}" file="published.txt">
               <cfschedule action="update" task="once" url="http://127.0.0.1:{port}/once"
                interval="once" startDate="1/1/2100" startTime="00:00">"##,
            dir.display()
        ),
    );
    // Due now and every second after.
    assert!(
        wait_for(&every, 3) >= 3,
        "the task ran {} times",
        every.load(Ordering::SeqCst)
    );
    assert_eq!(
        std::fs::read_to_string(&published).unwrap_or_default(),
        "tick"
    );
    // Paused, it stops.
    run(&engine, &dir, r#"<cfschedule action="pause" task="every">"#);
    std::thread::sleep(Duration::from_millis(300));
    let paused_at = every.load(Ordering::SeqCst);
    std::thread::sleep(Duration::from_millis(2200));
    assert_eq!(every.load(Ordering::SeqCst), paused_at);
    // A task due in 2100 runs only when asked to.
    assert_eq!(once.load(Ordering::SeqCst), 0);
    run(&engine, &dir, r#"<cfschedule action="run" task="once">"#);
    assert_eq!(wait_for(&once, 1), 1);
    let listed = run(
        &engine,
        &dir,
        r##"<cfschedule action="list" result="q"><cfoutput>#valueList(q.task)#|#valueList(q.paused)#</cfoutput>
           <cfschedule action="delete" task="every"><cfschedule action="delete" task="once">
           <cfschedule action="list"><cfoutput>|#cfschedule.recordCount#</cfoutput>"##,
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        listed.split_whitespace().collect::<String>(),
        "every,once|true,false|0"
    );
}

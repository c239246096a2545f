//! The sampling profiler (`rime serve --profile`): functions and lines get the time spent in
//! them. Its own test binary, as the profile is process-wide.

use rime_engine::{profile, Engine};

#[test]
fn the_profile_names_the_busy_function_and_line() {
    let dir = std::env::temp_dir().join(format!("rime-profile-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let src = "<cfscript>\n\
               function slow() { var s = 0; for (var i = 1; i <= 200000; i++) { s += i; } return s; }\n\
               function quick() { return 1; }\n\
               writeOutput(slow() + quick());\n\
               </cfscript>";
    assert!(profile::report(5).is_none(), "no profile before start");
    profile::start();
    let engine = Engine::new(dir.clone());
    for _ in 0..3 {
        let r = engine.run_source(&dir.join("busy.cfm").to_string_lossy(), src);
        assert!(
            r.error.is_none(),
            "{:?}",
            r.error.map(|e| e.message.clone())
        );
        assert_eq!(r.output, "20000100001");
    }
    let report = profile::report(10).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(report.starts_with("rime profile: 3 requests"), "{report}");
    // The function table: `slow` first, called three times; `quick` present.
    let functions: Vec<&str> = report
        .lines()
        .skip_while(|l| !l.starts_with("self ms"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(functions[0].ends_with("busy.cfm slow()"), "{report}");
    assert!(functions[0].contains("       3  "), "{report}");
    assert!(
        functions.iter().any(|l| l.ends_with("busy.cfm quick()")),
        "{report}"
    );
    // The busiest line is the loop, line 2.
    let lines: Vec<&str> = report
        .lines()
        .skip_while(|l| !l.ends_with("line"))
        .collect();
    assert!(lines[1].contains("busy.cfm:2  busy.cfm slow()"), "{report}");
    assert!(
        profile::report(5).is_none(),
        "the profile ended with its report"
    );
}

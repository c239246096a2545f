//! The template cache: a template compiles once and recompiles when its file changes.

use rime_engine::Engine;
use std::time::{Duration, SystemTime};

#[test]
fn edited_templates_are_recompiled() {
    let dir = std::env::temp_dir().join(format!("rime-cache-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let page = dir.join("page.cfm");
    let _ = std::fs::write(&page, "<cfoutput>#1 + 1#</cfoutput>");
    let engine = Engine::new(dir.clone());
    assert_eq!(engine.run_file(&page).output, "2");
    let first = engine.template(&page).map_err(|e| e.message.clone());
    let again = engine.template(&page).map_err(|e| e.message.clone());
    // Unchanged file: the same compiled code.
    assert!(matches!((&first, &again), (Ok(a), Ok(b)) if std::sync::Arc::ptr_eq(a, b)));
    let _ = std::fs::write(&page, "<cfoutput>#2 + 2#</cfoutput>");
    // Make the change visible even on file systems with coarse timestamps.
    if let Ok(f) = std::fs::File::options().write(true).open(&page) {
        let _ = f.set_modified(SystemTime::now() + Duration::from_secs(5));
    }
    assert_eq!(engine.run_file(&page).output, "4");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A component's static scope belongs to its engine: it lives as long as the engine does, and
/// another engine over the same files starts its own.
#[test]
fn component_statics_belong_to_their_engine() {
    let dir = std::env::temp_dir().join(format!("rime-statics-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(
        dir.join("Counter.cfc"),
        "component { static { count = 0; } static function next() { static.count++; return static.count; } }",
    );
    let page = dir.join("page.cfm");
    let _ = std::fs::write(&page, "<cfoutput>#Counter::next()#</cfoutput>");
    let first = Engine::new(dir.clone());
    assert_eq!(first.run_file(&page).output, "1");
    assert_eq!(first.run_file(&page).output, "2");
    let second = Engine::new(dir.clone());
    assert_eq!(second.run_file(&page).output, "1");
    assert_eq!(first.run_file(&page).output, "3");
    let _ = std::fs::remove_dir_all(&dir);
}

//! Reference cycles: a page or component instance that declares functions is freed when the
//! last reference to it goes and the cycle collector runs (as at the end of every request).

use rime_engine::Engine;
use rime_runtime::{Struct, Value};

fn temp_root(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rime-memory-{name}-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir
}

#[test]
fn component_instances_are_freed() {
    let dir = temp_root("component");
    let _ = std::fs::write(
        dir.join("Widget.cfc"),
        "component { variables.n = 1; function get() { return n; } \
         private function helper() { return 2; } \
         variables.cb = function () { return n; }; this.pub = function () { return n; }; }",
    );
    let engine = Engine::new(dir.clone());
    let mut vm = engine.new_vm();
    let from = dir.join("page.cfm").to_string_lossy().to_string();
    let made = vm.create_component("Widget", &from, Vec::new(), None, true, &[]);
    let Ok(Value::Struct(this)) = made else {
        panic!("no instance: {:?}", made.err().map(|e| e.message.clone()));
    };
    let vars = this.instance_variables().map(|v| v.downgrade());
    let this_weak = this.downgrade();
    assert!(vars.as_ref().is_some_and(|v| v.upgrade().is_some()));
    drop(this);
    rime_runtime::gc::collect_all();
    assert!(this_weak.upgrade().is_none(), "the instance leaked");
    assert!(
        vars.is_some_and(|v| v.upgrade().is_none()),
        "its variables leaked"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn page_variables_with_functions_are_freed() {
    let dir = temp_root("page");
    let engine = Engine::new(dir.clone());
    let proto = rime_compiler::compile(
        "page.cfm",
        "<cfscript>function f() { return 1; } g = f; x = f() + g(); \
         h = function () { return x; }; \
         function work() { var big = 1; var inner = function () { return big; }; return inner(); } \
         y = work();</cfscript>",
    );
    let Ok(proto) = proto else {
        panic!("page did not compile");
    };
    let mut vm = engine.new_vm();
    let variables = Struct::new();
    let weak = variables.downgrade();
    // The VM is the page's only owner of its variables, as in a request.
    assert!(vm.run_template(proto, variables).is_ok());
    drop(vm);
    rime_runtime::gc::collect_all();
    assert!(weak.upgrade().is_none(), "the page's variables leaked");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn closures_kept_in_arrays_and_structs_of_the_page_are_freed() {
    // Found by the `run` fuzz target: closures inside containers held the page's variables.
    let dir = temp_root("nested");
    let engine = Engine::new(dir.clone());
    let proto = rime_compiler::compile(
        "page.cfm",
        "<cfscript>fns = [function(x) { return x + 1; }, function(x) { return x * 3; }]; \
         lib = {twice: function(s) { return s & s; }, deeper: {list: [function() { return 1; }]}}; \
         writeOutput(fns[1](1) & fns[2](2) & lib.twice('ab'));</cfscript>",
    );
    let Ok(proto) = proto else {
        panic!("page did not compile");
    };
    let mut vm = engine.new_vm();
    let variables = Struct::new();
    let weak = variables.downgrade();
    assert!(vm.run_template(proto, variables).is_ok());
    assert_eq!(vm.take_output(), "26abab");
    drop(vm);
    rime_runtime::gc::collect_all();
    assert!(weak.upgrade().is_none(), "the page's variables leaked");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_function_whose_local_scope_holds_its_closures_twice_is_freed() {
    // Found by the `run` fuzz target: the loop variable and the array both held a closure that
    // captured the function's `local` scope.
    let dir = temp_root("local");
    let engine = Engine::new(dir.clone());
    let proto = rime_compiler::compile(
        "page.cfm",
        "<cfscript>function build() { var fns = []; \
         for (var i = 1; i <= 3; i++) { arrayAppend(fns, function() { return i; }); } \
         var out = ''; for (var f in fns) out &= f(); return out; } \
         writeOutput(build()); kept = build; \
         function keep() { var g = function() { return 1; }; application_like.g = g; return g(); } \
         application_like = {}; writeOutput(keep()); writeOutput(application_like.g());</cfscript>",
    );
    let Ok(proto) = proto else {
        panic!("page did not compile");
    };
    let mut vm = engine.new_vm();
    let variables = Struct::new();
    let weak = variables.downgrade();
    assert!(vm.run_template(proto, variables).is_ok());
    // A closure that escaped its function keeps working (its scope was not emptied).
    assert_eq!(vm.take_output(), "44411");
    drop(vm);
    rime_runtime::gc::collect_all();
    assert!(weak.upgrade().is_none(), "the page's variables leaked");
    let _ = std::fs::remove_dir_all(&dir);
}

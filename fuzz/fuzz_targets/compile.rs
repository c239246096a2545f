//! Whatever parses compiles to bytecode or to diagnostics, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let parsed = rime_syntax::parse_template(text);
    let source = rime_compiler::Source::new("fuzz.cfm", text);
    let _ = rime_compiler::compile_template(&parsed.template, source);
});

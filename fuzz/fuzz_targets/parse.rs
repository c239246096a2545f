//! The parser is total: any text gives a template and diagnostics, never a panic or a hang.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = rime_syntax::parse_template(text);
});

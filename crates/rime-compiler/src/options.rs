//! How the compiler is configured: `CompileOptions`, one process-wide default that every
//! `compile_template` uses (templates are compiled in many places: the engine's cache,
//! components, `evaluate`, the REPL), read once from the environment.
//!
//! `RIME_NO_FUSE=1` turns the peephole fusion off (`compile/peephole.rs`): the code is then
//! exactly what the code generator emitted, so a case that fails only fused points at the
//! fusion, and one that fails only unfused at an instruction the fusion used to hide.

use std::sync::atomic::{AtomicU8, Ordering};

/// What `compile_template` does beyond generating code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompileOptions {
    /// Fuse instruction sequences into superinstructions and thread jumps to `Return`
    /// (`compile/peephole.rs`). On unless `RIME_NO_FUSE` is set (to anything but `0`).
    pub fuse: bool,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions { fuse: true }
    }
}

impl CompileOptions {
    /// The options the environment asks for.
    pub fn from_env() -> CompileOptions {
        let no_fuse = std::env::var_os("RIME_NO_FUSE").is_some_and(|v| !v.is_empty() && v != "0");
        CompileOptions { fuse: !no_fuse }
    }
}

const UNSET: u8 = 0;
const FUSE: u8 = 1;
const NO_FUSE: u8 = 2;

/// The process-wide options: `UNSET` until first read (then the environment's) or set.
static OPTIONS: AtomicU8 = AtomicU8::new(UNSET);

fn encode(o: CompileOptions) -> u8 {
    if o.fuse {
        FUSE
    } else {
        NO_FUSE
    }
}

/// The options `compile_template` uses: those set by `set_options`, else the environment's
/// (read on the first call only).
pub fn options() -> CompileOptions {
    let mut v = OPTIONS.load(Ordering::Relaxed);
    if v == UNSET {
        // A concurrent `set_options` wins over the environment.
        let env = encode(CompileOptions::from_env());
        v = match OPTIONS.compare_exchange(UNSET, env, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => env,
            Err(set) => set,
        };
    }
    CompileOptions { fuse: v != NO_FUSE }
}

/// Replace the process-wide options (at start-up, or between the golden runner's passes):
/// templates compiled afterwards use them; code already compiled is not changed.
pub fn set_options(o: CompileOptions) {
    OPTIONS.store(encode(o), Ordering::Relaxed);
}

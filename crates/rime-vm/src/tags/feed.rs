//! `<cffeed>`: the stdlib's implementation (`rime_stdlib::xml::feed::feed_tag`, reading RSS and
//! Atom feeds from a URL or a file, writing RSS 2.0 and Atom 1.0); the variables it returns
//! (`name`, `query`, `properties`, `xmlVar`) are set here.

use crate::ctx::CallCtx;
use crate::run::Frame;
use crate::Vm;
use rime_runtime::{CfResult, Struct};

impl Vm {
    pub(super) fn op_feed(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let mut ctx = CallCtx { vm: self, frame: f };
        for (name, v) in rime_stdlib::xml::feed::feed_tag(&mut ctx, a)? {
            self.assign_var(f, &name, v)?;
        }
        Ok(())
    }
}

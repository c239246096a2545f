//! `<cfimage>`: the stdlib's implementation (`rime_stdlib::image::image_tag`, on the same
//! pictures as the image functions); a result (`name`, `structName`) goes to its variable.

use crate::ctx::CallCtx;
use crate::run::Frame;
use crate::Vm;
use rime_runtime::{CfResult, Struct};

impl Vm {
    pub(super) fn op_image(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let mut ctx = CallCtx { vm: self, frame: f };
        match rime_stdlib::image::image_tag(&mut ctx, a)? {
            Some((name, v)) => self.assign_var(f, &name, v),
            None => Ok(()),
        }
    }
}

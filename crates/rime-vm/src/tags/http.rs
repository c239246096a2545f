//! `<cfhttp>` and `<cfhttpparam>`: its opening starts a parameter list, the body's params add
//! to it, its end runs the request off the server's event loop.

use crate::run::Frame;
use crate::Vm;
use rime_runtime::{CfResult, CfmlError, Struct, Value};

impl Vm {
    /// `<cfhttpparam type=... name=... value=... file=... mimeType=... encoded=...>`.
    pub(crate) fn op_http_param(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let kind = a
            .get_text("type")?
            .ok_or_else(|| CfmlError::application("cfhttpparam requires [type]"))?
            .to_ascii_lowercase();
        let file = match a.get_text("file")? {
            Some(p) => Some(self.real_path(f, &p)?),
            None => None,
        };
        let encoded = match a.get("encoded").filter(|v| !v.is_null()) {
            Some(v) => Some(v.to_bool()?),
            None => None,
        };
        let param = rime_stdlib::http::HttpParam {
            kind,
            name: a.get_text("name")?.unwrap_or_default(),
            value: a.get("value").unwrap_or_default(),
            file,
            mime_type: a.get_text("mimetype")?,
            encoded,
        };
        match self.tags.http_params.last_mut() {
            Some(params) => {
                params.push(param);
                Ok(())
            }
            None => Err(CfmlError::application("cfhttpparam must be inside cfhttp")),
        }
    }

    /// `<cfhttp url=... method=... result=...>`: the request runs off the server's event loop;
    /// the result struct goes to `result` (default `cfhttp`).
    pub(crate) fn op_http(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let params = self.tags.http_params.pop().unwrap_or_default();
        // A file to save the response to is a path as the template sees it.
        let attrs = a.copy();
        if let Some(p) = a.get_text("path")? {
            let real = self.real_path(f, &p)?;
            // The file name may itself climb out (`file="../x"`): check where it lands.
            if let Some(name) = a.get_text("file")? {
                let target = real.join(name);
                rime_stdlib::file::check_sandbox(&target, self.host.file_sandbox().as_deref())?;
            }
            attrs.set_str("path", Value::from(real.to_string_lossy().as_ref()));
        }
        let mut out = None;
        self.host.blocking(&mut || {
            out = Some(rime_stdlib::http::execute(&attrs, &params));
        });
        let result = out.unwrap_or_else(|| Err(CfmlError::application("cfhttp did not run")))?;
        let var = a
            .get_text("result")?
            .filter(|v| !v.is_empty())
            .unwrap_or_else(|| "cfhttp".to_string());
        self.assign_var(f, &var, Value::Struct(result))
    }
}

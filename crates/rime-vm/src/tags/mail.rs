//! `<cfmail>`, `<cfmailparam>` and `<cfmailpart>` for the page: the tag's opening starts a
//! draft (`TagState::mail_drafts`), the body's params and parts add to it, and its end hands
//! the attributes, the captured body and the draft to `rime_stdlib::mail::send`, off the
//! server's event loop.

use crate::run::Frame;
use crate::Vm;
use rime_runtime::{CfResult, CfmlError, Struct, Value};
use rime_stdlib::mail::{MailDraft, MailParam, MailPart};
use std::path::PathBuf;

impl Vm {
    /// `<cfmailparam>`: a header or an attachment of the enclosing `<cfmail>`.
    pub(super) fn op_mail_param(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let param = self.mail_param(f, a)?;
        self.current_draft("cfmailparam")?.params.push(param);
        Ok(())
    }

    /// `<cfmailpart>`: a body part (its captured body is `__body`) of the enclosing `<cfmail>`.
    pub(super) fn op_mail_part(&mut self, a: &Struct) -> CfResult<()> {
        let body = a.get_text("__body")?.unwrap_or_default();
        let part = MailPart::new(a, body)?;
        self.current_draft("cfmailpart")?.parts.push(part);
        Ok(())
    }

    fn current_draft(&mut self, tag: &str) -> CfResult<&mut MailDraft> {
        self.tags
            .mail_drafts
            .last_mut()
            .ok_or_else(|| CfmlError::application(format!("{tag} must be inside cfmail")))
    }

    /// `<cfmailparam name=... value=...>` (a header) or `file=... [content=...] [type=...]
    /// [disposition=...] [contentID=...] [fileName=...] [remove=...]` (an attachment).
    fn mail_param(&self, f: &Frame, a: &Struct) -> CfResult<MailParam> {
        let text =
            |k: &str| -> CfResult<Option<String>> { Ok(a.get_text(k)?.filter(|v| !v.is_empty())) };
        let content = match a.get("content").filter(|v| !v.is_null()) {
            Some(Value::Binary(b)) => Some(b.to_vec()),
            Some(v) if v.is_simple() => Some(v.to_str()?.as_bytes().to_vec()),
            Some(v) => {
                return Err(CfmlError::application(format!(
                    "cfmailparam content must be a string or binary, not a {}",
                    v.type_name()
                )))
            }
            None => None,
        };
        let file = text("file")?;
        let name = text("name")?;
        if file.is_none() && name.is_none() {
            return Err(CfmlError::application(
                "cfmailparam requires either [name] (a header) or [file] (an attachment)",
            ));
        }
        // With `content`, `file` only names the attachment; no file is read.
        let file = match file {
            Some(p) if content.is_none() => Some(self.real_path(f, &p)?),
            Some(p) => Some(PathBuf::from(p)),
            None => None,
        };
        Ok(MailParam {
            name,
            value: match a.get("value").filter(|v| !v.is_null()) {
                Some(v) => Some(v.to_str()?.into_owned()),
                None => None,
            },
            file,
            file_name: text("filename")?,
            content,
            mime_type: text("type")?,
            disposition: text("disposition")?,
            content_id: text("contentid")?,
            remove: match a.get("remove").filter(|v| !v.is_null()) {
                Some(v) => Some(v.to_bool()?),
                None => None,
            },
        })
    }

    /// `<cfmail>`'s end: send the message now (there is no spool).
    pub(super) fn op_mail(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let draft = self.tags.mail_drafts.pop().unwrap_or_default();
        let body = a.get_text("__body")?.unwrap_or_default();
        let attrs = a.copy();
        attrs.remove("__body");
        if let Some(p) = a.get_text("mimeattach")?.filter(|p| !p.trim().is_empty()) {
            attrs.set_str(
                "mimeattach",
                Value::from(self.real_path(f, &p)?.to_string_lossy().as_ref()),
            );
        }
        let configured = self.host.mail_servers(&self.req.app);
        let mut out = None;
        self.host.blocking(&mut || {
            out = Some(rime_stdlib::mail::send(
                &attrs,
                &body,
                &draft,
                configured.as_ref(),
            ));
        });
        out.unwrap_or_else(|| Err(CfmlError::application("cfmail did not run")))
    }
}

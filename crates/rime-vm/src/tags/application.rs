//! `<cfapplication>` (a legacy `Application.cfm`'s application and session) and `<cfsetting
//! requestTimeout>`.

use crate::Vm;
use rime_runtime::{CfResult, Struct};

impl Vm {
    /// `<cfsetting requestTimeout>` (its other attributes the compiler handles).
    pub(super) fn op_setting(&mut self, a: &Struct) -> CfResult<()> {
        if let Some(t) = a.get("requesttimeout") {
            let secs = t.to_num()?;
            if secs.is_finite() && secs >= 0.0 {
                self.deadline = Some(
                    std::time::Instant::now() + std::time::Duration::from_secs_f64(secs.min(1e9)),
                );
            }
        }
        Ok(())
    }

    /// `<cfapplication name=... sessionManagement=... sessionTimeout=... applicationTimeout=...
    /// clientManagement=... clientTimeout=... setClientCookies=...>` in a legacy
    /// `Application.cfm`: bind the application scope, and the session and client scope when
    /// the application manages them.
    pub(crate) fn op_application_tag(&mut self, a: &Struct) -> CfResult<()> {
        let action = a.get_text("action")?.unwrap_or_default();
        if action.eq_ignore_ascii_case("update") {
            self.req.app = self.host.update_application(&self.req.app, a)?;
            return Ok(());
        }
        let name = a.get_text("name")?.unwrap_or_default();
        let timeout = |k: &str| -> CfResult<Option<std::time::Duration>> {
            match a.get(k).filter(|v| !v.is_null()) {
                Some(v) => rime_runtime::value::timeout_setting(&v),
                None => Ok(None),
            }
        };
        let flag = |k: &str, default: bool| -> CfResult<bool> {
            match a.get(k).filter(|v| !v.is_null()) {
                Some(v) => v.to_bool(),
                None => Ok(default),
            }
        };
        let app_timeout = timeout("applicationtimeout")?;
        self.req.scopes.application = Some(self.host.application_scope(&name, app_timeout));
        if flag("sessionmanagement", false)? {
            let session_timeout =
                timeout("sessiontimeout")?.unwrap_or(std::time::Duration::from_secs(20 * 60));
            let set_cookies = flag("setclientcookies", true)?;
            if let Some(store) = self.req.sessions.clone() {
                store.attach(&mut self.req, &name, session_timeout, set_cookies)?;
            }
        }
        if flag("clientmanagement", false)? {
            let client_timeout =
                timeout("clienttimeout")?.unwrap_or(rime_request::DEFAULT_CLIENT_TIMEOUT);
            let set_cookies = flag("setclientcookies", true)?;
            if let Some(store) = self.req.sessions.clone() {
                store.attach_client(&mut self.req, &name, client_timeout, set_cookies)?;
            }
        }
        Ok(())
    }
}

//! `<cfform>` and `<cfinput>`: the HTML form and input elements they stand for, their attributes
//! HTML-escaped (`htmlEditFormat`). Lucee also writes JavaScript that checks `required`,
//! `validate` and `range` before the form is sent; Rime writes HTML5's `required` for
//! `required="yes"` and no script, so the other checks happen only where the page's own code
//! makes them (docs/compatibility.md).

use crate::run::Frame;
use crate::Vm;
use rime_runtime::{CfResult, Struct, Value};

/// Attributes that steer Lucee's generated validation script or its Flash/XML forms; they are
/// not HTML attributes.
const CF_ONLY: &[&str] = &[
    "required",
    "message",
    "validate",
    "validateat",
    "range",
    "mask",
    "onvalidate",
    "onerror",
    "label",
    "tooltip",
    "preservedata",
    "format",
    "skin",
    "scriptsrc",
    "passthrough",
    "archive",
    "codebase",
    "timeout",
    "wmode",
    "accessible",
];

impl Vm {
    /// The opening `<form>` (`input`: false) or the `<input>` element.
    pub(crate) fn op_form_element(
        &mut self,
        f: &mut Frame,
        a: &Struct,
        input: bool,
    ) -> CfResult<()> {
        let mut html = String::from(if input { "<input" } else { "<form" });
        let mut has_method = false;
        let mut has_action = false;
        for (k, v) in a.entries() {
            let name = k.as_str().to_ascii_lowercase();
            if CF_ONLY.contains(&name.as_str()) || v.is_null() {
                continue;
            }
            has_method |= name == "method";
            has_action |= name == "action";
            let text = self.call_named_builtin(f, "htmlEditFormat", vec![v])?;
            html.push(' ');
            html.push_str(&name);
            html.push_str("=\"");
            html.push_str(&text.to_str()?);
            html.push('"');
        }
        if !input {
            // Lucee's defaults: post back to the page itself.
            if !has_method {
                html.push_str(" method=\"post\"");
            }
            if !has_action {
                let me = self.call_named_builtin(
                    f,
                    "htmlEditFormat",
                    vec![Value::from(self.base_template_url())],
                )?;
                html.push_str(" action=\"");
                html.push_str(&me.to_str()?);
                html.push('"');
            }
        }
        if input
            && a.get("required")
                .is_some_and(|v| v.to_bool().unwrap_or(false))
        {
            html.push_str(" required");
        }
        html.push('>');
        self.write(&html);
        Ok(())
    }

    /// The requested page's URL path and query (`cgi.script_name`, `cgi.query_string`).
    fn base_template_url(&self) -> String {
        self.req.fill_cgi();
        let text = |k: &str| {
            self.req
                .scopes
                .cgi
                .get(k)
                .and_then(|v| v.to_str().ok().map(|s| s.into_owned()))
                .unwrap_or_default()
        };
        let (path, query) = (text("script_name"), text("query_string"));
        if query.is_empty() {
            path
        } else {
            format!("{path}?{query}")
        }
    }
}

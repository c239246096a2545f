//! Custom tags: `<cf_name>`, `<cfmodule>`, with the `attributes`, `caller` and `thisTag`
//! scopes, start/end execution modes, `generatedContent` and `<cfexit>`.
//!
//! The tag's template runs in a fresh `variables` scope holding `attributes` (the tag's
//! attributes), `caller` (the calling page's `variables`) and `thisTag`. With an end tag, the body
//! runs in the caller between the two modes and its output becomes `thisTag.generatedContent`,
//! which the end mode may rewrite before it is output.

use crate::run::Frame;
use crate::Vm;
use rime_bytecode::FuncProto;
use rime_runtime::{Array, CfResult, CfmlError, Key, Struct, Value};
use std::sync::Arc;

/// The names a tag call sets, hashed once.
struct Names {
    execution_mode: Key,
    has_end_tag: Key,
    generated_content: Key,
    assoc_attribs: Key,
    attributes: Key,
    caller: Key,
    this_tag: Key,
}

fn names() -> &'static Names {
    static NAMES: std::sync::LazyLock<Names> = std::sync::LazyLock::new(|| Names {
        execution_mode: Key::new("executionMode"),
        has_end_tag: Key::new("hasEndTag"),
        generated_content: Key::new("generatedContent"),
        assoc_attribs: Key::new("assocAttribs"),
        attributes: Key::new("attributes"),
        caller: Key::new("caller"),
        this_tag: Key::new("thisTag"),
    });
    &NAMES
}

/// The error type `<cfexit>` travels as (never caught by `catch`).
pub(crate) const EXIT: &str = "__cfexit";

/// A custom tag whose body is running.
pub(crate) struct Running {
    /// As CFML shows it: `CF_NAME` or `CFMODULE`.
    pub(crate) name: String,
    proto: Arc<FuncProto>,
    pub(crate) variables: Struct,
    this_tag: Struct,
}

/// How a run of the tag's template ended.
enum Outcome {
    Done,
    ExitTag,
    ExitTemplate,
    Loop,
}

impl Vm {
    fn run_tag_template(
        &mut self,
        name: &str,
        proto: &Arc<FuncProto>,
        variables: &Struct,
    ) -> CfResult<Outcome> {
        let mut frame = Frame::new(proto.clone(), variables.clone());
        self.tag_stack.push((name.to_string(), variables.clone()));
        self.custom_tag_depth += 1;
        self.depth += 1;
        let r = if self.depth >= crate::MAX_CALL_DEPTH {
            Err(CfmlError::new(
                "stackOverflow",
                "custom tags are nested too deeply",
            ))
        } else {
            self.exec(&mut frame)
        };
        self.depth -= 1;
        self.custom_tag_depth -= 1;
        self.tag_stack.pop();
        match r {
            Ok(_) => Ok(Outcome::Done),
            Err(e) if e.abort && e.type_ == EXIT => {
                Ok(match e.message.to_ascii_lowercase().as_str() {
                    "exittag" => Outcome::ExitTag,
                    "loop" => Outcome::Loop,
                    _ => Outcome::ExitTemplate,
                })
            }
            Err(e) => Err(e),
        }
    }

    /// Start mode. Returns whether the body should run (false: skip to after the end tag).
    pub(crate) fn custom_tag_start(
        &mut self,
        f: &Frame,
        tag: &str,
        attrs: Value,
        has_body: bool,
    ) -> CfResult<bool> {
        let attrs = match attrs {
            Value::Struct(s) => s,
            _ => Struct::new(),
        };
        let from = f.proto.source.path.clone();
        let proto = if let Some((_, name)) = tag.split_once(':') {
            // `<p:name>` from `<cfimport taglib="dir" prefix="p">`: dir/name.cfm.
            let lib = attrs
                .remove("__taglib")
                .map(|v| v.to_str().map(|s| s.into_owned()))
                .transpose()?
                .unwrap_or_default();
            let lib = lib.trim_end_matches(['/', '\\']);
            let mut path = String::with_capacity(lib.len() + name.len() + 5);
            for part in [lib, "/", name, ".cfm"] {
                path.push_str(part);
            }
            self.host.include(&self.req.app, &path, &from)?
        } else if let Some(name) = tag.strip_prefix('_') {
            self.host.resolve_custom_tag(&self.req.app, name, &from)?
        } else if let Some(t) = attrs.remove("template") {
            self.host.include(&self.req.app, &t.to_str()?, &from)?
        } else if let Some(n) = attrs.remove("name") {
            self.host
                .resolve_custom_tag(&self.req.app, &n.to_str()?, &from)?
        } else {
            return Err(CfmlError::application(
                "cfmodule needs a [template] or [name] attribute",
            ));
        };
        if let Some(Value::Struct(coll)) = attrs.remove("attributeCollection") {
            for (k, v) in coll.entries() {
                attrs.set(k, v);
            }
        }
        let n = names();
        let this_tag = Struct::with_flags(true);
        this_tag.set_all([
            (n.execution_mode.clone(), Value::from("start")),
            (n.has_end_tag.clone(), Value::Bool(has_body)),
            (n.generated_content.clone(), Value::from("")),
            (n.assoc_attribs.clone(), Value::Array(Array::new())),
        ]);
        let shown = match tag.strip_prefix('_') {
            Some(n) => format!("CF_{}", n.to_uppercase()),
            None if tag.contains(':') => tag.to_uppercase(),
            None => "CFMODULE".to_string(),
        };
        let variables = Struct::new();
        variables.set_all([
            (n.attributes.clone(), Value::Struct(attrs)),
            (n.caller.clone(), Value::Struct(f.variables.clone())),
            (n.this_tag.clone(), Value::Struct(this_tag.clone())),
        ]);
        match self.run_tag_template(&shown, &proto, &variables)? {
            Outcome::ExitTag => return Ok(false),
            Outcome::Done | Outcome::ExitTemplate | Outcome::Loop => {}
        }
        if !has_body {
            return Ok(false);
        }
        self.custom_tags.push(Running {
            name: shown,
            proto,
            variables,
            this_tag,
        });
        self.bufs.push(String::new());
        Ok(true)
    }

    /// End mode. Returns whether to run the body again (`<cfexit method="loop">`).
    pub(crate) fn custom_tag_end(&mut self) -> CfResult<bool> {
        let content = if self.bufs.len() > 1 {
            self.bufs.pop().unwrap_or_default()
        } else {
            String::new()
        };
        let Some(running) = self.custom_tags.pop() else {
            return Ok(false);
        };
        let n = names();
        running.this_tag.set_all([
            (n.execution_mode.clone(), Value::from("end")),
            (n.generated_content.clone(), Value::from(content)),
        ]);
        // The end mode's own output follows the (possibly rewritten) generated content.
        self.bufs.push(String::new());
        let outcome = self.run_tag_template(&running.name, &running.proto, &running.variables);
        let end_output = if self.bufs.len() > 1 {
            self.bufs.pop().unwrap_or_default()
        } else {
            String::new()
        };
        let outcome = outcome?;
        let generated = running
            .this_tag
            .get_ref(n.generated_content.as_ref())
            .map(|v| v.to_str().map(|s| s.into_owned()))
            .transpose()?
            .unwrap_or_default();
        self.write(&generated);
        self.write(&end_output);
        if let Outcome::Loop = outcome {
            running
                .this_tag
                .set(n.generated_content.clone(), Value::from(""));
            self.custom_tags.push(running);
            self.bufs.push(String::new());
            return Ok(true);
        }
        Ok(false)
    }

    /// `<cfexit method=...>`: leaves the custom tag; outside one it ends the page like
    /// `<cfabort>`.
    pub(crate) fn op_exit(&mut self, attrs: &Struct) -> CfResult<()> {
        if self.custom_tag_depth == 0 {
            return Err(CfmlError::abort());
        }
        let method = attrs
            .get("method")
            .map(|v| v.to_str().map(|s| s.into_owned()))
            .transpose()?
            .unwrap_or_else(|| "exitTag".to_string());
        let mut e = CfmlError::new(EXIT, method);
        e.abort = true;
        Err(e)
    }
}

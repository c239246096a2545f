//! The tags the VM carries out (`Op::Tag`, `Op::TagOpen`), one file per tag or family of tags.
//! Which tags exist, their body rules and attributes are the tag table's
//! (`rime-syntax/data/tags.tsv`); compiled code names a tag by its index in that table, and
//! `IMPLS` below says which function runs it. A tag whose body gathers for it (`<cfhttp>`'s
//! params, `<cfinvoke>`'s arguments, `<cfmail>`'s parts, `<cftimer>`'s and `<cfstopwatch>`'s clocks) has an `open`
//! step too; what it gathers lives in [`TagState`].

mod application;
mod associate;
mod dbinfo;
mod execute;
mod feed;
mod file;
mod form;
mod http;
mod image;
mod invoke;
mod mail;
mod response;
mod storedproc;
mod timer;
mod trace;
mod xml;

use crate::run::Frame;
use crate::Vm;
use rime_runtime::{CfResult, CfmlError, Struct, Value};
use rime_stdlib::registry;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Instant;

pub(crate) use response::check_header;

/// What tags gather while their bodies run, innermost last, and `<cfhtmlhead>`'s text.
#[derive(Default)]
pub(crate) struct TagState {
    /// Start times of running `<cftimer>` bodies.
    pub(crate) timers: Vec<Instant>,
    /// Start times of running `<cfstopwatch>` bodies (apart from the timers: a `break` out of
    /// one leaves its entry, which must not be taken for an enclosing timer's).
    pub(crate) stopwatches: Vec<Instant>,
    /// Arguments gathered by `<cfinvokeargument>` for the enclosing `<cfinvoke>`s.
    pub(crate) invoke_args: Vec<Struct>,
    /// Parameters gathered by `<cfhttpparam>` for the enclosing `<cfhttp>`s.
    pub(crate) http_params: Vec<Vec<rime_stdlib::http::HttpParam>>,
    /// What `<cfmailparam>`/`<cfmailpart>` added for the enclosing `<cfmail>`s.
    pub(crate) mail_drafts: Vec<rime_stdlib::mail::MailDraft>,
    /// `<cfhtmlhead>` and `<cfhtmlbody>` text, put into the page's `<head>` and before its
    /// `</body>` when the body is taken.
    pub(crate) html_head: response::HtmlSection,
    pub(crate) html_body: response::HtmlSection,
    /// What `<cfprocparam>`/`<cfprocresult>` added for the enclosing `<cfstoredproc>`s.
    pub(crate) procs: Vec<storedproc::ProcDraft>,
    /// `<cftrace>`: when the last one ran, how many have, and their times' sum (ms).
    pub(crate) last_trace: Option<Instant>,
    pub(crate) traces: u32,
    pub(crate) trace_total: u128,
}

/// A tag's implementation: the VM, the running frame and the tag's attributes.
type TagFn = fn(&mut Vm, &mut Frame, &Struct) -> CfResult<()>;

/// How the VM runs one tag of the tag table.
struct TagImpl {
    /// The tag's name in the table (lower case, no `cf`).
    name: &'static str,
    /// Runs where the tag opens, before its body (`Op::TagOpen`).
    open: Option<TagFn>,
    /// Runs the tag (`Op::Tag`): a body-less use, or the end of one with a body.
    run: TagFn,
}

const fn tag(name: &'static str, run: TagFn) -> TagImpl {
    TagImpl {
        name,
        open: None,
        run,
    }
}

const fn gathering(name: &'static str, open: TagFn, run: TagFn) -> TagImpl {
    TagImpl {
        name,
        open: Some(open),
        run,
    }
}

/// Every tag the VM runs. A test checks this against the table: each generic tag has a row,
/// each row names a tag of the table.
const IMPLS: &[TagImpl] = &[
    tag("application", |vm, _, a| vm.op_application_tag(a)),
    tag("associate", Vm::op_associate),
    tag("content", |vm, _, a| vm.op_content(a)),
    tag("cookie", |vm, _, a| vm.op_cookie(a)),
    tag("dbinfo", Vm::op_dbinfo),
    tag("directory", Vm::op_directory_tag),
    tag("dump", Vm::op_dump),
    tag("execute", Vm::op_execute),
    tag("exit", |vm, _, a| vm.op_exit(a)),
    tag("feed", Vm::op_feed),
    tag("file", Vm::op_file_tag),
    tag("flush", |vm, _, _| {
        vm.op_flush();
        Ok(())
    }),
    tag("form", |vm, f, a| vm.op_form_element(f, a, false)),
    tag("header", |vm, _, a| vm.op_header(a)),
    tag("htmlbody", |vm, f, a| vm.op_html_section(f, a, false)),
    tag("htmlhead", |vm, f, a| vm.op_html_section(f, a, true)),
    gathering(
        "http",
        |vm, _, _| {
            vm.tags.http_params.push(Vec::new());
            Ok(())
        },
        Vm::op_http,
    ),
    tag("httpparam", Vm::op_http_param),
    tag("image", Vm::op_image),
    tag("input", |vm, f, a| vm.op_form_element(f, a, true)),
    gathering(
        "invoke",
        |vm, _, _| {
            vm.tags.invoke_args.push(Struct::with_flags(true));
            Ok(())
        },
        Vm::op_invoke_tag,
    ),
    tag("invokeargument", |vm, _, a| vm.op_invoke_argument(a)),
    tag("location", |vm, _, a| vm.op_location(a)),
    tag("log", Vm::op_log),
    tag("trace", Vm::op_trace),
    // `<cfloop file>`: the lines it iterates, left on the stack (the compiler lowers the loop).
    tag("loop", |vm, f, a| {
        let lines = vm.file_loop_items(f, a)?;
        vm.stack
            .push(Value::Array(rime_runtime::Array::from_vec(lines)));
        Ok(())
    }),
    gathering(
        "mail",
        |vm, _, _| {
            vm.tags.mail_drafts.push(Default::default());
            Ok(())
        },
        Vm::op_mail,
    ),
    tag("mailparam", Vm::op_mail_param),
    tag("mailpart", |vm, _, a| vm.op_mail_part(a)),
    tag("procparam", Vm::op_proc_param),
    tag("procresult", Vm::op_proc_result),
    tag("queryparam", |vm, _, a| vm.op_query_param(a)),
    tag("schedule", |vm, f, a| {
        if let Some(list) = vm.host.schedule(a)? {
            let var = a
                .get_text("result")?
                .or(a.get_text("returnvariable")?)
                .filter(|v| !v.is_empty())
                .unwrap_or_else(|| "cfschedule".to_string());
            vm.assign_var(f, &var, list)?;
        }
        Ok(())
    }),
    tag("setting", |vm, _, a| vm.op_setting(a)),
    gathering(
        "stopwatch",
        |vm, _, _| {
            vm.tags.stopwatches.push(Instant::now());
            Ok(())
        },
        Vm::op_stopwatch,
    ),
    gathering(
        "storedproc",
        |vm, _, _| {
            vm.tags.procs.push(Default::default());
            Ok(())
        },
        Vm::op_storedproc,
    ),
    tag("thread", |vm, _, a| vm.op_thread(a)),
    gathering(
        "timer",
        |vm, _, _| {
            vm.tags.timers.push(Instant::now());
            Ok(())
        },
        |vm, _, a| vm.op_timer(a),
    ),
    tag("transaction", |vm, _, a| vm.op_tx_action(a)),
    tag("wddx", Vm::op_wddx),
    tag("xml", Vm::op_xml_tag),
    tag("zip", Vm::op_zip),
];

/// `IMPLS` by tag-table index (None: the VM does not run that tag).
fn by_id() -> &'static [Option<&'static TagImpl>] {
    static BY_ID: OnceLock<Vec<Option<&'static TagImpl>>> = OnceLock::new();
    BY_ID.get_or_init(|| {
        let mut v = vec![None; rime_syntax::tag_table::tags().len()];
        for t in IMPLS {
            if let Some(slot) = rime_syntax::tag_table::index(t.name).and_then(|i| v.get_mut(i)) {
                *slot = Some(t);
            }
        }
        v
    })
}

/// `attributeCollection` (`Op::MergeAttributes`): a struct of a tag's attributes, taken by every
/// tag (those the compiler lowers to their own instructions too: `<cflock>`, `<cftransaction>`,
/// `<cfquery>`, `<cfthrow>`, `<cfparam>`); the attributes written on the tag win.
pub(crate) fn merge_attribute_collection(attrs: &Value) {
    let Value::Struct(a) = attrs else { return };
    if let Some(Value::Struct(coll)) = a.remove("attributecollection") {
        for (k, v) in coll.entries() {
            if !a.contains(k.as_str()) {
                a.set(k, v);
            }
        }
    }
}

fn unsupported(id: u32) -> Box<CfmlError> {
    let name = rime_syntax::tag_table::tags()
        .get(id as usize)
        .map_or("?", |t| t.name);
    CfmlError::application(format!(
        "the tag [cf{}] is not supported",
        name.to_ascii_lowercase()
    ))
}

impl Vm {
    /// `Op::Tag`: run tag `id` with its attributes.
    pub(crate) fn op_tag(&mut self, f: &mut Frame, id: u32, attrs: &Value) -> CfResult<()> {
        let Value::Struct(a) = attrs else {
            return Ok(());
        };
        match by_id().get(id as usize).copied().flatten() {
            Some(t) => (t.run)(self, f, a),
            None => Err(unsupported(id)),
        }
    }

    /// `Op::TagOpen`: tag `id` starts gathering for its body.
    pub(crate) fn op_tag_open(&mut self, f: &mut Frame, id: u32) -> CfResult<()> {
        match by_id()
            .get(id as usize)
            .copied()
            .flatten()
            .and_then(|t| t.open)
        {
            Some(open) => open(self, f, &Struct::new()),
            None => Err(unsupported(id)),
        }
    }

    /// `<cfdump>`: `writeDump` with every attribute it has a parameter for (`output="console"`,
    /// `abort`, `top`, `show`...), by name; `var` defaults to an empty string.
    fn op_dump(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let def = registry()
            .lookup("writeDump")
            .and_then(|id| registry().get(id))
            .ok_or_else(|| CfmlError::application("cfdump is not available"))?;
        let mut args = Vec::new();
        let mut names = Vec::new();
        if a.get("var").is_none() {
            args.push(Value::default());
            names.push(Some(rime_runtime::Key::new("var")));
        }
        for (k, v) in a.entries() {
            if def
                .params
                .iter()
                .any(|p| p.name.eq_ignore_ascii_case(k.as_str()))
            {
                args.push(v);
                names.push(Some(k));
            }
        }
        self.call_builtin(f, def, args, Some(&names), None)
            .map(|_| ())
    }

    /// `<cflog text type application file log>`: `writeLog`.
    fn op_log(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let args = vec![
            a.get("text").unwrap_or_default(),
            a.get("type").unwrap_or_default(),
            a.get("application").unwrap_or_default(),
            a.get("file").unwrap_or_default(),
            a.get("log").unwrap_or_default(),
        ];
        self.call_named_builtin(f, "writeLog", args).map(|_| ())
    }

    /// A file attribute as a file-system path: absolute as given (as `fileRead` takes it),
    /// otherwise relative to the template (or through the mappings); refused when the file
    /// sandbox is on and the path is outside it.
    pub(crate) fn real_path(&self, f: &Frame, p: &str) -> CfResult<PathBuf> {
        if let Some(ram) = rime_stdlib::file::ram_path(p) {
            return Ok(ram);
        }
        let path = if std::path::Path::new(p).is_absolute() {
            PathBuf::from(p)
        } else {
            PathBuf::from(
                self.host
                    .expand_path(&self.req.app, p, &f.proto.source.path),
            )
        };
        rime_stdlib::file::check_sandbox(&path, self.host.file_sandbox().as_deref())?;
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_generic_tag_has_an_implementation_and_every_implementation_a_tag() {
        for t in rime_syntax::tag_table::tags() {
            let lname = t.name.to_ascii_lowercase();
            if t.generic {
                assert!(
                    IMPLS.iter().any(|i| i.name == lname),
                    "tag [{}] compiles to Op::Tag but the VM has no implementation",
                    t.name
                );
            }
        }
        for i in IMPLS {
            assert!(
                rime_syntax::tag_table::index(i.name).is_some(),
                "the VM implements [{}], which the tag table lacks",
                i.name
            );
        }
    }
}

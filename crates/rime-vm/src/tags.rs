//! Tags the VM carries out for the page beyond the core statements: `<cfinvoke>`,
//! `<cfassociate>`, `<cfhttp>`/`<cfhttpparam>`, `<cfapplication>`, the body forms of
//! `<cfcontent>` and `<cfexecute>`, `<cfxml>`, `<cffile>`, `<cfdirectory>` and `<cftimer>`.

use crate::ctx::CallCtx;
use crate::run::Frame;
use crate::Vm;
use rime_runtime::{CfResult, CfmlError, Key, Struct, Value};
use std::sync::Arc;

impl Vm {
    /// `<cfloop file="…" [charset] [characters=N] [startLine] [endLine]>`'s items: the file's
    /// lines without their line ends (a final line end starts no line), or with `characters`
    /// pieces of that many characters. The file is read as `fileRead` reads it.
    pub(crate) fn file_loop_items(&mut self, f: &mut Frame, a: &Struct) -> CfResult<Vec<Value>> {
        let file = a
            .get("file")
            .ok_or_else(|| CfmlError::application("a file loop needs [file]"))?;
        let mut args = vec![file];
        if let Some(cs) = a.get("charset").filter(|v| !v.is_null()) {
            args.push(cs);
        }
        let text = self.call_named_builtin(f, "fileRead", args)?;
        let text = text.to_str()?;
        let num = |k: &str| -> CfResult<Option<f64>> {
            match a.get(k).filter(|v| !v.is_null()) {
                Some(v) => v.to_num().map(Some),
                None => Ok(None),
            }
        };
        if let Some(n) = num("characters")? {
            if n < 1.0 {
                return Err(CfmlError::application(
                    "a file loop's [characters] must be at least 1",
                ));
            }
            let chars: Vec<char> = text.chars().collect();
            return Ok(chars
                .chunks(n.min(1e9) as usize)
                .map(|c| Value::from(c.iter().collect::<String>()))
                .collect());
        }
        if text.is_empty() {
            return Ok(Vec::new());
        }
        let from = num("startline")?.unwrap_or(1.0).max(1.0) as usize;
        let to = num("endline")?.map_or(usize::MAX, |e| e.max(0.0) as usize);
        Ok(text
            .strip_suffix('\n')
            .unwrap_or(&text)
            .split('\n')
            .enumerate()
            .filter(|(i, _)| (from..=to).contains(&(i + 1)))
            .map(|(_, l)| Value::from(l.strip_suffix('\r').unwrap_or(l)))
            .collect())
    }

    /// `<cfxml variable="x" casesensitive="false">`: the body's output parsed as a document.
    pub(crate) fn op_xml_tag(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let variable = a
            .get_text("variable")?
            .ok_or_else(|| CfmlError::application("cfxml requires the attribute [variable]"))?;
        let body = a.get_text("__body")?.unwrap_or_default();
        let case_sensitive = match a.get("casesensitive").filter(|v| !v.is_null()) {
            Some(v) => v.to_bool()?,
            None => false,
        };
        let doc = rime_stdlib::xml::parse_document(&body, case_sensitive)?;
        self.assign_var(f, &variable, doc)
    }

    /// `<cfwddx action=cfml2wddx|wddx2cfml|cfml2js|wddx2js input output topLevelVariable>`:
    /// the result goes to `output`, or to the page when there is none (`wddx2cfml` needs one).
    pub(crate) fn op_wddx(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let action = a
            .get_text("action")?
            .ok_or_else(|| CfmlError::application("cfwddx requires the attribute [action]"))?
            .to_ascii_lowercase();
        let input = a
            .get("input")
            .ok_or_else(|| CfmlError::application("cfwddx requires the attribute [input]"))?;
        let output = a.get_text("output")?.filter(|s| !s.is_empty());
        let validate = match a.get("validate").filter(|v| !v.is_null()) {
            Some(v) => v.to_bool()?,
            None => false,
        };
        let xml_conform = match a.get("xmlconform").filter(|v| !v.is_null()) {
            Some(v) => v.to_bool()?,
            None => false,
        };
        let read = |vm: &mut Vm, f: &mut Frame| -> CfResult<Value> {
            let text = input.to_str()?;
            if validate
                && !vm
                    .call_named_builtin(f, "isWddx", vec![input.clone()])?
                    .to_bool()?
            {
                return Err(CfmlError::expression(
                    "cfwddx: the input is not a valid WDDX packet",
                ));
            }
            let mut ctx = CallCtx { vm, frame: f };
            rime_stdlib::xml::wddx::deserialize(&mut ctx, &text)
        };
        let js = |vm: &mut Vm, f: &mut Frame, v: Value| -> CfResult<Value> {
            let name = a.get_text("toplevelvariable")?.ok_or_else(|| {
                CfmlError::application(format!(
                    "cfwddx action [{action}] requires the attribute [topLevelVariable]"
                ))
            })?;
            vm.call_named_builtin(f, "toScript", vec![v, Value::from(name)])
        };
        let result = match action.as_str() {
            "cfml2wddx" => {
                let mut ctx = CallCtx { vm: self, frame: f };
                Value::from(rime_stdlib::xml::wddx::serialize(
                    &mut ctx,
                    &input,
                    xml_conform,
                )?)
            }
            "wddx2cfml" => {
                if output.is_none() {
                    return Err(CfmlError::application(
                        "cfwddx action [wddx2cfml] requires the attribute [output]",
                    ));
                }
                read(self, f)?
            }
            "cfml2js" => js(self, f, input.clone())?,
            "wddx2js" => {
                let v = read(self, f)?;
                js(self, f, v)?
            }
            other => {
                return Err(CfmlError::application(format!(
                    "cfwddx: invalid action [{other}], valid are [cfml2wddx, wddx2cfml, cfml2js, wddx2js]"
                )))
            }
        };
        match output {
            Some(name) => self.assign_var(f, &name, result),
            None => {
                let text = result.to_str()?;
                self.write(&text);
                Ok(())
            }
        }
    }

    /// `<cffile action=...>` on top of the file functions.
    pub(crate) fn op_file_tag(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let req = |k: &str| -> CfResult<Value> {
            a.get(k)
                .filter(|v| !v.is_null())
                .ok_or_else(|| CfmlError::application(format!("cffile needs the attribute [{k}]")))
        };
        let action = a
            .get_text("action")?
            .unwrap_or_default()
            .to_ascii_lowercase();
        match action.as_str() {
            "read" | "readbinary" => {
                let file = req("file")?;
                let var = req("variable")?.to_str()?.into_owned();
                let v = if action == "read" {
                    let mut args = vec![file];
                    if let Some(c) = a.get("charset") {
                        args.push(c);
                    }
                    self.call_named_builtin(f, "fileRead", args)?
                } else {
                    self.call_named_builtin(f, "fileReadBinary", vec![file])?
                };
                self.assign_var(f, &var, v)
            }
            "write" | "append" => {
                let file = req("file")?;
                let mut output = req("output")?;
                // addNewLine defaults to yes, as in CFML.
                let newline = match a.get("addnewline") {
                    Some(v) if !v.is_null() => v.to_bool()?,
                    _ => true,
                };
                if newline && output.is_simple() {
                    output = Value::from(format!("{}\n", output.to_str()?));
                }
                let mut args = vec![file, output];
                if let Some(c) = a.get("charset") {
                    args.push(c);
                }
                let fname = if action == "write" {
                    "fileWrite"
                } else {
                    "fileAppend"
                };
                self.call_named_builtin(f, fname, args).map(|_| ())
            }
            "delete" => {
                let file = req("file")?;
                self.call_named_builtin(f, "fileDelete", vec![file])
                    .map(|_| ())
            }
            "copy" | "move" | "rename" => {
                let src = req("source")?;
                let dst = req("destination")?;
                let fname = if action == "copy" {
                    "fileCopy"
                } else {
                    "fileMove"
                };
                self.call_named_builtin(f, fname, vec![src, dst]).map(|_| ())
            }
            "upload" | "uploadall" => {
                let opt = |k: &str| a.get(k).filter(|v| !v.is_null()).unwrap_or_else(|| Value::from(""));
                let conflict = a
                    .get("nameconflict")
                    .filter(|v| !v.is_null())
                    .unwrap_or_else(|| Value::from("error"));
                let r = if action == "upload" {
                    let args = vec![req("destination")?, opt("filefield"), opt("accept"), conflict];
                    self.call_named_builtin(f, "fileUpload", args)?
                } else {
                    let args = vec![req("destination")?, opt("accept"), conflict];
                    self.call_named_builtin(f, "fileUploadAll", args)?
                };
                // The result goes to `result`, or to the `cffile` variable as in CFML.
                let var = a.get_text("result")?.unwrap_or_else(|| "cffile".to_string());
                self.assign_var(f, &var, r)
            }
            other => Err(CfmlError::application(format!(
                "cffile action [{other}] is not supported (read, readBinary, write, append, delete, copy, move, rename, upload, uploadAll)"
            ))),
        }
    }

    /// `<cfdirectory action=...>` on top of the directory functions.
    pub(crate) fn op_directory_tag(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let dir = a
            .get("directory")
            .filter(|v| !v.is_null())
            .ok_or_else(|| CfmlError::application("cfdirectory needs the attribute [directory]"))?;
        let flag = |k: &str| -> CfResult<Value> {
            Ok(Value::Bool(match a.get(k) {
                Some(v) if !v.is_null() => v.to_bool()?,
                _ => false,
            }))
        };
        let action = a
            .get_text("action")?
            .unwrap_or_else(|| "list".to_string())
            .to_ascii_lowercase();
        match action.as_str() {
            "list" => {
                let name = a
                    .get_text("name")?
                    .ok_or_else(|| CfmlError::application("cfdirectory list needs [name]"))?;
                let info = match a.get_text("listinfo")?.map(|s| s.to_ascii_lowercase()) {
                    Some(i) if i == "name" => "name",
                    _ => "query",
                };
                let filter = a.get("filter").unwrap_or_else(|| Value::from(""));
                let sort = a.get("sort").unwrap_or_else(|| Value::from(""));
                let ty = a.get("type").unwrap_or_else(|| Value::from("all"));
                let args = vec![dir, flag("recurse")?, Value::from(info), filter, sort, ty];
                let v = self.call_named_builtin(f, "directoryList", args)?;
                self.assign_var(f, &name, v)
            }
            "create" => self
                .call_named_builtin(f, "directoryCreate", vec![dir, Value::Bool(true)])
                .map(|_| ()),
            "delete" => {
                let recurse = flag("recurse")?;
                self.call_named_builtin(f, "directoryDelete", vec![dir, recurse])
                    .map(|_| ())
            }
            "rename" => {
                let new = a
                    .get("newdirectory")
                    .filter(|v| !v.is_null())
                    .ok_or_else(|| {
                        CfmlError::application("cfdirectory rename needs [newDirectory]")
                    })?;
                self.call_named_builtin(f, "directoryRename", vec![dir, new])
                    .map(|_| ())
            }
            other => Err(CfmlError::application(format!(
                "cfdirectory action [{other}] is not supported (list, create, delete, rename)"
            ))),
        }
    }

    /// `<cftimer>`: write the body's output and how long it took (`type` inline, comment,
    /// outline; `debug` shows nothing without a debugging page).
    pub(crate) fn op_timer(&mut self, a: &Struct) -> CfResult<()> {
        let ms = self
            .timers
            .pop()
            .map(|t| t.elapsed().as_millis())
            .unwrap_or(0);
        let content = a.get_text("__content")?.unwrap_or_default();
        let label = a.get_text("label")?.unwrap_or_default();
        let kind = a
            .get_text("type")?
            .unwrap_or_else(|| "debug".to_string())
            .to_ascii_lowercase();
        let escaped = rime_runtime::html::escape(&label);
        let out = match kind.as_str() {
            "inline" => format!("{content}{escaped}: {ms}ms"),
            "comment" => format!(
                "{content}<!-- {} : {ms}ms -->",
                escaped.replace("--", "- -")
            ),
            "outline" => format!(
                "<fieldset class=\"cftimer\"><legend>{escaped}: {ms}ms</legend>{content}</fieldset>"
            ),
            _ => content,
        };
        self.write(&out);
        Ok(())
    }

    /// `<cfinvoke component|object="..." method="..." returnVariable="..."
    /// argumentCollection="...">`: the arguments are `<cfinvokeargument>`s, then the tag's other
    /// attributes, then `argumentCollection` (earlier ones win).
    pub(crate) fn op_invoke_tag(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let args = self.invoke_args.pop().unwrap_or_default();
        let method = a
            .get_text("method")?
            .ok_or_else(|| CfmlError::application("cfinvoke requires [method]"))?;
        let target = a
            .get("object")
            .or_else(|| a.get("component"))
            .unwrap_or_else(|| Value::from(""));
        const OWN: [&str; 5] = [
            "component",
            "object",
            "method",
            "returnvariable",
            "argumentcollection",
        ];
        let mut extra: Vec<(Key, Value)> = a
            .entries()
            .into_iter()
            .filter(|(k, _)| !OWN.iter().any(|o| k.as_str().eq_ignore_ascii_case(o)))
            .collect();
        if let Some(Value::Struct(coll)) = a.get("argumentcollection") {
            extra.extend(coll.entries());
        }
        for (k, v) in extra {
            if !args.contains(k.as_str()) {
                args.set(k, v);
            }
        }
        let mut ctx = CallCtx { vm: self, frame: f };
        let r = rime_runtime::Ctx::invoke(&mut ctx, &target, &method, Value::Struct(args))?;
        match a.get_text("returnvariable")? {
            Some(var) if !var.is_empty() => self.assign_var(f, &var, r),
            _ => Ok(()),
        }
    }

    /// `<cfassociate baseTag="cf_parent" dataCollection="items">` in a nested custom tag: its
    /// attributes are appended to the enclosing tag's `thisTag[dataCollection]` (default
    /// `assocAttribs`).
    pub(crate) fn op_associate(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let base = a
            .get_text("basetag")?
            .ok_or_else(|| CfmlError::application("cfassociate requires [baseTag]"))?;
        let collection = a
            .get_text("datacollection")?
            .filter(|c| !c.trim().is_empty())
            .unwrap_or_else(|| "assocAttribs".to_string());
        let Some(Value::Struct(attributes)) = f.variables.get("attributes") else {
            return Err(CfmlError::application(
                "cfassociate is only allowed inside a custom tag",
            ));
        };
        let mut ctx = CallCtx { vm: self, frame: f };
        let parent = rime_runtime::Ctx::base_tag_data(&mut ctx, &base, 1);
        let Some(Value::Struct(vars)) = parent else {
            return Err(CfmlError::application(format!(
                "cfassociate: no enclosing custom tag [{base}]"
            )));
        };
        let Some(Value::Struct(this_tag)) = vars.get("thisTag") else {
            return Err(CfmlError::application(format!(
                "cfassociate: [{base}] has no thisTag scope"
            )));
        };
        let list = match this_tag.get(&collection) {
            Some(Value::Array(list)) => list,
            _ => {
                let list = rime_runtime::Array::new();
                this_tag.set_str(&collection, Value::Array(list.clone()));
                list
            }
        };
        list.push(Value::Struct(attributes.copy()));
        Ok(())
    }

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
        match self.http_params.last_mut() {
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
        let params = self.http_params.pop().unwrap_or_default();
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

    /// `<cfapplication name=... sessionManagement=... sessionTimeout=... applicationTimeout=...
    /// setClientCookies=...>` in a legacy `Application.cfm`: bind the application scope, and
    /// the session when the application manages sessions.
    pub(crate) fn op_application_tag(&mut self, a: &Struct) -> CfResult<()> {
        let action = a.get_text("action")?.unwrap_or_default();
        if action.eq_ignore_ascii_case("update") {
            self.app = self.host.update_application(&self.app, a)?;
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
        self.scopes.application = Some(self.host.application_scope(&name, app_timeout));
        if flag("sessionmanagement", false)? {
            let session_timeout =
                timeout("sessiontimeout")?.unwrap_or(std::time::Duration::from_secs(20 * 60));
            let set_cookies = flag("setclientcookies", true)?;
            if let Some(store) = self.sessions.clone() {
                store.attach(self, &name, session_timeout, set_cookies)?;
            }
        }
        Ok(())
    }

    /// `<cfcontent file=...>` or `variable=...`: that is the response body, and the page ends
    /// (the output so far is discarded, as in Lucee).
    pub(crate) fn content_body(&mut self, a: &Struct) -> CfResult<()> {
        let body = if let Some(v) = a.get("variable").filter(|v| !v.is_null()) {
            match v {
                Value::Binary(b) => b,
                other if other.is_simple() => Arc::new(other.to_str()?.as_bytes().to_vec()),
                other => {
                    return Err(CfmlError::application(format!(
                        "cfcontent variable must be binary or a string, not a {}",
                        other.type_name()
                    )))
                }
            }
        } else if let Some(file) = a.get_text("file")? {
            let path = std::path::Path::new(&file);
            rime_stdlib::file::check_sandbox(path, self.host.file_sandbox().as_deref())?;
            let bytes = std::fs::read(path).map_err(|e| {
                CfmlError::application(format!("cfcontent could not read the file [{file}]: {e}"))
            })?;
            let delete = match a.get("deletefile") {
                Some(v) if !v.is_null() => v.to_bool()?,
                _ => false,
            };
            if delete {
                let _ = std::fs::remove_file(path);
            }
            if a.get("type").is_none() {
                let mime = rime_stdlib::file::mime_by_extension(&file);
                self.response.set_header("Content-Type", mime);
            }
            Arc::new(bytes)
        } else {
            return Ok(());
        };
        self.response.body = Some(body);
        for b in &mut self.bufs {
            b.clear();
        }
        Err(CfmlError::abort())
    }

    /// `<cfexecute name=... arguments=... timeout=... variable=... errorVariable=...
    /// outputFile=... errorFile=... directory=... environment=... exitCodeVariable=...>`: only
    /// when the server enables it; the program runs directly, never through a shell.
    pub(crate) fn op_execute(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        if !self.host.execute_enabled() {
            return Err(CfmlError::new("security", "can't access tag [execute]").with_detail(
                "cfexecute is disabled: enable it with \"executeEnabled\": true in .cfconfig.json or the environment variable RIME_ALLOW_EXECUTE=1",
            ));
        }
        let name = a.get_text("name")?.filter(|n| !n.trim().is_empty());
        let body = a.get_text("__body")?.unwrap_or_default();
        let words: Vec<String> = match (name, a.get("arguments").filter(|v| !v.is_null())) {
            // An array: the program as named, each element one argument.
            (Some(n), Some(Value::Array(args))) => {
                let mut w = vec![n.trim().to_string()];
                for v in args.to_vec() {
                    w.push(v.to_str()?.into_owned());
                }
                w
            }
            // A string: the whole command line split as Lucee splits it.
            (Some(n), Some(v)) => {
                rime_stdlib::execute::split_command(&format!("{n} {}", v.to_str()?))
            }
            (Some(n), None) => rime_stdlib::execute::split_command(&n),
            (None, _) => rime_stdlib::execute::split_command(&body),
        };
        let mut words = words.into_iter();
        let Some(program) = words.next() else {
            return Err(CfmlError::application(
                "Attribute [name] is required for tag [execute]",
            ));
        };
        let timeout = match a.get("timeout").filter(|v| !v.is_null()) {
            Some(t) => {
                let secs = t.to_num()?;
                if secs < 0.0 || !secs.is_finite() {
                    return Err(CfmlError::application(format!(
                        "value must be a positive number now [{}]",
                        t.to_str()?
                    )));
                }
                (secs > 0.0).then(|| std::time::Duration::from_secs_f64(secs.min(1e9)))
            }
            None => None,
        };
        let path = |k: &str| -> CfResult<Option<std::path::PathBuf>> {
            match a.get_text(k)?.filter(|p| !p.trim().is_empty()) {
                Some(p) => Ok(Some(self.real_path(f, &p)?)),
                None => Ok(None),
            }
        };
        let mut env = Vec::new();
        if let Some(Value::Struct(vars)) = a.get("environment") {
            for (k, v) in vars.entries() {
                env.push((k.as_str().to_string(), v.to_str()?.into_owned()));
            }
        }
        let opts = rime_stdlib::execute::ExecOptions {
            program,
            args: words.collect(),
            timeout,
            directory: path("directory")?,
            env,
            output_file: path("outputfile")?,
            error_file: path("errorfile")?,
        };
        let var = |k: &str| -> CfResult<Option<String>> {
            Ok(a.get_text(k)?.filter(|v| !v.trim().is_empty()))
        };
        let (variable, error_variable, exit_variable) = (
            var("variable")?,
            var("errorvariable")?,
            var("exitcodevariable")?,
        );
        let mut out = None;
        self.host.blocking(&mut || {
            out = Some(rime_stdlib::execute::run(&opts));
        });
        let out = out.unwrap_or_else(|| Err(CfmlError::application("cfexecute did not run")))?;
        let Some(out) = out else {
            // Not waited for: the variables are empty, as in Lucee.
            for v in [&variable, &error_variable].into_iter().flatten() {
                self.assign_var(f, v, Value::from(""))?;
            }
            return Ok(());
        };
        let write_file = |p: &Option<std::path::PathBuf>, text: &str| -> CfResult<()> {
            match p {
                Some(p) => std::fs::write(p, text).map_err(|e| {
                    CfmlError::application(format!(
                        "cfexecute could not write [{}]: {e}",
                        p.display()
                    ))
                }),
                None => Ok(()),
            }
        };
        write_file(&opts.output_file, &out.stdout)?;
        write_file(&opts.error_file, &out.stderr)?;
        match &variable {
            Some(v) => self.assign_var(f, v, Value::from(out.stdout.as_str()))?,
            None if opts.output_file.is_none() => self.write(&out.stdout),
            None => {}
        }
        if let Some(v) = &error_variable {
            self.assign_var(f, v, Value::from(out.stderr.as_str()))?;
        }
        if let Some(v) = &exit_variable {
            let code = out.exit_code.map_or(-1.0, f64::from);
            self.assign_var(f, v, Value::Num(code))?;
        }
        Ok(())
    }
}

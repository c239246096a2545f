//! `<cffile>`, `<cfdirectory>` and `<cfzip>` on top of the file functions, and the lines
//! `<cfloop file>` iterates.

use crate::ctx::CallCtx;
use crate::run::Frame;
use crate::Vm;
use rime_runtime::{CfResult, CfmlError, Struct, Value};

impl Vm {
    /// `<cfzip>`: the stdlib's implementation; a result (`list`, `read`...) goes to its
    /// variable.
    pub(super) fn op_zip(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let mut ctx = CallCtx { vm: self, frame: f };
        match rime_stdlib::file::zip::zip_tag(&mut ctx, a)? {
            Some((name, v)) => self.assign_var(f, &name, v),
            None => Ok(()),
        }
    }

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
                let strict = a
                    .get("strict")
                    .filter(|v| !v.is_null())
                    .unwrap_or(Value::Bool(true));
                let r = if action == "upload" {
                    let args = vec![
                        req("destination")?,
                        opt("filefield"),
                        opt("accept"),
                        conflict,
                        strict,
                    ];
                    self.call_named_builtin(f, "fileUpload", args)?
                } else {
                    let args = vec![req("destination")?, opt("accept"), conflict, strict];
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
}

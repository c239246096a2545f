//! `<cfexecute>`: a program run directly (never through a shell), when the server enables it.

use crate::run::Frame;
use crate::Vm;
use rime_runtime::{CfResult, CfmlError, Struct, Value};

impl Vm {
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

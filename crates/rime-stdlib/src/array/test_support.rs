//! A VM-less context and call helpers for the stdlib unit tests.

use rime_runtime::{Args, CfResult, CfmlError, Value};

/// A context without a VM: output is collected, closures cannot be called.
#[derive(Default)]
pub struct TestCtx {
    pub out: String,
}

impl rime_runtime::CodeCtx for TestCtx {
    fn call(&mut self, _f: &Value, _args: Vec<Value>) -> CfResult<Value> {
        Err(CfmlError::expression("no closures in unit tests"))
    }
    fn lookup(&mut self, _name: &str) -> Option<Value> {
        None
    }
    fn assign(&mut self, _name: &str, _value: Value) -> CfResult<()> {
        Ok(())
    }
    fn evaluate(&mut self, _expr: &str) -> CfResult<Value> {
        Err(CfmlError::expression("no evaluate in unit tests"))
    }
    fn current_template(&self) -> String {
        "/test.cfm".to_string()
    }
    fn base_template(&self) -> String {
        "/test.cfm".to_string()
    }
}

impl rime_runtime::PageCtx for TestCtx {
    fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }
}

impl rime_runtime::AppCtx for TestCtx {
    fn expand_path(&self, path: &str) -> String {
        path.to_string()
    }
}

impl rime_runtime::DataCtx for TestCtx {}

/// Call a builtin of any table by name with positional arguments.
pub fn call(name: &str, args: Vec<Value>) -> CfResult<Value> {
    let reg = crate::registry();
    let id = reg
        .lookup(name)
        .ok_or_else(|| CfmlError::expression(format!("no function {name}")))?;
    let d = reg
        .get(id)
        .ok_or_else(|| CfmlError::expression(format!("no function {name}")))?;
    let a = Args::new(d.name, args.into_iter().map(Some).collect());
    (d.func)(&mut TestCtx::default(), &a)
}

/// The string form of a call's result (errors print as `ERR`).
pub fn s(name: &str, args: Vec<Value>) -> String {
    match call(name, args) {
        Ok(v) => match v.to_str() {
            Ok(s) => s.into_owned(),
            Err(_) => format!("<{}>", v.type_name()),
        },
        Err(_) => "ERR".to_string(),
    }
}

pub fn arr(items: &[Value]) -> Value {
    Value::Array(rime_runtime::Array::from_vec(items.to_vec()))
}

pub fn n(x: f64) -> Value {
    Value::Num(x)
}

pub fn st(x: &str) -> Value {
    Value::from(x)
}

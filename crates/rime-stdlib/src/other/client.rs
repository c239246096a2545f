//! `getClientVariablesList()` and `deleteClientVariable(name)`: the client scope's own
//! variables (Lucee leaves out the keys it fills itself: `cfid`, `cftoken`, `urltoken`,
//! `hitCount`, `lastVisit`, `timeCreated`).

use rime_runtime::{Args, CfResult, CfmlError, Ctx, Struct, Value};

const BUILT_IN: [&str; 6] = [
    "cfid",
    "cftoken",
    "urltoken",
    "hitcount",
    "lastvisit",
    "timecreated",
];

fn client_scope(ctx: &mut dyn Ctx) -> CfResult<Struct> {
    match ctx.lookup("client") {
        Some(Value::Struct(s)) => Ok(s),
        _ => Err(CfmlError::expression(
            "client scope is not enabled (set this.clientManagement = true)",
        )),
    }
}

fn built_in(name: &str) -> bool {
    BUILT_IN.iter().any(|b| b.eq_ignore_ascii_case(name))
}

pub(super) fn get_client_variables_list(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    let scope = client_scope(ctx)?;
    let names: Vec<String> = scope
        .keys()
        .iter()
        .map(|k| k.as_str().to_string())
        .filter(|k| !built_in(k))
        .collect();
    Ok(Value::from(names.join(",")))
}

/// True when the variable existed; Lucee's own keys cannot be deleted.
pub(super) fn delete_client_variable(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let name = a.str(0)?.trim().to_string();
    if built_in(&name) {
        return Ok(Value::Bool(false));
    }
    let scope = client_scope(ctx)?;
    Ok(Value::Bool(scope.remove(&name).is_some()))
}

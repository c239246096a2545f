//! Error constructors: every QoQ failure is a CFML `database` exception.

use rime_runtime::CfmlError;

pub fn syntax(pos: usize, msg: &str) -> Box<CfmlError> {
    CfmlError::new(
        "database",
        format!("QoQ syntax error at position {pos}: {msg}"),
    )
}

pub fn db(msg: impl Into<String>) -> Box<CfmlError> {
    CfmlError::new("database", msg)
}

/// Turns an evaluation error (a cast failure, typically) into a `database` error that keeps the
/// original message, since `<cfquery>` callers catch `database`.
pub fn wrap(e: Box<CfmlError>) -> Box<CfmlError> {
    if e.type_.as_str() == "database" {
        e
    } else {
        let mut d = db(format!("QoQ error: {}", e.message));
        d.detail = e.detail.clone();
        d
    }
}

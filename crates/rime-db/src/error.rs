//! Database errors as CFML `database` exceptions.
//!
//! Lucee's catch struct for a database error carries `sql`, `queryError` (the SQL again),
//! `nativeErrorCode`, `sqlState`, `datasource` and `where`; those keys go into `extra`, which
//! `CfmlError::to_value` merges into the catch struct. The message is the driver's message;
//! `detail` holds the SQL; `errorCode` the SQLSTATE (or the native code when there is none).

use rime_runtime::{CfmlError, Key, Struct, Value};

/// What a driver knows about one failure.
pub(crate) struct DbFailure {
    pub message: String,
    pub sql_state: String,
    pub native_code: i64,
}

/// A `database` error that did not come from a driver (configuration, pool, parameters).
pub fn database_error(message: impl Into<String>) -> Box<CfmlError> {
    CfmlError::new("database", message)
}

/// The failure of a statement whose placeholders and parameters do not match in number
/// (SQLSTATE 07001; `native_code` is the driver's own code for it, if any).
pub(crate) fn count_mismatch(expected: usize, given: usize, native_code: i64) -> DbFailure {
    DbFailure {
        message: format!(
            "the SQL has {expected} parameter placeholder{} but {given} parameter{} given",
            if expected == 1 { "" } else { "s" },
            if given == 1 { " was" } else { "s were" }
        ),
        sql_state: "07001".into(),
        native_code,
    }
}

/// A driver failure while running `sql` on `datasource`.
pub(crate) fn db_error(datasource: &str, sql: &str, f: DbFailure) -> Box<CfmlError> {
    let mut e = CfmlError::new("database", f.message);
    e.detail = sql.to_string();
    e.error_code = if f.sql_state.is_empty() {
        f.native_code.to_string()
    } else {
        f.sql_state.clone()
    };
    let extra = Struct::new();
    extra.set(Key::new("sql"), Value::from(sql));
    extra.set(Key::new("queryError"), Value::from(sql));
    extra.set(
        Key::new("nativeErrorCode"),
        Value::Num(f.native_code as f64),
    );
    extra.set(Key::new("sqlState"), Value::from(f.sql_state));
    extra.set(Key::new("datasource"), Value::from(datasource));
    extra.set(Key::new("where"), Value::from(""));
    e.extra = Some(extra);
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catch_struct_has_lucee_keys() {
        let e = db_error(
            "main",
            "SELEC 1",
            DbFailure {
                message: "syntax error".into(),
                sql_state: "42601".into(),
                native_code: 0,
            },
        );
        assert!(e.matches("database"));
        assert_eq!(e.error_code, "42601");
        let Value::Struct(s) = e.to_value() else {
            panic!("catch value is a struct")
        };
        for k in [
            "sql",
            "queryError",
            "nativeErrorCode",
            "sqlState",
            "message",
        ] {
            assert!(s.contains(k), "missing {k}");
        }
        assert_eq!(
            s.get("sqlstate")
                .and_then(|v| v.to_str().ok().map(|c| c.into_owned())),
            Some("42601".to_string())
        );
    }
}

//! `<cfdbinfo>`: what a datasource holds, as the catalog queries of `rime_db::catalog_sql`
//! answer it, into the variable `name`.

use crate::{QueryOptions, Vm};
use rime_runtime::{CfResult, CfmlError, QueryParam, Struct, Value};

fn param(v: &str) -> QueryParam {
    QueryParam {
        value: Value::from(v),
        sql_type: "varchar".to_string(),
        null: false,
        max_length: None,
        scale: None,
    }
}

impl Vm {
    /// `<cfdbinfo type name [datasource] [table] [pattern]>`: the query goes into `name`.
    pub(crate) fn op_dbinfo(&mut self, f: &mut crate::run::Frame, a: &Struct) -> CfResult<()> {
        let text = |k: &str| -> CfResult<Option<String>> {
            match a.get(k) {
                Some(v) if !v.is_null() => Ok(Some(v.to_str()?.trim().to_string())),
                _ => Ok(None),
            }
        };
        let ty = text("type")?
            .ok_or_else(|| CfmlError::application("cfdbinfo needs the attribute [type]"))?
            .to_ascii_lowercase();
        let name = text("name")?
            .ok_or_else(|| CfmlError::application("cfdbinfo needs the attribute [name]"))?;
        let datasource = text("datasource")?.filter(|d| !d.is_empty());
        let kind = self
            .host
            .datasource_kind(&self.req.app, datasource.as_deref())?;
        let (sql, uses) = rime_db::catalog_sql(&kind, &ty).ok_or_else(|| {
            CfmlError::application(format!(
                "cfdbinfo: invalid type [{ty}], valid are [columns, dbnames, foreignkeys, index, procedures, tables, version]"
            ))
        })?;
        let mut params = Vec::new();
        if uses > 0 {
            let value = if ty == "tables" {
                // Lucee's `pattern` uses SQL wildcards; every table without one.
                text("pattern")?.unwrap_or_else(|| "%".to_string())
            } else {
                text("table")?.ok_or_else(|| {
                    CfmlError::application(format!("cfdbinfo type=\"{ty}\" needs [table]"))
                })?
            };
            params.extend((0..uses).map(|_| param(&value)));
        }
        let (q, _) = self.run_sql(datasource.as_deref(), sql, params, &QueryOptions::default())?;
        if ty == "columns" && matches!(&q, Value::Query(qq) if qq.read().rows == 0) {
            return Err(CfmlError::new(
                "database",
                format!(
                    "cfdbinfo: the table [{}] does not exist",
                    text("table")?.unwrap_or_default()
                ),
            ));
        }
        self.assign_var(f, &name, q)
    }
}

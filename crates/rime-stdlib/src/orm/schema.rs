//! `ormSettings.dbcreate`: `update` creates the tables (and columns) the entities need that
//! the database lacks, `dropcreate` drops and creates them, `none` (the default) leaves the
//! database alone. Run when the model is built. Foreign-key constraints are not created.

use super::model::{Column, Dialect, Entity, Model, RelKind};
use rime_runtime::{CfResult, Ctx, Value};

pub fn create(ctx: &mut dyn Ctx, model: &Model) -> CfResult<()> {
    let mode = model.settings.dbcreate.as_str();
    if mode != "update" && mode != "dropcreate" {
        return Ok(());
    }
    let d = model.dialect;
    for e in &model.entities {
        let ds = e
            .datasource
            .as_deref()
            .or(model.settings.datasource.as_deref());
        if mode == "dropcreate" {
            ctx.execute_sql(
                &format!("DROP TABLE IF EXISTS {}", e.table),
                Value::Null,
                ds,
            )?;
        }
        let mut cols = vec![id_definition(d, e)];
        for c in e.columns.iter().filter(|c| c.formula.is_none()) {
            cols.push(format!("{} {}", c.column, column_type(d, c)));
        }
        for r in &e.relations {
            if matches!(r.kind, RelKind::ManyToOne | RelKind::OneToOne)
                && !cols
                    .iter()
                    .any(|c| c.split(' ').next() == Some(r.fkcolumn.as_str()))
            {
                let ty = match model.entity(&r.target) {
                    Ok(t) => key_type(d, t),
                    Err(_) => "varchar(255)".to_string(),
                };
                cols.push(format!("{} {ty}", r.fkcolumn));
            }
        }
        match existing_columns(ctx, &e.table, ds) {
            Some(have) => {
                for def in &cols {
                    let name = def.split(' ').next().unwrap_or_default();
                    if !have.iter().any(|h| h.eq_ignore_ascii_case(name)) {
                        let def = def.replace(" PRIMARY KEY", "");
                        ctx.execute_sql(
                            &format!("ALTER TABLE {} ADD COLUMN {def}", e.table),
                            Value::Null,
                            ds,
                        )?;
                    }
                }
            }
            None => {
                ctx.execute_sql(
                    &format!("CREATE TABLE {} ({})", e.table, cols.join(", ")),
                    Value::Null,
                    ds,
                )?;
            }
        }
        // The link tables of the many-to-many relationships this side owns.
        for r in e
            .relations
            .iter()
            .filter(|r| r.kind == RelKind::ManyToMany && !r.inverse && !r.link_table.is_empty())
        {
            let Ok(target) = model.entity(&r.target) else {
                continue;
            };
            if mode == "dropcreate" {
                ctx.execute_sql(
                    &format!("DROP TABLE IF EXISTS {}", r.link_table),
                    Value::Null,
                    ds,
                )?;
            }
            if existing_columns(ctx, &r.link_table, ds).is_none() {
                ctx.execute_sql(
                    &format!(
                        "CREATE TABLE {} ({} {}, {} {})",
                        r.link_table,
                        r.fkcolumn,
                        key_type(d, e),
                        r.inverse_column,
                        key_type(d, target)
                    ),
                    Value::Null,
                    ds,
                )?;
            }
        }
    }
    Ok(())
}

/// The columns of `table`, None when there is no such table.
fn existing_columns(ctx: &mut dyn Ctx, table: &str, ds: Option<&str>) -> Option<Vec<String>> {
    match ctx.execute_sql(
        &format!("SELECT * FROM {table} WHERE 1 = 0"),
        Value::Null,
        ds,
    ) {
        Ok((Value::Query(q), _)) => Some(
            q.read()
                .columns
                .iter()
                .map(|c| c.name.as_str().to_string())
                .collect(),
        ),
        _ => None,
    }
}

/// The type of a column holding this entity's key.
fn key_type(d: Dialect, e: &Entity) -> String {
    if e.numeric_id() {
        match d {
            Dialect::Postgres => "integer".into(),
            _ => "int".into(),
        }
    } else {
        column_type(d, &e.id)
    }
}

fn id_definition(d: Dialect, e: &Entity) -> String {
    let c = &e.id.column;
    if e.db_generated() {
        return match d {
            Dialect::Sqlite => format!("{c} INTEGER PRIMARY KEY AUTOINCREMENT"),
            Dialect::Postgres => format!("{c} SERIAL PRIMARY KEY"),
            Dialect::MySql => format!("{c} INT AUTO_INCREMENT PRIMARY KEY"),
        };
    }
    let ty = match e.generator.as_str() {
        "uuid" => "varchar(32)".to_string(),
        "guid" => "varchar(36)".to_string(),
        _ => key_type(d, e),
    };
    format!("{c} {ty} PRIMARY KEY")
}

fn column_type(d: Dialect, c: &Column) -> String {
    let len = c.length.unwrap_or(255);
    let ty = match c.ormtype.as_str() {
        "int" | "integer" | "short" => "int".to_string(),
        "long" | "big_integer" => "bigint".into(),
        "float" | "double" => match d {
            Dialect::Sqlite => "real".into(),
            _ => "double precision".into(),
        },
        "big_decimal" | "numeric" | "decimal" => "decimal(19,2)".into(),
        "boolean" | "yes_no" | "true_false" | "bit" => match d {
            Dialect::MySql => "tinyint(1)".into(),
            _ => "boolean".into(),
        },
        "date" => "date".into(),
        "time" => "time".into(),
        "timestamp" | "datetime" => match d {
            Dialect::MySql => "datetime".into(),
            _ => "timestamp".into(),
        },
        "text" | "clob" => match d {
            Dialect::MySql => "longtext".into(),
            _ => "text".into(),
        },
        "binary" | "blob" => match d {
            Dialect::Postgres => "bytea".into(),
            _ => "blob".into(),
        },
        "character" | "char" => "char(1)".into(),
        _ => format!("varchar({len})"),
    };
    if c.notnull {
        format!("{ty} NOT NULL")
    } else {
        ty
    }
}

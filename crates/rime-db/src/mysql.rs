//! The MySQL / MariaDB driver (the synchronous `mysql` client, without TLS).
//!
//! - Statements with parameters are prepared (the client caches them per connection) and run
//!   in the binary protocol; `?` is MySQL's own placeholder, so the SQL goes unchanged. Without
//!   parameters the text protocol runs them, which also takes several statements at once.
//! - Cells become CFML values by column type (both protocols): integers and floats numbers,
//!   `DECIMAL` numbers (text when beyond a double), `BIT(1)` booleans (as Connector/J reads
//!   them), dates and times dates, binary columns binary, the rest strings.
//! - `QueryOptions.timeout` sets the session's statement time limit around the one statement
//!   (`max_statement_time` on MariaDB, `max_execution_time` on MySQL).
//! - A connection that saw an I/O or protocol error is discarded when it returns to the pool.

use crate::config::{DatasourceConfig, ServerTarget, Target};
use crate::error::{count_mismatch, database_error, db_error, DbFailure};
use crate::params::{bind, Bound};
use crate::pool::{Manage, PooledDatasource};
use crate::sql::{count_placeholders, first_keyword, Dialect};
use crate::{int_value, Connection, ExecResult, Isolation, QueryOptions, SqlParam};
use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime, Timelike};
use mysql::consts::{ColumnFlags, ColumnType};
use mysql::prelude::{Protocol, Queryable};
use mysql::{Column as MyColumn, Conn, OptsBuilder, QueryResult};
use rime_runtime::query::Column;
use rime_runtime::{CfResult, DateTime, Key, Query, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The character set number MySQL gives binary columns (`BLOB`, `BINARY`, `VARBINARY`).
const BINARY_CHARSET: u16 = 63;

/// A pooled MySQL / MariaDB datasource.
pub(crate) fn datasource(config: DatasourceConfig) -> CfResult<PooledDatasource<MysqlManager>> {
    let Target::Mysql(t) = &config.target else {
        return Err(database_error("not a MySQL datasource"));
    };
    let manager = MysqlManager {
        name: config.name.clone(),
        where_: format!("{}:{}/{}", t.hosts.join(","), t.port, t.database),
        target: t.clone(),
    };
    Ok(PooledDatasource::new("mysql", config, manager))
}

pub(crate) struct MysqlManager {
    name: String,
    where_: String,
    target: ServerTarget,
}

impl MysqlManager {
    fn opts(&self, host: &str) -> OptsBuilder {
        let t = &self.target;
        let timeout = Duration::from_secs(t.connect_timeout.max(1));
        let b = OptsBuilder::new()
            .user(Some(t.username.clone()))
            .pass((!t.password.is_empty()).then(|| t.password.clone()))
            .db_name((!t.database.is_empty()).then(|| t.database.clone()))
            .tcp_connect_timeout(Some(timeout))
            // Only the real socket or server (not the first loopback socket) is wanted.
            .prefer_socket(false)
            .init(vec!["SET NAMES utf8mb4"]);
        if host.starts_with('/') {
            b.socket(Some(host.to_string()))
        } else {
            b.ip_or_hostname(Some(host.to_string())).tcp_port(t.port)
        }
    }
}

impl Manage for MysqlManager {
    type Conn = MysqlConn;

    fn connect(&self) -> CfResult<MysqlConn> {
        let mut last = None;
        for host in &self.target.hosts {
            match Conn::new(self.opts(host)) {
                Ok(mut conn) => {
                    let mariadb = conn
                        .query_first::<String, _>("SELECT VERSION()")
                        .ok()
                        .flatten()
                        .is_some_and(|v| v.to_ascii_lowercase().contains("mariadb"));
                    return Ok(MysqlConn {
                        conn,
                        name: self.name.clone(),
                        in_tx: false,
                        broken: false,
                        mariadb,
                    });
                }
                Err(e) => last = Some(e),
            }
        }
        let mut f = last.as_ref().map(failure).unwrap_or_else(|| DbFailure {
            message: "no host is configured".into(),
            sql_state: String::new(),
            native_code: 0,
        });
        f.message = format!(
            "could not connect to datasource [{}] (MySQL at {}): {}",
            self.name, self.where_, f.message
        );
        if f.sql_state.is_empty() {
            f.sql_state = "08001".into();
        }
        Err(db_error(&self.name, "", f))
    }

    fn is_valid(&self, conn: &mut MysqlConn) -> bool {
        !conn.broken
    }

    fn recycle(&self, conn: &mut MysqlConn) -> bool {
        if conn.broken {
            return false;
        }
        if conn.in_tx {
            conn.in_tx = false;
            return conn.conn.query_drop("ROLLBACK").is_ok();
        }
        true
    }
}

pub(crate) struct MysqlConn {
    conn: Conn,
    name: String,
    in_tx: bool,
    /// An I/O or protocol error happened: the session's state is unknown.
    broken: bool,
    mariadb: bool,
}

impl MysqlConn {
    fn control(&mut self, sql: &str) -> CfResult<()> {
        let r = self.conn.query_drop(sql);
        r.map_err(|e| self.fail(sql, &e))
    }

    fn fail(&mut self, sql: &str, e: &mysql::Error) -> Box<rime_runtime::CfmlError> {
        if !matches!(e, mysql::Error::MySqlError(_)) {
            self.broken = true;
        }
        db_error(&self.name, sql, failure(e))
    }

    fn set_timeout(&mut self, t: Option<Duration>) -> CfResult<()> {
        let sql = match (t, self.mariadb) {
            (Some(t), true) => format!("SET SESSION max_statement_time = {}", t.as_secs_f64()),
            (Some(t), false) => format!(
                "SET SESSION max_execution_time = {}",
                t.as_millis().clamp(1, u32::MAX as u128)
            ),
            (None, true) => "SET SESSION max_statement_time = DEFAULT".into(),
            (None, false) => "SET SESSION max_execution_time = DEFAULT".into(),
        };
        self.control(&sql)
    }

    fn run(
        &mut self,
        sql: &str,
        bound: &[Bound],
        max_rows: Option<usize>,
    ) -> Result<ExecResult, mysql::Error> {
        if bound.is_empty() {
            let result = self.conn.query_iter(sql)?;
            return collect(sql, result, max_rows);
        }
        let stmt = self.conn.prep(sql)?;
        let args: Vec<mysql::Value> = bound.iter().map(arg).collect();
        let result = self.conn.exec_iter(&stmt, args)?;
        collect(sql, result, max_rows)
    }
}

/// Read every result set; the last one with rows is the query (as Lucee keeps the last), the
/// counts come from the last statement.
fn collect<P: Protocol>(
    sql: &str,
    mut result: QueryResult<'_, '_, '_, P>,
    max_rows: Option<usize>,
) -> Result<ExecResult, mysql::Error> {
    let limit = max_rows.unwrap_or(usize::MAX);
    let mut out = ExecResult::default();
    let mut rows_result: Option<ExecResult> = None;
    let mut last_affected = 0u64;
    let mut last_id = None;
    while let Some(mut set) = result.iter() {
        let cols: Arc<[MyColumn]> = set.columns().as_ref().into();
        if cols.is_empty() {
            // The OK packet of a statement without rows is there only before iterating.
            last_affected = set.affected_rows();
            last_id = set.last_insert_id();
        }
        let mut values: Vec<Vec<Value>> = vec![Vec::new(); cols.len()];
        let mut n = 0usize;
        for row in set.by_ref() {
            let row = row?;
            if n >= limit {
                continue;
            }
            for (i, cell) in row.unwrap_raw().into_iter().enumerate() {
                if let (Some(col), Some(dst)) = (cols.get(i), values.get_mut(i)) {
                    dst.push(decode(col, cell.unwrap_or(mysql::Value::NULL)));
                }
            }
            n += 1;
        }
        if !cols.is_empty() {
            let query = Query {
                columns: cols
                    .iter()
                    .zip(values)
                    .map(|(c, values)| Column {
                        name: Key::new(c.name_str().as_ref()),
                        type_name: type_name(c).to_string(),
                        values,
                    })
                    .collect(),
                rows: n,
                current_row: 1,
                index: None,
            };
            rows_result = Some(ExecResult {
                query,
                record_count: n,
                returns_rows: true,
                ..ExecResult::default()
            });
        }
    }
    if let Some(r) = rows_result {
        return Ok(r);
    }
    let n = last_affected as usize;
    out.affected_rows = n;
    out.record_count = n;
    if first_keyword(sql) == "INSERT" || first_keyword(sql) == "REPLACE" {
        out.generated_key = last_id.filter(|id| *id > 0).map(int_value);
    }
    Ok(out)
}

impl Connection for MysqlConn {
    fn execute(
        &mut self,
        sql: &str,
        params: &[SqlParam],
        opts: &QueryOptions,
    ) -> CfResult<ExecResult> {
        let start = Instant::now();
        let bound = params.iter().map(bind).collect::<CfResult<Vec<_>>>()?;
        let count = count_placeholders(sql, Dialect::Mysql);
        if count != bound.len() {
            return Err(db_error(
                &self.name,
                sql,
                count_mismatch(count, bound.len(), 0),
            ));
        }
        // `timeout=0` means no timeout, as in Lucee.
        let timeout = opts.timeout.filter(|t| !t.is_zero());
        if timeout.is_some() {
            self.set_timeout(timeout)?;
        }
        let r = self.run(sql, &bound, opts.max_rows);
        if timeout.is_some() && !self.broken {
            // A failure here leaves the limit on this session; discard it rather than carry it.
            if self.set_timeout(None).is_err() {
                self.broken = true;
            }
        }
        match r {
            Ok(mut out) => {
                out.execution_time_ms = start.elapsed().as_secs_f64() * 1000.0;
                Ok(out)
            }
            Err(e) => Err(self.fail(sql, &e)),
        }
    }

    fn begin(&mut self, isolation: Option<&str>) -> CfResult<()> {
        let iso = isolation.map(Isolation::parse).transpose()?;
        if self.in_tx {
            return Err(database_error(format!(
                "a transaction is already open on this connection to datasource [{}]; nest with a savepoint",
                self.name
            )));
        }
        if let Some(i) = iso {
            // Applies to the next transaction only.
            self.control(&format!("SET TRANSACTION ISOLATION LEVEL {}", i.sql()))?;
        }
        self.control("START TRANSACTION")?;
        self.in_tx = true;
        Ok(())
    }

    fn commit(&mut self) -> CfResult<()> {
        if !self.in_tx {
            return Ok(());
        }
        self.in_tx = false;
        self.control("COMMIT")
    }

    fn rollback(&mut self, savepoint: Option<&str>) -> CfResult<()> {
        match savepoint {
            Some(sp) => self.control(&format!(
                "ROLLBACK TO SAVEPOINT {}",
                crate::quote_ident(sp, '`')?
            )),
            None if !self.in_tx => Ok(()),
            None => {
                self.in_tx = false;
                self.control("ROLLBACK")
            }
        }
    }

    fn savepoint(&mut self, name: &str) -> CfResult<()> {
        self.control(&format!("SAVEPOINT {}", crate::quote_ident(name, '`')?))
    }

    fn in_transaction(&self) -> bool {
        self.in_tx
    }
}

/// The message Connector/J would give, with SQLSTATE and the server's error number.
fn failure(e: &mysql::Error) -> DbFailure {
    match e {
        mysql::Error::MySqlError(m) => DbFailure {
            message: m.message.clone(),
            sql_state: m.state.clone(),
            native_code: i64::from(m.code),
        },
        mysql::Error::IoError(_) | mysql::Error::CodecError(_) => DbFailure {
            message: format!("communications link failure: {e}"),
            sql_state: "08S01".into(),
            native_code: 0,
        },
        other => DbFailure {
            message: other.to_string(),
            sql_state: String::new(),
            native_code: 0,
        },
    }
}

fn arg(b: &Bound) -> mysql::Value {
    use mysql::Value as M;
    let dt = |t: &NaiveDateTime| {
        M::Date(
            t.year().clamp(0, 9999) as u16,
            t.month() as u8,
            t.day() as u8,
            t.hour() as u8,
            t.minute() as u8,
            t.second() as u8,
            t.nanosecond().min(999_999_999) / 1000,
        )
    };
    match b {
        Bound::Null => M::NULL,
        Bound::Int(i) => M::Int(*i),
        Bound::Float(f) => M::Double(*f),
        Bound::Decimal(d) => M::Bytes(d.clone().into_bytes()),
        Bound::Bool(v) => M::Int(i64::from(*v)),
        Bound::Text(s) | Bound::ArrayLiteral(s) => M::Bytes(s.clone().into_bytes()),
        Bound::Date(d) => dt(&d.and_time(NaiveTime::MIN)),
        Bound::Time(t) => M::Time(
            false,
            0,
            t.hour() as u8,
            t.minute() as u8,
            t.second() as u8,
            t.nanosecond().min(999_999_999) / 1000,
        ),
        Bound::Timestamp(t) => dt(t),
        Bound::Bytes(v) => M::Bytes(v.clone()),
    }
}

fn date_value(y: u16, m: u8, d: u8, h: u8, mi: u8, s: u8, us: u32) -> Option<Value> {
    let date = NaiveDate::from_ymd_opt(i32::from(y), u32::from(m), u32::from(d))?;
    let time = NaiveTime::from_hms_milli_opt(u32::from(h), u32::from(mi), u32::from(s), us / 1000)?;
    Some(Value::Date(DateTime::new(date.and_time(time))))
}

/// A `TIME` as a date on CFML's day zero (1899-12-30), as the other drivers give times; an
/// interval beyond one day stays text (`-838:59:59`).
fn time_value(neg: bool, days: u32, h: u8, mi: u8, s: u8, us: u32) -> Value {
    if !neg && days == 0 {
        if let Some(v) = date_value(1899, 12, 30, h, mi, s, us) {
            return v;
        }
    }
    let hours = u64::from(days) * 24 + u64::from(h);
    Value::from(format!(
        "{}{hours:02}:{mi:02}:{s:02}",
        if neg { "-" } else { "" }
    ))
}

fn is_binary(col: &MyColumn) -> bool {
    col.character_set() == BINARY_CHARSET
        && matches!(
            col.column_type(),
            ColumnType::MYSQL_TYPE_BLOB
                | ColumnType::MYSQL_TYPE_TINY_BLOB
                | ColumnType::MYSQL_TYPE_MEDIUM_BLOB
                | ColumnType::MYSQL_TYPE_LONG_BLOB
                | ColumnType::MYSQL_TYPE_STRING
                | ColumnType::MYSQL_TYPE_VAR_STRING
                | ColumnType::MYSQL_TYPE_VARCHAR
                | ColumnType::MYSQL_TYPE_GEOMETRY
        )
}

/// Text-protocol (and binary-protocol string) cells of the date types: `2024-05-01`,
/// `2024-05-01 10:11:12.5`, `10:11:12`. The zero date stays text, as it is no date.
fn parse_date_text(ty: ColumnType, s: &str) -> Option<Value> {
    match ty {
        ColumnType::MYSQL_TYPE_DATE | ColumnType::MYSQL_TYPE_NEWDATE => {
            let d = NaiveDate::parse_from_str(s, "%Y-%m-%d").ok()?;
            Some(Value::Date(DateTime::new(d.and_time(NaiveTime::MIN))))
        }
        ColumnType::MYSQL_TYPE_TIME | ColumnType::MYSQL_TYPE_TIME2 => {
            let t = NaiveTime::parse_from_str(s, "%H:%M:%S%.f").ok()?;
            date_value(
                1899,
                12,
                30,
                t.hour() as u8,
                t.minute() as u8,
                t.second() as u8,
                t.nanosecond() / 1000,
            )
        }
        _ => {
            let t = NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M:%S%.f").ok()?;
            let ms = t.nanosecond() / 1_000_000;
            Some(Value::Date(DateTime::new(
                t.with_nanosecond(ms * 1_000_000).unwrap_or(t),
            )))
        }
    }
}

/// One cell as a CFML value (NULL reads as `""`).
fn decode(col: &MyColumn, v: mysql::Value) -> Value {
    use mysql::Value as M;
    let ty = col.column_type();
    match v {
        M::NULL => Value::Str(arcstr::ArcStr::new()),
        M::Int(i) => {
            if ty == ColumnType::MYSQL_TYPE_BIT && col.column_length() == 1 {
                Value::Bool(i != 0)
            } else {
                int_value(i)
            }
        }
        M::UInt(u) => int_value(u),
        M::Float(f) => Value::Num(f64::from(f)),
        M::Double(f) => Value::Num(f),
        M::Date(y, m, d, h, mi, s, us) => {
            date_value(y, m, d, h, mi, s, us).unwrap_or_else(|| Value::from("0000-00-00 00:00:00"))
        }
        M::Time(neg, days, h, mi, s, us) => time_value(neg, days, h, mi, s, us),
        M::Bytes(b) => match ty {
            ColumnType::MYSQL_TYPE_BIT => {
                // Big-endian bits; BIT(1) is a boolean for Connector/J.
                let n = b.iter().fold(0u64, |acc, x| (acc << 8) | u64::from(*x));
                if col.column_length() == 1 {
                    Value::Bool(n != 0)
                } else {
                    int_value(n)
                }
            }
            ColumnType::MYSQL_TYPE_TINY
            | ColumnType::MYSQL_TYPE_SHORT
            | ColumnType::MYSQL_TYPE_INT24
            | ColumnType::MYSQL_TYPE_LONG
            | ColumnType::MYSQL_TYPE_LONGLONG
            | ColumnType::MYSQL_TYPE_YEAR => {
                let s = String::from_utf8_lossy(&b);
                match s.trim().parse::<i128>() {
                    Ok(i) => int_value(i),
                    Err(_) => Value::from(s.into_owned()),
                }
            }
            ColumnType::MYSQL_TYPE_FLOAT
            | ColumnType::MYSQL_TYPE_DOUBLE
            | ColumnType::MYSQL_TYPE_DECIMAL
            | ColumnType::MYSQL_TYPE_NEWDECIMAL => {
                let s = String::from_utf8_lossy(&b);
                match s.trim().parse::<f64>() {
                    // Beyond a double's 15 significant digits a DECIMAL stays exact text.
                    Ok(n) if n.is_finite() && s.trim().len() <= 16 => Value::Num(n),
                    _ => Value::from(s.into_owned()),
                }
            }
            ColumnType::MYSQL_TYPE_DATE
            | ColumnType::MYSQL_TYPE_NEWDATE
            | ColumnType::MYSQL_TYPE_TIME
            | ColumnType::MYSQL_TYPE_TIME2
            | ColumnType::MYSQL_TYPE_DATETIME
            | ColumnType::MYSQL_TYPE_DATETIME2
            | ColumnType::MYSQL_TYPE_TIMESTAMP
            | ColumnType::MYSQL_TYPE_TIMESTAMP2 => {
                let s = String::from_utf8_lossy(&b);
                parse_date_text(ty, s.trim()).unwrap_or_else(|| Value::from(s.into_owned()))
            }
            _ if is_binary(col) => Value::Binary(Arc::new(b)),
            _ => match String::from_utf8(b) {
                Ok(s) => Value::from(s),
                Err(e) => Value::Binary(Arc::new(e.into_bytes())),
            },
        },
    }
}

/// The type name `getMetadata(query)` / `result.columnTypes` show, as JDBC names MySQL's types.
fn type_name(col: &MyColumn) -> &'static str {
    let unsigned = col.flags().contains(ColumnFlags::UNSIGNED_FLAG);
    match col.column_type() {
        ColumnType::MYSQL_TYPE_BIT if col.column_length() == 1 => "bit",
        ColumnType::MYSQL_TYPE_BIT => "bigint",
        ColumnType::MYSQL_TYPE_TINY => "tinyint",
        ColumnType::MYSQL_TYPE_SHORT | ColumnType::MYSQL_TYPE_YEAR => "smallint",
        ColumnType::MYSQL_TYPE_INT24 | ColumnType::MYSQL_TYPE_LONG if !unsigned => "integer",
        ColumnType::MYSQL_TYPE_INT24
        | ColumnType::MYSQL_TYPE_LONG
        | ColumnType::MYSQL_TYPE_LONGLONG => "bigint",
        ColumnType::MYSQL_TYPE_FLOAT => "real",
        ColumnType::MYSQL_TYPE_DOUBLE => "double",
        ColumnType::MYSQL_TYPE_DECIMAL | ColumnType::MYSQL_TYPE_NEWDECIMAL => "decimal",
        ColumnType::MYSQL_TYPE_DATE | ColumnType::MYSQL_TYPE_NEWDATE => "date",
        ColumnType::MYSQL_TYPE_TIME | ColumnType::MYSQL_TYPE_TIME2 => "time",
        ColumnType::MYSQL_TYPE_DATETIME
        | ColumnType::MYSQL_TYPE_DATETIME2
        | ColumnType::MYSQL_TYPE_TIMESTAMP
        | ColumnType::MYSQL_TYPE_TIMESTAMP2 => "timestamp",
        _ if is_binary(col) => "binary",
        ColumnType::MYSQL_TYPE_STRING => "char",
        ColumnType::MYSQL_TYPE_BLOB
        | ColumnType::MYSQL_TYPE_TINY_BLOB
        | ColumnType::MYSQL_TYPE_MEDIUM_BLOB
        | ColumnType::MYSQL_TYPE_LONG_BLOB => "longvarchar",
        _ => "varchar",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col(ty: ColumnType) -> MyColumn {
        MyColumn::new(ty)
    }

    #[test]
    fn text_cells_decode_by_type() {
        let v = |ty, s: &str| decode(&col(ty), mysql::Value::Bytes(s.as_bytes().to_vec()));
        assert_eq!(
            v(ColumnType::MYSQL_TYPE_LONG, "42").to_num().ok(),
            Some(42.0)
        );
        assert_eq!(
            v(ColumnType::MYSQL_TYPE_NEWDECIMAL, "12.50").to_num().ok(),
            Some(12.5)
        );
        let big = v(ColumnType::MYSQL_TYPE_NEWDECIMAL, "12345678901234567890.12");
        assert!(matches!(big, Value::Str(ref s) if s.as_str() == "12345678901234567890.12"));
        assert!(matches!(
            v(ColumnType::MYSQL_TYPE_DATETIME, "2011-04-06 11:13:52"),
            Value::Date(_)
        ));
        assert!(matches!(
            v(ColumnType::MYSQL_TYPE_DATETIME, "0000-00-00 00:00:00"),
            Value::Str(_)
        ));
        assert!(matches!(
            v(ColumnType::MYSQL_TYPE_TIME, "10:11:12"),
            Value::Date(_)
        ));
        assert!(
            matches!(v(ColumnType::MYSQL_TYPE_VAR_STRING, "hi"), Value::Str(ref s) if s.as_str() == "hi")
        );
        let bit = decode(
            &col(ColumnType::MYSQL_TYPE_BIT).with_column_length(1),
            mysql::Value::Bytes(vec![1]),
        );
        assert!(matches!(bit, Value::Bool(true)));
        let blob = decode(
            &col(ColumnType::MYSQL_TYPE_BLOB).with_character_set(BINARY_CHARSET),
            mysql::Value::Bytes(vec![0, 255]),
        );
        assert!(matches!(blob, Value::Binary(_)));
        assert!(matches!(
            decode(&col(ColumnType::MYSQL_TYPE_LONG), mysql::Value::NULL),
            Value::Str(ref s) if s.is_empty()
        ));
    }

    #[test]
    fn long_times_stay_text() {
        assert!(
            matches!(time_value(true, 34, 22, 59, 59, 0), Value::Str(ref s) if s.as_str() == "-838:59:59")
        );
    }
}

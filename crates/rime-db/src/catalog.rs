//! `<cfdbinfo>`'s queries: what a database holds, in Lucee's query shapes (column names
//! upper-case, as JDBC's metadata names them), from each database's own catalog: SQLite's
//! `sqlite_master` and `pragma_*` table functions, PostgreSQL's `information_schema` and
//! `pg_catalog`, MySQL's `information_schema` of the connection's database. Types: `version`, `dbnames`, `tables`, `columns`, `index`, `foreignkeys`,
//! `procedures`.

/// The SQL for `type` on a database of `kind`, and how many of its parameters (`?`) are the
/// table (or, for `tables`, the pattern).
pub fn catalog_sql(kind: &str, ty: &str) -> Option<(&'static str, usize)> {
    if kind == "mysql" {
        return mysql_sql(ty);
    }
    let sqlite = kind == "sqlite";
    Some(match (ty, sqlite) {
        ("version", true) => (
            "SELECT 'SQLite' AS DATABASE_PRODUCTNAME, sqlite_version() AS DATABASE_VERSION, \
             'SQLite' AS DRIVER_NAME, sqlite_version() AS DRIVER_VERSION, \
             4 AS JDBC_MAJOR_VERSION, 2 AS JDBC_MINOR_VERSION",
            0,
        ),
        ("version", false) => (
            "SELECT 'PostgreSQL' AS \"DATABASE_PRODUCTNAME\", \
             current_setting('server_version') AS \"DATABASE_VERSION\", \
             'PostgreSQL' AS \"DRIVER_NAME\", current_setting('server_version') AS \"DRIVER_VERSION\", \
             4 AS \"JDBC_MAJOR_VERSION\", 2 AS \"JDBC_MINOR_VERSION\"",
            0,
        ),
        ("dbnames", true) => (
            "SELECT name AS DATABASE_NAME, 'CATALOG' AS TYPE FROM pragma_database_list ORDER BY seq",
            0,
        ),
        ("dbnames", false) => (
            "SELECT datname AS \"DATABASE_NAME\", 'CATALOG' AS \"TYPE\" FROM pg_database \
             WHERE NOT datistemplate ORDER BY datname",
            0,
        ),
        ("tables", true) => (
            "SELECT 'main' AS TABLE_CAT, '' AS TABLE_SCHEM, name AS TABLE_NAME, \
             upper(type) AS TABLE_TYPE, '' AS REMARKS FROM sqlite_master \
             WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name LIKE ? \
             ORDER BY name",
            1,
        ),
        ("tables", false) => (
            "SELECT table_catalog AS \"TABLE_CAT\", table_schema AS \"TABLE_SCHEM\", \
             table_name AS \"TABLE_NAME\", \
             CASE table_type WHEN 'BASE TABLE' THEN 'TABLE' ELSE table_type END AS \"TABLE_TYPE\", \
             '' AS \"REMARKS\" FROM information_schema.tables \
             WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_name LIKE ? \
             ORDER BY table_name",
            1,
        ),
        ("columns", true) => (
            "SELECT c.name AS COLUMN_NAME, c.type AS TYPE_NAME, \
             CASE WHEN c.\"notnull\" = 1 OR c.pk > 0 THEN 'NO' ELSE 'YES' END AS IS_NULLABLE, \
             CASE WHEN c.pk > 0 THEN 'YES' ELSE 'NO' END AS IS_PRIMARYKEY, \
             CASE WHEN f.\"from\" IS NULL THEN 'NO' ELSE 'YES' END AS IS_FOREIGNKEY, \
             f.\"table\" AS REFERENCED_PRIMARYKEY_TABLE, f.\"to\" AS REFERENCED_PRIMARYKEY, \
             c.dflt_value AS COLUMN_DEFAULT_VALUE, c.cid + 1 AS ORDINAL_POSITION, \
             0 AS COLUMN_SIZE, 0 AS DECIMAL_DIGITS, '' AS REMARKS \
             FROM pragma_table_info(?) c LEFT JOIN pragma_foreign_key_list(?) f \
             ON f.\"from\" = c.name ORDER BY c.cid",
            2,
        ),
        ("columns", false) => (
            "SELECT c.column_name AS \"COLUMN_NAME\", c.data_type AS \"TYPE_NAME\", \
             c.is_nullable AS \"IS_NULLABLE\", \
             CASE WHEN EXISTS (SELECT 1 FROM information_schema.table_constraints t \
               JOIN information_schema.key_column_usage k ON k.constraint_name = t.constraint_name \
               AND k.table_schema = t.table_schema \
               WHERE t.constraint_type = 'PRIMARY KEY' AND t.table_name = c.table_name \
               AND t.table_schema = c.table_schema AND k.column_name = c.column_name) \
               THEN 'YES' ELSE 'NO' END AS \"IS_PRIMARYKEY\", \
             CASE WHEN fk.ref_table IS NULL THEN 'NO' ELSE 'YES' END AS \"IS_FOREIGNKEY\", \
             fk.ref_table AS \"REFERENCED_PRIMARYKEY_TABLE\", \
             fk.ref_column AS \"REFERENCED_PRIMARYKEY\", \
             c.column_default AS \"COLUMN_DEFAULT_VALUE\", c.ordinal_position AS \"ORDINAL_POSITION\", \
             coalesce(c.character_maximum_length, c.numeric_precision, 0) AS \"COLUMN_SIZE\", \
             coalesce(c.numeric_scale, 0) AS \"DECIMAL_DIGITS\", '' AS \"REMARKS\" \
             FROM information_schema.columns c LEFT JOIN ( \
               SELECT k.table_schema, k.table_name, k.column_name, u.table_name AS ref_table, \
               u.column_name AS ref_column FROM information_schema.table_constraints t \
               JOIN information_schema.key_column_usage k ON k.constraint_name = t.constraint_name \
               AND k.table_schema = t.table_schema \
               JOIN information_schema.constraint_column_usage u \
               ON u.constraint_name = t.constraint_name AND u.table_schema = t.table_schema \
               WHERE t.constraint_type = 'FOREIGN KEY') fk \
             ON fk.table_schema = c.table_schema AND fk.table_name = c.table_name \
             AND fk.column_name = c.column_name \
             WHERE c.table_name = ? AND c.table_schema = current_schema() \
             ORDER BY c.ordinal_position",
            1,
        ),
        ("index", true) => (
            "SELECT il.name AS INDEX_NAME, ii.name AS COLUMN_NAME, \
             CASE WHEN il.\"unique\" = 1 THEN 0 ELSE 1 END AS NON_UNIQUE, \
             ii.seqno + 1 AS ORDINAL_POSITION, ? AS TABLE_NAME \
             FROM pragma_index_list(?) il JOIN pragma_index_info(il.name) ii \
             ORDER BY il.name, ii.seqno",
            2,
        ),
        ("index", false) => (
            "SELECT i.relname AS \"INDEX_NAME\", a.attname AS \"COLUMN_NAME\", \
             CASE WHEN x.indisunique THEN 0 ELSE 1 END AS \"NON_UNIQUE\", \
             array_position(x.indkey::int2[], a.attnum) AS \"ORDINAL_POSITION\", t.relname AS \"TABLE_NAME\" \
             FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid \
             JOIN pg_class i ON i.oid = x.indexrelid \
             JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY(x.indkey) \
             WHERE t.relname = ? ORDER BY i.relname, 4",
            1,
        ),
        ("foreignkeys", true) => (
            "SELECT \"table\" AS PKTABLE_NAME, \"to\" AS PKCOLUMN_NAME, ? AS FKTABLE_NAME, \
             \"from\" AS FKCOLUMN_NAME, seq + 1 AS KEY_SEQ, on_update AS UPDATE_RULE, \
             on_delete AS DELETE_RULE FROM pragma_foreign_key_list(?) ORDER BY id, seq",
            2,
        ),
        ("foreignkeys", false) => (
            "SELECT ccu.table_name AS \"PKTABLE_NAME\", ccu.column_name AS \"PKCOLUMN_NAME\", \
             kcu.table_name AS \"FKTABLE_NAME\", kcu.column_name AS \"FKCOLUMN_NAME\", \
             kcu.ordinal_position AS \"KEY_SEQ\", rc.update_rule AS \"UPDATE_RULE\", \
             rc.delete_rule AS \"DELETE_RULE\" \
             FROM information_schema.referential_constraints rc \
             JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name \
             JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.unique_constraint_name \
             WHERE kcu.table_name = ? ORDER BY kcu.ordinal_position",
            1,
        ),
        ("procedures", true) => (
            "SELECT '' AS PROCEDURE_CAT, '' AS PROCEDURE_SCHEM, '' AS PROCEDURE_NAME, \
             '' AS REMARKS, 0 AS PROCEDURE_TYPE WHERE 0",
            0,
        ),
        ("procedures", false) => (
            "SELECT current_database() AS \"PROCEDURE_CAT\", n.nspname AS \"PROCEDURE_SCHEM\", \
             p.proname AS \"PROCEDURE_NAME\", '' AS \"REMARKS\", 1 AS \"PROCEDURE_TYPE\" \
             FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace \
             WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') ORDER BY p.proname",
            0,
        ),
        _ => return None,
    })
}

/// MySQL and MariaDB, as Connector/J's metadata reports them (Lucee's MySQL driver names the
/// product `MySQL` for both).
fn mysql_sql(ty: &str) -> Option<(&'static str, usize)> {
    Some(match ty {
        "version" => (
            "SELECT 'MySQL' AS DATABASE_PRODUCTNAME, VERSION() AS DATABASE_VERSION, \
             'MySQL Connector/J' AS DRIVER_NAME, VERSION() AS DRIVER_VERSION, \
             4 AS JDBC_MAJOR_VERSION, 2 AS JDBC_MINOR_VERSION",
            0,
        ),
        "dbnames" => (
            "SELECT schema_name AS DATABASE_NAME, 'CATALOG' AS TYPE \
             FROM information_schema.schemata ORDER BY schema_name",
            0,
        ),
        "tables" => (
            "SELECT table_schema AS TABLE_CAT, '' AS TABLE_SCHEM, table_name AS TABLE_NAME, \
             CASE table_type WHEN 'BASE TABLE' THEN 'TABLE' ELSE table_type END AS TABLE_TYPE, \
             table_comment AS REMARKS FROM information_schema.tables \
             WHERE table_schema = DATABASE() AND table_name LIKE ? ORDER BY table_name",
            1,
        ),
        "columns" => (
            "SELECT c.column_name AS COLUMN_NAME, upper(c.data_type) AS TYPE_NAME, \
             c.is_nullable AS IS_NULLABLE, \
             CASE WHEN c.column_key = 'PRI' THEN 'YES' ELSE 'NO' END AS IS_PRIMARYKEY, \
             CASE WHEN k.referenced_table_name IS NULL THEN 'NO' ELSE 'YES' END AS IS_FOREIGNKEY, \
             k.referenced_table_name AS REFERENCED_PRIMARYKEY_TABLE, \
             k.referenced_column_name AS REFERENCED_PRIMARYKEY, \
             c.column_default AS COLUMN_DEFAULT_VALUE, c.ordinal_position AS ORDINAL_POSITION, \
             coalesce(c.character_maximum_length, c.numeric_precision, 0) AS COLUMN_SIZE, \
             coalesce(c.numeric_scale, 0) AS DECIMAL_DIGITS, c.column_comment AS REMARKS \
             FROM information_schema.columns c LEFT JOIN information_schema.key_column_usage k \
             ON k.table_schema = c.table_schema AND k.table_name = c.table_name \
             AND k.column_name = c.column_name AND k.referenced_table_name IS NOT NULL \
             WHERE c.table_schema = DATABASE() AND c.table_name = ? ORDER BY c.ordinal_position",
            1,
        ),
        "index" => (
            "SELECT index_name AS INDEX_NAME, column_name AS COLUMN_NAME, \
             non_unique AS NON_UNIQUE, seq_in_index AS ORDINAL_POSITION, table_name AS TABLE_NAME \
             FROM information_schema.statistics WHERE table_schema = DATABASE() \
             AND table_name = ? ORDER BY index_name, seq_in_index",
            1,
        ),
        "foreignkeys" => (
            "SELECT k.referenced_table_name AS PKTABLE_NAME, \
             k.referenced_column_name AS PKCOLUMN_NAME, k.table_name AS FKTABLE_NAME, \
             k.column_name AS FKCOLUMN_NAME, k.ordinal_position AS KEY_SEQ, \
             r.update_rule AS UPDATE_RULE, r.delete_rule AS DELETE_RULE \
             FROM information_schema.key_column_usage k \
             JOIN information_schema.referential_constraints r \
             ON r.constraint_schema = k.constraint_schema AND r.constraint_name = k.constraint_name \
             WHERE k.table_schema = DATABASE() AND k.table_name = ? ORDER BY k.ordinal_position",
            1,
        ),
        "procedures" => (
            "SELECT routine_schema AS PROCEDURE_CAT, '' AS PROCEDURE_SCHEM, \
             routine_name AS PROCEDURE_NAME, routine_comment AS REMARKS, 1 AS PROCEDURE_TYPE \
             FROM information_schema.routines WHERE routine_schema = DATABASE() \
             ORDER BY routine_name",
            0,
        ),
        _ => return None,
    })
}

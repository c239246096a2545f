//! `ormExecuteQuery`: HQL turned into the datasource's SQL. Entity names become tables,
//! `alias.property` its column (`alias.id` the key whatever its name), a to-one relationship
//! its key column, `alias.relation.property` a join; `join alias.relation other` joins the
//! target table. `from X` and `select alias from X alias` give entities, other selects give
//! values (an array of them, or of arrays when several are selected); `update` and `delete`
//! give the number of rows changed. Parameters: `?`, `?1` (an array) and `:name` (a struct);
//! an entity given as a parameter stands for its key, an array for a list (`in (:ids)`).

use super::model::{Entity, Model, RelKind};
use super::session::{self, Loader};
use rime_runtime::{Array, CfResult, CfmlError, Ctx, Struct, Value};
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Word(String),
    Text(String),
    Param(Param),
    Sym(String),
}

#[derive(Clone, Debug, PartialEq)]
enum Param {
    Next,
    Ordinal(usize),
    Named(String),
}

fn lex(s: &str) -> CfResult<Vec<Tok>> {
    let b: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '\'' {
            let mut t = String::from("'");
            i += 1;
            loop {
                match b.get(i) {
                    None => {
                        return Err(CfmlError::new(
                            "orm",
                            format!("unterminated string in HQL [{s}]"),
                        ))
                    }
                    Some('\'') if b.get(i + 1) == Some(&'\'') => {
                        t.push_str("''");
                        i += 2;
                    }
                    Some('\'') => {
                        t.push('\'');
                        i += 1;
                        break;
                    }
                    Some(ch) => {
                        t.push(*ch);
                        i += 1;
                    }
                }
            }
            out.push(Tok::Text(t));
        } else if c == '?' {
            i += 1;
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i > start {
                let n: String = b[start..i].iter().collect();
                out.push(Tok::Param(Param::Ordinal(n.parse().unwrap_or(1))));
            } else {
                out.push(Tok::Param(Param::Next));
            }
        } else if c == ':' && b.get(i + 1).is_some_and(|n| n.is_alphabetic() || *n == '_') {
            i += 1;
            let start = i;
            while i < b.len() && (b[i].is_alphanumeric() || b[i] == '_') {
                i += 1;
            }
            out.push(Tok::Param(Param::Named(b[start..i].iter().collect())));
        } else if c.is_alphanumeric() || c == '_' || c == '$' {
            let start = i;
            while i < b.len() && (b[i].is_alphanumeric() || matches!(b[i], '_' | '$' | '.')) {
                i += 1;
            }
            out.push(Tok::Word(b[start..i].iter().collect()));
        } else {
            let two: String = b[i..(i + 2).min(b.len())].iter().collect();
            if matches!(two.as_str(), "<>" | "!=" | "<=" | ">=" | "||") {
                out.push(Tok::Sym(two));
                i += 2;
            } else {
                out.push(Tok::Sym(c.to_string()));
                i += 1;
            }
        }
    }
    Ok(out)
}

fn is_kw(t: &Tok, kw: &str) -> bool {
    matches!(t, Tok::Word(w) if w.eq_ignore_ascii_case(kw))
}

/// What a query is run with.
pub struct Options {
    pub max: Option<usize>,
    pub offset: usize,
    pub datasource: Option<String>,
}

struct Alias {
    name: String,
    entity: Arc<Entity>,
}

struct Translator<'m> {
    model: &'m Model,
    aliases: Vec<Alias>,
    /// Joins added for `alias.relation.property` paths.
    implicit: Vec<String>,
    /// Whether column references carry their alias (not in `update`/`delete`).
    qualify: bool,
    params: &'m Value,
    next: usize,
    bound: Vec<Value>,
}

impl Translator<'_> {
    fn alias(&self, name: &str) -> Option<&Alias> {
        self.aliases
            .iter()
            .find(|a| a.name.eq_ignore_ascii_case(name))
    }

    fn col(&self, alias: &str, column: &str) -> String {
        if self.qualify {
            format!("{alias}.{column}")
        } else {
            column.to_string()
        }
    }

    /// The SQL for a dotted path, or None when it names nothing mapped.
    fn path(&mut self, word: &str) -> Option<String> {
        let parts: Vec<&str> = word.split('.').collect();
        let (alias, rest): (&str, &[&str]) = match self.alias(parts[0]) {
            Some(_) => (parts[0], &parts[1..]),
            None => (self.aliases.first()?.name.as_str(), &parts[..]),
        };
        let alias = alias.to_string();
        let e = self.alias(&alias)?.entity.clone();
        match rest {
            [] => Some(self.col(&alias, &e.id.column)),
            [p] => self.prop(&alias, &e, p),
            [rel, p] => {
                let r = e.relation(rel)?.clone();
                if r.to_many() {
                    return None;
                }
                let target = self.model.entity(&r.target).ok()?.clone();
                if p.eq_ignore_ascii_case("id") || p.eq_ignore_ascii_case(&target.id.name) {
                    return Some(self.col(&alias, &r.fkcolumn));
                }
                let j = format!("{alias}_{}", r.name);
                if self.alias(&j).is_none() {
                    self.implicit.push(format!(
                        " LEFT JOIN {} {j} ON {j}.{} = {alias}.{}",
                        target.table, target.id.column, r.fkcolumn
                    ));
                    self.aliases.push(Alias {
                        name: j.clone(),
                        entity: target.clone(),
                    });
                }
                self.prop(&j, &target, p)
            }
            _ => None,
        }
    }

    fn prop(&self, alias: &str, e: &Entity, p: &str) -> Option<String> {
        if p.eq_ignore_ascii_case("id") {
            return Some(self.col(alias, &e.id.column));
        }
        if let Some(c) = e.column(p) {
            return Some(match &c.formula {
                Some(f) => format!("({f})"),
                None => self.col(alias, &c.column),
            });
        }
        let r = e.relation(p)?;
        matches!(r.kind, RelKind::ManyToOne | RelKind::OneToOne)
            .then(|| self.col(alias, &r.fkcolumn))
    }

    fn param(&mut self, p: &Param) -> CfResult<String> {
        let v = match (p, self.params) {
            (Param::Named(n), Value::Struct(s)) => s.get(n).ok_or_else(|| {
                CfmlError::new("orm", format!("no value for the HQL parameter [:{n}]"))
            })?,
            (Param::Named(n), _) => {
                return Err(CfmlError::new(
                    "orm",
                    format!("the HQL parameter [:{n}] needs a struct of parameters"),
                ))
            }
            (p, Value::Array(a)) => {
                let i = match p {
                    Param::Ordinal(n) => n.saturating_sub(1),
                    _ => {
                        self.next += 1;
                        self.next - 1
                    }
                };
                a.get1(i + 1).ok_or_else(|| {
                    CfmlError::new(
                        "orm",
                        format!(
                            "parameter array is too small [{}], need [{}] elements",
                            a.len(),
                            i + 1
                        ),
                    )
                })?
            }
            (p, Value::Struct(s)) => {
                // `?1` with a struct `{1: …}` (the `arguments` scope).
                let n = match p {
                    Param::Ordinal(n) => *n,
                    _ => {
                        self.next += 1;
                        self.next
                    }
                };
                s.get(&n.to_string()).ok_or_else(|| {
                    CfmlError::new("orm", format!("no value for the HQL parameter [?{n}]"))
                })?
            }
            _ => {
                return Err(CfmlError::new(
                    "orm",
                    "the HQL query has parameters but none were given",
                ))
            }
        };
        let vals = match &v {
            Value::Array(a) => a.to_vec(),
            v => vec![v.clone()],
        };
        let mut marks = Vec::with_capacity(vals.len());
        for v in vals {
            let v = match &v {
                Value::Struct(s) if s.component().is_some() => {
                    let e = self.model.entity_of(s)?;
                    let id = session::id_of(e, s);
                    session::sql_value(
                        if e.numeric_id() { "numeric" } else { "string" },
                        Value::from(id),
                    )
                }
                v => v.clone(),
            };
            self.bound.push(v);
            marks.push("?");
        }
        Ok(marks.join(", "))
    }

    /// Translate a run of tokens (a select list, a condition, an order).
    fn expr(&mut self, toks: &[Tok]) -> CfResult<String> {
        let mut out = String::new();
        let mut i = 0;
        while i < toks.len() {
            let piece = match &toks[i] {
                Tok::Word(w) => {
                    let called = matches!(toks.get(i + 1), Some(Tok::Sym(s)) if s == "(");
                    if called || w.parse::<f64>().is_ok() || is_sql_word(w) {
                        w.clone()
                    } else {
                        self.path(w).unwrap_or_else(|| w.clone())
                    }
                }
                Tok::Text(t) => t.clone(),
                Tok::Param(p) => self.param(p)?,
                Tok::Sym(s) => s.clone(),
            };
            let glue = !out.is_empty()
                && !out.ends_with('(')
                && !matches!(&toks[i], Tok::Sym(s) if s == ")" || s == ",");
            if glue {
                out.push(' ');
            }
            out.push_str(&piece);
            i += 1;
        }
        Ok(out)
    }
}

fn is_sql_word(w: &str) -> bool {
    const WORDS: &[&str] = &[
        "and", "or", "not", "is", "null", "in", "like", "between", "asc", "desc", "distinct", "as",
        "true", "false", "exists", "case", "when", "then", "else", "end", "escape", "all", "any",
        "some", "by", "elements", "member", "of", "where", "order", "group", "having", "select",
        "from", "set",
    ];
    WORDS.iter().any(|k| k.eq_ignore_ascii_case(w))
}

/// Split at the top-level keywords that start clauses.
fn clause_end(toks: &[Tok], from: usize, stops: &[&str]) -> usize {
    let mut depth = 0i32;
    for (i, t) in toks.iter().enumerate().skip(from) {
        match t {
            Tok::Sym(s) if s == "(" => depth += 1,
            Tok::Sym(s) if s == ")" => depth -= 1,
            t if depth == 0 && stops.iter().any(|k| is_kw(t, k)) => return i,
            _ => {}
        }
    }
    toks.len()
}

/// Run an HQL statement.
pub fn execute(
    ctx: &mut dyn Ctx,
    model: &Model,
    hql: &str,
    params: &Value,
    unique: bool,
    opts: &Options,
) -> CfResult<Value> {
    let toks = lex(hql.trim())?;
    let first = toks
        .first()
        .ok_or_else(|| CfmlError::new("orm", "the HQL query is empty"))?;
    if is_kw(first, "update") || is_kw(first, "delete") {
        return dml(ctx, model, &toks, params, opts);
    }
    let from_at = clause_end(&toks, 0, &["from"]);
    if from_at >= toks.len() {
        return Err(CfmlError::new(
            "orm",
            format!("the HQL query [{hql}] has no from clause"),
        ));
    }
    let select = if is_kw(first, "select") {
        &toks[1..from_at]
    } else {
        &toks[..0]
    };
    let end_from = clause_end(&toks, from_at + 1, &["where", "group", "order", "having"]);
    let mut t = Translator {
        model,
        aliases: Vec::new(),
        implicit: Vec::new(),
        qualify: true,
        params,
        next: 0,
        bound: Vec::new(),
    };
    let from_sql = from_clause(&mut t, &toks[from_at + 1..end_from])?;
    // The rest: where / group by / having / order by, translated as expressions.
    let tail = t.expr(&toks[end_from..])?;
    let (distinct, select) = match select.first() {
        Some(w) if is_kw(w, "distinct") => (true, &select[1..]),
        _ => (false, select),
    };
    // Entities: no select list, or one that names an alias.
    let entity_alias = match select {
        [] => Some(t.aliases[0].name.clone()),
        [Tok::Word(w)] if t.alias(w).is_some() => Some(w.clone()),
        _ => None,
    };
    let page = page(opts.max, opts.offset);
    let ds = opts
        .datasource
        .clone()
        .or_else(|| session::datasource(model, &t.aliases[0].entity).map(str::to_string));
    super::session::flush(ctx, model)?;
    if let Some(alias) = entity_alias {
        let e = t
            .alias(&alias)
            .map(|a| a.entity.clone())
            .unwrap_or_else(|| t.aliases[0].entity.clone());
        let sql = format!(
            "SELECT {}{} FROM {from_sql}{} {tail}{page}",
            if distinct { "DISTINCT " } else { "" },
            session::select_list(&e, &alias),
            t.implicit.join("")
        );
        let (q, _) =
            ctx.execute_sql(&sql, Value::Array(Array::from_vec(t.bound)), ds.as_deref())?;
        let Value::Query(q) = q else {
            return Ok(Value::Null);
        };
        let q = q.read().clone();
        let mut loader = Loader::new();
        let items = loader.rows(ctx, model, &e, &q, 0)?;
        loader.finish(ctx, model)?;
        if unique {
            return Ok(items
                .into_iter()
                .next()
                .map(Value::Struct)
                .unwrap_or_default());
        }
        return Ok(Value::Array(Array::from_vec(
            items.into_iter().map(Value::Struct).collect(),
        )));
    }
    let list = t.expr(select)?;
    let sql = format!(
        "SELECT {}{list} FROM {from_sql}{} {tail}{page}",
        if distinct { "DISTINCT " } else { "" },
        t.implicit.join("")
    );
    let (q, _) = ctx.execute_sql(&sql, Value::Array(Array::from_vec(t.bound)), ds.as_deref())?;
    let Value::Query(q) = q else {
        return Ok(Value::Null);
    };
    let q = q.read();
    let cols = q.columns.len();
    let rows: Vec<Value> = (1..=q.rows)
        .map(|r| {
            if cols == 1 {
                q.get(0, r).cloned().unwrap_or_default()
            } else {
                Value::Array(Array::from_vec(
                    (0..cols)
                        .map(|c| q.get(c, r).cloned().unwrap_or_default())
                        .collect(),
                ))
            }
        })
        .collect();
    if unique {
        return Ok(rows.into_iter().next().unwrap_or_default());
    }
    Ok(Value::Array(Array::from_vec(rows)))
}

/// `LIMIT`/`OFFSET` for `maxResults` and `offset`.
pub fn page(max: Option<usize>, offset: usize) -> String {
    match (max, offset) {
        (Some(m), 0) => format!(" LIMIT {m}"),
        (Some(m), o) => format!(" LIMIT {m} OFFSET {o}"),
        // MySQL has no OFFSET without LIMIT; this is its largest limit.
        (None, o) if o > 0 => format!(" LIMIT 18446744073709551615 OFFSET {o}"),
        _ => String::new(),
    }
}

/// `Entity [as] alias [, …] [[left|inner] join [fetch] alias.relation [as] other]…`
fn from_clause(t: &mut Translator, toks: &[Tok]) -> CfResult<String> {
    let mut out = String::new();
    let mut i = 0;
    let word = |i: usize| match toks.get(i) {
        Some(Tok::Word(w)) => Some(w.clone()),
        _ => None,
    };
    while i < toks.len() {
        let mut kind = String::new();
        while let Some(w) = word(i) {
            let lw = w.to_ascii_lowercase();
            if matches!(
                lw.as_str(),
                "left" | "right" | "inner" | "outer" | "join" | "fetch"
            ) {
                if lw != "fetch" {
                    kind.push_str(&lw.to_ascii_uppercase());
                    kind.push(' ');
                }
                i += 1;
                if lw == "join" {
                    break;
                }
            } else {
                break;
            }
        }
        if matches!(toks.get(i), Some(Tok::Sym(s)) if s == ",") {
            i += 1;
            continue;
        }
        let Some(target) = word(i) else {
            return Err(CfmlError::new("orm", "the HQL from clause names no entity"));
        };
        i += 1;
        if word(i).is_some_and(|w| w.eq_ignore_ascii_case("as")) {
            i += 1;
        }
        let alias = match word(i) {
            Some(w) if !is_clause_word(&w) => {
                i += 1;
                w
            }
            _ => format!("{}_", target.replace('.', "_")),
        };
        if kind.is_empty() {
            let e = t.model.entity(&target)?.clone();
            if !out.is_empty() {
                out.push_str(", ");
            }
            out.push_str(&format!("{} {alias}", e.table));
            t.aliases.push(Alias {
                name: alias,
                entity: e,
            });
        } else {
            // `join a.relation b`
            let (owner, rel) = target.split_once('.').ok_or_else(|| {
                CfmlError::new(
                    "orm",
                    format!("the HQL join [{target}] names no relationship"),
                )
            })?;
            let oe = t.alias(owner).map(|a| a.entity.clone()).ok_or_else(|| {
                CfmlError::new("orm", format!("the HQL alias [{owner}] is not defined"))
            })?;
            let r = oe.relation(rel).cloned().ok_or_else(|| {
                CfmlError::new("orm", format!("[{}] has no relationship [{rel}]", oe.name))
            })?;
            let te = t.model.entity(&r.target)?.clone();
            let on = match r.kind {
                RelKind::ManyToOne | RelKind::OneToOne => {
                    format!("{alias}.{} = {owner}.{}", te.id.column, r.fkcolumn)
                }
                RelKind::OneToMany => format!("{alias}.{} = {owner}.{}", r.fkcolumn, oe.id.column),
                RelKind::ManyToMany => {
                    let link = format!("{alias}_link");
                    out.push_str(&format!(
                        " {kind}{} {link} ON {link}.{} = {owner}.{}",
                        r.link_table, r.fkcolumn, oe.id.column
                    ));
                    format!("{alias}.{} = {link}.{}", te.id.column, r.inverse_column)
                }
            };
            out.push_str(&format!(" {kind}{} {alias} ON {on}", te.table));
            t.aliases.push(Alias {
                name: alias,
                entity: te,
            });
        }
    }
    if t.aliases.is_empty() {
        return Err(CfmlError::new("orm", "the HQL from clause names no entity"));
    }
    Ok(out)
}

fn is_clause_word(w: &str) -> bool {
    [
        "left", "right", "inner", "outer", "join", "where", "order", "group", "having", "fetch",
    ]
    .iter()
    .any(|k| k.eq_ignore_ascii_case(w))
}

/// `update Entity [alias] set … [where …]`, `delete [from] Entity [alias] [where …]`.
fn dml(
    ctx: &mut dyn Ctx,
    model: &Model,
    toks: &[Tok],
    params: &Value,
    opts: &Options,
) -> CfResult<Value> {
    let update = is_kw(&toks[0], "update");
    let mut i = 1;
    if toks.get(i).is_some_and(|t| is_kw(t, "from")) {
        i += 1;
    }
    let Some(Tok::Word(name)) = toks.get(i) else {
        return Err(CfmlError::new("orm", "the HQL statement names no entity"));
    };
    let e = model.entity(name)?.clone();
    i += 1;
    if toks.get(i).is_some_and(|t| is_kw(t, "as")) {
        i += 1;
    }
    let alias = match toks.get(i) {
        Some(Tok::Word(w)) if !is_kw(&toks[i], "set") && !is_kw(&toks[i], "where") => {
            i += 1;
            w.clone()
        }
        _ => format!("{}_", e.name),
    };
    let mut t = Translator {
        model,
        aliases: vec![Alias {
            name: alias,
            entity: e.clone(),
        }],
        implicit: Vec::new(),
        qualify: false,
        params,
        next: 0,
        bound: Vec::new(),
    };
    let rest = t.expr(&toks[i..])?;
    let sql = if update {
        format!("UPDATE {} {rest}", e.table)
    } else {
        format!("DELETE FROM {} {rest}", e.table)
    };
    super::session::flush(ctx, model)?;
    let ds = opts
        .datasource
        .clone()
        .or_else(|| session::datasource(model, &e).map(str::to_string));
    let (_, result) =
        ctx.execute_sql(&sql, Value::Array(Array::from_vec(t.bound)), ds.as_deref())?;
    Ok(result.get("recordCount").unwrap_or(Value::Num(0.0)))
}

/// A filter struct (`entityLoad(name, {a: 1})`) as a WHERE clause of the entity's columns.
pub fn filter(
    model: &Model,
    e: &Entity,
    filter: &Struct,
    ignore_case: bool,
) -> CfResult<(String, Vec<Value>)> {
    let mut conds = Vec::new();
    let mut vals = Vec::new();
    for (k, v) in filter.entries() {
        let (column, v) = if let Some(c) = e.column(k.as_str()) {
            (c.column.clone(), session::sql_value(&c.ormtype, v))
        } else if let Some(r) = e.relation(k.as_str()).filter(|r| !r.to_many()) {
            let v = match &v {
                Value::Struct(s) if s.component().is_some() => {
                    let t = model.entity_of(s)?;
                    Value::from(session::id_of(t, s))
                }
                v => v.clone(),
            };
            (r.fkcolumn.clone(), v)
        } else {
            return Err(CfmlError::new(
                "orm",
                format!("the entity [{}] has no property [{}]", e.name, k.as_str()),
            ));
        };
        if v.is_null() {
            conds.push(format!("{column} IS NULL"));
        } else if ignore_case && matches!(v, Value::Str(_)) {
            conds.push(format!("LOWER({column}) = LOWER(?)"));
            vals.push(v);
        } else {
            conds.push(format!("{column} = ?"));
            vals.push(v);
        }
    }
    if conds.is_empty() {
        return Ok((String::new(), vals));
    }
    Ok((format!("WHERE {}", conds.join(" AND ")), vals))
}

/// An order string of property names (`lastName desc, firstName`) in columns.
pub fn order(e: &Entity, order: &str) -> String {
    let parts: Vec<String> = order
        .split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let mut words = p.split_whitespace();
            let name = words.next().unwrap_or_default();
            let col = e
                .column(name)
                .map(|c| c.column.clone())
                .or_else(|| {
                    e.relation(name)
                        .filter(|r| !r.to_many())
                        .map(|r| r.fkcolumn.clone())
                })
                .unwrap_or_else(|| name.to_string());
            let dir: Vec<&str> = words.collect();
            if dir.is_empty() {
                col
            } else {
                format!("{col} {}", dir.join(" "))
            }
        })
        .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!(" ORDER BY {}", parts.join(", "))
    }
}

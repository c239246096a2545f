//! Loading entities into the request's session and writing the session back (`ormFlush`).
//!
//! The session is an identity map: a row is one instance per session, so loading it again
//! gives the same object. Relationships are loaded with their entity, breadth first through a
//! work list (never by recursion), and the identity map ends the walk at rows already loaded.
//! A flush inserts the new entities (their many-to-one targets first), updates those whose
//! columns, relationships or collections differ from the snapshot taken when they were read,
//! and deletes those given to `entityDelete`, with the entity and global events around each.

use super::model::{Auto, Entity, Model, RelKind, Relation};
use rime_runtime::orm::{EntryState, OrmEntry, SharedOrmSession};
use rime_runtime::{Array, CfResult, CfmlError, Ctx, Key, Native, Query, Struct, Value};
use std::collections::VecDeque;
use std::sync::Arc;

/// A new instance of an entity, its `init()` called when it has one (Lucee's Hibernate
/// extension creates entities so, for `entityNew` and for loaded rows alike).
pub fn new_instance(ctx: &mut dyn Ctx, e: &Entity) -> CfResult<Struct> {
    let obj = instance(&ctx.create_object(&e.component, Vec::new())?)?;
    if super::events::has_method(&obj, "init") {
        ctx.invoke(
            &Value::Struct(obj.clone()),
            "init",
            Value::Array(Array::new()),
        )?;
    }
    Ok(obj)
}

/// The session's entry for this entity and key.
fn entry(sess: &SharedOrmSession, entity: &str, id: &str) -> Option<OrmEntry> {
    let g = sess.lock();
    g.find(entity, id).map(|i| g.entries[i].clone())
}

/// The request's session (a new one after `ormCloseSession`).
pub fn session(ctx: &mut dyn Ctx) -> CfResult<SharedOrmSession> {
    let s = ctx
        .orm_session()
        .ok_or_else(|| CfmlError::new("orm", "there is no ORM session outside a request"))?;
    {
        let mut g = s.lock();
        if g.closed {
            g.entries.clear();
            g.closed = false;
        }
    }
    Ok(s)
}

pub fn datasource<'m>(model: &'m Model, e: &'m Entity) -> Option<&'m str> {
    e.datasource
        .as_deref()
        .or(model.settings.datasource.as_deref())
}

/// The component instance behind a value.
pub fn instance(v: &Value) -> CfResult<Struct> {
    match v {
        Value::Struct(s) if s.component().is_some() => Ok(s.clone()),
        other => Err(CfmlError::new(
            "orm",
            format!(
                "a persistent entity (component instance) is required, not a {}",
                other.type_name()
            ),
        )),
    }
}

fn vars(obj: &Struct) -> Struct {
    obj.instance_variables().unwrap_or_else(|| obj.clone())
}

/// A property as the instance holds it (null when unset).
pub fn get_prop(obj: &Struct, name: &str) -> Value {
    vars(obj).get(name).unwrap_or_default()
}

pub fn set_prop(obj: &Struct, name: &str, v: Value) {
    let vars = vars(obj);
    if v.is_null() {
        vars.remove(name);
    } else {
        vars.set(Key::new(name), v);
    }
}

fn text_of(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        v => v.to_str().map(|s| s.trim().to_string()).unwrap_or_default(),
    }
}

/// The instance's primary key as text ("" when it has none).
pub fn id_of(e: &Entity, obj: &Struct) -> String {
    text_of(&get_prop(obj, &e.id.name))
}

/// A value as the column's type wants it bound.
pub fn sql_value(ormtype: &str, v: Value) -> Value {
    if v.is_null() || matches!(&v, Value::Str(s) if s.is_empty()) && ormtype != "string" {
        return Value::Null;
    }
    match ormtype {
        "int" | "integer" | "short" | "long" | "big_integer" | "float" | "double"
        | "big_decimal" | "numeric" | "decimal" => v.to_num().map(Value::Num).unwrap_or(v),
        "boolean" | "yes_no" | "true_false" | "bit" => v.to_bool().map(Value::Bool).unwrap_or(v),
        "date" | "timestamp" | "datetime" | "time" => match &v {
            Value::Date(_) => v,
            _ => v.to_date().map(Value::Date).unwrap_or(v),
        },
        _ => v,
    }
}

fn key_value(e: &Entity, id: &str) -> Value {
    if e.numeric_id() {
        if let Ok(n) = id.trim().parse::<f64>() {
            return Value::Num(n);
        }
    }
    Value::from(id)
}

/// The value a read cell becomes in the instance (booleans read back as booleans).
fn read_value(ormtype: &str, v: Value) -> Value {
    match ormtype {
        "boolean" | "yes_no" | "true_false" | "bit" if !v.is_null() => {
            v.to_bool().map(Value::Bool).unwrap_or(v)
        }
        _ => v,
    }
}

/// What one SELECT of an entity lists, in order: the key, the columns, the foreign keys.
pub fn select_list(e: &Entity, alias: &str) -> String {
    let p = if alias.is_empty() {
        String::new()
    } else {
        format!("{alias}.")
    };
    let mut out = vec![format!("{p}{}", e.id.column)];
    for c in &e.columns {
        match &c.formula {
            Some(f) => out.push(format!("({f})")),
            None => out.push(format!("{p}{}", c.column)),
        }
    }
    for r in owned_keys(e) {
        out.push(format!("{p}{}", r.fkcolumn));
    }
    out.join(", ")
}

/// The relationships whose key is a column of the entity's own table.
fn owned_keys(e: &Entity) -> impl Iterator<Item = &Relation> {
    e.relations
        .iter()
        .filter(|r| matches!(r.kind, RelKind::ManyToOne | RelKind::OneToOne))
}

/// Loads rows into the session, then their relationships, breadth first.
pub struct Loader {
    /// Instances made by this load whose relationships are still to read, with the foreign
    /// keys their rows held.
    pending: VecDeque<(Struct, Arc<Entity>, Vec<Value>)>,
    loaded: Vec<(Struct, Arc<Entity>)>,
}

impl Loader {
    pub fn new() -> Loader {
        Loader {
            pending: VecDeque::new(),
            loaded: Vec::new(),
        }
    }

    /// The instances of the rows `SELECT <e's columns> FROM <table> [alias] <rest>` gives.
    pub fn fetch(
        &mut self,
        ctx: &mut dyn Ctx,
        model: &Model,
        e: &Arc<Entity>,
        rest: &str,
        params: Vec<Value>,
    ) -> CfResult<Vec<Struct>> {
        let sql = format!("SELECT {} FROM {} {rest}", select_list(e, ""), e.table);
        let (q, _) = ctx.execute_sql(
            &sql,
            Value::Array(Array::from_vec(params)),
            datasource(model, e),
        )?;
        let Value::Query(q) = q else {
            return Ok(Vec::new());
        };
        let q = q.read().clone();
        self.rows(ctx, model, e, &q, 0)
    }

    /// The instances of a query's rows whose columns, from `first`, are `select_list`'s.
    pub fn rows(
        &mut self,
        ctx: &mut dyn Ctx,
        model: &Model,
        e: &Arc<Entity>,
        q: &Query,
        first: usize,
    ) -> CfResult<Vec<Struct>> {
        let sess = session(ctx)?;
        let mut out = Vec::with_capacity(q.rows);
        for row in 1..=q.rows {
            let cell = |i: usize| q.get(first + i, row).cloned().unwrap_or_default();
            let id = text_of(&cell(0));
            if id.is_empty() {
                continue;
            }
            let found = entry(&sess, &e.name, &id);
            if let Some(entry) = found {
                if entry.state != EntryState::Deleted {
                    out.push(entry.obj);
                }
                continue;
            }
            let obj = new_instance(ctx, e)?;
            super::events::fire(ctx, model, &obj, "preLoad")?;
            set_prop(&obj, &e.id.name, read_value(&e.id.ormtype, cell(0)));
            for (i, c) in e.columns.iter().enumerate() {
                set_prop(&obj, &c.name, read_value(&c.ormtype, cell(1 + i)));
            }
            let base = 1 + e.columns.len();
            let fks: Vec<Value> = (0..owned_keys(e).count()).map(|i| cell(base + i)).collect();
            sess.lock().entries.push(OrmEntry {
                entity: e.name.clone(),
                id,
                obj: obj.clone(),
                snapshot: Vec::new(),
                state: EntryState::Managed,
            });
            self.pending.push_back((obj.clone(), e.clone(), fks));
            out.push(obj);
        }
        Ok(out)
    }

    /// Read the relationships of everything loaded, then take the snapshots and send
    /// `postLoad`.
    pub fn finish(mut self, ctx: &mut dyn Ctx, model: &Model) -> CfResult<()> {
        while let Some((obj, e, fks)) = self.pending.pop_front() {
            let id = id_of(&e, &obj);
            let mut fk = fks.into_iter();
            for (ri, r) in e.relations.iter().enumerate() {
                let target = model.entity(&r.target)?.clone();
                match r.kind {
                    RelKind::ManyToOne | RelKind::OneToOne => {
                        let key = text_of(&fk.next().unwrap_or_default());
                        if key.is_empty() {
                            continue;
                        }
                        let got = self.by_key(ctx, model, &target, &key)?;
                        if let Some(t) = got {
                            set_prop(&obj, &r.name, Value::Struct(t));
                        }
                    }
                    RelKind::OneToMany | RelKind::ManyToMany if r.lazy => {
                        // Read when first asked for (the generated getter calls `load()`).
                        let lazy = super::objects::LazyCollection {
                            entity: e.clone(),
                            relation: ri,
                            owner: id.clone(),
                        };
                        set_prop(&obj, &r.name, Value::Native(Native::new(lazy)));
                    }
                    RelKind::OneToMany | RelKind::ManyToMany => {
                        let items = self.collection_rows(ctx, model, &e, r, &id)?;
                        set_prop(&obj, &r.name, collection(r, &target, items));
                    }
                }
            }
            self.loaded.push((obj, e));
        }
        let sess = session(ctx)?;
        for (obj, e) in &self.loaded {
            let snap = snapshot(e, obj);
            let mut g = sess.lock();
            if let Some(i) = g.position_of(obj) {
                g.entries[i].snapshot = snap;
            }
        }
        for (obj, _) in &self.loaded {
            super::events::fire(ctx, model, obj, "postLoad")?;
        }
        Ok(())
    }

    /// The members of the collection `r` of the `e` whose key is `id`.
    fn collection_rows(
        &mut self,
        ctx: &mut dyn Ctx,
        model: &Model,
        e: &Entity,
        r: &Relation,
        id: &str,
    ) -> CfResult<Vec<Struct>> {
        let target = model.entity(&r.target)?.clone();
        let order = r
            .orderby
            .as_deref()
            .map(|o| format!(" ORDER BY {o}"))
            .unwrap_or_default();
        let rest = match r.kind {
            RelKind::ManyToMany => format!(
                "WHERE {} IN (SELECT {} FROM {} WHERE {} = ?){order}",
                target.id.column, r.inverse_column, r.link_table, r.fkcolumn
            ),
            _ => format!("WHERE {} = ?{order}", r.fkcolumn),
        };
        self.fetch(ctx, model, &target, &rest, vec![key_value(e, id)])
    }

    /// The instance with this key: from the session, else read.
    fn by_key(
        &mut self,
        ctx: &mut dyn Ctx,
        model: &Model,
        e: &Arc<Entity>,
        key: &str,
    ) -> CfResult<Option<Struct>> {
        let sess = session(ctx)?;
        let found = entry(&sess, &e.name, key);
        if let Some(entry) = found {
            return Ok((entry.state != EntryState::Deleted).then_some(entry.obj));
        }
        let rest = format!("WHERE {} = ?", e.id.column);
        Ok(self
            .fetch(ctx, model, e, &rest, vec![key_value(e, key)])?
            .into_iter()
            .next())
    }
}

/// Read a lazy collection of the `e` whose key is `owner`: its value, and its owner's
/// snapshot learns the members (so reading a collection is not a change to write).
pub fn load_collection(
    ctx: &mut dyn Ctx,
    model: &Model,
    e: &Entity,
    relation: usize,
    owner: &str,
) -> CfResult<Value> {
    let r = e
        .relations
        .get(relation)
        .ok_or_else(|| CfmlError::new("orm", "no such collection"))?;
    let target = model.entity(&r.target)?.clone();
    let mut loader = Loader::new();
    let items = loader.collection_rows(ctx, model, e, r, owner)?;
    loader.finish(ctx, model)?;
    let value = collection(r, &target, items);
    let sess = session(ctx)?;
    let mut g = sess.lock();
    if let Some(i) = g.find(&e.name, owner) {
        let slot = e.columns.len() + relation;
        if let Some(v) = g.entries[i].snapshot.get_mut(slot) {
            *v = member_keys(&value);
        }
    }
    Ok(value)
}

/// A collection's members as one comparable value (their identities).
fn member_keys(v: &Value) -> Value {
    let keys: Vec<String> = members(v)
        .iter()
        .map(|m| format!("{:x}", m.0.as_ref() as *const _ as usize))
        .collect();
    Value::from(keys.join(","))
}

/// The members of a collection property, read first when it is still lazy.
pub fn collection_members(ctx: &mut dyn Ctx, obj: &Struct, r: &Relation) -> CfResult<Vec<Struct>> {
    let v = get_prop(obj, &r.name);
    if let Value::Native(n) = &v {
        if n.get().class_name() == super::objects::LAZY_CLASS {
            let loaded = n.get().call(n, ctx, "load", Vec::new())?;
            set_prop(obj, &r.name, loaded.clone());
            return Ok(members(&loaded));
        }
    }
    Ok(members(&v))
}

/// A loaded collection as the property holds it: an array, or a struct by `structKeyColumn`.
fn collection(r: &Relation, target: &Entity, items: Vec<Struct>) -> Value {
    match &r.struct_key {
        Some(col) => {
            let prop = target
                .columns
                .iter()
                .chain(std::iter::once(&target.id))
                .find(|c| c.column.eq_ignore_ascii_case(col))
                .map(|c| c.name.clone())
                .unwrap_or_else(|| col.clone());
            let s = Struct::new();
            for it in items {
                let k = text_of(&get_prop(&it, &prop));
                s.set(Key::new(&k), Value::Struct(it));
            }
            Value::Struct(s)
        }
        None => Value::Array(Array::from_vec(
            items.into_iter().map(Value::Struct).collect(),
        )),
    }
}

/// The members of a collection property.
pub fn members(v: &Value) -> Vec<Struct> {
    let vals = match v {
        Value::Array(a) => a.to_vec(),
        Value::Struct(s) if s.component().is_none() => {
            s.entries().into_iter().map(|(_, v)| v).collect()
        }
        _ => Vec::new(),
    };
    vals.into_iter()
        .filter_map(|v| match v {
            Value::Struct(s) if s.component().is_some() => Some(s),
            _ => None,
        })
        .collect()
}

/// The primary key of a related instance, as text.
fn related_key(model: &Model, v: &Value) -> String {
    match v {
        Value::Struct(s) if s.component().is_some() => match model.entity_of(s) {
            Ok(t) => id_of(t, s),
            Err(_) => String::new(),
        },
        _ => String::new(),
    }
}

/// What a flush compares: every column, the key of each to-one and the keys of each
/// collection's members.
pub fn snapshot(e: &Entity, obj: &Struct) -> Vec<Value> {
    let mut out: Vec<Value> = e.columns.iter().map(|c| get_prop(obj, &c.name)).collect();
    for r in &e.relations {
        let v = get_prop(obj, &r.name);
        if r.to_many() {
            out.push(member_keys(&v));
        } else {
            // The instance itself: its key may be assigned later in the same flush.
            out.push(match v {
                Value::Struct(s) => Value::from(format!("{:x}", s.0.as_ref() as *const _ as usize)),
                _ => Value::Null,
            });
        }
    }
    out
}

fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Null, _) | (_, Value::Null) => false,
        (Value::Struct(x), Value::Struct(y)) => x.ptr_eq(y),
        (Value::Array(x), Value::Array(y)) => x.identity() == y.identity(),
        (a, b) if a.is_simple() && b.is_simple() => {
            a.type_name() == b.type_name() && text_of(a) == text_of(b)
        }
        _ => false,
    }
}

/// `entitySave`: the instance joins the session, its key is assigned (a key the database
/// generates is made by inserting it now, as Hibernate does); other writes wait for the flush.
pub fn save(ctx: &mut dyn Ctx, model: &Model, obj: &Struct, force_insert: bool) -> CfResult<()> {
    let e = model.entity_of(obj)?.clone();
    let sess = session(ctx)?;
    let pos = sess.lock().position_of(obj);
    if let Some(i) = pos {
        let mut g = sess.lock();
        if g.entries[i].state == EntryState::Deleted {
            g.entries[i].state = EntryState::Managed;
        }
        return Ok(());
    }
    let id = id_of(&e, obj);
    // A detached instance with a key already in the database is updated, not inserted.
    let exists = !force_insert && !id.is_empty() && row_exists(ctx, model, &e, &id)?;
    if exists {
        if let Some(other) = entry(&sess, &e.name, &id) {
            if !other.obj.ptr_eq(obj) {
                return Err(CfmlError::new(
                    "orm",
                    format!(
                        "a different object with the same identifier value [{id}] was already associated with the session: [{}]",
                        e.name
                    ),
                ));
            }
        }
        sess.lock().entries.push(OrmEntry {
            entity: e.name.clone(),
            id,
            obj: obj.clone(),
            // Nothing is known of the row: every column is written at the flush.
            snapshot: Vec::new(),
            state: EntryState::Managed,
        });
        return Ok(());
    }
    let id = assign_key(ctx, model, &e, obj)?;
    sess.lock().entries.push(OrmEntry {
        entity: e.name.clone(),
        id,
        obj: obj.clone(),
        snapshot: Vec::new(),
        state: EntryState::New,
    });
    if e.db_generated() {
        insert(ctx, model, &e, obj)?;
    }
    Ok(())
}

fn row_exists(ctx: &mut dyn Ctx, model: &Model, e: &Entity, id: &str) -> CfResult<bool> {
    let sql = format!("SELECT 1 FROM {} WHERE {} = ?", e.table, e.id.column);
    let (q, _) = ctx.execute_sql(
        &sql,
        Value::Array(Array::from_vec(vec![key_value(e, id)])),
        datasource(model, e),
    )?;
    Ok(matches!(q, Value::Query(q) if q.read().rows > 0))
}

/// Give a new instance its key as its generator makes one; the key as text.
fn assign_key(ctx: &mut dyn Ctx, model: &Model, e: &Entity, obj: &Struct) -> CfResult<String> {
    let have = id_of(e, obj);
    let key = match e.generator.as_str() {
        "identity" | "native" => return Ok(String::new()),
        // Hibernate's `uuid.hex`: 32 lower-case hexadecimal digits.
        "uuid" => Value::from(crate::system::hex(32).to_ascii_lowercase()),
        "guid" => Value::from(crate::system::guid()),
        "increment" => {
            let sql = format!("SELECT MAX({}) FROM {}", e.id.column, e.table);
            let (q, _) = ctx.execute_sql(&sql, Value::Null, datasource(model, e))?;
            let max = match q {
                Value::Query(q) => q
                    .read()
                    .get(0, 1)
                    .and_then(|v| v.to_num().ok())
                    .unwrap_or(0.0),
                _ => 0.0,
            };
            // Keys handed out in this session and not written yet count too.
            let pending = session(ctx)?
                .lock()
                .entries
                .iter()
                .filter(|en| en.entity.eq_ignore_ascii_case(&e.name))
                .filter_map(|en| en.id.parse::<f64>().ok())
                .fold(0.0, f64::max);
            Value::Num(max.max(pending) + 1.0)
        }
        "sequence" if model.dialect == super::model::Dialect::Postgres => {
            let seq = e
                .sequence
                .clone()
                .unwrap_or_else(|| "hibernate_sequence".into());
            let (q, _) = ctx.execute_sql(
                &format!("SELECT nextval('{}')", seq.replace('\'', "''")),
                Value::Null,
                datasource(model, e),
            )?;
            match q {
                Value::Query(q) => q.read().get(0, 1).cloned().unwrap_or_default(),
                _ => Value::Null,
            }
        }
        _ => {
            if have.is_empty() {
                return Err(CfmlError::new(
                    "orm",
                    format!(
                        "ids for this class must be manually assigned before calling save(): {}",
                        e.name
                    ),
                ));
            }
            return Ok(have);
        }
    };
    let text = text_of(&key);
    set_prop(obj, &e.id.name, key);
    Ok(text)
}

/// The value a to-one relationship writes into its key column.
fn fk_value(model: &Model, r: &Relation, v: &Value) -> CfResult<Value> {
    let key = related_key(model, v);
    if key.is_empty() {
        return Ok(Value::Null);
    }
    let target = model.entity(&r.target)?;
    Ok(key_value(target, &key))
}

/// Set the `timestamp` and `version` columns for a write (`insert`: the first version).
fn stamp(ctx: &mut dyn Ctx, e: &Entity, obj: &Struct, insert: bool) -> CfResult<()> {
    for c in &e.columns {
        match c.auto {
            Some(Auto::Timestamp) => {
                let zone = crate::date::zone::request(ctx)?;
                let now = rime_runtime::DateTime::new(crate::date::zone::now_in(&zone));
                set_prop(obj, &c.name, Value::Date(now));
            }
            Some(Auto::Version) => {
                let next = if insert {
                    0.0
                } else {
                    get_prop(obj, &c.name).to_num().unwrap_or(0.0) + 1.0
                };
                set_prop(obj, &c.name, Value::Num(next));
            }
            None => {}
        }
    }
    Ok(())
}

/// Hibernate's check before a write: a `notnull` property must hold a value.
fn check_not_null(e: &Entity, obj: &Struct) -> CfResult<()> {
    for c in e
        .columns
        .iter()
        .filter(|c| c.notnull && c.formula.is_none())
    {
        if get_prop(obj, &c.name).is_null() {
            return Err(CfmlError::new(
                "orm",
                format!(
                    "not-null property references a null or transient value : {}.{}",
                    e.name, c.name
                ),
            ));
        }
    }
    Ok(())
}

/// INSERT one new instance now.
fn insert(ctx: &mut dyn Ctx, model: &Model, e: &Entity, obj: &Struct) -> CfResult<()> {
    super::events::fire(ctx, model, obj, "preInsert")?;
    stamp(ctx, e, obj, true)?;
    check_not_null(e, obj)?;
    let mut cols = Vec::new();
    let mut vals = Vec::new();
    if !e.db_generated() {
        cols.push(e.id.column.clone());
        vals.push(key_value(e, &id_of(e, obj)));
    }
    for c in e.columns.iter().filter(|c| c.insert && c.formula.is_none()) {
        cols.push(c.column.clone());
        vals.push(sql_value(&c.ormtype, get_prop(obj, &c.name)));
    }
    for r in owned_keys(e) {
        if !cols.iter().any(|c| c.eq_ignore_ascii_case(&r.fkcolumn)) {
            cols.push(r.fkcolumn.clone());
            vals.push(fk_value(model, r, &get_prop(obj, &r.name))?);
        }
    }
    let mut sql = if cols.is_empty() {
        format!("INSERT INTO {} DEFAULT VALUES", e.table)
    } else {
        format!(
            "INSERT INTO {} ({}) VALUES ({})",
            e.table,
            cols.join(", "),
            vec!["?"; cols.len()].join(", ")
        )
    };
    // PostgreSQL hands a generated key back only when asked for it.
    if e.db_generated() && model.dialect == super::model::Dialect::Postgres {
        sql.push_str(&format!(" RETURNING {}", e.id.column));
    }
    let (_, result) = ctx.execute_sql(
        &sql,
        Value::Array(Array::from_vec(vals)),
        datasource(model, e),
    )?;
    if e.db_generated() {
        let key = result
            .get("generatedKey")
            .filter(|v| !v.is_null())
            .ok_or_else(|| {
                CfmlError::new(
                    "orm",
                    format!("the database gave no key for the new [{}]", e.name),
                )
            })?;
        set_prop(obj, &e.id.name, key);
    }
    let sess = session(ctx)?;
    let snap = snapshot(e, obj);
    {
        let mut g = sess.lock();
        if let Some(i) = g.position_of(obj) {
            g.entries[i].state = EntryState::Managed;
            g.entries[i].id = id_of(e, obj);
            g.entries[i].snapshot = snap;
        }
    }
    write_collections(ctx, model, e, obj, None)?;
    super::events::fire(ctx, model, obj, "postInsert")
}

/// Write what the collections this side owns say: the target's key column (one-to-many) or
/// the link table's rows (many-to-many). `before` is the snapshot for an update.
fn write_collections(
    ctx: &mut dyn Ctx,
    model: &Model,
    e: &Entity,
    obj: &Struct,
    before: Option<&[Value]>,
) -> CfResult<()> {
    let id = key_value(e, &id_of(e, obj));
    let ds = datasource(model, e);
    let now = snapshot(e, obj);
    for (ri, r) in e.relations.iter().enumerate() {
        if !r.to_many() || r.inverse {
            continue;
        }
        let slot = e.columns.len() + ri;
        if let Some(b) = before {
            if b.get(slot).is_some_and(|v| same(v, &now[slot])) {
                continue;
            }
        }
        let target = model.entity(&r.target)?;
        let items = members(&get_prop(obj, &r.name));
        match r.kind {
            RelKind::OneToMany => {
                if before.is_some() {
                    ctx.execute_sql(
                        &format!(
                            "UPDATE {} SET {} = NULL WHERE {} = ?",
                            target.table, r.fkcolumn, r.fkcolumn
                        ),
                        Value::Array(Array::from_vec(vec![id.clone()])),
                        ds,
                    )?;
                }
                let sql = format!(
                    "UPDATE {} SET {} = ? WHERE {} = ?",
                    target.table, r.fkcolumn, target.id.column
                );
                per_member(ctx, &sql, &id, target, &items, ds)?;
            }
            _ => {
                ctx.execute_sql(
                    &format!("DELETE FROM {} WHERE {} = ?", r.link_table, r.fkcolumn),
                    Value::Array(Array::from_vec(vec![id.clone()])),
                    ds,
                )?;
                let sql = format!(
                    "INSERT INTO {} ({}, {}) VALUES (?, ?)",
                    r.link_table, r.fkcolumn, r.inverse_column
                );
                per_member(ctx, &sql, &id, target, &items, ds)?;
            }
        }
    }
    Ok(())
}

/// Run `sql` once for each member with a key, given the owner's key and the member's.
fn per_member(
    ctx: &mut dyn Ctx,
    sql: &str,
    owner: &Value,
    target: &Entity,
    items: &[Struct],
    ds: Option<&str>,
) -> CfResult<()> {
    for it in items {
        let k = id_of(target, it);
        if !k.is_empty() {
            let params = vec![owner.clone(), key_value(target, &k)];
            ctx.execute_sql(sql, Value::Array(Array::from_vec(params)), ds)?;
        }
    }
    Ok(())
}

/// UPDATE an instance whose state differs from its snapshot.
fn update(
    ctx: &mut dyn Ctx,
    model: &Model,
    e: &Entity,
    obj: &Struct,
    before: &[Value],
) -> CfResult<bool> {
    let now = snapshot(e, obj);
    let known = before.len() == now.len();
    let changed_cols = !known
        || e.columns
            .iter()
            .enumerate()
            .any(|(i, _)| !same(&before[i], &now[i]))
        || e.relations.iter().enumerate().any(|(ri, r)| {
            !r.to_many() && !same(&before[e.columns.len() + ri], &now[e.columns.len() + ri])
        });
    // A collection the other side owns (`inverse`) writes nothing from here.
    let changed_lists = e.relations.iter().enumerate().any(|(ri, r)| {
        r.to_many()
            && !r.inverse
            && (!known || !same(&before[e.columns.len() + ri], &now[e.columns.len() + ri]))
    });
    if !changed_cols && !changed_lists {
        return Ok(false);
    }
    let old = Struct::new();
    if known {
        for (i, c) in e.columns.iter().enumerate() {
            if !before[i].is_null() {
                old.set(Key::new(&c.name), before[i].clone());
            }
        }
    }
    super::events::fire_with(ctx, model, obj, "preUpdate", vec![Value::Struct(old)])?;
    if changed_cols {
        stamp(ctx, e, obj, false)?;
        check_not_null(e, obj)?;
        let mut sets = Vec::new();
        let mut vals = Vec::new();
        for c in e.columns.iter().filter(|c| c.update && c.formula.is_none()) {
            sets.push(format!("{} = ?", c.column));
            vals.push(sql_value(&c.ormtype, get_prop(obj, &c.name)));
        }
        for r in owned_keys(e) {
            sets.push(format!("{} = ?", r.fkcolumn));
            vals.push(fk_value(model, r, &get_prop(obj, &r.name))?);
        }
        if !sets.is_empty() {
            vals.push(key_value(e, &id_of(e, obj)));
            let sql = format!(
                "UPDATE {} SET {} WHERE {} = ?",
                e.table,
                sets.join(", "),
                e.id.column
            );
            ctx.execute_sql(
                &sql,
                Value::Array(Array::from_vec(vals)),
                datasource(model, e),
            )?;
        }
    }
    if changed_lists {
        write_collections(ctx, model, e, obj, known.then_some(before))?;
    }
    super::events::fire(ctx, model, obj, "postUpdate")?;
    Ok(true)
}

/// The instances a cascading save reaches from `obj` that the session does not hold yet.
fn cascaded(model: &Model, e: &Entity, obj: &Struct) -> Vec<Struct> {
    let mut out = Vec::new();
    for r in &e.relations {
        if !r.cascades("save-update") {
            continue;
        }
        let v = get_prop(obj, &r.name);
        if r.to_many() {
            out.extend(members(&v));
        } else if let Value::Struct(s) = v {
            if s.component().is_some() && model.entity_of(&s).is_ok() {
                out.push(s);
            }
        }
    }
    out
}

/// The entity name and instance of the session's first entry in `state`.
fn first_in(sess: &SharedOrmSession, state: EntryState) -> Option<(String, Struct)> {
    let g = sess.lock();
    g.entries
        .iter()
        .find(|en| en.state == state)
        .map(|en| (en.entity.clone(), en.obj.clone()))
}

/// `ormFlush`: write the session to the database.
pub fn flush(ctx: &mut dyn Ctx, model: &Model) -> CfResult<()> {
    let sess = session(ctx)?;
    // Cascading saves join the session first.
    let mut i = 0;
    loop {
        let entry = {
            let g = sess.lock();
            match g.entries.get(i) {
                Some(e) => e.clone(),
                None => break,
            }
        };
        i += 1;
        if entry.state == EntryState::Deleted {
            continue;
        }
        let e = model.entity(&entry.entity)?.clone();
        for child in cascaded(model, &e, &entry.obj) {
            if sess.lock().position_of(&child).is_none() {
                save(ctx, model, &child, false)?;
            }
        }
    }
    // Inserts, each after the new instances its to-one relationships point at.
    loop {
        let next = first_in(&sess, EntryState::New);
        let Some((name, obj)) = next else { break };
        let mut chain = vec![(model.entity(&name)?.clone(), obj)];
        // Walk to a new instance whose targets are all written (a cycle is written as found).
        while chain.len() < 64 {
            let Some((e, obj)) = chain.last().cloned() else {
                break;
            };
            let dep = owned_keys(&e).find_map(|r| match get_prop(&obj, &r.name) {
                Value::Struct(t) => {
                    let g = sess.lock();
                    let new = g
                        .position_of(&t)
                        .is_some_and(|p| g.entries[p].state == EntryState::New);
                    let seen = chain.iter().any(|(_, o)| o.ptr_eq(&t));
                    (new && !seen).then_some(t)
                }
                _ => None,
            });
            match dep {
                Some(t) => {
                    let te = model.entity_of(&t)?.clone();
                    chain.push((te, t));
                }
                None => break,
            }
        }
        if let Some((e, obj)) = chain.pop() {
            insert(ctx, model, &e, &obj)?;
        }
    }
    // Unsaved instances a relationship points at, without a cascade: Hibernate's error.
    let entries = sess.lock().entries.clone();
    for entry in entries.iter().filter(|en| en.state == EntryState::Managed) {
        let e = model.entity(&entry.entity)?;
        for r in owned_keys(e) {
            if let Value::Struct(t) = get_prop(&entry.obj, &r.name) {
                if model.entity_of(&t).is_ok() && sess.lock().position_of(&t).is_none() {
                    let te = model.entity_of(&t)?;
                    if id_of(te, &t).is_empty() {
                        return Err(CfmlError::new(
                            "orm",
                            format!(
                                "object references an unsaved transient instance - save the transient instance before flushing: [{}.{}] -> [{}]",
                                e.name, r.name, te.name
                            ),
                        ));
                    }
                }
            }
        }
    }
    // Updates.
    for entry in entries.iter().filter(|en| en.state == EntryState::Managed) {
        let e = model.entity(&entry.entity)?.clone();
        let before = {
            let g = sess.lock();
            g.position_of(&entry.obj)
                .map(|p| g.entries[p].snapshot.clone())
        };
        let Some(before) = before else { continue };
        if update(ctx, model, &e, &entry.obj, &before)? {
            let snap = snapshot(&e, &entry.obj);
            let mut g = sess.lock();
            if let Some(p) = g.position_of(&entry.obj) {
                g.entries[p].snapshot = snap;
            }
        }
    }
    // Deletes (collections that cascade deletes go first).
    loop {
        let next = first_in(&sess, EntryState::Deleted);
        let Some((name, obj)) = next else { break };
        let e = model.entity(&name)?.clone();
        delete_row(ctx, model, &e, &obj)?;
        let mut g = sess.lock();
        if let Some(p) = g.position_of(&obj) {
            g.entries.remove(p);
        }
    }
    Ok(())
}

/// `entityDelete`: mark the instance (and what its cascading collections hold) for deletion.
pub fn mark_deleted(ctx: &mut dyn Ctx, model: &Model, obj: &Struct) -> CfResult<()> {
    // What cascades goes first, so rows are deleted before the rows they point at: a
    // post-order walk with a work list (a deep tree of cascading children never recurses).
    let sess = session(ctx)?;
    let mut work = vec![(obj.clone(), false)];
    let mut seen = std::collections::HashSet::new();
    while let Some((o, children_done)) = work.pop() {
        if children_done {
            mark_one(model, &sess, &o)?;
            continue;
        }
        let gone = {
            let g = sess.lock();
            g.position_of(&o)
                .is_some_and(|p| g.entries[p].state == EntryState::Deleted)
        };
        if gone || !seen.insert(Arc::as_ptr(&o.0) as usize) {
            continue;
        }
        let e = model.entity_of(&o)?.clone();
        work.push((o.clone(), true));
        for r in e
            .relations
            .iter()
            .filter(|r| r.to_many() && r.cascades("delete"))
        {
            for child in collection_members(ctx, &o, r)? {
                work.push((child, false));
            }
        }
    }
    Ok(())
}

/// Mark one instance deleted (a new one just leaves the session); it moves to the end of the
/// session, so deletes run in marking order.
fn mark_one(model: &Model, sess: &SharedOrmSession, obj: &Struct) -> CfResult<()> {
    let e = model.entity_of(obj)?;
    let mut g = sess.lock();
    match g.position_of(obj) {
        Some(p) => {
            let mut entry = g.entries.remove(p);
            if entry.state != EntryState::New {
                entry.state = EntryState::Deleted;
                g.entries.push(entry);
            }
        }
        None => {
            let id = id_of(e, obj);
            if !id.is_empty() {
                g.entries.push(OrmEntry {
                    entity: e.name.clone(),
                    id,
                    obj: obj.clone(),
                    snapshot: Vec::new(),
                    state: EntryState::Deleted,
                });
            }
        }
    }
    Ok(())
}

fn delete_row(ctx: &mut dyn Ctx, model: &Model, e: &Entity, obj: &Struct) -> CfResult<()> {
    super::events::fire(ctx, model, obj, "preDelete")?;
    let id = key_value(e, &id_of(e, obj));
    let ds = datasource(model, e);
    for r in &e.relations {
        if r.kind == RelKind::ManyToMany && !r.link_table.is_empty() {
            ctx.execute_sql(
                &format!("DELETE FROM {} WHERE {} = ?", r.link_table, r.fkcolumn),
                Value::Array(Array::from_vec(vec![id.clone()])),
                ds,
            )?;
        }
    }
    ctx.execute_sql(
        &format!("DELETE FROM {} WHERE {} = ?", e.table, e.id.column),
        Value::Array(Array::from_vec(vec![id])),
        ds,
    )?;
    super::events::fire(ctx, model, obj, "postDelete")
}

/// Whether a flush would write anything.
pub fn is_dirty(ctx: &mut dyn Ctx, model: &Model) -> CfResult<bool> {
    let entries = session(ctx)?.lock().entries.clone();
    for en in &entries {
        match en.state {
            EntryState::New | EntryState::Deleted => return Ok(true),
            EntryState::Managed => {
                let e = model.entity(&en.entity)?;
                let now = snapshot(e, &en.obj);
                if now.len() != en.snapshot.len()
                    || now.iter().zip(&en.snapshot).any(|(a, b)| !same(a, b))
                {
                    return Ok(true);
                }
            }
        }
    }
    Ok(false)
}

/// `entityReload`: read the instance's row again over its properties.
pub fn reload(ctx: &mut dyn Ctx, model: &Model, obj: &Struct) -> CfResult<()> {
    let e = model.entity_of(obj)?.clone();
    let id = id_of(&e, obj);
    let sess = session(ctx)?;
    // Take it out of the session so the read fills a fresh instance, then copy it over.
    let pos = sess.lock().position_of(obj);
    let old = pos.map(|p| sess.lock().entries.remove(p));
    let mut loader = Loader::new();
    let rest = format!("WHERE {} = ?", e.id.column);
    let fresh = loader.fetch(ctx, model, &e, &rest, vec![key_value(&e, &id)]);
    let fresh = match fresh {
        Ok(f) => f,
        Err(err) => {
            if let Some(old) = old {
                sess.lock().entries.push(old);
            }
            return Err(err);
        }
    };
    loader.finish(ctx, model)?;
    let Some(fresh) = fresh.into_iter().next() else {
        return Err(CfmlError::new(
            "orm",
            format!("No row with the given identifier exists: [{}#{id}]", e.name),
        ));
    };
    set_prop(obj, &e.id.name, get_prop(&fresh, &e.id.name));
    for c in &e.columns {
        set_prop(obj, &c.name, get_prop(&fresh, &c.name));
    }
    for r in &e.relations {
        set_prop(obj, &r.name, get_prop(&fresh, &r.name));
    }
    let mut g = sess.lock();
    if let Some(p) = g.position_of(&fresh) {
        g.entries[p].obj = obj.clone();
    }
    Ok(())
}

//! The ORM functions (`entityNew`, `entityLoad`, `entitySave`, `ormExecuteQuery`…) for
//! applications with `this.ormEnabled`: persistent components mapped to tables of the
//! application's datasource, a session per request, written back by `ormFlush` (and at the
//! request's end unless `ormSettings.flushAtRequestEnd` is false).
//!
//! `model.rs` maps the components, `schema.rs` runs `dbcreate`, `session.rs` loads and writes
//! entities, `hql.rs` translates HQL, `events.rs` sends the ORM events, `objects.rs` is what
//! `ormGetSession()`/`ormGetSessionFactory()` return. Rime has no second-level cache: the
//! `ormEvict…` functions check what they are given and have nothing to evict.

mod events;
mod hql;
mod model;
mod objects;
mod schema;
mod session;

use model::{Entity, Model};
use rime_runtime::native::Native;
use rime_runtime::{
    def, opt, req, Args, Array, BuiltinDef, CfResult, CfmlError, Ctx, Key, Query, Struct, Value,
};
use session::Loader;
use std::sync::Arc;

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "entityNew",
        &[req("entityName"), opt("properties")],
        entity_new,
    ),
    def(
        "entityLoad",
        &[
            req("name"),
            opt("idOrFilter").alias(&["id", "filter"]),
            opt("uniqueOrOrder").alias(&["unique", "order"]),
            opt("options"),
        ],
        entity_load,
    ),
    def(
        "entityLoadByPK",
        &[req("name"), req("id"), opt("unique")],
        entity_load_by_pk,
    ),
    def(
        "entityLoadByExample",
        &[req("sampleEntity"), opt("unique")],
        entity_load_by_example,
    ),
    def(
        "entitySave",
        &[req("entity"), opt("forceInsert")],
        entity_save,
    ),
    def("entityDelete", &[req("entity")], entity_delete),
    def("entityReload", &[req("entity")], entity_reload),
    def("entityMerge", &[req("entity")], entity_merge),
    def(
        "entityToQuery",
        &[req("entity"), opt("name")],
        entity_to_query,
    ),
    def("entityNameArray", &[], entity_name_array),
    def("entityNameList", &[opt("delimiter")], entity_name_list),
    def(
        "ORMExecuteQuery",
        &[
            req("hql"),
            opt("paramsOrUnique").alias(&["params"]),
            opt("uniqueOrQueryOptions").alias(&["unique"]),
            opt("queryOptions").alias(&["options"]),
        ],
        orm_execute_query,
    ),
    def("ORMFlush", &[opt("datasource")], orm_flush),
    def("ORMClearSession", &[opt("datasource")], orm_clear_session),
    def("ORMCloseSession", &[opt("datasource")], orm_close_session),
    def("ORMCloseAllSessions", &[], orm_close_all_sessions),
    def("ORMGetSession", &[opt("datasource")], orm_get_session),
    def(
        "ORMGetSessionFactory",
        &[opt("datasource")],
        orm_get_session_factory,
    ),
    def("ORMReload", &[], orm_reload),
    def(
        "ORMEvictEntity",
        &[req("entityName"), opt("primaryKey")],
        orm_evict_entity,
    ),
    def(
        "ORMEvictCollection",
        &[req("entityName"), req("collectionName"), opt("primaryKey")],
        orm_evict_collection,
    ),
    def(
        "ORMEvictQueries",
        &[opt("cacheName"), opt("datasource")],
        orm_evict_queries,
    ),
];

/// The end of a request whose ORM session was used: flush it unless the application said
/// `flushAtRequestEnd = false`. Called by the engine, not a CFML function.
pub static REQUEST_END: BuiltinDef = def("ormRequestEnd", &[], request_end);

/// A `<cftransaction>` commits (`true`) or rolls back (`false`) in a request whose ORM
/// session was used: with `autoManageSession` (the default) the session is flushed into the
/// transaction first, or cleared. Called by the VM, not a CFML function.
pub static TRANSACTION_END: BuiltinDef =
    def("ormTransactionEnd", &[req("commit")], transaction_end);

fn transaction_end(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    // A session that holds nothing has nothing to flush or clear (also in an application
    // without the ORM, whose failed ORM call opened it).
    if session::session(ctx)?.lock().entries.is_empty() {
        return Ok(Value::Null);
    }
    let orm = Orm::open(ctx)?;
    if !orm.model.settings.auto_manage_session {
        return Ok(Value::Null);
    }
    if a.bool(0)? {
        session::flush(ctx, &orm.model)?;
    } else {
        session::session(ctx)?.lock().entries.clear();
    }
    Ok(Value::Null)
}

fn request_end(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    if session::session(ctx)?.lock().entries.is_empty() {
        return Ok(Value::Null);
    }
    let orm = Orm::open(ctx)?;
    if orm.model.settings.flush_at_request_end {
        session::flush(ctx, &orm.model)?;
    }
    Ok(Value::Null)
}

/// The application's mapping, for one call.
pub(crate) struct Orm {
    pub model: Arc<Model>,
}

impl Orm {
    /// The entity names, as `entityNameArray()` and Hibernate's metamodel give them.
    pub fn entity_names(&self) -> Value {
        Value::Array(Array::from_vec(
            self.model
                .entities
                .iter()
                .map(|e| Value::from(e.name.as_str()))
                .collect(),
        ))
    }

    pub fn open(ctx: &mut dyn Ctx) -> CfResult<Orm> {
        Ok(Orm {
            model: model::model(ctx)?,
        })
    }

    fn load(
        &self,
        ctx: &mut dyn Ctx,
        e: &Arc<Entity>,
        rest: &str,
        params: Vec<Value>,
    ) -> CfResult<Vec<Struct>> {
        session::flush(ctx, &self.model)?;
        let mut loader = Loader::new();
        let items = loader.fetch(ctx, &self.model, e, rest, params)?;
        loader.finish(ctx, &self.model)?;
        Ok(items)
    }

    pub fn by_pk(
        &self,
        ctx: &mut dyn Ctx,
        e: &Arc<Entity>,
        id: &Value,
    ) -> CfResult<Option<Struct>> {
        let key = id.to_str()?.trim().to_string();
        if key.is_empty() {
            return Ok(None);
        }
        {
            let sess = session::session(ctx)?;
            let g = sess.lock();
            if let Some(i) = g.find(&e.name, &key) {
                let en = &g.entries[i];
                return Ok(
                    (en.state != rime_runtime::orm::EntryState::Deleted).then(|| en.obj.clone())
                );
            }
        }
        let rest = format!("WHERE {} = ?", e.id.column);
        let v = session::sql_value(
            if e.numeric_id() { "numeric" } else { "string" },
            Value::from(key),
        );
        Ok(self.load(ctx, e, &rest, vec![v])?.into_iter().next())
    }

    pub fn merge(&self, ctx: &mut dyn Ctx, obj: &Struct) -> CfResult<Struct> {
        let m = &self.model;
        let sess = session::session(ctx)?;
        if sess.lock().position_of(obj).is_some() {
            return Ok(obj.clone());
        }
        let e = m.entity_of(obj)?.clone();
        let id = session::id_of(&e, obj);
        let managed = if id.is_empty() {
            None
        } else {
            self.by_pk(ctx, &e, &Value::from(id))?
        };
        let Some(managed) = managed else {
            session::save(ctx, m, obj, false)?;
            return Ok(obj.clone());
        };
        for c in &e.columns {
            session::set_prop(&managed, &c.name, session::get_prop(obj, &c.name));
        }
        for r in &e.relations {
            session::set_prop(&managed, &r.name, session::get_prop(obj, &r.name));
        }
        Ok(managed)
    }
}

fn entity_struct(v: &Value) -> CfResult<Struct> {
    session::instance(v)
}

fn entity_new(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let orm = Orm::open(ctx)?;
    let e = orm.model.entity(&a.str(0)?)?.clone();
    let obj = Value::Struct(session::new_instance(ctx, &e)?);
    if let Some(Value::Struct(props)) = a.get(1).filter(|v| !v.is_null()) {
        let mut props = props.clone();
        // `entityNew(name, {argumentCollection: {…}})` (Lucee).
        if props.len() == 1 {
            if let Some(Value::Struct(inner)) = props.get("argumentCollection") {
                props = inner;
            }
        }
        for (k, v) in props.entries() {
            ctx.invoke(
                &obj,
                &format!("set{}", k.as_str()),
                Value::Array(Array::from_vec(vec![v])),
            )?;
        }
    }
    Ok(obj)
}

fn unique_of(items: Vec<Struct>, e: &Entity) -> CfResult<Value> {
    if items.len() > 1 {
        return Err(CfmlError::new(
            "orm",
            format!(
                "query did not return a unique result: {} [{}]",
                items.len(),
                e.name
            ),
        ));
    }
    Ok(items
        .into_iter()
        .next()
        .map(Value::Struct)
        .unwrap_or_default())
}

fn array_of(items: Vec<Struct>) -> Value {
    Value::Array(Array::from_vec(
        items.into_iter().map(Value::Struct).collect(),
    ))
}

fn entity_load(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let orm = Orm::open(ctx)?;
    let e = orm.model.entity(&a.str(0)?)?.clone();
    let second = a.get(1).filter(|v| !v.is_null()).cloned();
    let third = a.get(2).filter(|v| !v.is_null()).cloned();
    let fourth = a.get(3).filter(|v| !v.is_null()).cloned();
    // An id (a simple value), optionally with `unique`.
    if let Some(id) = second.as_ref().filter(|v| v.is_simple()) {
        if id.to_str()?.trim().is_empty() && third.is_some() {
            // entityLoad(name, "", "order")
        } else {
            let found = orm.by_pk(ctx, &e, id)?;
            let unique = third
                .as_ref()
                .filter(|v| {
                    matches!(v, Value::Bool(_))
                        || v.to_str()
                            .is_ok_and(|s| rime_runtime::value::parse_bool_word(&s).is_some())
                })
                .map(|v| v.to_bool())
                .transpose()?
                .unwrap_or(false);
            return Ok(match (unique, found) {
                (true, f) => f.map(Value::Struct).unwrap_or_default(),
                (false, f) => array_of(f.into_iter().collect()),
            });
        }
    }
    let filter = match &second {
        Some(Value::Struct(s)) => s.clone(),
        _ => Struct::new(),
    };
    let (mut unique, mut order, mut options) = (false, String::new(), Struct::new());
    match &third {
        Some(Value::Struct(s)) => options = s.clone(),
        Some(v) if matches!(v, Value::Bool(_)) => unique = v.to_bool()?,
        Some(v) => {
            let t = v.to_str()?.into_owned();
            match rime_runtime::value::parse_bool_word(&t) {
                Some(b) => unique = b,
                None => order = t,
            }
        }
        None => {}
    }
    if let Some(Value::Struct(s)) = &fourth {
        options = s.clone();
    }
    let max = options
        .get("maxResults")
        .filter(|v| !v.is_null())
        .map(|v| v.to_num())
        .transpose()?
        .map(|n| n.max(0.0) as usize);
    let offset = options
        .get("offset")
        .filter(|v| !v.is_null())
        .map(|v| v.to_num())
        .transpose()?
        .map(|n| n.max(0.0) as usize)
        .unwrap_or(0);
    let ignore_case = options
        .get("ignoreCase")
        .and_then(|v| v.to_bool().ok())
        .unwrap_or(false);
    let (mut rest, params) = hql::filter(&orm.model, &e, &filter, ignore_case)?;
    rest.push_str(&hql::order(&e, &order));
    rest.push_str(&hql::page(max, offset));
    let items = orm.load(ctx, &e, &rest, params)?;
    if unique {
        return unique_of(items, &e);
    }
    Ok(array_of(items))
}

fn entity_load_by_pk(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let orm = Orm::open(ctx)?;
    let e = orm.model.entity(&a.str(0)?)?.clone();
    Ok(orm
        .by_pk(ctx, &e, a.val(1)?)?
        .map(Value::Struct)
        .unwrap_or_default())
}

fn entity_load_by_example(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let orm = Orm::open(ctx)?;
    let sample = entity_struct(a.val(0)?)?;
    let e = orm.model.entity_of(&sample)?.clone();
    let filter = Struct::new();
    for c in e.columns.iter().filter(|c| c.formula.is_none()) {
        let v = session::get_prop(&sample, &c.name);
        if !v.is_null() {
            filter.set(Key::new(&c.name), v);
        }
    }
    let (rest, params) = hql::filter(&orm.model, &e, &filter, false)?;
    let items = orm.load(ctx, &e, &rest, params)?;
    if a.bool_or(1, false)? {
        return unique_of(items, &e);
    }
    Ok(array_of(items))
}

fn entity_save(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let orm = Orm::open(ctx)?;
    let obj = entity_struct(a.val(0)?)?;
    session::save(ctx, &orm.model, &obj, a.bool_or(1, false)?)?;
    Ok(Value::Null)
}

fn entity_delete(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let orm = Orm::open(ctx)?;
    let items = match a.val(0)? {
        Value::Array(arr) => arr.to_vec(),
        v => vec![v.clone()],
    };
    for v in items {
        session::mark_deleted(ctx, &orm.model, &entity_struct(&v)?)?;
    }
    Ok(Value::Null)
}

fn entity_reload(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let orm = Orm::open(ctx)?;
    let obj = entity_struct(a.val(0)?)?;
    session::reload(ctx, &orm.model, &obj)?;
    Ok(Value::Null)
}

fn entity_merge(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let orm = Orm::open(ctx)?;
    let obj = entity_struct(a.val(0)?)?;
    orm.merge(ctx, &obj).map(Value::Struct)
}

fn entity_to_query(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let orm = Orm::open(ctx)?;
    let items = match a.val(0)? {
        Value::Array(arr) => arr.to_vec(),
        v => vec![v.clone()],
    };
    let only = a
        .get(1)
        .filter(|v| !v.is_null())
        .map(|v| v.to_str().map(|s| s.into_owned()))
        .transpose()?;
    let mut objs = Vec::new();
    for v in &items {
        let obj = entity_struct(v)?;
        let e = orm.model.entity_of(&obj)?.clone();
        if only.as_ref().is_none_or(|n| e.name.eq_ignore_ascii_case(n)) {
            objs.push((obj, e));
        }
    }
    let Some((_, first)) = objs.first() else {
        return Ok(Value::Query(Arc::new(parking_lot::RwLock::new(
            Query::new(&[]),
        ))));
    };
    let first = first.clone();
    let names: Vec<&str> = std::iter::once(first.id.name.as_str())
        .chain(first.columns.iter().map(|c| c.name.as_str()))
        .collect();
    let mut q = Query::new(&names);
    // The rows of the first entity's kind (a query has one set of columns).
    for (obj, _) in objs.iter().filter(|(_, e)| Arc::ptr_eq(e, &first)) {
        let row = q.add_row();
        for (i, n) in names.iter().enumerate() {
            q.set(i, row, session::get_prop(obj, n));
        }
    }
    Ok(Value::Query(Arc::new(parking_lot::RwLock::new(q))))
}

fn entity_name_array(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    Ok(Orm::open(ctx)?.entity_names())
}

fn entity_name_list(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let orm = Orm::open(ctx)?;
    let delim = a.str_or(0, ",")?;
    let names: Vec<&str> = orm.model.entities.iter().map(|e| e.name.as_str()).collect();
    Ok(Value::from(names.join(&delim)))
}

fn orm_execute_query(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let orm = Orm::open(ctx)?;
    let hql_text = a.str(0)?.into_owned();
    let second = a.get(1).filter(|v| !v.is_null()).cloned();
    let third = a.get(2).filter(|v| !v.is_null()).cloned();
    let fourth = a.get(3).filter(|v| !v.is_null()).cloned();
    let is_bool = |v: &Value| {
        matches!(v, Value::Bool(_))
            || v.is_simple()
                && v.to_str()
                    .is_ok_and(|s| rime_runtime::value::parse_bool_word(&s).is_some())
    };
    let (params, unique, options) = match (&second, &third) {
        (Some(p), _) if is_bool(p) => (Value::Null, p.to_bool()?, third.clone()),
        (p, Some(u)) if is_bool(u) => (p.clone().unwrap_or_default(), u.to_bool()?, fourth.clone()),
        (p, Some(Value::Struct(o))) => (
            p.clone().unwrap_or_default(),
            false,
            Some(Value::Struct(o.clone())),
        ),
        (p, _) => (p.clone().unwrap_or_default(), false, fourth.clone()),
    };
    let options = match options {
        Some(Value::Struct(s)) => s,
        _ => Struct::new(),
    };
    let num = |k: &str| -> CfResult<Option<usize>> {
        options
            .get(k)
            .filter(|v| !v.is_null())
            .map(|v| v.to_num().map(|n| n.max(0.0) as usize))
            .transpose()
    };
    let opts = hql::Options {
        max: num("maxResults")?,
        offset: num("offset")?.unwrap_or(0),
        datasource: options.get_text("datasource")?,
    };
    hql::execute(ctx, &orm.model, &hql_text, &params, unique, &opts)
}

fn orm_flush(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    let orm = Orm::open(ctx)?;
    session::flush(ctx, &orm.model)?;
    Ok(Value::Null)
}

fn orm_clear_session(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    Orm::open(ctx)?;
    session::session(ctx)?.lock().entries.clear();
    Ok(Value::Null)
}

fn orm_close_session(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    Orm::open(ctx)?;
    let s = session::session(ctx)?;
    let mut g = s.lock();
    g.entries.clear();
    g.closed = true;
    Ok(Value::Null)
}

fn orm_close_all_sessions(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    orm_close_session(ctx, a)
}

fn orm_get_session(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    Orm::open(ctx)?;
    Ok(Value::Native(Native::new(objects::SessionObject)))
}

fn orm_get_session_factory(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    Orm::open(ctx)?;
    Ok(Value::Native(Native::new(objects::FactoryObject)))
}

fn orm_reload(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    model::reload(ctx)?;
    if let Some(s) = ctx.orm_session() {
        s.lock().entries.clear();
    }
    Ok(Value::Null)
}

fn orm_evict_entity(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let orm = Orm::open(ctx)?;
    orm.model.entity(&a.str(0)?)?;
    Ok(Value::Null)
}

fn orm_evict_collection(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let orm = Orm::open(ctx)?;
    let e = orm.model.entity(&a.str(0)?)?;
    let coll = a.str(1)?;
    if e.relation(&coll).filter(|r| r.to_many()).is_none() {
        return Err(CfmlError::new(
            "orm",
            format!("the entity [{}] has no collection [{coll}]", e.name),
        ));
    }
    Ok(Value::Null)
}

fn orm_evict_queries(ctx: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    Orm::open(ctx)?;
    Ok(Value::Null)
}

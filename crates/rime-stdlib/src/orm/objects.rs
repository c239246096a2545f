//! What `ormGetSession()` and `ormGetSessionFactory()` return: objects with the Hibernate
//! methods CFML code calls on them (`contains`, `getEntityName`, `getAllClassMetadata`,
//! `getMetaModel().getAllEntityNames()`, a class metadata's `getPropertyNames`…), over
//! Rime's own session and mapping.

use super::model::Entity;
use super::{session, Orm};
use rime_runtime::native::{no_method, Native};
use rime_runtime::{Array, CfResult, CfmlError, Ctx, Key, NativeObject, Struct, Value};
use std::sync::Arc;

fn arg(args: &[Value], i: usize) -> CfResult<&Value> {
    args.get(i)
        .ok_or_else(|| CfmlError::new("expression", "too few arguments"))
}

/// The entity argument of a session method (`contains(entity)` or `contains(name, entity)`).
fn entity_arg(args: &[Value]) -> CfResult<Struct> {
    session::instance(arg(args, args.len().saturating_sub(1))?)
}

#[derive(Debug)]
pub struct SessionObject;

impl NativeObject for SessionObject {
    fn class_name(&self) -> &str {
        "org.hibernate.internal.SessionImpl"
    }
    fn call(&self, _: &Native, ctx: &mut dyn Ctx, name: &str, args: Vec<Value>) -> CfResult<Value> {
        let orm = Orm::open(ctx)?;
        let m = &orm.model;
        match name.to_ascii_lowercase().as_str() {
            "contains" => {
                let obj = entity_arg(&args)?;
                let sess = session::session(ctx)?;
                let g = sess.lock();
                Ok(Value::Bool(g.position_of(&obj).is_some_and(|p| {
                    g.entries[p].state != rime_runtime::orm::EntryState::Deleted
                })))
            }
            // Hibernate names only what the session holds; anything else is transient.
            "getentityname" => {
                let obj = entity_arg(&args)?;
                let held = {
                    let sess = session::session(ctx)?;
                    let g = sess.lock();
                    g.position_of(&obj).map(|p| g.entries[p].entity.clone())
                };
                match held {
                    Some(name) => Ok(Value::from(name)),
                    None => {
                        let guess = match m.entity_of(&obj) {
                            Ok(e) => e.name.clone(),
                            Err(_) => obj
                                .component()
                                .map(|c| c.fullname.to_string())
                                .unwrap_or_default(),
                        };
                        Err(CfmlError::new(
                            "org.hibernate.TransientObjectException",
                            format!("object references an unsaved transient instance - save the transient instance before flushing: {guess}"),
                        ))
                    }
                }
            }
            "getidentifier" => {
                let obj = entity_arg(&args)?;
                let e = m.entity_of(&obj)?;
                Ok(session::get_prop(&obj, &e.id.name))
            }
            "flush" => session::flush(ctx, m).map(|_| Value::Null),
            "clear" => {
                session::session(ctx)?.lock().entries.clear();
                Ok(Value::Null)
            }
            "close" => {
                session::session(ctx)?.lock().closed = true;
                Ok(Value::Null)
            }
            "isopen" | "isconnected" => Ok(Value::Bool(true)),
            "isdirty" => session::is_dirty(ctx, m).map(Value::Bool),
            "evict" | "detach" => {
                let obj = entity_arg(&args)?;
                let sess = session::session(ctx)?;
                let mut g = sess.lock();
                if let Some(p) = g.position_of(&obj) {
                    g.entries.remove(p);
                }
                Ok(Value::Null)
            }
            "save" | "persist" | "saveorupdate" => {
                let obj = entity_arg(&args)?;
                session::save(ctx, m, &obj, false)?;
                let e = m.entity_of(&obj)?;
                Ok(session::get_prop(&obj, &e.id.name))
            }
            "delete" | "remove" => {
                let obj = entity_arg(&args)?;
                session::mark_deleted(ctx, m, &obj).map(|_| Value::Null)
            }
            "refresh" => {
                let obj = entity_arg(&args)?;
                session::reload(ctx, m, &obj).map(|_| Value::Null)
            }
            "merge" => orm.merge(ctx, &entity_arg(&args)?).map(Value::Struct),
            "get" | "load" => {
                let name = arg(&args, 0)?.to_str()?.into_owned();
                let e = m.entity(&name)?.clone();
                Ok(orm
                    .by_pk(ctx, &e, arg(&args, 1)?)?
                    .map(Value::Struct)
                    .unwrap_or_default())
            }
            "getsessionfactory" => Ok(Value::Native(Native::new(FactoryObject))),
            other => Err(no_method(self.class_name(), other)),
        }
    }
}

#[derive(Debug)]
pub struct FactoryObject;

impl NativeObject for FactoryObject {
    fn class_name(&self) -> &str {
        "org.hibernate.internal.SessionFactoryImpl"
    }
    fn call(&self, _: &Native, ctx: &mut dyn Ctx, name: &str, args: Vec<Value>) -> CfResult<Value> {
        let orm = Orm::open(ctx)?;
        match name.to_ascii_lowercase().as_str() {
            "getallclassmetadata" => {
                let s = Struct::new();
                for e in &orm.model.entities {
                    s.set(
                        Key::new(&e.name),
                        Value::Native(Native::new(ClassMetadata(e.clone()))),
                    );
                }
                Ok(Value::Struct(s))
            }
            "getclassmetadata" => {
                let name = arg(&args, 0)?.to_str()?.into_owned();
                Ok(orm
                    .model
                    .entity(&name)
                    .ok()
                    .map(|e| Value::Native(Native::new(ClassMetadata(e.clone()))))
                    .unwrap_or_default())
            }
            "getmetamodel" => Ok(Value::Native(Native::new(MetaModel))),
            "getallentitynames" => Ok(orm.entity_names()),
            "isclosed" => Ok(Value::Bool(false)),
            "getcurrentsession" | "opensession" => Ok(Value::Native(Native::new(SessionObject))),
            other => Err(no_method(self.class_name(), other)),
        }
    }
}

#[derive(Debug)]
pub struct MetaModel;

impl NativeObject for MetaModel {
    fn class_name(&self) -> &str {
        "org.hibernate.metamodel.internal.MetamodelImpl"
    }
    fn call(&self, _: &Native, ctx: &mut dyn Ctx, name: &str, _: Vec<Value>) -> CfResult<Value> {
        let orm = Orm::open(ctx)?;
        match name.to_ascii_lowercase().as_str() {
            "getallentitynames" => Ok(orm.entity_names()),
            other => Err(no_method(self.class_name(), other)),
        }
    }
}

#[derive(Debug)]
pub struct ClassMetadata(pub Arc<Entity>);

impl NativeObject for ClassMetadata {
    fn class_name(&self) -> &str {
        "org.hibernate.persister.entity.SingleTableEntityPersister"
    }
    fn call(&self, _: &Native, _: &mut dyn Ctx, name: &str, args: Vec<Value>) -> CfResult<Value> {
        let e = &self.0;
        match name.to_ascii_lowercase().as_str() {
            "getentityname" => Ok(Value::from(e.name.as_str())),
            "getidentifierpropertyname" => Ok(Value::from(e.id.name.as_str())),
            "hasidentifierproperty" => Ok(Value::Bool(true)),
            "gettablename" => Ok(Value::from(e.table.as_str())),
            "getpropertynames" => Ok(Value::Array(Array::from_vec(
                e.columns
                    .iter()
                    .map(|c| c.name.as_str())
                    .chain(e.relations.iter().map(|r| r.name.as_str()))
                    .map(Value::from)
                    .collect(),
            ))),
            "getidentifier" => {
                let obj = session::instance(arg(&args, 0)?)?;
                Ok(session::get_prop(&obj, &e.id.name))
            }
            "getpropertyvalue" => {
                let obj = session::instance(arg(&args, 0)?)?;
                let prop = arg(&args, 1)?.to_str()?.into_owned();
                Ok(session::get_prop(&obj, &prop))
            }
            "isversioned" | "isinherited" => Ok(Value::Bool(false)),
            other => Err(no_method(self.class_name(), other)),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(format!("SingleTableEntityPersister({})", self.0.name))
    }
}

/// The class name of a collection not read yet.
pub const LAZY_CLASS: &str = "rime.orm.LazyCollection";

/// A collection property of a loaded entity, not read yet: the accessors Rime generates for a
/// persistent component call `load()` on first use and keep what it returns. It holds the
/// owner's key, not the owner (which holds it).
#[derive(Debug)]
pub struct LazyCollection {
    pub entity: Arc<Entity>,
    pub relation: usize,
    pub owner: String,
}

impl NativeObject for LazyCollection {
    fn class_name(&self) -> &str {
        LAZY_CLASS
    }
    fn call(&self, _: &Native, ctx: &mut dyn Ctx, name: &str, _: Vec<Value>) -> CfResult<Value> {
        match name.to_ascii_lowercase().as_str() {
            "load" => {
                let orm = Orm::open(ctx)?;
                session::load_collection(ctx, &orm.model, &self.entity, self.relation, &self.owner)
            }
            other => Err(no_method(self.class_name(), other)),
        }
    }
}

//! `org.hibernate.Version`: frameworks ask it which Hibernate API the ORM session objects
//! follow (`ormGetSessionFactory().getMetaModel()` exists from 5.2). Rime's ORM
//! (`rime-stdlib/src/orm/`) answers as the Hibernate 5.4 that Lucee's extension bundles.

use rime_runtime::{CfResult, Ctx, Value};

/// The version Rime's ORM objects follow.
const VERSION: &str = "5.4.29.Final";

pub(crate) fn version_statics(_: &mut dyn Ctx, name: &str, _: &[Value]) -> Option<CfResult<Value>> {
    match name.to_ascii_lowercase().as_str() {
        "getversionstring" => Some(Ok(Value::from(VERSION))),
        "touch" => Some(Ok(Value::Null)),
        _ => None,
    }
}

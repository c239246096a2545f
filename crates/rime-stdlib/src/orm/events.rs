//! ORM events (`ormSettings.eventHandling`): the entity's own method of the event's name
//! (`preInsert()`, `postLoad()`…) and the global `eventHandler` component's (given the
//! entity), as Lucee's Hibernate listeners call them.

use super::model::Model;
use rime_runtime::{Array, CfResult, Ctx, Struct, Value};

pub fn has_method(obj: &Struct, name: &str) -> bool {
    matches!(obj.get(name), Some(Value::Func(_)))
        || obj
            .instance_variables()
            .is_some_and(|v| matches!(v.get(name), Some(Value::Func(_))))
}

pub fn fire(ctx: &mut dyn Ctx, model: &Model, obj: &Struct, event: &str) -> CfResult<()> {
    fire_with(ctx, model, obj, event, Vec::new())
}

/// An event with more arguments than the entity (`preUpdate`'s `oldData`).
pub fn fire_with(
    ctx: &mut dyn Ctx,
    model: &Model,
    obj: &Struct,
    event: &str,
    extra: Vec<Value>,
) -> CfResult<()> {
    if !model.settings.event_handling {
        return Ok(());
    }
    if has_method(obj, event) {
        ctx.invoke(
            &Value::Struct(obj.clone()),
            event,
            Value::Array(Array::from_vec(extra.clone())),
        )?;
    }
    let Some(name) = &model.settings.event_handler else {
        return Ok(());
    };
    let handler = model.handler.lock().clone();
    let handler = match handler {
        Some(h) => h,
        None => {
            let h = ctx.create_object(name, Vec::new())?;
            *model.handler.lock() = Some(h.clone());
            h
        }
    };
    if let Value::Struct(h) = &handler {
        if has_method(h, event) {
            ctx.invoke(
                &handler,
                event,
                Value::Array(Array::from_vec(
                    std::iter::once(Value::Struct(obj.clone()))
                        .chain(extra)
                        .collect(),
                )),
            )?;
        }
    }
    Ok(())
}

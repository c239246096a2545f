//! Helpers shared by the collection areas (arrays, structs, queries, decisions): CFML value
//! equality for searches, a stable sort with a fallible comparator, the built-in sort orders, and
//! size limits.

use rime_runtime::number;
use rime_runtime::ops;
use rime_runtime::{Array, CfResult, CfmlError, Ctx, Value};
use std::cmp::Ordering;

/// The largest array a function may build (elements), so huge sizes give an error, not an abort.
pub(crate) const MAX_ELEMENTS: usize = 16 * 1024 * 1024;

/// The largest string a function may build (bytes).
pub(crate) use rime_runtime::value::MAX_STRING;

/// An error for a size past `MAX_ELEMENTS`.
pub(crate) fn too_large(n: f64) -> Box<CfmlError> {
    CfmlError::expression(format!(
        "The array size [{}] is too large (the limit is {MAX_ELEMENTS} elements)",
        number::format(n)
    ))
}

/// Call a closure and cast its result to a boolean, as the higher-order functions do.
pub(crate) fn call_bool(
    ctx: &mut dyn Ctx,
    f: &Value,
    args: Vec<Value>,
    fname: &str,
) -> CfResult<bool> {
    let r = ctx.call(f, args)?;
    r.to_bool().map_err(|_| {
        CfmlError::expression(format!(
            "The return value of the function passed to [{fname}] can't be cast to a boolean (got {})",
            r.type_name()
        ))
    })
}

/// Equality of two values as arrayFind/arrayContains and structFindValue compare them: simple
/// values with CFML comparison (case-sensitively when asked), complex values structurally.
pub(crate) fn values_equal(a: &Value, b: &Value, case_sensitive: bool) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Null, _) | (_, Value::Null) => false,
        (Value::Array(x), Value::Array(y)) => {
            if x.ptr_eq_array(y) {
                return true;
            }
            let (xv, yv) = (x.to_vec(), y.to_vec());
            xv.len() == yv.len()
                && xv
                    .iter()
                    .zip(yv.iter())
                    .all(|(p, q)| values_equal(p, q, case_sensitive))
        }
        (Value::Struct(x), Value::Struct(y)) => {
            if x.ptr_eq(y) {
                return true;
            }
            let (xe, ye) = (x.entries(), y);
            xe.len() == ye.len()
                && xe.iter().all(|(k, v)| {
                    ye.get(k.as_str())
                        .is_some_and(|w| values_equal(v, &w, case_sensitive))
                })
        }
        (Value::Query(_), Value::Query(_)) | (Value::Func(_), Value::Func(_)) => a.same_ref(b),
        (Value::Binary(x), Value::Binary(y)) => x == y,
        _ if a.is_simple() && b.is_simple() => {
            if case_sensitive {
                if let (Value::Str(x), Value::Str(y)) = (a, b) {
                    // Two strings that are not both numbers compare by their exact text.
                    if number::parse(x).is_none() || number::parse(y).is_none() {
                        return x == y || (ops::equals(a, b).unwrap_or(false) && !is_texty(x, y));
                    }
                }
            }
            ops::equals(a, b).unwrap_or(false)
        }
        _ => false,
    }
}

/// Whether two strings compare as text (not as dates or booleans), so case matters.
fn is_texty(x: &str, y: &str) -> bool {
    let datey = |s: &str| rime_runtime::DateTime::looks_like_date(s);
    let booly = |s: &str| rime_runtime::value::parse_bool_word(s).is_some();
    !((datey(x) && datey(y)) || (booly(x) && booly(y)))
}

trait PtrEqArray {
    fn ptr_eq_array(&self, other: &Array) -> bool;
}
impl PtrEqArray for Array {
    fn ptr_eq_array(&self, other: &Array) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

/// Sort `v` by `cmp` as Lucee does (Java's TimSort, `timsort.rs`); the comparator may fail
/// (CFML callbacks can throw).
pub(crate) fn try_sort<T, F>(v: Vec<T>, cmp: &mut F) -> CfResult<Vec<T>>
where
    F: FnMut(&T, &T) -> CfResult<Ordering>,
{
    // Sort positions, then move each item once.
    let mut order: Vec<usize> = (0..v.len()).collect();
    super::timsort::sort(
        &mut order,
        &mut |a: usize, b: usize| match (v.get(a), v.get(b)) {
            (Some(x), Some(y)) => cmp(x, y),
            _ => Ok(Ordering::Equal),
        },
    )?;
    let mut items: Vec<Option<T>> = v.into_iter().map(Some).collect();
    Ok(order
        .iter()
        .filter_map(|&i| items.get_mut(i).and_then(Option::take))
        .collect())
}

/// The three built-in sort orders of arraySort/listSort/structSort/querySort.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SortType {
    Numeric,
    Text,
    TextNoCase,
}

pub(crate) fn parse_sort_type(s: &str) -> CfResult<SortType> {
    match s.trim().to_ascii_lowercase().as_str() {
        "numeric" => Ok(SortType::Numeric),
        "text" => Ok(SortType::Text),
        "textnocase" => Ok(SortType::TextNoCase),
        _ => Err(CfmlError::expression(format!(
            "Invalid sort type [{s}], valid sort types are [text, textnocase, numeric]"
        ))),
    }
}

/// `asc` → false, `desc` → true.
pub(crate) fn parse_sort_desc(s: &str) -> CfResult<bool> {
    match s.trim().to_ascii_lowercase().as_str() {
        "asc" | "" => Ok(false),
        "desc" => Ok(true),
        _ => Err(CfmlError::expression(format!(
            "Invalid sort order [{s}], valid sort orders are [asc, desc]"
        ))),
    }
}

/// Compare two values by a built-in sort type.
pub(crate) fn compare_by(a: &Value, b: &Value, ty: SortType) -> CfResult<Ordering> {
    match ty {
        SortType::Numeric => {
            let (x, y) = (a.to_num()?, b.to_num()?);
            Ok(x.partial_cmp(&y).unwrap_or(Ordering::Equal))
        }
        SortType::Text => Ok(a.to_str()?.as_ref().cmp(b.to_str()?.as_ref())),
        SortType::TextNoCase => Ok(ops::compare_str_nocase(&a.to_str()?, &b.to_str()?)),
    }
}

/// The sign of a comparator callback's result as an ordering.
pub(crate) fn ordering_of(v: &Value) -> CfResult<Ordering> {
    let n = v.to_num()?;
    Ok(if n < 0.0 {
        Ordering::Less
    } else if n > 0.0 {
        Ordering::Greater
    } else {
        Ordering::Equal
    })
}

/// `ordering_of` a comparator's result, taken by value: a number (the common result) is read
/// without the out-of-line drop of the value, once per comparison.
#[inline]
pub(crate) fn ordering_of_result(v: Value) -> CfResult<Ordering> {
    if let Value::Num(n) = v {
        std::mem::forget(v);
        return Ok(n.partial_cmp(&0.0).unwrap_or(Ordering::Equal));
    }
    ordering_of(&v)
}

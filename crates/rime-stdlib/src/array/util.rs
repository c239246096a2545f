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

/// A stable merge sort whose comparator may fail (CFML callbacks can throw).
pub(crate) fn try_sort<T, F>(v: Vec<T>, cmp: &mut F) -> CfResult<Vec<T>>
where
    F: FnMut(&T, &T) -> CfResult<Ordering>,
{
    // Sort positions, then move each item once: the merges copy plain indexes through one
    // scratch buffer (merging the items themselves allocated at every level). The comparisons
    // are those of a top-down merge sort with insertion sort for runs of 8 or fewer, in the
    // same order as before.
    let mut order: Vec<usize> = (0..v.len()).collect();
    let mut scratch = Vec::with_capacity(v.len());
    sort_positions(
        &mut order,
        &mut scratch,
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

/// Stable merge sort of `v` (positions) by `cmp`; `scratch` is reused by every merge.
fn sort_positions(
    v: &mut [usize],
    scratch: &mut Vec<usize>,
    cmp: &mut impl FnMut(usize, usize) -> CfResult<Ordering>,
) -> CfResult<()> {
    let n = v.len();
    if n <= 1 {
        return Ok(());
    }
    // Insertion sort for short runs keeps the callback count low.
    if n <= 8 {
        for i in 1..n {
            let item = v[i];
            let mut pos = i;
            while pos > 0 && cmp(v[pos - 1], item)? == Ordering::Greater {
                pos -= 1;
            }
            v.copy_within(pos..i, pos + 1);
            v[pos] = item;
        }
        return Ok(());
    }
    let (left, right) = v.split_at_mut(n / 2);
    sort_positions(left, scratch, cmp)?;
    sort_positions(right, scratch, cmp)?;
    scratch.clear();
    let (mut i, mut j) = (0, 0);
    while i < left.len() && j < right.len() {
        if cmp(left[i], right[j])? == Ordering::Greater {
            scratch.push(right[j]);
            j += 1;
        } else {
            scratch.push(left[i]);
            i += 1;
        }
    }
    scratch.extend_from_slice(&left[i..]);
    scratch.extend_from_slice(&right[j..]);
    v.copy_from_slice(scratch);
    Ok(())
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

#[cfg(test)]
mod sort_tests {
    use super::try_sort;
    use rime_runtime::CfResult;
    use std::cmp::Ordering;

    /// The merge sort `try_sort` replaced (it merged the items themselves): the new one must
    /// make the same comparisons in the same order and give the same result.
    fn reference<T, F>(v: Vec<T>, cmp: &mut F) -> CfResult<Vec<T>>
    where
        F: FnMut(&T, &T) -> CfResult<Ordering>,
    {
        if v.len() <= 1 {
            return Ok(v);
        }
        if v.len() <= 8 {
            let mut out: Vec<T> = Vec::with_capacity(v.len());
            for item in v {
                let mut pos = out.len();
                while pos > 0 {
                    match out.get(pos - 1) {
                        Some(prev) if cmp(prev, &item)? == Ordering::Greater => pos -= 1,
                        _ => break,
                    }
                }
                out.insert(pos, item);
            }
            return Ok(out);
        }
        let mut left = v;
        let right = left.split_off(left.len() / 2);
        let left = reference(left, cmp)?;
        let right = reference(right, cmp)?;
        let mut out = Vec::with_capacity(left.len() + right.len());
        let mut li = left.into_iter().peekable();
        let mut ri = right.into_iter().peekable();
        loop {
            match (li.peek(), ri.peek()) {
                (Some(l), Some(r)) => {
                    if cmp(l, r)? == Ordering::Greater {
                        out.extend(ri.next());
                    } else {
                        out.extend(li.next());
                    }
                }
                (Some(_), None) => {
                    out.extend(li);
                    break;
                }
                (None, _) => {
                    out.extend(ri);
                    break;
                }
            }
        }
        Ok(out)
    }

    #[test]
    fn same_comparisons_and_result_as_the_item_merge_sort() {
        let mut x: u64 = 42;
        for n in [0usize, 1, 2, 7, 8, 9, 17, 100, 1000] {
            let items: Vec<(u64, usize)> = (0..n)
                .map(|i| {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    ((x >> 33) % 50, i)
                })
                .collect();
            // A consistent comparator (ties keep input order: stability), and one that is not.
            for consistent in [true, false] {
                let mut calls_new = Vec::new();
                let mut calls_old = Vec::new();
                let mut k = 0u32;
                let mut cmp_new = |a: &(u64, usize), b: &(u64, usize)| {
                    calls_new.push((a.1, b.1));
                    k += 1;
                    Ok(if consistent || !k.is_multiple_of(3) {
                        a.0.cmp(&b.0)
                    } else {
                        Ordering::Greater
                    })
                };
                let new = try_sort(items.clone(), &mut cmp_new).ok();
                let mut k = 0u32;
                let mut cmp_old = |a: &(u64, usize), b: &(u64, usize)| {
                    calls_old.push((a.1, b.1));
                    k += 1;
                    Ok(if consistent || !k.is_multiple_of(3) {
                        a.0.cmp(&b.0)
                    } else {
                        Ordering::Greater
                    })
                };
                let old = reference(items.clone(), &mut cmp_old).ok();
                assert_eq!(new, old, "n={n}");
                assert_eq!(calls_new, calls_old, "n={n}");
            }
        }
    }
}

//! GROUP BY, DISTINCT and UNION: rows are told apart by their `GroupKey`s (type family plus
//! string form; strings case-sensitive), hashed in parallel without building key strings, then
//! assigned to groups in one sequential pass that keeps first-appearance order.

use crate::col::{Col, PAR_MIN_ROWS};
use crate::hash::{Fx, FxBuild, FxMap, GroupKey};
use rayon::prelude::*;
use rime_runtime::Value;
use std::collections::hash_map::Entry;
use std::hash::{Hash, Hasher};

const NO_GROUP: usize = usize::MAX;

static NULL: Value = Value::Null;

/// For each row `0..n` of the key columns `cols`, the number of its group (groups are numbered
/// in order of first appearance), and each group's first row.
///
/// Each column is dictionary-encoded on its own (columns in parallel), then the codes are
/// combined into one number per row, which indexes a table of groups directly when the
/// combinations are few and a hash map otherwise.
pub fn assign_cols(cols: &[Col], n: usize) -> (Vec<usize>, Vec<usize>) {
    let encoded: Vec<(Vec<u32>, u64)> = cols
        .par_iter()
        .map(|c| {
            encode(n, |i| c.get(i)).unwrap_or_else(|| {
                // Many distinct values: hash them in parallel instead.
                let (codes, first) = assign(1, n, |_, i| c.get(i));
                (
                    codes.into_iter().map(|g| g as u32).collect(),
                    first.len() as u64,
                )
            })
        })
        .collect();
    let combos = encoded.iter().try_fold(1u64, |acc, (_, distinct)| {
        acc.checked_mul((*distinct).max(1))
    });
    let Some(combos) = combos else {
        return assign(cols.len(), n, |c, i| {
            cols.get(c).map_or(&NULL, |col| col.get(i))
        });
    };
    let code = |i: usize| {
        encoded.iter().fold(0u64, |acc, (codes, distinct)| {
            acc * distinct + codes.get(i).map_or(0, |&c| u64::from(c))
        })
    };
    let mut first = Vec::new();
    let mut group_of = Vec::with_capacity(n);
    if combos <= DIRECT_MAX.max(n as u64) {
        let mut table = vec![NO_GROUP; usize::try_from(combos).unwrap_or(0)];
        for i in 0..n {
            let slot = table.get_mut(usize::try_from(code(i)).unwrap_or(usize::MAX));
            group_of.push(match slot {
                Some(g) if *g != NO_GROUP => *g,
                Some(g) => {
                    *g = first.len();
                    first.push(i);
                    *g
                }
                None => NO_GROUP,
            });
        }
    } else {
        let mut by_code: FxMap<u64, usize> = FxMap::default();
        for i in 0..n {
            let next = first.len();
            let g = *by_code.entry(code(i)).or_insert(next);
            if g == next {
                first.push(i);
            }
            group_of.push(g);
        }
    }
    (group_of, first)
}

/// A direct table of groups is used up to this many combinations of codes (or the row count).
const DIRECT_MAX: u64 = 1 << 16;

/// Codes for the values `cell(0..n)`: equal `GroupKey`s get equal codes, numbered in order of
/// first appearance; also the number of distinct codes. `None` when there are more than
/// `DICT_MAX` distinct values (a sequential dictionary is then slower than parallel hashing).
fn encode<'a>(n: usize, cell: impl Fn(usize) -> &'a Value) -> Option<(Vec<u32>, u64)> {
    let mut dict: FxMap<GroupKey<'a>, u32> = FxMap::default();
    let mut lookup = |key: GroupKey<'a>| {
        let next = dict.len() as u32;
        *dict.entry(key).or_insert(next)
    };
    // Rows often share one string allocation (values copied from the same variable): a small
    // cache from a string's address to its code skips hashing it again. The cells stay alive
    // (and unchanged) while we run, so an address cannot be reused for another string.
    let mut by_addr = [(usize::MAX, 0u32); 256];
    let mut bools = [None; 2];
    let mut codes = Vec::with_capacity(n);
    for i in 0..n {
        let v = cell(i);
        let code = match v {
            Value::Str(s) => {
                let addr = s.as_ptr() as usize;
                match by_addr.get_mut((addr >> 4) & 255) {
                    Some(hit) if hit.0 == addr => hit.1,
                    Some(slot) => {
                        let c = lookup(GroupKey::of(v));
                        *slot = (addr, c);
                        c
                    }
                    None => lookup(GroupKey::of(v)),
                }
            }
            Value::Bool(b) => match bools.get_mut(usize::from(*b)) {
                Some(Some(c)) => *c,
                Some(slot) => {
                    let c = lookup(GroupKey::of(v));
                    *slot = Some(c);
                    c
                }
                None => lookup(GroupKey::of(v)),
            },
            _ => lookup(GroupKey::of(v)),
        };
        if code as usize >= DICT_MAX {
            return None;
        }
        codes.push(code);
    }
    Some((codes, dict.len() as u64))
}

const DICT_MAX: usize = 4096;

/// For each row `0..n` of the key columns `cell(c, row)` (`c < ncols`), the number of its group;
/// groups are numbered in order of first appearance. Also returns each group's first row. (The
/// fallback of `assign_cols` when the code combinations overflow a `u64`.)
pub fn assign<'a>(
    ncols: usize,
    n: usize,
    cell: impl Fn(usize, usize) -> &'a Value + Sync,
) -> (Vec<usize>, Vec<usize>) {
    let hash = |i: usize| {
        let mut h = Fx::default();
        for c in 0..ncols {
            GroupKey::of(cell(c, i)).hash(&mut h);
        }
        h.finish()
    };
    let hashes: Vec<u64> = if n < PAR_MIN_ROWS {
        (0..n).map(hash).collect()
    } else {
        (0..n)
            .into_par_iter()
            .with_min_len(PAR_MIN_ROWS / 2)
            .map(hash)
            .collect()
    };
    let same = |i: usize, j: usize| (0..ncols).all(|c| same_key(cell(c, i), cell(c, j)));
    // Hash -> first group with that hash; `chain[g]` is the next group sharing g's hash.
    let mut by_hash: FxMap<u64, usize> = FxMap::with_capacity_and_hasher(n.min(1 << 16), FxBuild);
    let mut chain: Vec<usize> = Vec::new();
    let mut first: Vec<usize> = Vec::new();
    let mut group_of = Vec::with_capacity(n);
    for (i, h) in hashes.into_iter().enumerate() {
        let mut found = None;
        match by_hash.entry(h) {
            Entry::Vacant(v) => {
                v.insert(first.len());
            }
            Entry::Occupied(o) => {
                let (mut g, mut last) = (*o.get(), *o.get());
                while let Some(&f) = first.get(g) {
                    if same(i, f) {
                        found = Some(g);
                        break;
                    }
                    last = g;
                    match chain.get(g) {
                        Some(&next) if next != NO_GROUP => g = next,
                        _ => break,
                    }
                }
                if found.is_none() {
                    // A new group whose hash is taken: link it after the last one.
                    if let Some(link) = chain.get_mut(last) {
                        *link = first.len();
                    }
                }
            }
        }
        let g = found.unwrap_or_else(|| {
            first.push(i);
            chain.push(NO_GROUP);
            first.len() - 1
        });
        group_of.push(g);
    }
    (group_of, first)
}

/// UNION's running result: rows no two alike, and an index to test new rows against them, so
/// each `UNION` step hashes only the rows it adds.
#[derive(Default)]
pub struct Distinct {
    /// Row hash -> the first kept row with it; `chain[r]` is the next kept row sharing r's hash.
    by_hash: FxMap<u64, usize>,
    chain: Vec<usize>,
}

impl Distinct {
    /// Appends to `kept` (`kept_len` rows, all admitted through this index) each of the `n`
    /// rows of `more` that equals no kept row, in order.
    pub fn admit(
        &mut self,
        kept: &mut [Vec<Value>],
        kept_len: &mut usize,
        mut more: Vec<Vec<Value>>,
        n: usize,
    ) {
        let hash = |i: usize| {
            let mut h = Fx::default();
            for c in &more {
                GroupKey::of(c.get(i).unwrap_or(&NULL)).hash(&mut h);
            }
            h.finish()
        };
        let hashes: Vec<u64> = if n < PAR_MIN_ROWS {
            (0..n).map(hash).collect()
        } else {
            (0..n)
                .into_par_iter()
                .with_min_len(PAR_MIN_ROWS / 2)
                .map(hash)
                .collect()
        };
        self.by_hash.reserve(n.min(1 << 20));
        for (j, h) in hashes.into_iter().enumerate() {
            let same = |k: usize| {
                kept.iter()
                    .zip(&more)
                    .all(|(a, b)| same_key(a.get(k).unwrap_or(&NULL), b.get(j).unwrap_or(&NULL)))
            };
            let mut link = None;
            match self.by_hash.entry(h) {
                Entry::Vacant(v) => {
                    v.insert(*kept_len);
                }
                Entry::Occupied(o) => {
                    let mut k = *o.get();
                    loop {
                        if same(k) {
                            break;
                        }
                        match self.chain.get(k) {
                            Some(&next) if next != NO_GROUP => k = next,
                            _ => {
                                link = Some(k);
                                break;
                            }
                        }
                    }
                    // Equal to kept row `k`: not added.
                    if link.is_none() {
                        continue;
                    }
                }
            }
            if let Some(slot) = link.and_then(|k| self.chain.get_mut(k)) {
                *slot = *kept_len;
            }
            for (a, b) in kept.iter_mut().zip(more.iter_mut()) {
                a.push(b.get_mut(j).map(std::mem::take).unwrap_or_default());
            }
            self.chain.push(NO_GROUP);
            *kept_len += 1;
        }
    }
}

/// Whether two cells have the same `GroupKey`, without building keys for the usual cases.
fn same_key(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Str(x), Value::Str(y)) if x == y => true,
        (Value::Num(x), Value::Num(y)) => x == y || GroupKey::of(a) == GroupKey::of(b),
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Null, Value::Null) => true,
        _ => GroupKey::of(a) == GroupKey::of(b),
    }
}

/// Member rows of each group, in group order, each ascending.
pub fn members(group_of: &[usize], groups: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); groups];
    for (i, &g) in group_of.iter().enumerate() {
        if let Some(m) = out.get_mut(g) {
            m.push(i);
        }
    }
    out
}

/// For each of the `n` rows of `cols`, whether it is the first with its values (DISTINCT and
/// UNION keep those).
pub fn first_occurrences(cols: &[Vec<Value>], n: usize) -> Vec<bool> {
    let views: Vec<Col> = cols.iter().map(|c| Col::Slice(c)).collect();
    let (group_of, _) = assign_cols(&views, n);
    let mut seen = vec![false; group_of.len()];
    group_of
        .into_iter()
        .map(|g| match seen.get_mut(g) {
            Some(s) if !*s => {
                *s = true;
                true
            }
            _ => false,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_in_order_of_first_appearance() {
        let col = vec![
            Value::from("b"),
            Value::Num(1.0),
            Value::from("B"),
            Value::from("1.0"),
            Value::from("b"),
            Value::Null,
            Value::Bool(true),
            Value::from("true"),
            Value::Null,
        ];
        let (g, first) = assign(1, col.len(), |_, i| &col[i]);
        // Strings are case-sensitive; 1 and '1.0' are one number; true and 'true' one string.
        assert_eq!(g, [0, 1, 2, 1, 0, 3, 4, 4, 3]);
        assert_eq!(first, [0, 1, 2, 5, 6]);
        assert_eq!(
            members(&g, first.len()),
            vec![vec![0, 4], vec![1, 3], vec![2], vec![5, 8], vec![6, 7]]
        );
    }

    #[test]
    fn encoded_columns_group_like_hashed_rows() {
        let a: Vec<Value> = (0..5000)
            .map(|i| match i % 6 {
                0 => Value::from("x"),
                1 => Value::from("X"),
                2 => Value::Num((i % 4) as f64),
                3 => Value::from(format!("{}", i % 4)),
                4 => Value::Bool(i % 4 == 0),
                _ => Value::Null,
            })
            .collect();
        let b: Vec<Value> = (0..5000).map(|i| Value::Num((i % 7) as f64)).collect();
        let cols = [Col::Slice(&a), Col::Slice(&b)];
        let hashed = assign(2, 5000, |c, i| cols[c].get(i));
        assert_eq!(assign_cols(&cols, 5000), hashed);
        assert_eq!(assign_cols(&cols[..1], 5000), assign(1, 5000, |_, i| &a[i]));
    }

    #[test]
    fn union_index_admits_only_new_rows() {
        let mut d = Distinct::default();
        let mut kept: Vec<Vec<Value>> = vec![Vec::new(), Vec::new()];
        let mut len = 0;
        let col = |v: &[&str]| v.iter().map(|s| Value::from(*s)).collect::<Vec<_>>();
        d.admit(
            &mut kept,
            &mut len,
            vec![col(&["a", "b", "a"]), col(&["1", "1", "1.0"])],
            3,
        );
        assert_eq!(len, 2);
        d.admit(
            &mut kept,
            &mut len,
            vec![col(&["A", "b", "c", "c"]), col(&["1", "01", "2", "2"])],
            4,
        );
        assert_eq!(len, 4);
        let shown: Vec<String> = (0..len)
            .map(|i| {
                format!(
                    "{}{}",
                    kept[0][i].to_str().unwrap_or_default(),
                    kept[1][i].to_str().unwrap_or_default()
                )
            })
            .collect();
        assert_eq!(shown, ["a1", "b1", "A1", "c2"]);
    }

    #[test]
    fn colliding_hashes_still_separate_groups() {
        // Many distinct rows: some share a 64-bit bucket in the map only by chance, but every
        // distinct pair must stay apart and every repeat must join its group.
        let n = 20_000;
        let a: Vec<Value> = (0..n).map(|i| Value::Num((i % 5000) as f64)).collect();
        let b: Vec<Value> = (0..n).map(|i| Value::from(format!("k{}", i % 3))).collect();
        let cols = vec![a, b];
        let keep = first_occurrences(&cols, n);
        assert_eq!(keep.iter().filter(|k| **k).count(), 15_000);
        assert!(keep[..15_000].iter().all(|k| *k));
    }
}

//! ORDER BY: a stable sort of row positions on keys prepared once per column. A key column whose
//! values are all numbers (or all numeric strings) sorts as `f64`s, all plain strings as
//! case-insensitive text, all booleans as booleans; mixed columns use `ops::compare` pair by
//! pair. Each typed comparison gives exactly what `ops::compare` gives for that pair.

use crate::col::PAR_MIN_ROWS;
use crate::eval::as_date;
use crate::hash::parse_num;
use rayon::prelude::*;
use rime_runtime::ops::{self, compare_str_nocase};
use rime_runtime::Value;
use std::cmp::Ordering;

pub struct SortKey<'a> {
    pub values: &'a [Value],
    pub desc: bool,
}

enum Typed<'a> {
    Num(Vec<f64>),
    /// Strings none of which reads as a number or a date (nulls read as ""): `ops::compare`
    /// compares any two of them as case-insensitive text.
    Text {
        s: Vec<&'a str>,
        ascii: bool,
    },
    Bool(Vec<bool>),
    Any(&'a [Value]),
}

/// What a key column holds, gathered value by value (in parallel) and then combined.
#[derive(Clone, Copy)]
struct Seen {
    nums: bool,
    bools: bool,
    /// Every value a string or null.
    texts: bool,
    nulls: bool,
    /// Every value a numeric string / some value one.
    all_numeric: bool,
    some_numeric: bool,
    some_date: bool,
    ascii: bool,
}

impl Seen {
    const NONE: Seen = Seen {
        nums: true,
        bools: true,
        texts: true,
        nulls: false,
        all_numeric: true,
        some_numeric: false,
        some_date: false,
        ascii: true,
    };

    fn of(v: &Value) -> Seen {
        let mut s = Seen {
            nums: matches!(v, Value::Num(_)),
            bools: matches!(v, Value::Bool(_)),
            texts: matches!(v, Value::Str(_) | Value::Null),
            nulls: v.is_null(),
            all_numeric: false,
            ..Seen::NONE
        };
        if let Value::Str(t) = v {
            let numeric = parse_num(t).is_some();
            s.all_numeric = numeric;
            s.some_numeric = numeric;
            s.some_date = !numeric && as_date(t).is_some();
            s.ascii = t.is_ascii();
        }
        s
    }

    fn and(self, o: Seen) -> Seen {
        Seen {
            nums: self.nums && o.nums,
            bools: self.bools && o.bools,
            texts: self.texts && o.texts,
            nulls: self.nulls || o.nulls,
            all_numeric: self.all_numeric && o.all_numeric,
            some_numeric: self.some_numeric || o.some_numeric,
            some_date: self.some_date || o.some_date,
            ascii: self.ascii && o.ascii,
        }
    }
}

fn classify(values: &[Value]) -> Typed<'_> {
    let seen = if values.len() < PAR_MIN_ROWS {
        values.iter().map(Seen::of).fold(Seen::NONE, Seen::and)
    } else {
        values
            .par_iter()
            .with_min_len(PAR_MIN_ROWS / 2)
            .map(Seen::of)
            .reduce(|| Seen::NONE, Seen::and)
    };
    let num = |v: &Value| match v {
        Value::Num(n) => *n,
        Value::Str(s) => parse_num(s).unwrap_or_default(),
        _ => 0.0,
    };
    fn text(v: &Value) -> &str {
        match v {
            Value::Str(s) => s.as_str(),
            _ => "",
        }
    }
    // Strings sort as numbers when all are numbers (a null compares as text), as text when
    // none is a number or a date; otherwise pairs may compare differently (`ops::compare`).
    if seen.nums || (seen.texts && seen.all_numeric && !seen.nulls) {
        Typed::Num(
            values
                .par_iter()
                .with_min_len(PAR_MIN_ROWS)
                .map(num)
                .collect(),
        )
    } else if seen.bools {
        Typed::Bool(
            values
                .iter()
                .map(|v| matches!(v, Value::Bool(true)))
                .collect(),
        )
    } else if seen.texts && !seen.some_numeric && !seen.some_date {
        Typed::Text {
            s: values
                .par_iter()
                .with_min_len(PAR_MIN_ROWS)
                .map(text)
                .collect(),
            ascii: seen.ascii,
        }
    } else {
        Typed::Any(values)
    }
}

impl Typed<'_> {
    fn cmp(&self, a: usize, b: usize) -> Ordering {
        match self {
            Typed::Num(v) => match (v.get(a), v.get(b)) {
                (Some(x), Some(y)) => x.partial_cmp(y).unwrap_or(Ordering::Equal),
                _ => Ordering::Equal,
            },
            Typed::Text { s, ascii } => match (s.get(a), s.get(b)) {
                (Some(x), Some(y)) if *ascii => ascii_nocase(x.as_bytes(), y.as_bytes()),
                (Some(x), Some(y)) => compare_str_nocase(x, y),
                _ => Ordering::Equal,
            },
            Typed::Bool(v) => match (v.get(a), v.get(b)) {
                (Some(x), Some(y)) => x.cmp(y),
                _ => Ordering::Equal,
            },
            Typed::Any(v) => match (v.get(a), v.get(b)) {
                (Some(x), Some(y)) => ops::compare(x, y).unwrap_or(Ordering::Equal),
                _ => Ordering::Equal,
            },
        }
    }
}

fn ascii_nocase(x: &[u8], y: &[u8]) -> Ordering {
    for (p, q) in x.iter().zip(y) {
        let (p, q) = (p.to_ascii_lowercase(), q.to_ascii_lowercase());
        if p != q {
            return p.cmp(&q);
        }
    }
    x.len().cmp(&y.len())
}

/// How a key column packs into the fixed-width sort records: `slots` words of an
/// order-preserving prefix of each value (0: compared in full only), and whether equal prefixes
/// mean equal values (`exact`) or need the full comparison.
struct Packing {
    slots: usize,
    exact: bool,
}

/// Prefix bytes of a text key (two words).
const TEXT_PREFIX: usize = 16;

impl Packing {
    fn of(t: &Typed) -> Packing {
        match t {
            // NaN compares equal to every number, which no prefix can express.
            Typed::Num(v) if v.iter().any(|x| x.is_nan()) => Packing::NONE,
            Typed::Num(_) | Typed::Bool(_) => Packing {
                slots: 1,
                exact: true,
            },
            Typed::Text { s, ascii: true } => Packing {
                slots: 2,
                // Zero padding marks the end of a short string unless it holds NUL itself.
                exact: s
                    .iter()
                    .all(|x| x.len() <= TEXT_PREFIX && !x.as_bytes().contains(&0)),
            },
            Typed::Text { .. } | Typed::Any(_) => Packing::NONE,
        }
    }

    const NONE: Packing = Packing {
        slots: 0,
        exact: false,
    };

    /// Writes row `i`'s prefix into `out` (`slots` words).
    fn fill(&self, t: &Typed, i: usize, out: &mut [u64]) {
        match t {
            Typed::Num(v) => {
                let x = v.get(i).copied().unwrap_or_default();
                // -0 and 0 compare equal; then the IEEE order trick: flip negatives entirely,
                // set the sign bit of the rest.
                let bits = (if x == 0.0 { 0.0 } else { x }).to_bits();
                let key = if bits >> 63 == 1 {
                    !bits
                } else {
                    bits | 1 << 63
                };
                out.iter_mut().for_each(|o| *o = key);
            }
            Typed::Bool(v) => out
                .iter_mut()
                .for_each(|o| *o = u64::from(v.get(i).copied().unwrap_or_default())),
            Typed::Text { s, .. } => {
                let mut buf = [0u8; TEXT_PREFIX];
                let text = s.get(i).map_or(&[][..], |x| x.as_bytes());
                for (d, b) in buf.iter_mut().zip(text) {
                    *d = b.to_ascii_lowercase();
                }
                for (o, w) in out.iter_mut().zip(buf.chunks_exact(8)) {
                    let mut word = [0u8; 8];
                    word.copy_from_slice(w);
                    *o = u64::from_be_bytes(word);
                }
            }
            Typed::Any(_) => {}
        }
    }
}

/// The positions `0..n` in ORDER BY order (ties keep their input order).
pub fn order(keys: &[SortKey], n: usize) -> Vec<usize> {
    let typed: Vec<(Typed, bool)> = keys.iter().map(|k| (classify(k.values), k.desc)).collect();
    let packing: Vec<Packing> = typed.iter().map(|(t, _)| Packing::of(t)).collect();
    // Records of prefix words plus the row position, sorted in place: most comparisons are
    // settled by words next to each other in memory instead of by chasing each row's values.
    match packing.iter().map(|p| p.slots).sum::<usize>() {
        0 => by_position(&typed, n),
        1 => packed::<2>(&typed, &packing, n),
        2 => packed::<3>(&typed, &packing, n),
        3 => packed::<4>(&typed, &packing, n),
        4 => packed::<5>(&typed, &packing, n),
        5 => packed::<6>(&typed, &packing, n),
        6 => packed::<7>(&typed, &packing, n),
        7 => packed::<8>(&typed, &packing, n),
        _ => by_position(&typed, n),
    }
}

fn by_position(typed: &[(Typed, bool)], n: usize) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..n).collect();
    // rayon's merge sort is stable, and sorts short slices without spawning.
    perm.par_sort_by(|&a, &b| {
        for (t, desc) in typed {
            let o = t.cmp(a, b);
            if o != Ordering::Equal {
                return if *desc { o.reverse() } else { o };
            }
        }
        Ordering::Equal
    });
    perm
}

/// `N - 1` prefix words then the row position.
fn packed<const N: usize>(typed: &[(Typed, bool)], packing: &[Packing], n: usize) -> Vec<usize> {
    let pos = N - 1;
    let mut recs: Vec<[u64; N]> = (0..n)
        .into_par_iter()
        .with_min_len(PAR_MIN_ROWS)
        .map(|i| {
            let mut r = [0u64; N];
            let mut at = 0;
            for ((t, desc), p) in typed.iter().zip(packing) {
                if let Some(out) = r.get_mut(at..at + p.slots) {
                    p.fill(t, i, out);
                    if *desc {
                        out.iter_mut().for_each(|w| *w = !*w);
                    }
                }
                at += p.slots;
            }
            if let Some(w) = r.get_mut(pos) {
                *w = i as u64;
            }
            r
        })
        .collect();
    // Per key: the end of its words, and whether equal words settle it.
    let mut plan = Vec::with_capacity(typed.len());
    let mut end = 0;
    for ((t, desc), p) in typed.iter().zip(packing) {
        end += p.slots;
        plan.push((end, p.exact, t, *desc));
    }
    if plan.iter().all(|&(_, exact, _, _)| exact) {
        // Every key is settled by its words: compare the words only.
        recs.par_sort_by(|a, b| a.get(..pos).cmp(&b.get(..pos)));
        return recs
            .iter()
            .map(|r| r.get(pos).map_or(0, |&i| i as usize))
            .collect();
    }
    recs.par_sort_by(|a, b| {
        let mut w = 0;
        for &(end, exact, t, desc) in &plan {
            while w < end {
                let (x, y) = (a.get(w), b.get(w));
                if x != y {
                    return x.cmp(&y);
                }
                w += 1;
            }
            if !exact {
                let (i, j) = (a.get(pos), b.get(pos));
                let o = t.cmp(i.map_or(0, |&i| i as usize), j.map_or(0, |&j| j as usize));
                if o != Ordering::Equal {
                    return if desc { o.reverse() } else { o };
                }
            }
        }
        Ordering::Equal
    });
    recs.iter()
        .map(|r| r.get(pos).map_or(0, |&i| i as usize))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(values: Vec<Value>) {
        let t = classify(&values);
        for a in 0..values.len() {
            for b in 0..values.len() {
                let want = ops::compare(&values[a], &values[b]).unwrap_or(Ordering::Equal);
                assert_eq!(t.cmp(a, b), want, "{:?} vs {:?}", values[a], values[b]);
            }
        }
    }

    #[test]
    fn typed_keys_compare_like_ops_compare() {
        check(vec![Value::Num(2.0), Value::Num(-1.0), Value::Num(10.0)]);
        check(vec![
            Value::from("10"),
            Value::from("9"),
            Value::from(" 1.5"),
        ]);
        check(vec![
            Value::from("b"),
            Value::from("B"),
            Value::Null,
            Value::from("a10"),
            Value::from("Ä"),
            Value::from(""),
        ]);
        check(vec![Value::Bool(true), Value::Bool(false)]);
        // Mixed: numbers with text, dates as strings, nulls with numbers.
        check(vec![Value::from("10"), Value::from("9"), Value::from("x")]);
        check(vec![
            Value::from("2024-01-02"),
            Value::from("1/1/2024"),
            Value::from("b"),
        ]);
        check(vec![Value::Null, Value::Num(1.0), Value::from("3")]);
        assert!(matches!(
            classify(&[Value::from("10"), Value::from("x")]),
            Typed::Any(_)
        ));
        assert!(matches!(
            classify(&[Value::from("a"), Value::Null]),
            Typed::Text { .. }
        ));
    }

    /// The packed records sort exactly as comparing values pair by pair does.
    #[test]
    fn packed_prefixes_agree_with_full_comparison() {
        let mut seed: u64 = 7;
        let mut next = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        let words = [
            "",
            "a",
            "A",
            "ab",
            "abcdefghijklmnop",
            "abcdefghijklmnopq",
            "ABCDEFGHIJKLMNOPR",
            "b",
            "a\0",
        ];
        let n = 3000;
        let text: Vec<Value> = (0..n)
            .map(|_| Value::from(words[next(9) as usize]))
            .collect();
        let num: Vec<Value> = (0..n)
            .map(|_| Value::Num([-1.5, -0.0, 0.0, 2.0, 1e300, -1e300][next(6) as usize]))
            .collect();
        let bools: Vec<Value> = (0..n).map(|_| Value::Bool(next(2) == 1)).collect();
        for (d1, d2, d3) in [(false, true, false), (true, false, true)] {
            let keys = [
                SortKey {
                    values: &bools,
                    desc: d1,
                },
                SortKey {
                    values: &text,
                    desc: d2,
                },
                SortKey {
                    values: &num,
                    desc: d3,
                },
            ];
            let typed: Vec<(Typed, bool)> =
                keys.iter().map(|k| (classify(k.values), k.desc)).collect();
            assert_eq!(order(&keys, n), by_position(&typed, n));
        }
    }

    #[test]
    fn sort_is_stable_and_descending_keys_reverse() {
        let dept = vec![
            Value::from("b"),
            Value::from("A"),
            Value::from("a"),
            Value::from("B"),
        ];
        let age = vec![
            Value::Num(1.0),
            Value::Num(1.0),
            Value::Num(2.0),
            Value::Num(1.0),
        ];
        let keys = [
            SortKey {
                values: &dept,
                desc: false,
            },
            SortKey {
                values: &age,
                desc: true,
            },
        ];
        assert_eq!(order(&keys, 4), [2, 1, 0, 3]);
    }
}

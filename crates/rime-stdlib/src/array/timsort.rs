//! The sort behind every CFML sort with a comparator (`arraySort`, `structSort`, `querySort`,
//! `listSort`...): Java's TimSort, as `java.util.Arrays.sort(T[], Comparator)` runs it in Lucee,
//! comparison for comparison.
//!
//! A stable merge sort would give the same result for every consistent comparator; programs
//! written for Lucee also rely on what TimSort does with inconsistent ones. TestBox reverses its
//! lists of `beforeEach`/`aroundEach` closures with `arraySort(a, function(a, b) { return -1; })`:
//! TimSort sees one strictly descending run and reverses it. So the runs, the binary insertion
//! sort, the merges and their galloping follow the JDK's algorithm, and a comparator that
//! contradicts itself during a merge fails as Java's does ("Comparison method violates its
//! general contract!").
//!
//! The sort works on positions (`usize`), moved through one scratch buffer, and the comparator
//! may fail (a CFML callback can throw): the error ends the sort.

use rime_runtime::{CfResult, CfmlError};
use std::cmp::Ordering;

/// Arrays shorter than this are sorted by one binary insertion sort.
const MIN_MERGE: usize = 32;
/// Where galloping starts.
const MIN_GALLOP: usize = 7;

/// Sort `v` by `cmp` as Java's `TimSort.sort` does.
pub(crate) fn sort(
    v: &mut [usize],
    cmp: &mut impl FnMut(usize, usize) -> CfResult<Ordering>,
) -> CfResult<()> {
    let n = v.len();
    if n < 2 {
        return Ok(());
    }
    let mut c = |a: usize, b: usize| -> CfResult<i8> {
        Ok(match cmp(a, b)? {
            Ordering::Less => -1,
            Ordering::Equal => 0,
            Ordering::Greater => 1,
        })
    };
    if n < MIN_MERGE {
        let run = count_run_and_make_ascending(v, 0, n, &mut c)?;
        return binary_sort(v, 0, n, run, &mut c);
    }
    let mut ts = TimSort {
        min_gallop: MIN_GALLOP,
        tmp: Vec::new(),
        runs: Vec::new(),
    };
    let min_run = min_run_length(n);
    let (mut lo, mut remaining) = (0, n);
    while remaining != 0 {
        let mut run = count_run_and_make_ascending(v, lo, lo + remaining, &mut c)?;
        if run < min_run {
            let force = remaining.min(min_run);
            binary_sort(v, lo, lo + force, lo + run, &mut c)?;
            run = force;
        }
        ts.runs.push((lo, run));
        ts.merge_collapse(v, &mut c)?;
        lo += run;
        remaining -= run;
    }
    ts.merge_force_collapse(v, &mut c)
}

/// Java's `IllegalArgumentException` from a merge that ran out of one side early.
fn contract_violated() -> Box<CfmlError> {
    CfmlError::new(
        "java.lang.IllegalArgumentException",
        "Comparison method violates its general contract!",
    )
}

/// The length of the run starting at `lo`, made ascending: a strictly descending run is
/// reversed in place.
fn count_run_and_make_ascending(
    v: &mut [usize],
    lo: usize,
    hi: usize,
    c: &mut impl FnMut(usize, usize) -> CfResult<i8>,
) -> CfResult<usize> {
    let mut run_hi = lo + 1;
    if run_hi == hi {
        return Ok(1);
    }
    run_hi += 1;
    if c(v[run_hi - 1], v[lo])? < 0 {
        while run_hi < hi && c(v[run_hi], v[run_hi - 1])? < 0 {
            run_hi += 1;
        }
        v[lo..run_hi].reverse();
    } else {
        while run_hi < hi && c(v[run_hi], v[run_hi - 1])? >= 0 {
            run_hi += 1;
        }
    }
    Ok(run_hi - lo)
}

/// Sort `v[lo..hi]`, whose `v[lo..start]` is sorted, by binary insertion.
fn binary_sort(
    v: &mut [usize],
    lo: usize,
    hi: usize,
    start: usize,
    c: &mut impl FnMut(usize, usize) -> CfResult<i8>,
) -> CfResult<()> {
    let mut start = if start == lo { start + 1 } else { start };
    while start < hi {
        let pivot = v[start];
        let (mut left, mut right) = (lo, start);
        while left < right {
            let mid = (left + right) / 2;
            if c(pivot, v[mid])? < 0 {
                right = mid;
            } else {
                left = mid + 1;
            }
        }
        v.copy_within(left..start, left + 1);
        v[left] = pivot;
        start += 1;
    }
    Ok(())
}

fn min_run_length(mut n: usize) -> usize {
    let mut r = 0;
    while n >= MIN_MERGE {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

/// Where in `a[base..base + len]` (sorted) `key` goes, leftmost among equals, searching from
/// `hint` outwards.
fn gallop_left(
    key: usize,
    a: &[usize],
    base: usize,
    len: usize,
    hint: usize,
    c: &mut impl FnMut(usize, usize) -> CfResult<i8>,
) -> CfResult<usize> {
    let (mut last_ofs, mut ofs) = (0, 1);
    if c(key, a[base + hint])? > 0 {
        let max_ofs = len - hint;
        while ofs < max_ofs && c(key, a[base + hint + ofs])? > 0 {
            last_ofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max_ofs);
        last_ofs += hint;
        ofs += hint;
    } else {
        let max_ofs = hint + 1;
        while ofs < max_ofs && c(key, a[base + hint - ofs])? <= 0 {
            last_ofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max_ofs);
        // From offsets left of the hint to positions: `hint - ofs` may be -1.
        let (lo, hi) = (hint as isize - ofs as isize, hint - last_ofs);
        return finish_gallop(key, a, base, lo, hi, c, true);
    }
    finish_gallop(key, a, base, last_ofs as isize, ofs, c, true)
}

/// Where in `a[base..base + len]` (sorted) `key` goes, rightmost among equals.
fn gallop_right(
    key: usize,
    a: &[usize],
    base: usize,
    len: usize,
    hint: usize,
    c: &mut impl FnMut(usize, usize) -> CfResult<i8>,
) -> CfResult<usize> {
    let (mut last_ofs, mut ofs) = (0, 1);
    if c(key, a[base + hint])? < 0 {
        let max_ofs = hint + 1;
        while ofs < max_ofs && c(key, a[base + hint - ofs])? < 0 {
            last_ofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max_ofs);
        let (lo, hi) = (hint as isize - ofs as isize, hint - last_ofs);
        return finish_gallop(key, a, base, lo, hi, c, false);
    }
    let max_ofs = len - hint;
    while ofs < max_ofs && c(key, a[base + hint + ofs])? >= 0 {
        last_ofs = ofs;
        ofs = (ofs << 1) + 1;
    }
    ofs = ofs.min(max_ofs);
    finish_gallop(
        key,
        a,
        base,
        (last_ofs + hint) as isize,
        ofs + hint,
        c,
        false,
    )
}

/// The binary search that ends a gallop: `a[base + lo] < key <= a[base + hi]` (`left`) or
/// `a[base + lo] <= key < a[base + hi]`; `lo` may be -1.
fn finish_gallop(
    key: usize,
    a: &[usize],
    base: usize,
    lo: isize,
    mut hi: usize,
    c: &mut impl FnMut(usize, usize) -> CfResult<i8>,
    left: bool,
) -> CfResult<usize> {
    let mut lo = (lo + 1) as usize;
    while lo < hi {
        let m = lo + (hi - lo) / 2;
        let r = c(key, a[base + m])?;
        if (left && r > 0) || (!left && r >= 0) {
            lo = m + 1;
        } else {
            hi = m;
        }
    }
    Ok(hi)
}

struct TimSort {
    min_gallop: usize,
    tmp: Vec<usize>,
    /// Pending runs: (start, length).
    runs: Vec<(usize, usize)>,
}

impl TimSort {
    /// Merge runs until the stack's lengths keep TimSort's invariants.
    fn merge_collapse(
        &mut self,
        v: &mut [usize],
        c: &mut impl FnMut(usize, usize) -> CfResult<i8>,
    ) -> CfResult<()> {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            let len = |i: usize, r: &[(usize, usize)]| r[i].1;
            if (n > 0 && len(n - 1, &self.runs) <= len(n, &self.runs) + len(n + 1, &self.runs))
                || (n > 1 && len(n - 2, &self.runs) <= len(n, &self.runs) + len(n - 1, &self.runs))
            {
                if len(n - 1, &self.runs) < len(n + 1, &self.runs) {
                    n -= 1;
                }
            } else if len(n, &self.runs) > len(n + 1, &self.runs) {
                break;
            }
            self.merge_at(v, n, c)?;
        }
        Ok(())
    }

    fn merge_force_collapse(
        &mut self,
        v: &mut [usize],
        c: &mut impl FnMut(usize, usize) -> CfResult<i8>,
    ) -> CfResult<()> {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.runs[n - 1].1 < self.runs[n + 1].1 {
                n -= 1;
            }
            self.merge_at(v, n, c)?;
        }
        Ok(())
    }

    /// Merge runs `i` and `i + 1` of the stack.
    fn merge_at(
        &mut self,
        v: &mut [usize],
        i: usize,
        c: &mut impl FnMut(usize, usize) -> CfResult<i8>,
    ) -> CfResult<()> {
        let (mut base1, mut len1) = self.runs[i];
        let (base2, mut len2) = self.runs[i + 1];
        self.runs[i].1 = len1 + len2;
        self.runs.remove(i + 1);
        // Where the second run's first element goes in the first: what is before stays.
        let k = gallop_right(v[base2], v, base1, len1, 0, c)?;
        base1 += k;
        len1 -= k;
        if len1 == 0 {
            return Ok(());
        }
        // Where the first run's last element goes in the second: what is after stays.
        len2 = gallop_left(v[base1 + len1 - 1], v, base2, len2, len2 - 1, c)?;
        if len2 == 0 {
            return Ok(());
        }
        if len1 <= len2 {
            self.merge_lo(v, base1, len1, base2, len2, c)
        } else {
            self.merge_hi(v, base1, len1, base2, len2, c)
        }
    }

    /// Merge with the first (shorter) run copied out, from the left.
    fn merge_lo(
        &mut self,
        a: &mut [usize],
        base1: usize,
        mut len1: usize,
        base2: usize,
        mut len2: usize,
        c: &mut impl FnMut(usize, usize) -> CfResult<i8>,
    ) -> CfResult<()> {
        self.tmp.clear();
        self.tmp.extend_from_slice(&a[base1..base1 + len1]);
        let tmp = std::mem::take(&mut self.tmp);
        let (mut cursor1, mut cursor2, mut dest) = (0, base2, base1);
        a[dest] = a[cursor2];
        dest += 1;
        cursor2 += 1;
        len2 -= 1;
        let done = |a: &mut [usize], dest: usize, cursor1: usize, len1: usize| {
            a[dest..dest + len1].copy_from_slice(&tmp[cursor1..cursor1 + len1]);
        };
        if len2 == 0 {
            done(a, dest, cursor1, len1);
            self.tmp = tmp;
            return Ok(());
        }
        if len1 == 1 {
            a.copy_within(cursor2..cursor2 + len2, dest);
            a[dest + len2] = tmp[cursor1];
            self.tmp = tmp;
            return Ok(());
        }
        let mut min_gallop = self.min_gallop as isize;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            loop {
                if c(a[cursor2], tmp[cursor1])? < 0 {
                    a[dest] = a[cursor2];
                    dest += 1;
                    cursor2 += 1;
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 0 {
                        break 'outer;
                    }
                } else {
                    a[dest] = tmp[cursor1];
                    dest += 1;
                    cursor1 += 1;
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 1 {
                        break 'outer;
                    }
                }
                if ((count1 | count2) as isize) >= min_gallop {
                    break;
                }
            }
            loop {
                count1 = gallop_right(a[cursor2], &tmp, cursor1, len1, 0, c)?;
                if count1 != 0 {
                    a[dest..dest + count1].copy_from_slice(&tmp[cursor1..cursor1 + count1]);
                    dest += count1;
                    cursor1 += count1;
                    len1 -= count1;
                    if len1 <= 1 {
                        break 'outer;
                    }
                }
                a[dest] = a[cursor2];
                dest += 1;
                cursor2 += 1;
                len2 -= 1;
                if len2 == 0 {
                    break 'outer;
                }
                count2 = gallop_left(tmp[cursor1], a, cursor2, len2, 0, c)?;
                if count2 != 0 {
                    a.copy_within(cursor2..cursor2 + count2, dest);
                    dest += count2;
                    cursor2 += count2;
                    len2 -= count2;
                    if len2 == 0 {
                        break 'outer;
                    }
                }
                a[dest] = tmp[cursor1];
                dest += 1;
                cursor1 += 1;
                len1 -= 1;
                if len1 == 1 {
                    break 'outer;
                }
                min_gallop -= 1;
                if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1) as usize;
        let r = if len1 == 1 {
            a.copy_within(cursor2..cursor2 + len2, dest);
            a[dest + len2] = tmp[cursor1];
            Ok(())
        } else if len1 == 0 {
            Err(contract_violated())
        } else {
            done(a, dest, cursor1, len1);
            Ok(())
        };
        self.tmp = tmp;
        r
    }

    /// Merge with the second (shorter) run copied out, from the right. Cursors into `a` may
    /// step to -1 (the first run starts at 0), hence the signed arithmetic.
    fn merge_hi(
        &mut self,
        a: &mut [usize],
        base1: usize,
        mut len1: usize,
        base2: usize,
        mut len2: usize,
        c: &mut impl FnMut(usize, usize) -> CfResult<i8>,
    ) -> CfResult<()> {
        self.tmp.clear();
        self.tmp.extend_from_slice(&a[base2..base2 + len2]);
        let tmp = std::mem::take(&mut self.tmp);
        let mut cursor1 = (base1 + len1) as isize - 1;
        let mut cursor2 = len2 as isize - 1;
        let mut dest = (base2 + len2) as isize - 1;
        let at = |i: isize| i as usize;
        a[at(dest)] = a[at(cursor1)];
        dest -= 1;
        cursor1 -= 1;
        len1 -= 1;
        if len1 == 0 {
            let d = at(dest - (len2 as isize - 1));
            a[d..d + len2].copy_from_slice(&tmp[..len2]);
            self.tmp = tmp;
            return Ok(());
        }
        if len2 == 1 {
            dest -= len1 as isize;
            cursor1 -= len1 as isize;
            a.copy_within(at(cursor1 + 1)..at(cursor1 + 1) + len1, at(dest + 1));
            a[at(dest)] = tmp[at(cursor2)];
            self.tmp = tmp;
            return Ok(());
        }
        let mut min_gallop = self.min_gallop as isize;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            loop {
                if c(tmp[at(cursor2)], a[at(cursor1)])? < 0 {
                    a[at(dest)] = a[at(cursor1)];
                    dest -= 1;
                    cursor1 -= 1;
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 0 {
                        break 'outer;
                    }
                } else {
                    a[at(dest)] = tmp[at(cursor2)];
                    dest -= 1;
                    cursor2 -= 1;
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 1 {
                        break 'outer;
                    }
                }
                if ((count1 | count2) as isize) >= min_gallop {
                    break;
                }
            }
            loop {
                count1 = len1 - gallop_right(tmp[at(cursor2)], a, base1, len1, len1 - 1, c)?;
                if count1 != 0 {
                    dest -= count1 as isize;
                    cursor1 -= count1 as isize;
                    len1 -= count1;
                    a.copy_within(at(cursor1 + 1)..at(cursor1 + 1) + count1, at(dest + 1));
                    if len1 == 0 {
                        break 'outer;
                    }
                }
                a[at(dest)] = tmp[at(cursor2)];
                dest -= 1;
                cursor2 -= 1;
                len2 -= 1;
                if len2 == 1 {
                    break 'outer;
                }
                count2 = len2 - gallop_left(a[at(cursor1)], &tmp, 0, len2, len2 - 1, c)?;
                if count2 != 0 {
                    dest -= count2 as isize;
                    cursor2 -= count2 as isize;
                    len2 -= count2;
                    let (from, to) = (at(cursor2 + 1), at(dest + 1));
                    a[to..to + count2].copy_from_slice(&tmp[from..from + count2]);
                    if len2 <= 1 {
                        break 'outer;
                    }
                }
                a[at(dest)] = a[at(cursor1)];
                dest -= 1;
                cursor1 -= 1;
                len1 -= 1;
                if len1 == 0 {
                    break 'outer;
                }
                min_gallop -= 1;
                if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1) as usize;
        let r = if len2 == 1 {
            dest -= len1 as isize;
            cursor1 -= len1 as isize;
            a.copy_within(at(cursor1 + 1)..at(cursor1 + 1) + len1, at(dest + 1));
            a[at(dest)] = tmp[at(cursor2)];
            Ok(())
        } else if len2 == 0 {
            Err(contract_violated())
        } else {
            let d = at(dest - (len2 as isize - 1));
            a[d..d + len2].copy_from_slice(&tmp[..len2]);
            Ok(())
        };
        self.tmp = tmp;
        r
    }
}

#[cfg(test)]
mod tests {
    use super::sort;
    use std::cmp::Ordering;

    fn sorted_by(items: &[i64], f: impl Fn(i64, i64) -> Ordering) -> Vec<usize> {
        let mut v: Vec<usize> = (0..items.len()).collect();
        let r = sort(&mut v, &mut |a, b| Ok(f(items[a], items[b])));
        assert!(r.is_ok());
        v
    }

    /// A consistent comparator gives the stable order, at every size and shape (runs, merges,
    /// galloping).
    #[test]
    fn consistent_comparators_sort_stably() {
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as i64
        };
        for n in [0, 1, 2, 3, 31, 32, 33, 64, 100, 257, 1000, 5000] {
            for shape in 0..4 {
                let items: Vec<i64> = (0..n)
                    .map(|i| match shape {
                        0 => next() % 50,
                        1 => i as i64,
                        2 => (n - i) as i64,
                        _ => (i as i64 / 40) * 7 % 13 + next() % 3,
                    })
                    .collect();
                let got = sorted_by(&items, |a, b| a.cmp(&b));
                let mut want: Vec<usize> = (0..n).collect();
                want.sort_by(|&a, &b| items[a].cmp(&items[b]));
                assert_eq!(got, want, "n={n} shape={shape}");
            }
        }
    }

    /// Java's TimSort reverses a list under `return -1` (one descending run) and keeps it
    /// under `return 1` or `0`.
    #[test]
    fn constant_comparators_do_what_java_does() {
        for n in [2, 3, 10, 31, 32, 100, 1000] {
            let items: Vec<i64> = (0..n).collect();
            let reversed: Vec<usize> = (0..n as usize).rev().collect();
            let kept: Vec<usize> = (0..n as usize).collect();
            assert_eq!(sorted_by(&items, |_, _| Ordering::Less), reversed, "n={n}");
            assert_eq!(sorted_by(&items, |_, _| Ordering::Greater), kept, "n={n}");
            assert_eq!(sorted_by(&items, |_, _| Ordering::Equal), kept, "n={n}");
        }
    }

    /// A comparator that answers at random (a CFML callback can) never makes the sort index
    /// outside the array: it ends with a permutation or with Java's contract error.
    #[test]
    fn random_comparators_never_panic() {
        let mut seed = 99u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        for round in 0..300 {
            let n = [5, 31, 32, 33, 64, 65, 100, 257, 1000][round % 9];
            let mut v: Vec<usize> = (0..n).collect();
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                sort(&mut v, &mut |_, _| {
                    Ok(match next() % 3 {
                        0 => Ordering::Less,
                        1 => Ordering::Equal,
                        _ => Ordering::Greater,
                    })
                })
            }));
            let Ok(sorted) = r else {
                panic!("a panic with n={n}");
            };
            // On the contract error the positions are dropped (the caller keeps its array).
            if sorted.is_ok() {
                let mut seen = v.clone();
                seen.sort_unstable();
                assert_eq!(seen, (0..n).collect::<Vec<_>>(), "not a permutation, n={n}");
            }
        }
    }

    /// A comparator that fails stops the sort with its error.
    #[test]
    fn a_failing_comparator_ends_the_sort() {
        let mut v: Vec<usize> = (0..100).collect();
        let mut calls = 0;
        let r = sort(&mut v, &mut |a, b| {
            calls += 1;
            if calls == 50 {
                Err(rime_runtime::CfmlError::expression("stop"))
            } else {
                Ok(a.cmp(&b))
            }
        });
        assert!(r.is_err());
    }
}

//! SQL `LIKE` matching: `%`, `_`, bracket sets (`[a-m]`, `[^c]`) and an optional escape
//! character. Both sides are lower-cased first because Lucee's `LikeCompare` does so (QoQ `LIKE`
//! is case-insensitive in Lucee, unlike Adobe ColdFusion). The matcher is the iterative
//! star-backtracking algorithm: O(text × pattern) at worst, never exponential.

use crate::err;
use rime_runtime::CfResult;

#[derive(Clone, Debug, PartialEq)]
enum Pat {
    Star,
    Any,
    Lit(char),
    Set {
        neg: bool,
        ranges: Vec<(char, char)>,
    },
}

#[derive(Clone, Debug)]
pub struct Compiled {
    pats: Vec<Pat>,
    /// The same pattern as literal pieces between `%`s, when it has no `_` or set and is ASCII
    /// once lower-cased (nearly always): ASCII text then matches without decoding or copying.
    lits: Option<Literal>,
}

#[derive(Clone, Debug)]
struct Literal {
    /// Lower-cased pieces in order.
    segs: Vec<Vec<u8>>,
    /// The pattern has a `%` at all; whether it starts / ends with a literal piece.
    any_star: bool,
    start: bool,
    end: bool,
}

impl Literal {
    fn of(pats: &[Pat]) -> Option<Literal> {
        let mut segs: Vec<Vec<u8>> = Vec::new();
        let mut cur: Option<Vec<u8>> = None;
        for p in pats {
            match p {
                Pat::Lit(c) if c.is_ascii() => cur.get_or_insert_with(Vec::new).push(*c as u8),
                Pat::Star => segs.extend(cur.take()),
                _ => return None,
            }
        }
        segs.extend(cur);
        Some(Literal {
            segs,
            any_star: pats.contains(&Pat::Star),
            start: !matches!(pats.first(), Some(Pat::Star)),
            end: !matches!(pats.last(), Some(Pat::Star)),
        })
    }

    /// `t` is ASCII; the pieces are lower-case ASCII.
    fn matches(&self, t: &[u8]) -> bool {
        let Some((first, rest)) = self.segs.split_first() else {
            // Only `%`s match anything; the empty pattern only the empty text.
            return self.any_star || t.is_empty();
        };
        if !self.any_star {
            return rest.is_empty() && t.eq_ignore_ascii_case(first);
        }
        let (mut lo, mut hi) = (0, t.len());
        let mut mid = self.segs.as_slice();
        if self.start {
            if !t
                .get(..first.len())
                .is_some_and(|p| p.eq_ignore_ascii_case(first))
            {
                return false;
            }
            lo = first.len();
            mid = rest;
        }
        if self.end {
            if let Some((last, m)) = mid.split_last() {
                let Some(from) = hi.checked_sub(last.len()).filter(|&f| f >= lo) else {
                    return false;
                };
                if !t
                    .get(from..hi)
                    .is_some_and(|s| s.eq_ignore_ascii_case(last))
                {
                    return false;
                }
                hi = from;
                mid = m;
            }
        }
        for seg in mid {
            match t.get(lo..hi).and_then(|h| find_nocase(h, seg)) {
                Some(p) => lo += p + seg.len(),
                None => return false,
            }
        }
        true
    }
}

/// The first position of lower-case `needle` in ASCII `hay`, ignoring case.
fn find_nocase(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let Some(&n0) = needle.first() else {
        return Some(0);
    };
    if needle.len() > hay.len() {
        return None;
    }
    (0..=hay.len() - needle.len()).find(|&i| {
        hay.get(i).is_some_and(|b| b.to_ascii_lowercase() == n0)
            && hay
                .get(i..i + needle.len())
                .is_some_and(|w| w.eq_ignore_ascii_case(needle))
    })
}

pub fn compile(pattern: &str, escape: Option<char>) -> CfResult<Compiled> {
    let chars: Vec<char> = pattern.chars().flat_map(char::to_lowercase).collect();
    let escape = escape.map(|c| c.to_lowercase().next().unwrap_or(c));
    let mut pats = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if Some(c) == escape {
            match chars.get(i + 1) {
                Some(&n) => {
                    pats.push(Pat::Lit(n));
                    i += 2;
                    continue;
                }
                None => {
                    return Err(err::db(format!(
                        "Invalid escape sequence in LIKE pattern [{pattern}]: the escape character ends the pattern"
                    )))
                }
            }
        }
        match c {
            '%' => {
                if pats.last() != Some(&Pat::Star) {
                    pats.push(Pat::Star);
                }
            }
            '_' => pats.push(Pat::Any),
            '[' => {
                // A set runs to the next `]`; without one the `[` is literal.
                let close = chars[i + 1..]
                    .iter()
                    .position(|&x| x == ']')
                    .map(|p| p + i + 1);
                match close {
                    Some(end) if end > i + 1 => {
                        let mut body = &chars[i + 1..end];
                        let neg = body.first() == Some(&'^');
                        if neg {
                            body = &body[1..];
                        }
                        let mut ranges = Vec::new();
                        let mut j = 0;
                        while j < body.len() {
                            if j + 2 < body.len() && body[j + 1] == '-' {
                                ranges.push((body[j], body[j + 2]));
                                j += 3;
                            } else {
                                ranges.push((body[j], body[j]));
                                j += 1;
                            }
                        }
                        pats.push(Pat::Set { neg, ranges });
                        i = end;
                    }
                    _ => pats.push(Pat::Lit('[')),
                }
            }
            other => pats.push(Pat::Lit(other)),
        }
        i += 1;
    }
    let lits = Literal::of(&pats);
    Ok(Compiled { pats, lits })
}

fn one(p: &Pat, c: char) -> bool {
    match p {
        Pat::Any => true,
        Pat::Lit(l) => *l == c,
        Pat::Set { neg, ranges } => ranges.iter().any(|(a, b)| *a <= c && c <= *b) != *neg,
        Pat::Star => false,
    }
}

impl Compiled {
    pub fn matches(&self, text: &str) -> bool {
        if text.is_ascii() {
            // ASCII lower-cases byte for byte: no decoding, no copy.
            let t = text.as_bytes();
            if let Some(l) = &self.lits {
                return l.matches(t);
            }
            return run(&self.pats, t.len(), |i| {
                t.get(i)
                    .map_or('\0', |b| char::from(b.to_ascii_lowercase()))
            });
        }
        let t: Vec<char> = text.chars().flat_map(char::to_lowercase).collect();
        run(&self.pats, t.len(), |i| t.get(i).copied().unwrap_or('\0'))
    }
}

/// The star-backtracking match of `p` against the `len` lower-cased characters `at` yields.
fn run(p: &[Pat], len: usize, at: impl Fn(usize) -> char) -> bool {
    let (mut ti, mut pi) = (0usize, 0usize);
    let mut star: Option<(usize, usize)> = None;
    while ti < len {
        if pi < p.len() && p[pi] == Pat::Star {
            star = Some((pi, ti));
            pi += 1;
        } else if pi < p.len() && one(&p[pi], at(ti)) {
            pi += 1;
            ti += 1;
        } else if let Some((sp, st)) = star {
            pi = sp + 1;
            ti = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    while pi < p.len() && p[pi] == Pat::Star {
        pi += 1;
    }
    pi == p.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The literal fast path and the general matcher agree.
    #[test]
    fn literal_pieces_match_like_the_general_matcher() {
        let pats = [
            "",
            "%",
            "%%",
            "a",
            "abc",
            "%abc",
            "abc%",
            "%abc%",
            "a%c",
            "a%b%c",
            "%a%b%",
            "ab%ab",
            "%aa",
            "aa%aa",
            "HARRY%",
            "%harry 1%",
        ];
        let texts = [
            "",
            "a",
            "abc",
            "ABC",
            "xabcx",
            "ac",
            "abbc",
            "aXbXc",
            "ab",
            "aab",
            "aaa",
            "aa",
            "abab",
            "ababab",
            "Harry 12",
            "harry",
            "x harry 1",
        ];
        for p in pats {
            let c = compile(p, None).unwrap_or_else(|e| panic!("{p}: {e}"));
            assert!(c.lits.is_some(), "{p}");
            let slow = Compiled {
                pats: c.pats.clone(),
                lits: None,
            };
            for t in texts {
                assert_eq!(c.matches(t), slow.matches(t), "{p:?} on {t:?}");
            }
        }
        assert!(compile("a_c", None).is_ok_and(|c| c.lits.is_none()));
    }

    #[test]
    fn non_ascii_text_lowercases_per_character() {
        let c = compile("%STRASSE%", None).unwrap_or_else(|e| panic!("{e}"));
        assert!(c.matches("Große STRASSE"));
        let c = compile("é%", None).unwrap_or_else(|e| panic!("{e}"));
        assert!(c.matches("École") && !c.matches("Ecole"));
    }
}

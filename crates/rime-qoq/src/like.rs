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
    Ok(Compiled { pats })
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
        let t: Vec<char> = text.chars().flat_map(char::to_lowercase).collect();
        let p = &self.pats;
        let (mut ti, mut pi) = (0usize, 0usize);
        let mut star: Option<(usize, usize)> = None;
        while ti < t.len() {
            if pi < p.len() && p[pi] == Pat::Star {
                star = Some((pi, ti));
                pi += 1;
            } else if pi < p.len() && one(&p[pi], t[ti]) {
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
}

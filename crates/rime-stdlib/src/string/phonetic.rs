//! `metaphone`: Lawrence Philips' original Metaphone (1990), with the rules and the four-letter
//! code length of Apache commons-codec's encoder, which Lucee uses.

use rime_runtime::{Args, CfResult, Ctx, Value};

/// The longest code produced.
const MAX_CODE: usize = 4;

pub(crate) fn metaphone(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(encode(&args.str(0)?)))
}

/// The word being encoded, upper-cased, with bounds-safe look-arounds.
struct Word(Vec<char>);

impl Word {
    fn at(&self, i: usize) -> Option<char> {
        self.0.get(i).copied()
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn is_last(&self, i: usize) -> bool {
        i + 1 == self.len()
    }
    fn prev_is(&self, i: usize, c: char) -> bool {
        i > 0 && i < self.len() && self.at(i - 1) == Some(c)
    }
    fn next_is(&self, i: usize, c: char) -> bool {
        i + 1 < self.len() && self.at(i + 1) == Some(c)
    }
    fn vowel_at(&self, i: usize) -> bool {
        self.at(i).is_some_and(|c| "AEIOU".contains(c))
    }
    /// E, I or Y (the vowels that soften C and G) at `i`.
    fn front_vowel_at(&self, i: usize) -> bool {
        self.at(i).is_some_and(|c| "EIY".contains(c))
    }
    /// The letters from `i` spell `s`.
    fn has(&self, i: usize, s: &str) -> bool {
        let n = s.chars().count();
        i + n <= self.len()
            && self
                .0
                .get(i..i + n)
                .is_some_and(|w| w.iter().copied().eq(s.chars()))
    }
}

fn encode(text: &str) -> String {
    // A single character is its own code.
    if text.chars().nth(1).is_none() {
        return text.to_uppercase();
    }
    let upper: Vec<char> = text.to_uppercase().chars().collect();
    if upper.len() < 2 {
        return upper.into_iter().collect();
    }
    // Silent or changed initial letters: KN, GN, PN, AE drop the first letter, WR drops the W,
    // WH becomes W, an initial X sounds as S.
    let (first, second) = (upper[0], upper[1]);
    let letters: Vec<char> = match (first, second) {
        ('K' | 'G' | 'P', 'N') | ('A', 'E') | ('W', 'R') => upper[1..].to_vec(),
        ('W', 'H') => std::iter::once('W')
            .chain(upper[2..].iter().copied())
            .collect(),
        ('X', _) => std::iter::once('S')
            .chain(upper[1..].iter().copied())
            .collect(),
        _ => upper,
    };
    let w = Word(letters);
    let mut code = String::new();
    let mut i = 0;
    while code.chars().count() < MAX_CODE && i < w.len() {
        let Some(c) = w.at(i) else { break };
        // A doubled letter sounds once, except C.
        if c != 'C' && w.prev_is(i, c) {
            i += 1;
            continue;
        }
        match c {
            // Vowels only count at the start; other letters not matched here are silent.
            'A' | 'E' | 'I' | 'O' | 'U' if i == 0 => code.push(c),
            // B is silent in a final MB.
            'B' if !(w.prev_is(i, 'M') && w.is_last(i)) => code.push('B'),
            'C' => {
                let soft = !w.is_last(i) && w.front_vowel_at(i + 1);
                if w.prev_is(i, 'S') && soft {
                    // SCE, SCI, SCY: the C is silent.
                } else if w.has(i, "CIA") {
                    code.push('X');
                } else if soft {
                    code.push('S');
                } else if w.prev_is(i, 'S') && w.next_is(i, 'H') {
                    code.push('K');
                } else if w.next_is(i, 'H') {
                    code.push(if i == 0 && w.len() >= 3 && w.vowel_at(2) {
                        'K'
                    } else {
                        'X'
                    });
                } else {
                    code.push('K');
                }
            }
            'D' => {
                // DGE, DGI, DGY sound as J and take the G and the vowel with them.
                if i + 2 < w.len() && w.next_is(i, 'G') && w.front_vowel_at(i + 2) {
                    code.push('J');
                    i += 2;
                } else {
                    code.push('T');
                }
            }
            'G' => {
                let gh = w.next_is(i, 'H');
                let silent = (gh && i + 2 == w.len())
                    || (gh && i + 2 != w.len() && !w.vowel_at(i + 2))
                    || (i > 0 && (w.has(i, "GN") || w.has(i, "GNED")));
                if !silent {
                    let soft = !w.is_last(i) && w.front_vowel_at(i + 1) && !w.prev_is(i, 'G');
                    code.push(if soft { 'J' } else { 'K' });
                }
            }
            'H' => {
                let after_modifier = i > 0 && w.at(i - 1).is_some_and(|p| "CSPTG".contains(p));
                if !w.is_last(i) && !after_modifier && w.vowel_at(i + 1) {
                    code.push('H');
                }
            }
            'F' | 'J' | 'L' | 'M' | 'N' | 'R' => code.push(c),
            'K' if i == 0 || !w.prev_is(i, 'C') => code.push('K'),
            'P' => code.push(if w.next_is(i, 'H') { 'F' } else { 'P' }),
            'Q' => code.push('K'),
            'S' => {
                code.push(if w.has(i, "SH") || w.has(i, "SIO") || w.has(i, "SIA") {
                    'X'
                } else {
                    'S'
                });
            }
            'T' => {
                if w.has(i, "TIA") || w.has(i, "TIO") {
                    code.push('X');
                } else if w.has(i, "TCH") {
                    // silent
                } else if w.has(i, "TH") {
                    code.push('0');
                } else {
                    code.push('T');
                }
            }
            'V' => code.push('F'),
            // W and Y only sound before a vowel.
            'W' | 'Y' if !w.is_last(i) && w.vowel_at(i + 1) => code.push(c),
            'X' => code.push_str("KS"),
            'Z' => code.push('S'),
            _ => {}
        }
        i += 1;
    }
    code.chars().take(MAX_CODE).collect()
}

#[cfg(test)]
mod tests {
    use super::encode;

    #[test]
    fn documented_examples() {
        assert_eq!(encode("Donaudampfschiffahrtsgesellschaftskapitän"), "TNTM");
        assert_eq!(encode("Truck"), "TRK");
        assert_eq!(encode("Trek"), "TRK");
        assert_eq!(encode("Star Trek"), "STRT");
    }

    #[test]
    fn rules() {
        assert_eq!(encode(""), "");
        assert_eq!(encode("a"), "A");
        assert_eq!(encode("Knight"), "NT");
        assert_eq!(encode("Wright"), "RT");
        assert_eq!(encode("White"), "WT");
        assert_eq!(encode("Xavier"), "SFR");
        assert_eq!(encode("Thomas"), "0MS");
        assert_eq!(encode("Phillips"), "FLPS");
        assert_eq!(encode("science"), "SNS");
        assert_eq!(encode("church"), "KRX");
        assert_eq!(encode("Schmidt"), "SKMT");
        assert_eq!(encode("edge"), "EJ");
        assert_eq!(encode("lamb"), "LM");
        assert_eq!(encode("nation"), "NXN");
        assert_eq!(encode("Box"), "BKS");
        assert_eq!(encode("Aebersold"), "EBRS");
    }
}

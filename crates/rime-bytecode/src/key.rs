//! Case-insensitive struct keys whose hash is computed once.
//!
//! CFML names are case-insensitive but keep the case they were created with. A `Key` stores the
//! original text and a hash of its case-folded form; maps use a pass-through hasher so the hash is
//! never recomputed, and `KeyRef` looks up by `&str` without allocating.

use arcstr::ArcStr;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// The process's hash seed: struct keys come from clients (form fields, JSON objects, query
/// strings), so their hashes must not be predictable across processes, or a request could
/// send thousands of keys that all land in one bucket (hash flooding). Random per process;
/// hashes are never stored outside it.
fn seed() -> (u64, u64) {
    static SEED: std::sync::OnceLock<(u64, u64)> = std::sync::OnceLock::new();
    *SEED.get_or_init(|| {
        use std::hash::BuildHasher;
        let r = std::collections::hash_map::RandomState::new();
        (r.hash_one(1u64), r.hash_one(2u64) | 1)
    })
}

/// Hash of the case-folded text: FNV-1a over the lowercased characters from a seeded offset
/// basis, then a seeded multiply-xorshift finish, so that which keys collide in a table's
/// buckets differs from process to process.
pub fn fold_hash(s: &str) -> u64 {
    let (basis, mult) = seed();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ basis;
    let mut feed = |b: u8| {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    };
    if s.is_ascii() {
        for b in s.bytes() {
            feed(b.to_ascii_lowercase());
        }
    } else {
        let mut buf = [0u8; 4];
        for c in s.chars().flat_map(char::to_lowercase) {
            for b in c.encode_utf8(&mut buf).bytes() {
                feed(b);
            }
        }
    }
    // A seeded finish that mixes every bit into the high and low ones (hashbrown takes the
    // bucket from the low bits and its control bytes from the top 7).
    let h = (h ^ (h >> 29)).wrapping_mul(mult);
    h ^ (h >> 32)
}

/// Case-insensitive equality of two names.
pub fn eq_fold(a: &str, b: &str) -> bool {
    // Names are mostly spelled the same way each time, often the same shared text (a map's key
    // and the compiled name it was stored under): compare the bytes before folding.
    if a.len() == b.len()
        && (std::ptr::eq(a.as_ptr(), b.as_ptr())
            || a.as_bytes() == b.as_bytes()
            || a.eq_ignore_ascii_case(b))
    {
        return true;
    }
    if a.is_ascii() && b.is_ascii() {
        return false;
    }
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}

#[derive(Clone, Debug)]
pub struct Key {
    name: ArcStr,
    hash: u64,
}

impl Key {
    pub fn new(name: impl Into<ArcStr>) -> Key {
        let name = name.into();
        let hash = fold_hash(&name);
        Key { name, hash }
    }

    pub fn as_str(&self) -> &str {
        &self.name
    }

    pub fn arc(&self) -> &ArcStr {
        &self.name
    }

    pub fn hash_value(&self) -> u64 {
        self.hash
    }

    pub fn as_ref(&self) -> KeyRef<'_> {
        KeyRef {
            name: &self.name,
            hash: self.hash,
        }
    }
}

impl From<&str> for Key {
    fn from(s: &str) -> Key {
        Key::new(s)
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        self.hash == other.hash && eq_fold(&self.name, &other.name)
    }
}
impl Eq for Key {}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// A borrowed key for lookups without allocation.
#[derive(Clone, Copy, Debug)]
pub struct KeyRef<'a> {
    pub name: &'a str,
    pub hash: u64,
}

impl<'a> KeyRef<'a> {
    pub fn new(name: &'a str) -> KeyRef<'a> {
        KeyRef {
            name,
            hash: fold_hash(name),
        }
    }
}

impl Hash for KeyRef<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl indexmap::Equivalent<Key> for KeyRef<'_> {
    fn equivalent(&self, key: &Key) -> bool {
        self.hash == key.hash && eq_fold(self.name, &key.name)
    }
}

/// A hasher that passes a precomputed `u64` through.
#[derive(Default)]
pub struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8) ^ (*b as u64) ^ (self.0 >> 56);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub type KeyHasher = BuildHasherDefault<PassThrough>;

//! CFML built-in and member functions. One file per area, each exporting a static table of
//! definitions; `registry()` gathers them once per process into name and member indexes.
//! Nothing here depends on the VM: builtins reach the running request through `Ctx`.

pub mod array;
pub mod cache;
pub mod collection;
pub mod component;
pub mod conversion;
pub mod date;
pub mod decision;
mod dump;
pub mod execute;
pub mod file;
pub mod future;
pub mod http;
pub mod image;
pub mod international;
pub mod json;
pub mod list;
pub mod mail;
pub mod math;
pub mod orm;
pub mod other;
mod pages;
mod precise;
pub mod query;
pub mod regex;
pub mod security;
pub mod string;
pub mod structs;
mod sysinfo;
pub mod system;
pub mod xml;

use rime_runtime::key::KeyHasher;
use rime_runtime::{BuiltinDef, Key, MemberType};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Every area's table, in one place, with the area it is listed under in `docs/functions.md`.
pub static AREAS: &[(&str, &[BuiltinDef])] = &[
    ("string", string::FUNCTIONS),
    ("list", list::FUNCTIONS),
    ("array", array::FUNCTIONS),
    ("struct", structs::FUNCTIONS),
    ("math", math::FUNCTIONS),
    ("decision", decision::FUNCTIONS),
    ("conversion", conversion::FUNCTIONS),
    ("date", date::FUNCTIONS),
    ("json", json::FUNCTIONS),
    ("regex", regex::FUNCTIONS),
    ("query", query::FUNCTIONS),
    ("system", system::FUNCTIONS),
    ("component", component::FUNCTIONS),
    ("file", file::FUNCTIONS),
    ("security", security::FUNCTIONS),
    ("cache", cache::FUNCTIONS),
    ("collection", collection::FUNCTIONS),
    ("international", international::FUNCTIONS),
    ("other", other::FUNCTIONS),
    ("xml", xml::FUNCTIONS),
    ("other", future::FUNCTIONS),
    ("system", sysinfo::FUNCTIONS),
    ("system", pages::FUNCTIONS),
    ("image", image::FUNCTIONS),
    ("orm", orm::FUNCTIONS),
];

/// Every area's table.
pub fn tables() -> impl Iterator<Item = &'static [BuiltinDef]> {
    AREAS.iter().map(|(_, t)| *t)
}

/// All builtins, indexed by lowercased name and by (receiver type, member name).
pub struct Registry {
    defs: Vec<&'static BuiltinDef>,
    by_name: HashMap<String, u32>,
    /// The same index by case-insensitive key, so calls look up without allocating.
    by_key: HashMap<Key, u32, KeyHasher>,
    members: HashMap<(MemberType, String), u32>,
}

impl Registry {
    fn build() -> Registry {
        let mut r = Registry {
            defs: Vec::new(),
            by_name: HashMap::new(),
            by_key: HashMap::default(),
            members: HashMap::new(),
        };
        for table in tables() {
            for def in table {
                let id = r.defs.len() as u32;
                r.defs.push(def);
                r.by_name.insert(def.name.to_ascii_lowercase(), id);
                r.by_key.insert(Key::new(def.name), id);
                for (ty, m) in def.members {
                    r.members.insert((*ty, m.to_ascii_lowercase()), id);
                }
            }
        }
        r
    }

    pub fn lookup(&self, name: &str) -> Option<u32> {
        if name.bytes().any(|b| b.is_ascii_uppercase()) {
            self.by_name.get(&name.to_ascii_lowercase()).copied()
        } else {
            self.by_name.get(name).copied()
        }
    }

    /// Look up by an interned key (case-insensitive, hash precomputed).
    pub fn lookup_key(&self, key: &Key) -> Option<&'static BuiltinDef> {
        self.by_key.get(key).and_then(|id| self.get(*id))
    }

    pub fn get(&self, id: u32) -> Option<&'static BuiltinDef> {
        self.defs.get(id as usize).copied()
    }

    /// The member function `name` for a receiver of type `ty` (falling back to `Any`; XML
    /// nodes, which are structs in Lucee, also take the struct members).
    pub fn member(&self, ty: MemberType, name: &str) -> Option<&'static BuiltinDef> {
        let lname = name.to_ascii_lowercase();
        self.members
            .get(&(ty, lname.clone()))
            .or_else(|| {
                (ty == MemberType::Xml)
                    .then(|| self.members.get(&(MemberType::Struct, lname.clone())))
                    .flatten()
            })
            .or_else(|| self.members.get(&(MemberType::Any, lname)))
            .and_then(|id| self.get(*id))
    }

    pub fn len(&self) -> usize {
        self.defs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &'static BuiltinDef> + '_ {
        self.defs.iter().copied()
    }
}

/// The process-wide registry, built on first use.
pub fn registry() -> &'static Registry {
    static R: OnceLock<Registry> = OnceLock::new();
    R.get_or_init(Registry::build)
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for t in super::tables() {
            for d in t {
                assert!(
                    seen.insert(d.name.to_ascii_lowercase()),
                    "duplicate {}",
                    d.name
                );
            }
        }
    }

    /// A named argument must lead to one parameter: no alias repeats a parameter name or another
    /// alias of the same function.
    #[test]
    fn parameter_names_and_aliases_are_unique() {
        for t in super::tables() {
            for d in t {
                let mut seen = std::collections::HashSet::new();
                for p in d.params {
                    for n in std::iter::once(&p.name).chain(p.aliases.iter()) {
                        assert!(
                            seen.insert(n.to_ascii_lowercase()),
                            "{}: the argument name [{n}] is used twice",
                            d.name
                        );
                    }
                }
            }
        }
    }
}

//! Unit tests of the file functions against a scratch directory.

use crate::array::test_support::*;
use rime_runtime::Value;

/// A scratch directory, removed when the test ends (also when it fails).
struct Scratch(std::path::PathBuf);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch(name: &str) -> Scratch {
    let d = std::env::temp_dir().join(format!("rime-file-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    let _ = std::fs::create_dir_all(&d);
    Scratch(d)
}

fn p(d: &std::path::Path, f: &str) -> Value {
    st(&d.join(f).to_string_lossy())
}

#[test]
fn read_write_append() {
    let d = scratch("rw");
    assert_eq!(s("fileWrite", vec![p(&d, "a.txt"), st("héllo")]), "");
    assert_eq!(s("fileRead", vec![p(&d, "a.txt")]), "héllo");
    assert_eq!(s("fileAppend", vec![p(&d, "a.txt"), st("!")]), "");
    assert_eq!(s("fileRead", vec![p(&d, "a.txt")]), "héllo!");
    assert_eq!(s("fileRead", vec![p(&d, "a.txt"), n(1.0)]), "h");
    assert_eq!(
        s("fileRead", vec![p(&d, "a.txt"), st("iso-8859-1")]),
        "hÃ©llo!"
    );
    assert_eq!(s("fileExists", vec![p(&d, "a.txt")]), "true");
    assert_eq!(s("fileExists", vec![p(&d, "b.txt")]), "false");
    assert_eq!(s("fileRead", vec![p(&d, "missing.txt")]), "ERR");
    assert_eq!(s("fileWrite", vec![p(&d, "no/dir/x.txt"), st("x")]), "ERR");
    let bin = call("fileReadBinary", vec![p(&d, "a.txt")]).unwrap_or_default();
    assert!(matches!(&bin, Value::Binary(b) if b.len() == 7));
    assert_eq!(s("fileCopy", vec![p(&d, "a.txt"), st("b.txt")]), "");
    assert_eq!(s("fileRead", vec![p(&d, "b.txt")]), "héllo!");
    assert_eq!(s("fileMove", vec![p(&d, "b.txt"), p(&d, "c.txt")]), "");
    assert_eq!(s("fileExists", vec![p(&d, "b.txt")]), "false");
    assert_eq!(s("fileDelete", vec![p(&d, "c.txt")]), "");
    assert_eq!(s("fileDelete", vec![p(&d, "c.txt")]), "ERR");
}

#[test]
fn handles() {
    let d = scratch("handles");
    let w = call("fileOpen", vec![p(&d, "l.txt"), st("write")]).unwrap_or_default();
    assert_eq!(s("fileWriteLine", vec![w.clone(), st("one")]), "");
    assert_eq!(s("fileWrite", vec![w.clone(), st("two\r\nthree")]), "");
    assert_eq!(s("fileClose", vec![w.clone()]), "");
    assert_eq!(s("fileWriteLine", vec![w.clone(), st("x")]), "ERR");
    let r = call("fileOpen", vec![p(&d, "l.txt")]).unwrap_or_default();
    let id = super::handle::handle_id(&r).unwrap_or(0);
    assert!(super::handle::is_open(id));
    assert_eq!(s("fileIsEOF", vec![r.clone()]), "false");
    assert_eq!(s("fileReadLine", vec![r.clone()]), "one");
    assert_eq!(s("fileReadLine", vec![r.clone()]), "two");
    assert_eq!(s("fileReadLine", vec![r.clone()]), "three");
    assert_eq!(s("fileIsEOF", vec![r.clone()]), "true");
    assert_eq!(s("fileReadLine", vec![r.clone()]), "ERR");
    assert_eq!(s("fileClose", vec![r.clone()]), "");
    assert!(!super::handle::is_open(id));
    assert_eq!(s("fileReadLine", vec![st("not a handle")]), "ERR");
    let sk = call(
        "fileOpen",
        vec![p(&d, "l.txt"), st("read"), st("utf-8"), Value::Bool(true)],
    )
    .unwrap_or_default();
    assert_eq!(s("fileSeek", vec![sk.clone(), n(4.0)]), "");
    assert_eq!(s("fileRead", vec![sk.clone(), n(3.0)]), "two");
    assert_eq!(s("fileClose", vec![sk]), "");
}

#[test]
fn directories() {
    let d = scratch("dirs");
    assert_eq!(s("directoryCreate", vec![p(&d, "x/y")]), "");
    assert_eq!(s("directoryExists", vec![p(&d, "x/y")]), "true");
    assert_eq!(s("directoryCreate", vec![p(&d, "x/y")]), "ERR");
    assert_eq!(
        s(
            "directoryCreate",
            vec![p(&d, "x/y"), Value::Bool(true), Value::Bool(true)]
        ),
        ""
    );
    assert_eq!(s("fileWrite", vec![p(&d, "x/a.txt"), st("1")]), "");
    assert_eq!(s("fileWrite", vec![p(&d, "x/y/b.cfm"), st("22")]), "");
    let names = call(
        "directoryList",
        vec![p(&d, "x"), Value::Bool(true), st("name")],
    )
    .unwrap_or_default();
    let list: Vec<String> = names
        .as_array()
        .map(|a| {
            a.to_vec()
                .iter()
                .map(|v| v.to_str().unwrap_or_default().into_owned())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(list, vec!["a.txt", "y", "b.cfm"]);
    let filtered = call(
        "directoryList",
        vec![p(&d, "x"), Value::Bool(true), st("name"), st("*.txt|*.cfm")],
    )
    .unwrap_or_default();
    assert_eq!(filtered.as_array().map(|a| a.len()), Some(2));
    let q = call(
        "directoryList",
        vec![
            p(&d, "x"),
            Value::Bool(false),
            st("query"),
            st(""),
            st("name desc"),
        ],
    )
    .unwrap_or_default();
    assert!(matches!(&q, Value::Query(q) if q.read().rows == 2));
    assert_eq!(s("directoryDelete", vec![p(&d, "x")]), "ERR");
    assert_eq!(s("directoryRename", vec![p(&d, "x"), st("z")]), "");
    assert_eq!(s("directoryExists", vec![p(&d, "z/y")]), "true");
    assert_eq!(
        s(
            "directoryCopy",
            vec![p(&d, "z"), p(&d, "w"), Value::Bool(true)]
        ),
        ""
    );
    assert_eq!(s("fileRead", vec![p(&d, "w/y/b.cfm")]), "22");
    assert_eq!(
        s("directoryDelete", vec![p(&d, "z"), Value::Bool(true)]),
        ""
    );
    assert_eq!(s("directoryExists", vec![p(&d, "z")]), "false");
    let missing = call("directoryList", vec![p(&d, "nope")]).unwrap_or_default();
    assert_eq!(missing.as_array().map(|a| a.len()), Some(0));
}

#[test]
fn info_and_ini() {
    let d = scratch("info");
    assert_eq!(s("fileWrite", vec![p(&d, "f.txt"), st("abc")]), "");
    let info = call("getFileInfo", vec![p(&d, "f.txt")]).unwrap_or_default();
    let get = |k: &str| {
        info.as_struct()
            .and_then(|s| s.get(k))
            .map(|v| v.to_str().unwrap_or_default().into_owned())
            .unwrap_or_default()
    };
    assert_eq!(get("size"), "3");
    assert_eq!(get("type"), "file");
    assert_eq!(get("name"), "f.txt");
    assert_eq!(s("getFileInfo", vec![p(&d, "none")]), "ERR");
    assert_eq!(s("fileGetMimeType", vec![p(&d, "f.txt")]), "text/plain");
    let ini = p(&d, "s.ini");
    assert_eq!(
        s(
            "setProfileString",
            vec![ini.clone(), st("db"), st("host"), st("localhost")]
        ),
        ""
    );
    assert_eq!(
        s(
            "setProfileString",
            vec![ini.clone(), st("db"), st("port"), st("5432")]
        ),
        ""
    );
    assert_eq!(
        s(
            "setProfileString",
            vec![ini.clone(), st("DB"), st("HOST"), st("remote")]
        ),
        ""
    );
    assert_eq!(
        s("getProfileString", vec![ini.clone(), st("db"), st("host")]),
        "remote"
    );
    assert_eq!(
        s("getProfileString", vec![ini.clone(), st("db"), st("nope")]),
        ""
    );
    let secs = call("getProfileSections", vec![ini]).unwrap_or_default();
    assert_eq!(
        secs.as_struct()
            .and_then(|s| s.get("db"))
            .map(|v| v.to_str().unwrap_or_default().into_owned()),
        Some("host,port".to_string())
    );
}

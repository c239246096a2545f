//! INI profile files: `getProfileString`, `setProfileString`, `getProfileSections`.
//!
//! `[section]` headers and `entry=value` lines; section and entry names match without regard
//! to case (as Windows profile files); lines starting with `;` or `#` are comments. Writing keeps
//! the rest of the file as it was.

use super::show;
use rime_runtime::{Args, CfResult, Ctx, Struct, Value};
use std::path::Path;

use super::{app_err, io_err, path_of};

/// The parsed sections, in file order: (name, entries as (name, value)).
type Sections = Vec<(String, Vec<(String, String)>)>;

fn parse(text: &str) -> Sections {
    let mut out: Sections = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() || t.starts_with(';') || t.starts_with('#') {
            continue;
        }
        if let Some(name) = t.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
            out.push((name.trim().to_string(), Vec::new()));
        } else if let Some((k, v)) = t.split_once('=') {
            if let Some((_, entries)) = out.last_mut() {
                entries.push((k.trim().to_string(), v.trim().to_string()));
            }
        }
    }
    out
}

fn read(p: &Path) -> CfResult<String> {
    if !p.is_file() {
        return Err(app_err(format!("ini file [{}] does not exist", show(p))));
    }
    std::fs::read(p)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .map_err(|e| io_err("Can't read ini file", p, &e))
}

pub(crate) fn get_profile_string(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let p = path_of(ctx, a.val(0)?)?;
    let section = a.str(1)?;
    let entry = a.str(2)?;
    let sections = parse(&read(&p)?);
    let v = sections
        .iter()
        .filter(|(s, _)| s.eq_ignore_ascii_case(section.trim()))
        .flat_map(|(_, e)| e.iter())
        .find(|(k, _)| k.eq_ignore_ascii_case(entry.trim()))
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    Ok(Value::from(v))
}

/// `getProfileSections(iniPath)`: each section name with its entry names as a list.
pub(crate) fn get_profile_sections(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let p = path_of(ctx, a.val(0)?)?;
    let out = Struct::with_flags(true);
    for (name, entries) in parse(&read(&p)?) {
        let list = entries
            .iter()
            .map(|(k, _)| k.as_str())
            .collect::<Vec<_>>()
            .join(",");
        out.set_str(&name, Value::from(list));
    }
    Ok(Value::Struct(out))
}

/// `setProfileString(iniPath, section, entry, value)`: updates the entry in place, adds it to
/// the section, or adds the section; creates the file when missing. Returns an empty string.
pub(crate) fn set_profile_string(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let p = path_of(ctx, a.val(0)?)?;
    let section = a.str(1)?.trim().to_string();
    let entry = a.str(2)?.trim().to_string();
    let value = a.str(3)?.into_owned();
    let text = if p.exists() { read(&p)? } else { String::new() };
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut in_section = false;
    let mut section_end: Option<usize> = None;
    let mut done = false;
    for i in 0..lines.len() {
        let t = lines
            .get(i)
            .map(|l| l.trim().to_string())
            .unwrap_or_default();
        if let Some(name) = t.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
            if in_section {
                break;
            }
            in_section = name.trim().eq_ignore_ascii_case(&section);
            if in_section {
                section_end = Some(i + 1);
            }
            continue;
        }
        if !in_section {
            continue;
        }
        if !t.is_empty() && !t.starts_with(';') && !t.starts_with('#') {
            section_end = Some(i + 1);
        }
        if let Some((k, _)) = t.split_once('=') {
            if k.trim().eq_ignore_ascii_case(&entry) {
                // Keep the entry's name as the file spells it.
                if let Some(l) = lines.get_mut(i) {
                    *l = format!("{}={value}", k.trim());
                }
                done = true;
                break;
            }
        }
    }
    if !done {
        match section_end {
            Some(at) => lines.insert(at.min(lines.len()), format!("{entry}={value}")),
            None => {
                lines.push(format!("[{section}]"));
                lines.push(format!("{entry}={value}"));
            }
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    std::fs::write(&p, out).map_err(|e| io_err("Can't write ini file", &p, &e))?;
    Ok(Value::from(""))
}

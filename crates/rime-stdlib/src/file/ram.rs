//! `ram://`: Lucee's in-memory file system, shared by every request of the process and gone
//! when it ends. It is a folder of the process's own on a memory file system (`/dev/shm`, a
//! tmpfs, where there is one; the temporary directory otherwise), so every file function and tag
//! works on `ram://` paths through `resolve`, and paths the functions return (`directoryList`,
//! `getFileInfo`, `cfdirectory`) read `ram://...` again through `show`.

use std::path::{Component, Path, PathBuf};
use std::sync::OnceLock;

const SCHEME: &str = "ram://";

/// The folder behind `ram://`, created (owner-only) on first use; the folders of processes that
/// are gone are removed then.
pub(crate) fn root() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let base = Path::new("/dev/shm");
        let base = if base.is_dir() {
            base.to_path_buf()
        } else {
            std::env::temp_dir()
        };
        remove_stale(&base);
        let dir = base.join(format!("rime-ram-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
        }
        dir
    })
}

/// Remove the `ram://` folders of processes that no longer run (a server killed with `-9`).
fn remove_stale(base: &Path) {
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix("rime-ram-"))
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// The file behind a `ram://` path (None for any other path). `..` never leads out of it.
pub(crate) fn path(s: &str) -> Option<PathBuf> {
    let rest = s
        .get(..SCHEME.len())
        .filter(|p| p.eq_ignore_ascii_case(SCHEME))
        .and_then(|_| s.get(SCHEME.len()..))?;
    let mut out = root().to_path_buf();
    for c in Path::new(rest.trim_start_matches(['/', '\\'])).components() {
        match c {
            Component::Normal(n) => out.push(n),
            Component::ParentDir if out != root() => {
                out.pop();
            }
            _ => {}
        }
    }
    Some(out)
}

/// A path as templates see it: `ram://x/y` for a file behind `ram://`.
pub(crate) fn display(p: &Path) -> Option<String> {
    let rest = p.strip_prefix(root()).ok()?;
    Some(format!("{SCHEME}{}", rest.to_string_lossy()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ram_paths_stay_inside_their_folder() {
        let r = root();
        assert_eq!(path("ram://a/b.txt"), Some(r.join("a/b.txt")));
        assert_eq!(path("RAM:///a"), Some(r.join("a")));
        assert_eq!(path("ram://../../etc/passwd"), Some(r.join("etc/passwd")));
        assert_eq!(path("ram://"), Some(r.to_path_buf()));
        assert_eq!(path("/tmp/x"), None);
        assert_eq!(
            display(&r.join("a/b.txt")).as_deref(),
            Some("ram://a/b.txt")
        );
        assert_eq!(display(Path::new("/tmp/x")), None);
    }
}

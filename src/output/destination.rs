//! Where an output goes ([`Destination`]), decided once when its flag is checked, and how it is
//! written: never clobbering what it should not.
//!
//! - `-` is standard output.
//! - A regular file (or a new one) is replaced whole: written to a temporary file beside it,
//!   flushed and renamed over it, so an interrupted run never leaves half a file.
//! - A symbolic link is followed: the file it points to is the one replaced, and the link stays.
//! - An existing device, FIFO or socket is written in place and never replaced, so
//!   `--out /dev/stdout` or `--out >(gzip > x.gz)` work.
//! - A directory, or a file whose folder is missing or takes no new file, is an input error
//!   (exit 2) naming the flag, and nothing is left behind.

use crate::error::input;
use anyhow::{Context, Result};
use std::fmt;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Most symbolic links followed to reach a file.
const MAX_LINKS: usize = 40;

/// Where an output goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// `-`: standard output.
    Stdout,
    /// A regular file, existing or new (a symbolic link's target): replaced whole.
    File(PathBuf),
    /// An existing device, FIFO or socket: written in place.
    Special(PathBuf),
}

impl Destination {
    /// The destination of the path given to `flag` (see the module comment); errors are input
    /// errors naming the flag and the path.
    pub fn check(path: &Path, flag: &str) -> Result<Destination> {
        let shown = path.display();
        if path.as_os_str().is_empty() {
            return Err(input(format!("{flag}: empty path")));
        }
        if path.as_os_str() == "-" {
            return Ok(Destination::Stdout);
        }
        if ends_with_separator(path) {
            return Err(input(if path.is_dir() {
                format!("{flag} {shown}: is a directory")
            } else {
                format!("{flag} {shown}: a path ending in a slash names a folder, not a file")
            }));
        }
        let target = follow_links(path).map_err(|e| input(format!("{flag} {shown}: {e}")))?;
        match fs::metadata(&target) {
            Ok(m) if m.is_dir() => Err(input(format!("{flag} {shown}: is a directory"))),
            Ok(m) if m.is_file() => {
                check_folder(&target, flag, path).map(|_| Destination::File(target))
            }
            Ok(_) => Ok(Destination::Special(target)),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
                ) =>
            {
                check_folder(&target, flag, path).map(|_| Destination::File(target))
            }
            Err(e) => Err(input(format!("{flag} {shown}: {e}"))),
        }
    }

    /// The file written, unless it is standard output.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Destination::Stdout => None,
            Destination::File(p) | Destination::Special(p) => Some(p),
        }
    }

    /// Whether this and `other` write the same thing: both standard output, or the same file
    /// once links are followed and `.`, `..` and links in its folders resolved, existing or not.
    pub fn same_as(&self, other: &Destination) -> bool {
        match (self.path(), other.path()) {
            (None, None) => true,
            (Some(a), Some(b)) => canonical(a) == canonical(b),
            _ => false,
        }
    }

    /// Whether this is standard output.
    pub fn is_stdout(&self) -> bool {
        *self == Destination::Stdout
    }

    /// Writes `bytes` here: to standard output, in place, or atomically (see the module
    /// comment).
    pub fn write(&self, bytes: &[u8]) -> Result<()> {
        match self {
            Destination::Stdout => {
                let mut out = std::io::stdout().lock();
                out.write_all(bytes)
                    .and_then(|_| out.flush())
                    .context("writing standard output")
            }
            Destination::Special(p) => fs::OpenOptions::new()
                .write(true)
                .open(p)
                .and_then(|mut f| f.write_all(bytes).and_then(|_| f.flush()))
                .with_context(|| format!("cannot write {}", p.display())),
            Destination::File(p) => write_atomic(p, bytes),
        }
    }
}

impl fmt::Display for Destination {
    /// `standard output`, or the path.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Destination::Stdout => f.write_str("standard output"),
            Destination::File(p) | Destination::Special(p) => write!(f, "{}", p.display()),
        }
    }
}

/// Whether the path as typed ends in a folder separator (`out/`): it names a folder.
fn ends_with_separator(path: &Path) -> bool {
    path.to_string_lossy()
        .chars()
        .last()
        .is_some_and(std::path::is_separator)
}

/// The absolute path of `path` with every link and `.`/`..` resolved: the file itself when it
/// exists, else its folder's canonical path joined with its name (a file still to be written).
fn canonical(path: &Path) -> PathBuf {
    if let Ok(p) = fs::canonicalize(path) {
        return p;
    }
    let folder = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match (fs::canonicalize(folder), path.file_name()) {
        (Ok(d), Some(name)) => d.join(name),
        _ => path.to_path_buf(),
    }
}

/// The path `path` leads to through any symbolic links (itself when it is none, or does not
/// exist yet).
fn follow_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                let next = fs::read_link(&at)?;
                at = match at.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                };
            }
            _ => return Ok(at),
        }
    }
    Err(std::io::Error::other("too many symbolic links"))
}

/// Checks that the folder of `target` exists and takes a new file, by creating and removing the
/// temporary file a write would use. `given` is the path as the flag named it.
fn check_folder(target: &Path, flag: &str, given: &Path) -> Result<()> {
    let shown = given.display();
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.exists() {
            return Err(input(format!(
                "{flag} {shown}: folder {} does not exist",
                dir.display()
            )));
        }
        if !dir.is_dir() {
            return Err(input(format!(
                "{flag} {shown}: {} is not a folder",
                dir.display()
            )));
        }
    }
    let tmp = temp_path(target);
    fs::File::create(&tmp).map_err(|e| input(format!("{flag} {shown}: cannot write here: {e}")))?;
    let _ = fs::remove_file(&tmp);
    Ok(())
}

/// The temporary name beside `path` used while writing it.
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Writes `bytes` to the regular file `path` atomically (temp file, flush, rename).
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let tmp = temp_path(path);
    let result = (|| -> Result<()> {
        let mut f =
            fs::File::create(&tmp).with_context(|| format!("cannot create {}", tmp.display()))?;
        f.write_all(bytes)
            .with_context(|| format!("cannot write {}", tmp.display()))?;
        f.sync_all()
            .with_context(|| format!("cannot flush {}", tmp.display()))?;
        fs::rename(&tmp, path)
            .with_context(|| format!("cannot rename {} to {}", tmp.display(), path.display()))
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_whole_and_leaves_no_temp() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.csv");
        let d = Destination::check(&p, "--out").unwrap();
        d.write(b"a,b\n1,2\n").unwrap();
        d.write(b"a,b\n3,4\n").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "a,b\n3,4\n");
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }

    #[test]
    fn a_directory_or_a_missing_folder_is_refused_and_nothing_is_made() {
        let dir = tempfile::tempdir().unwrap();
        let e = Destination::check(dir.path(), "--out").unwrap_err();
        assert!(e.to_string().contains("is a directory"), "{e}");
        assert_eq!(crate::error::exit_code(&e), 2);
        let missing = dir.path().join("no/such/out.csv");
        let e = Destination::check(&missing, "--svg").unwrap_err();
        assert!(e.to_string().starts_with("--svg "), "{e}");
        assert!(e.to_string().contains("does not exist"), "{e}");
        assert!(!dir.path().join("no").exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.csv");
        fs::write(&target, "old").unwrap();
        let link = dir.path().join("link.csv");
        std::os::unix::fs::symlink("target.csv", &link).unwrap();
        let d = Destination::check(&link, "--out").unwrap();
        assert_eq!(d, Destination::File(target.clone()));
        d.write(b"new").unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
    }

    #[test]
    fn a_trailing_slash_on_a_file_is_refused_before_anything_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("afile");
        fs::write(&file, "keep").unwrap();
        let slashed = PathBuf::from(format!("{}/", file.display()));
        let e = Destination::check(&slashed, "--svg").unwrap_err();
        assert!(e.to_string().starts_with("--svg "), "{e}");
        assert!(e.to_string().contains("names a folder"), "{e}");
        assert_eq!(crate::error::exit_code(&e), 2);
        let new = PathBuf::from(format!("{}/", dir.path().join("new").display()));
        assert!(Destination::check(&new, "--out").is_err());
        assert_eq!(fs::read_to_string(&file).unwrap(), "keep");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn the_same_file_is_the_same_however_it_is_named() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("sub")).unwrap();
        let plain = dir.path().join("same.csv");
        let dotted = dir.path().join("sub/../././same.csv");
        let link = dir.path().join("link.csv");
        std::os::unix::fs::symlink("same.csv", &link).unwrap();
        let check = |p: &Path| Destination::check(p, "--out").unwrap();
        // The file does not exist yet, then does: the same either way.
        for _ in 0..2 {
            assert!(check(&plain).same_as(&check(&dotted)));
            assert!(check(&plain).same_as(&check(&link)));
            assert!(!check(&plain).same_as(&check(&dir.path().join("other.csv"))));
            assert!(!check(&plain).same_as(&Destination::Stdout));
            fs::write(&plain, "x").unwrap();
        }
        assert!(Destination::Stdout.same_as(&Destination::Stdout));
    }

    #[test]
    fn a_dash_is_standard_output() {
        assert_eq!(
            Destination::check(Path::new("-"), "--out").unwrap(),
            Destination::Stdout
        );
    }
}

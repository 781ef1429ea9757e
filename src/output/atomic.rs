//! Output files are only ever replaced whole: written to a temporary file in the same folder,
//! then renamed over the target, so an interrupted run never leaves a half-written file.

use crate::error::input;
use anyhow::{Context, Result};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The temporary name beside `path` used while writing it.
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Checks before a long run that `path` can be written: not a folder, its folder exists (or is
/// created) and takes a new file. `flag` names the option in the error.
pub fn check_writable(path: &Path, flag: &str) -> Result<()> {
    let shown = path.display();
    if path.as_os_str().is_empty() {
        return Err(input(format!("{flag}: empty path")));
    }
    if path.is_dir() {
        return Err(input(format!("{flag} {shown}: is a directory")));
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(|e| {
            input(format!(
                "{flag} {shown}: cannot create folder {}: {e}",
                dir.display()
            ))
        })?;
    }
    let tmp = temp_path(path);
    fs::File::create(&tmp).map_err(|e| input(format!("{flag} {shown}: cannot write here: {e}")))?;
    let _ = fs::remove_file(&tmp);
    Ok(())
}

/// Writes `bytes` to `path` atomically (temp file, flush, rename).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
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

/// Writes a command's output: atomically to `path` when one is given, else to stdout (a closed
/// pipe, as with `| head`, is the reader's choice and no error).
pub fn write_out(path: Option<&Path>, bytes: &[u8]) -> Result<()> {
    match path {
        Some(p) => write_atomic(p, bytes),
        None => {
            let mut out = std::io::stdout().lock();
            match out.write_all(bytes).and_then(|_| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
                _ => Ok(()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_whole_and_leaves_no_temp() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("sub/out.csv");
        check_writable(&p, "--out").unwrap();
        write_atomic(&p, b"a,b\n1,2\n").unwrap();
        write_atomic(&p, b"a,b\n3,4\n").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "a,b\n3,4\n");
        let names: Vec<_> = fs::read_dir(dir.path().join("sub"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }

    #[test]
    fn a_directory_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let e = check_writable(dir.path(), "--out").unwrap_err();
        assert!(e.to_string().contains("is a directory"), "{e}");
        assert_eq!(crate::error::exit_code(&e), 2);
    }
}

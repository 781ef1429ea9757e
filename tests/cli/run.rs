//! Helpers of the command-line tests: running `pressluck` for its stdout, and reading a CSV
//! by its header.
#![allow(dead_code)]

/// Runs `pressluck` with `args`; panics with its stderr unless it succeeds. Returns stdout.
pub fn stdout_of<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Vec<u8> {
    stdout_in(std::path::Path::new(crate::ROOT), args)
}

/// [`stdout_of`], run in the folder `dir`; the panic names the arguments too.
pub fn stdout_in<S: AsRef<std::ffi::OsStr>>(dir: &std::path::Path, args: &[S]) -> Vec<u8> {
    let out = crate::pressluck_cmd()
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{:?}: {}",
        args.iter().map(AsRef::as_ref).collect::<Vec<_>>(),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// [`stdout_of`], parsed as one JSON value.
pub fn json_of<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> serde_json::Value {
    serde_json::from_slice(&stdout_of(args)).unwrap()
}

/// A CSV table read by its header, so tests name the columns they check.
pub struct Table {
    /// The header's column names.
    pub header: Vec<String>,
    /// The rows, each a field per column.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// Parses CSV text with a header row.
    pub fn parse(text: &str) -> Table {
        let mut r = csv::Reader::from_reader(text.as_bytes());
        let header = r.headers().unwrap().iter().map(String::from).collect();
        let rows = r
            .records()
            .map(|rec| rec.unwrap().iter().map(String::from).collect())
            .collect();
        Table { header, rows }
    }

    /// The index of column `name`; panics naming it when there is none.
    pub fn col(&self, name: &str) -> usize {
        self.header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("no column '{name}' in {:?}", self.header))
    }

    /// Field `name` of row `i`.
    pub fn get(&self, i: usize, name: &str) -> &str {
        &self.rows[i][self.col(name)]
    }

    /// Field `name` of row `i` as a number.
    pub fn num(&self, i: usize, name: &str) -> f64 {
        let v = self.get(i, name);
        v.parse()
            .unwrap_or_else(|_| panic!("'{v}' in column '{name}' is not a number"))
    }

    /// The indices of the rows whose fields match every `(column, value)`.
    pub fn find(&self, wanted: &[(&str, &str)]) -> Vec<usize> {
        (0..self.rows.len())
            .filter(|&i| wanted.iter().all(|(c, v)| self.get(i, c) == *v))
            .collect()
    }

    /// The one row matching every `(column, value)`; panics unless exactly one does.
    pub fn one(&self, wanted: &[(&str, &str)]) -> usize {
        let found = self.find(wanted);
        assert_eq!(found.len(), 1, "rows matching {wanted:?}: {found:?}");
        found[0]
    }
}

//! What the fuzz tests share: the proptest config, the one-line check on errors, and byte
//! edits of valid inputs (flips, insertions, deletions).

use proptest::prelude::*;

/// Proptest's config: `PROPTEST_CASES` when set, else `cases` (kept small for CI).
pub fn config(cases: u32) -> ProptestConfig {
    let mut c = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        c.cases = cases;
    }
    c
}

/// Errors are one line with no control characters.
pub fn one_line(e: &str) -> Result<(), TestCaseError> {
    prop_assert!(
        !e.chars().any(char::is_control),
        "not one clean line: {e:?}"
    );
    Ok(())
}

/// Edits: (kind, position, byte) — 0 flips, 1 inserts, 2 deletes — biased towards the bytes
/// that matter in these formats.
pub fn edits() -> impl Strategy<Value = Vec<(u8, usize, u8)>> {
    let byte = prop_oneof![
        any::<u8>(),
        prop::sample::select(b"0123456789,-|=[]\"#\n .:".to_vec()),
    ];
    prop::collection::vec((0u8..3, any::<usize>(), byte), 1..6)
}

/// `bytes` with `edits` applied in order (positions taken modulo the length).
pub fn mutate(mut bytes: Vec<u8>, edits: &[(u8, usize, u8)]) -> Vec<u8> {
    for &(kind, at, b) in edits {
        match kind {
            0 if !bytes.is_empty() => {
                let i = at % bytes.len();
                bytes[i] = if bytes[i] == b { b ^ 0x55 } else { b };
            }
            2 if !bytes.is_empty() => {
                bytes.remove(at % bytes.len());
            }
            _ => bytes.insert(at % (bytes.len() + 1), b),
        }
    }
    bytes
}

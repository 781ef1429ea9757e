//! Errors that are the user's to fix (bad flag, file or record): reported in one line, exit 2.

pub use pressluck_core::error::{one_line, toml_error};
use thiserror::Error;

/// A problem with user input: a flag, a file, a line of a record. Exit code 2.
#[derive(Debug, Error)]
#[error("{0}")]
pub struct InputError(pub String);

/// Shorthand: an `anyhow::Error` carrying an [`InputError`].
pub fn input(msg: impl Into<String>) -> anyhow::Error {
    InputError(msg.into()).into()
}

/// The exit code for an error: 2 for input errors, 1 for anything else.
pub fn exit_code(e: &anyhow::Error) -> u8 {
    if e.chain().any(|c| c.is::<InputError>()) {
        2
    } else {
        1
    }
}

//! A figure as a result table writes it: fixed decimals in CSV, a number in JSON.

use serde::{Serialize, Serializer};
use std::fmt;

/// The serde name by which a [`Figure`] makes itself known to the table serializer.
pub const FIGURE: &str = "pressluck::Figure";

/// A figure as a table writes it: its text with a fixed count of decimals (so the CSV bytes
/// never depend on float printing choices), and in JSON the same text as a number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Figure(String);

impl Figure {
    /// `x` with `decimals` digits after the point, never `-0` ([`crate::numbers::fixed`]).
    pub fn fixed(x: f64, decimals: usize) -> Figure {
        Figure(crate::numbers::fixed(x, decimals))
    }

    /// A figure written as `text`: a whole number, or a marker such as `-` that JSON writes as
    /// `null`.
    pub fn text(text: impl Into<String>) -> Figure {
        Figure(text.into())
    }

    /// The text written in the CSV.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Figure {
    /// The CSV text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for Figure {
    /// Its text, marked as a figure (any other serializer, like CSV's, sees the text alone).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(FIGURE, &self.0)
    }
}

//! A position as JSON or as text for a person (being built).

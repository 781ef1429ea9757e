//! Comma-separated policy lists split into spec texts: a spec's own parameters follow a colon
//! and may hold commas (`fixed-risk:0.3,ignore-top`), so a part that is no spec by itself
//! continues the spec before it ([`join_spec_parts`]).

/// The spec texts of a list split on its commas: a part without a colon that `is_spec` does not
/// take by itself continues the spec before it, when that one has parameters (a colon).
pub fn join_spec_parts(parts: &[&str], is_spec: impl Fn(&str) -> bool) -> Vec<String> {
    let mut texts: Vec<String> = Vec::new();
    for &part in parts {
        match texts.last_mut() {
            Some(prev) if prev.contains(':') && !part.contains(':') && !is_spec(part) => {
                prev.push(',');
                prev.push_str(part);
            }
            _ => texts.push(part.to_string()),
        }
    }
    texts
}

//! Comma-separated policy lists (`--policies`, `--against`): split into spec texts (a spec's
//! own parameters may hold commas) and parsed for a game.

use crate::error::input;
use anyhow::Result;
use pressluck_core::games::{join_spec_parts, Family, Named};

/// Splits a comma-separated policy list into spec texts. A spec's own parameters follow a colon
/// and may hold commas (`fixed-risk:0.3,ignore-top`): a part that is no spec by itself
/// continues the spec before it. `flag` names the list in errors.
pub fn split_policies<F: Family>(family: &F, text: &str, flag: &str) -> Result<Vec<String>> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.iter().any(|p| p.is_empty()) {
        return Err(input(format!("{flag} '{text}': empty entry")));
    }
    Ok(join_spec_parts(&parts, |part| {
        family.parse_spec(part).is_ok()
    }))
}

/// Parses a comma-separated list of policies (see [`split_policies`]) for the flag `flag`;
/// each spec's error names it. Unless `may_repeat` (a tournament's seats, where a policy may
/// meet itself), a policy listed twice is an error.
pub fn parse_policies<F: Family>(
    family: &F,
    text: &str,
    flag: &str,
    may_repeat: bool,
) -> Result<Vec<F::Spec>> {
    let mut out: Vec<F::Spec> = Vec::new();
    for t in split_policies(family, text, flag)? {
        let spec = family
            .parse_spec(&t)
            .map_err(|e| input(format!("{flag}: {e}")))?;
        if !may_repeat && out.iter().any(|s| s.name() == spec.name()) {
            return Err(input(format!("{flag}: '{}' is listed twice", spec.name())));
        }
        out.push(spec);
    }
    Ok(out)
}

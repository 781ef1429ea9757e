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

/// The specs of an `advise --policies` list (`default` when `None`), each read by `parse`, a
/// spec's own commas kept as every policy list keeps them ([`join_spec_parts`]); a spec that
/// `by_chance` names (a policy that decides by chance) has no advice in it. Errors name the flag.
pub(crate) fn advice_specs<S>(
    list: Option<&str>,
    default: &str,
    parse: impl Fn(&str) -> Result<S, String>,
    by_chance: impl Fn(&S) -> Option<String>,
) -> Result<Vec<S>, String> {
    let parts: Vec<&str> = list.unwrap_or(default).split(',').map(str::trim).collect();
    let mut specs = Vec::new();
    for part in join_spec_parts(&parts, |p| parse(p).is_ok()) {
        let spec = parse(&part).map_err(|e| format!("--policies: {e}"))?;
        if let Some(name) = by_chance(&spec) {
            return Err(format!(
                "--policies: {name} decides by chance, there is no advice in it"
            ));
        }
        specs.push(spec);
    }
    Ok(specs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A spec of this test: a name, and a parameter list after a colon when given.
    fn parse(text: &str) -> Result<String, String> {
        let name = text.split(':').next().unwrap_or("");
        match name {
            "calm" | "bold" | "dice" => Ok(text.to_string()),
            _ => Err(format!("unknown policy '{text}'")),
        }
    }

    #[test]
    fn advice_lists_keep_a_specs_commas_and_refuse_chance() {
        let by_chance = |spec: &String| spec.starts_with("dice").then(|| spec.clone());
        let read = |list| advice_specs(list, "calm,bold", parse, by_chance);
        assert_eq!(read(None).unwrap(), ["calm", "bold"]);
        assert_eq!(read(Some("bold:1,x, calm")).unwrap(), ["bold:1,x", "calm"]);
        assert_eq!(
            read(Some("calm,nope")).unwrap_err(),
            "--policies: unknown policy 'nope'"
        );
        assert_eq!(
            read(Some("calm,dice:2")).unwrap_err(),
            "--policies: dice:2 decides by chance, there is no advice in it"
        );
    }
}

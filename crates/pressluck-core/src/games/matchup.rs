//! A matchup: the policies of one table, slot by slot, and the names they report under.

/// Anything with a name in outputs: the policy specs of every game family.
pub trait Named {
    /// The name, as in the CSV's `policy` column.
    fn name(&self) -> &str;

    /// Gives it the name `name` in outputs (a strategy's, in place of its spec's).
    fn rename(&mut self, name: &str);

    /// Its definition: the canonical spec it plays, whatever name it reports under (a
    /// strategy's definition is the spec it stands for in this game). Part of a run's identity.
    fn definition(&self) -> String;
}

/// One matchup: the policies in their base seat order (slots).
#[derive(Clone, Debug, PartialEq)]
pub struct Matchup<S> {
    /// The policies, slot by slot.
    pub slots: Vec<S>,
}

impl<S: Named> Matchup<S> {
    /// The name: policy names in slot order joined by `|`, like `ev|fixed-risk:0.3`.
    pub fn name(&self) -> String {
        self.slots
            .iter()
            .map(|s| s.name())
            .collect::<Vec<_>>()
            .join("|")
    }

    /// The policy names, slot by slot.
    pub fn slot_names(&self) -> Vec<String> {
        self.slots.iter().map(|s| s.name().to_string()).collect()
    }
}

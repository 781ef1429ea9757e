//! A decision of a game as the rollouts and the review see it: its options, each the position
//! it leads to ([`Options`]), and a played game read as a list of decisions and rolls
//! ([`Walk`]). Each game's folder makes them from its own positions and records.

/// The options of a decision: the position each leads to, or why there is only one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Options<P> {
    /// One legal option: nothing to compare; the reason, for people.
    Forced(String),
    /// Each option's name and the position it leads to (two or more).
    Open(Vec<(String, P)>),
}

/// A played game read step by step: every position a review plays out, and the decisions and
/// rolls of the game in order, naming positions by their index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk<P> {
    /// The positions, each named by its index in the steps.
    pub positions: Vec<P>,
    /// The game's decisions and rolls, in the order they were played.
    pub steps: Vec<WalkStep>,
}

/// One step of a played game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WalkStep {
    /// A decision with two options or more.
    Decision {
        /// The record's line that played it.
        line: usize,
        /// The seat deciding, from 0.
        seat: u8,
        /// What was decided, for people (`roll or stop`, `use of 3 4 5 6`, `announce`,
        /// `press or stop, 5 rolled`).
        what: String,
        /// Each option's name and the index of the position it leads to.
        options: Vec<(String, usize)>,
        /// The option played (an index into `options`).
        played: usize,
    },
    /// A roll of the dice (one die in a Shortcut turn): the position before it and
    /// the positions the roller could choose among after it (one when the roll left no
    /// choice), by which the luck of the roll is measured.
    Roll {
        /// The record's line that rolled it.
        line: usize,
        /// The seat rolling, from 0.
        seat: u8,
        /// The dice, as the record writes them.
        dice: String,
        /// The position about to roll.
        before: usize,
        /// The positions the roller could choose among after the roll.
        after: Vec<usize>,
    },
}

impl<P> Walk<P> {
    /// No positions, no steps.
    pub fn new() -> Walk<P> {
        Walk {
            positions: Vec::new(),
            steps: Vec::new(),
        }
    }

    /// Adds `position` and returns its index.
    pub fn add(&mut self, position: P) -> usize {
        self.positions.push(position);
        self.positions.len() - 1
    }
}

impl<P> Default for Walk<P> {
    fn default() -> Walk<P> {
        Walk::new()
    }
}

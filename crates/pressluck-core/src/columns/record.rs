//! Game records: parse a record, drive the engine, report the position.
//!
//! A record is plain text, one action a line; `#` starts a comment and blank lines are ignored.
//! Optional header lines come before the first action:
//!
//! ```text
//! game route66          # route66 (default), cant-stop or great-races
//! edition en            # Route 66 only: en (default) or de
//! variant faster-gear   # repeatable
//! players 2             # 1 to 4 (default 2)
//! roll 2 3 4 5          # the four dice of the player to move
//! use 5 9               # the sums raced in; one number = that pair only; `use 7 7` = a double
//! stop                  # a voluntary stop (not in The Great Races)
//! ```
//!
//! A roll with no legal use busts (or, in The Great Races, passes) by itself. [`Record::parse`]
//! reads a record, [`Record::setup`] resolves its header against command-line [`Overrides`],
//! and [`play()`] (or [`Replay::step`], one action at a time) drives the engine to the position
//! the record reaches, with the roll awaiting its use if there is one.

mod parse;
mod play;
mod view;

pub use parse::{dice_text, edition_name, Action, Entry, Header, Record};
pub use play::{legal_text, play, Decision, Event, Replay};
pub use view::PositionView;

use crate::columns::{Edition, GameKind, Layout, Rules, Variant};

/// Settings from outside the record (command-line flags): game, edition and board replace the
/// record's; variants are added to the record's.
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    /// Replaces the record's `game` line.
    pub game: Option<GameKind>,
    /// Replaces the record's `edition` line.
    pub edition: Option<Edition>,
    /// Added to the record's `variant` lines.
    pub variants: Vec<Variant>,
    /// Replaces the built-in board of the game and edition.
    pub layout: Option<Layout>,
}

/// The game a record is played under: the header resolved against the overrides.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The game.
    pub game: GameKind,
    /// The Route 66 edition (always `En` for the other games).
    pub edition: Edition,
    /// The variants in force, without repeats, in the order first given.
    pub variants: Vec<Variant>,
    /// The engine's rules for all of the above.
    pub rules: Rules,
}

impl Record {
    /// Resolves the header (defaults: route66, edition en, 2 players) and the overrides into
    /// rules; errors name the header line or the flag at fault.
    pub fn setup(&self, over: &Overrides) -> Result<Setup, String> {
        let h = &self.header;
        let game = over
            .game
            .or(h.game.map(|g| g.1))
            .unwrap_or(GameKind::Route66);
        let edition = over
            .edition
            .or(h.edition.map(|e| e.1))
            .unwrap_or(Edition::En);
        let players = h.players.map_or(2, |p| p.1);
        if edition == Edition::De && game != GameKind::Route66 {
            return Err(match (over.edition, h.edition) {
                (None, Some((line, _))) => {
                    format!("line {line}: edition de: applies to route66 only, not {game}")
                }
                _ => format!("--edition de applies to route66 only, not {game}"),
            });
        }
        let mut rules = match game {
            GameKind::Route66 => Rules::route66(edition, players),
            g => Rules::new(g, players),
        };
        let mut variants = Vec::new();
        let given = h.variants.iter().map(|&(l, v)| (Some(l), v));
        for (line, v) in given.chain(over.variants.iter().map(|&v| (None, v))) {
            let at = |e: String| match line {
                Some(l) => format!("line {l}: variant {}: {e}", v.name()),
                None => format!("--variant {}: {e}", v.name()),
            };
            if let Some(w) = variants
                .iter()
                .find(|w: &&Variant| **w != v && w.rule() == v.rule())
            {
                return Err(at(format!(
                    "conflicts with variant {}: two readings of one variant; give one",
                    w.name()
                )));
            }
            rules.apply_variant(v).map_err(at)?;
            if !variants.contains(&v) {
                variants.push(v);
            }
        }
        if let Some(layout) = over.layout {
            rules.layout = layout;
        }
        Ok(Setup {
            game,
            edition,
            variants,
            rules,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_defaults_and_overrides() {
        let r = Record::parse("roll 1 2 3 4\n").unwrap();
        let s = r.setup(&Overrides::default()).unwrap();
        assert_eq!(
            (s.game, s.edition, s.rules.players),
            (GameKind::Route66, Edition::En, 2)
        );
        assert!(s.variants.is_empty());

        let r = Record::parse("game route66\nedition de\nvariant leisurely\nplayers 3\n").unwrap();
        let over = Overrides {
            variants: vec![Variant::FasterGear, Variant::Leisurely],
            ..Overrides::default()
        };
        let s = r.setup(&over).unwrap();
        assert_eq!(s.edition, Edition::De);
        assert_eq!(s.variants, vec![Variant::Leisurely, Variant::FasterGear]);
        assert_eq!(
            (s.rules.columns_to_end, s.rules.faster_gear, s.rules.players),
            (11, true, 3)
        );
        assert_eq!(s.rules.layout, Layout::route66_de());

        let over = Overrides {
            edition: Some(Edition::En),
            ..Overrides::default()
        };
        assert_eq!(r.setup(&over).unwrap().rules.layout, Layout::route66_en());
    }

    #[test]
    fn header_conflicts_name_the_line_or_flag() {
        let r = Record::parse("game cant-stop\nvariant faster-gear\n").unwrap();
        let e = r.setup(&Overrides::default()).unwrap_err();
        assert!(e.starts_with("line 2: variant faster-gear:"), "{e}");
        let r = Record::parse("edition de\n").unwrap();
        let over = Overrides {
            game: Some(GameKind::GreatRaces),
            ..Overrides::default()
        };
        let e = r.setup(&over).unwrap_err();
        assert!(
            e.starts_with("line 1: edition de: applies to route66 only"),
            "{e}"
        );
        let over = Overrides {
            variants: vec![Variant::Jump],
            ..Overrides::default()
        };
        let e = Record::parse("").unwrap().setup(&over).unwrap_err();
        assert!(e.starts_with("--variant jump:"), "{e}");
    }
}

//! The rule settings of a Treasure Hunt game: player count and the options that settle the
//! text's contradictions (see `docs/treasure-hunt.md`).

/// The game's name on the command line and in outputs.
pub const GAME_NAME: &str = "treasure-hunt";

/// Cubes each player starts with (one of them is the player's marker on the grid).
pub const CUBES: u8 = 20;

/// Rule settings, fixed for a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ThRules {
    /// Players, 1 (solitaire) to 4.
    pub players: u8,
    /// Cards a hand is refilled to at the start of a turn: 7 as written (`hand-5`: 5).
    pub hand_size: u8,
    /// Dice rolled to move: 1 as written for movement (`two-dice`: up to the sum of two).
    pub dice: u8,
    /// Tiles of each symbol a player must control to win: 1, 2, 3 for 4, 3, 2 players;
    /// solitaire 1 (all six symbols). `target:N` overrides.
    pub target: u8,
    /// Most tiles a player may hold in one row of their own path and still claim there: 2 as
    /// written ("You cannot claim more than 2 tiles per row"); `row-limit:N` overrides (0 = no
    /// limit).
    pub row_limit: u8,
    /// Whether steals count against the row limit too (`row-limit-steals`). As written the
    /// limit is on claims, and stealing is a separate action: a steal is never refused by it.
    pub row_limit_steals: bool,
    /// Rounds played (`rounds:N`); 1 = the normal race. With more, each round ends at its first
    /// winner, scores 1 per cube on the tiles, and the highest total wins.
    pub rounds: u8,
    /// Turns per player before a game is abandoned as unfinished.
    pub turn_cap: u32,
    /// Solitaire must also reach the far side, as the solitaire rules ("play as above but with
    /// the following exceptions") list no exception for it; `solo-symbols` makes the six
    /// symbols alone the goal, as the solitaire text restates it.
    pub solo_far: bool,
}

impl ThRules {
    /// The rules as written for `players` players (1..=4), with the default interpretations.
    pub fn new(players: u8) -> ThRules {
        let target = match players {
            4 | 1 => 1,
            3 => 2,
            _ => 3,
        };
        ThRules {
            players,
            hand_size: 7,
            dice: 1,
            target,
            row_limit: 2,
            row_limit_steals: false,
            rounds: 1,
            turn_cap: 1000,
            solo_far: true,
        }
    }

    /// Whether this is the solitaire game.
    #[inline]
    pub fn solitaire(&self) -> bool {
        self.players == 1
    }

    /// Applies one `--variant`: `hand-5`, `two-dice`, `rounds` (3) or `rounds:N`,
    /// `row-limit:N`, `row-limit-steals`, `target:N`, `turn-cap:N`, `solo-symbols` (and
    /// `solo-far`, the default, for older command lines).
    pub fn apply_variant(&mut self, v: &str) -> Result<(), String> {
        let (name, arg) = match v.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (v, None),
        };
        let num = |lo: u32, hi: u32| -> Result<u32, String> {
            let a = arg.ok_or_else(|| format!("'{name}' needs a number, like {name}:{lo}"))?;
            a.parse::<u32>()
                .ok()
                .filter(|n| (lo..=hi).contains(n))
                .ok_or_else(|| format!("'{a}': {name} takes a whole number from {lo} to {hi}"))
        };
        let none = || match arg {
            Some(_) => Err(format!("'{name}' takes no number")),
            None => Ok(()),
        };
        match name {
            "hand-5" => none().map(|_| self.hand_size = 5),
            "two-dice" => none().map(|_| self.dice = 2),
            "solo-far" | "solo-symbols" if self.players != 1 => Err(format!(
                "'{name}' is a solitaire rule: it needs --players 1, not {}",
                self.players
            )),
            "solo-far" => none().map(|_| self.solo_far = true),
            "solo-symbols" => none().map(|_| self.solo_far = false),
            "row-limit-steals" => none().map(|_| self.row_limit_steals = true),
            "rounds" if arg.is_none() => {
                self.rounds = 3;
                Ok(())
            }
            "rounds" => num(1, 20).map(|n| self.rounds = n as u8),
            "row-limit" => num(0, 6).map(|n| self.row_limit = n as u8),
            "target" => num(1, 6).map(|n| self.target = n as u8),
            "turn-cap" => num(10, 100_000).map(|n| self.turn_cap = n),
            _ => Err(format!(
                "unknown Treasure Hunt variant '{v}': expected hand-5, two-dice, solo-symbols, \
                 rounds[:N], row-limit:N, row-limit-steals, target:N or turn-cap:N"
            )),
        }
    }

    /// The most tiles a player may control in a row (6 when unlimited).
    #[inline]
    pub fn row_cap(&self) -> u8 {
        if self.row_limit == 0 {
            6
        } else {
            self.row_limit
        }
    }

    /// Whether the target can be reached at all ([`ThRules::unreachable`] says why not).
    pub fn reachable(&self) -> bool {
        self.unreachable().is_none()
    }

    /// Why no game can be won under these rules, if so: six rows of `row_cap` tiles must hold
    /// `target` of each of six symbols, unless steals may go beyond the limit; and a cube goes
    /// on every tile, from the `CUBES − 1` a player has besides the marker.
    pub fn unreachable(&self) -> Option<String> {
        let tiles = self.target as u32 * 6;
        if self.row_limit_steals && self.target > self.row_cap() {
            Some(format!(
                "a player needs {} of each symbol ({tiles} tiles) but controls at most {} a row \
                 ({} tiles) when steals count against the row limit (raise row-limit:N or lower \
                 target:N)",
                self.target,
                self.row_cap(),
                self.row_cap() as u32 * 6
            ))
        } else if tiles >= CUBES as u32 {
            Some(format!(
                "a player needs {tiles} tiles but has {} cubes to claim with (lower target:N)",
                CUBES - 1
            ))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_variants() {
        for (players, target) in [(4, 1), (3, 2), (2, 3), (1, 1)] {
            let r = ThRules::new(players);
            assert_eq!(
                (r.target, r.row_limit, r.row_limit_steals),
                (target, 2, false)
            );
            assert!(r.reachable());
        }
        assert!(ThRules::new(1).solo_far);
        let mut r = ThRules::new(2);
        r.apply_variant("row-limit-steals").unwrap();
        assert!(!r.reachable());
        r.apply_variant("row-limit:4").unwrap();
        assert!(r.reachable());
        r.apply_variant("rounds").unwrap();
        assert_eq!(r.rounds, 3);
        assert!(r
            .apply_variant("rounds:x")
            .unwrap_err()
            .contains("whole number"));
        assert!(r.apply_variant("hand-5:2").is_err());
        assert!(r
            .apply_variant("solo-far")
            .unwrap_err()
            .contains("needs --players 1"));
        let mut solo = ThRules::new(1);
        solo.apply_variant("solo-symbols").unwrap();
        assert!(!solo.solo_far);
        solo.apply_variant("solo-far").unwrap();
        assert!(solo.solo_far);
        assert!(r.apply_variant("jump").unwrap_err().contains("unknown"));
    }
}

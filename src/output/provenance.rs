//! What every CSV row says about the run that wrote it — game, seats, rules, board, seed and
//! whether the run is complete — in the columns `game,players,rules,board,seed,status` that
//! open every table, and the one place that puts them there ([`Provenance::table`]).

use super::table::{Figure, Table};
use serde::Serialize;

/// The run a table comes from: everything that, with the policies, fixes its numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// The game (`route66`, `cant-stop`, `great-races`, `shortcut`, `treasure-hunt`).
    pub game: String,
    /// Seats at the table; none for tables that hold for any number (odds).
    pub players: Option<u8>,
    /// The rules beyond the game: Route 66's edition, the variants, and `columns-to-win:N`
    /// when not 3, joined by `+` (`en+faster-gear`); `standard` when there is nothing to say.
    pub rules: String,
    /// The board: a built-in's name (`route66`, `route66-de`, `cant-stop`, `great-races`,
    /// `shortcut`, `treasure-hunt-deck`), or `sha256:` and the first 12 hex digits of a
    /// `--board` or `--deck` file's bytes.
    pub board: String,
    /// The seed, where the table depends on one.
    pub seed: Option<u64>,
}

/// The provenance columns of one row.
#[derive(Debug, Serialize)]
struct Stamp<'a> {
    game: &'a str,
    players: Option<u8>,
    rules: &'a str,
    board: &'a str,
    seed: Option<u64>,
    status: &'static str,
}

impl Provenance {
    /// The label of a board file's bytes: `sha256:` and the first 12 hex digits of its digest.
    pub fn file_label(bytes: &[u8]) -> String {
        use sha2::{Digest, Sha256};
        let digest = Sha256::digest(bytes);
        let hex: String = digest.iter().take(6).map(|b| format!("{b:02x}")).collect();
        format!("sha256:{hex}")
    }

    /// The rules label of `parts` (edition, variants, settings): joined by `+`, or `standard`.
    pub fn rules_label<S: AsRef<str>>(parts: &[S]) -> String {
        if parts.is_empty() {
            "standard".into()
        } else {
            parts
                .iter()
                .map(|p| p.as_ref())
                .collect::<Vec<_>>()
                .join("+")
        }
    }

    /// The table of `rows`, each row opened by the provenance columns and the run's status
    /// (`complete`, or `partial` for an interrupted run or a partial merge); the table of no
    /// rows has the columns of a default row.
    pub fn table<T: Serialize + Default>(
        &self,
        partial: bool,
        rows: impl IntoIterator<Item = T>,
    ) -> anyhow::Result<Table> {
        let stamp = Stamp {
            game: &self.game,
            players: self.players,
            rules: &self.rules,
            board: &self.board,
            seed: self.seed,
            status: if partial { "partial" } else { "complete" },
        };
        let stamped: Vec<_> = rows.into_iter().map(|row| (&stamp, row)).collect();
        if stamped.is_empty() {
            return Table::empty_like((&stamp, T::default()));
        }
        Table::from_rows(stamped)
    }

    /// [`Provenance::table`] of `rows` as CSV bytes (a table of no rows is its header alone).
    pub fn csv<T: Serialize + Default>(
        &self,
        partial: bool,
        rows: impl IntoIterator<Item = T>,
    ) -> anyhow::Result<Vec<u8>> {
        self.table(partial, rows)?.to_csv()
    }
}

/// `x` as a six-decimal [`Figure`], so the bytes of a table never depend on float printing
/// choices.
pub fn f6(x: f64) -> Figure {
    Figure::fixed(x, 6)
}

/// `x / n` as an [`f6`] figure, or nothing (an empty field) when `n` is 0: a rate or mean of
/// no games is no number.
pub fn ratio(x: u64, n: u64) -> Option<Figure> {
    (n > 0).then(|| f6(x as f64 / n as f64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_opens_with_the_provenance_columns() {
        #[derive(Default, Serialize)]
        struct Row {
            policy: &'static str,
            win_rate: Option<Figure>,
        }
        let p = Provenance {
            game: "cant-stop".into(),
            players: Some(2),
            rules: Provenance::rules_label(&["jump", "columns-to-win:4"]),
            board: Provenance::file_label(b"abc"),
            seed: Some(7),
        };
        let rows = [
            Row {
                policy: "ev",
                win_rate: ratio(1, 2),
            },
            Row {
                policy: "rule28",
                win_rate: ratio(0, 0),
            },
        ];
        let text = String::from_utf8(p.csv(true, rows).unwrap()).unwrap();
        // sha256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.
        assert_eq!(
            text,
            "game,players,rules,board,seed,status,policy,win_rate\n\
             cant-stop,2,jump+columns-to-win:4,sha256:ba7816bf8f01,7,partial,ev,0.500000\n\
             cant-stop,2,jump+columns-to-win:4,sha256:ba7816bf8f01,7,partial,rule28,\n"
        );
        assert_eq!(Provenance::rules_label::<&str>(&[]), "standard");
        let none = String::from_utf8(p.csv(false, Vec::<Row>::new()).unwrap()).unwrap();
        assert_eq!(
            none,
            "game,players,rules,board,seed,status,policy,win_rate\n"
        );
    }
}

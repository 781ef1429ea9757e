//! `pressluck odds`: the game's exact odds table the view names (the bust table of sets of
//! cars, the track view and reach odds of the column races; Shortcut's press and policy
//! tables; Treasure Hunt's claim odds: each game's own, [`pressluck_core::games::GameDefinition::odds`]),
//! with its provenance columns, in `--format`, and the heat map of the sets view.

use crate::error::input;
use crate::output::provenance::Provenance;
use crate::output::svg_odds::render_odds;
use crate::output::table::Table;
use crate::settings::OddsSettings;
use anyhow::Result;
use pressluck_core::games::UseRows;
use serde::Serialize;
use std::process::ExitCode;

/// Runs the command: the table in `--format` (and the heat map of the sets view).
pub fn run(s: OddsSettings) -> Result<ExitCode> {
    let table = s
        .setup
        .odds(&s.request, Stamped(&s.provenance))
        .map_err(input)??;
    s.out.write(&table.export(s.format)?)?;
    if let Some((svg, blocked)) = &s.heat_map {
        svg.write(render_odds(*blocked)?.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A game's rows made a table under the provenance columns, its note printed first.
struct Stamped<'a>(&'a Provenance);

impl UseRows for Stamped<'_> {
    type Output = Result<Table>;

    fn with<T: Serialize + Default>(self, note: Option<String>, rows: Vec<T>) -> Result<Table> {
        if let Some(note) = note {
            eprintln!("{note}");
        }
        self.0.table(false, rows)
    }
}

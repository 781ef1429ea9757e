//! `pressluck tune`: its flags ([`TuneArgs`]) and their checks into [`TuneSettings`].

use super::bots::BotArgs;
use super::game::GameArgs;
use super::outputs::{output, table_output, TableFormatArg};
use super::policy_list::parse_policies;
use super::run::{control, RunArgs};
use crate::error::input;
use crate::settings::{Control, TuneSettings};
use anyhow::Result;
use clap::Args;
use pressluck_core::games::Family;
use pressluck_core::sim::{table_count, INITIAL_STEP, MAX_GAMES};
use pressluck_core::template::SearchSpace;
use std::path::PathBuf;

/// `pressluck tune`.
#[derive(Debug, Args)]
pub struct TuneArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArgs,
    /// Seats at the table: 2, 3 or 4 (the candidate's win share over its tables, seats
    /// rotating: at 2 each opponent, at 3 or 4 every set of opponents from the field filling
    /// the other seats), or 1 (solitaire: fewest mean turns).
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// The template: a policy spec with one or more ranges, {a..b} (whole values, or real ones
    /// when a bound has a decimal point: {-6.0..6.0}), {a..b step s} (that grid), each
    /// optionally ending 'from x' (where the search starts), e.g. 'rule-of-n:{20..40 from
    /// 29},odd={0..10 from 7}'.
    #[arg(long)]
    pub policy: String,
    /// Opponents, comma-separated, seated in the other seats (default: the game's tournament
    /// field).
    #[arg(long)]
    pub against: Option<String>,
    /// Games a candidate plays at each table (at 2 players, against each opponent; or alone).
    #[arg(long, default_value_t = 10_000)]
    pub games: u64,
    /// Candidate evaluations the search spends, at most: whole generations while they fit,
    /// then a last, smaller generation of the evaluations left (the first candidates CMA-ES
    /// draws for it).
    #[arg(long, default_value_t = 200)]
    pub budget: u64,
    /// Candidates a generation (default: CMA-ES's, 4 + 3 ln(parameters)).
    #[arg(long)]
    pub population: Option<u64>,
    /// The search's first step, a fraction of each parameter's range (0.3 by default: a wide
    /// look around the start; a small one, like 0.05, refines a good start near it).
    #[arg(long, default_value_t = INITIAL_STEP)]
    pub step: f64,
    /// Games of the final validation at each table (or alone), on games the search never
    /// played.
    #[arg(long, default_value_t = 100_000)]
    pub validate: u64,
    /// Output table: every evaluation, then the validation (default tune.csv, or tune.jsonl
    /// with --format json).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The table's format.
    #[command(flatten)]
    pub format: TableFormatArg,

    /// Also draw the objective by generation as an SVG chart.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Also write the tuned spec as a strategy file, with its provenance.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Folder of your own strategy files, found by name in --against (default:
    /// $PRESSLUCK_STRATEGIES, else ./strategies when it exists).
    #[arg(long)]
    pub strategies: Option<PathBuf>,
    /// Bots' timeout and log.
    #[command(flatten)]
    pub bots: BotArgs,
    /// Seed, threads, progress; checkpoint and resume (tune is not sharded).
    #[command(flatten)]
    pub run: RunArgs,
}

/// Most candidate evaluations a tuning run may spend.
const MAX_BUDGET: u64 = 1_000_000;

impl TuneArgs {
    /// `pressluck tune` for `family`, the game of its game flags.
    pub fn settings<F: Family>(self, family: F) -> Result<TuneSettings<F>> {
        if !(1..=4).contains(&self.players) {
            return Err(input(format!(
                "--players {}: tune takes 1 (solitaire: fewest turns) to 4 players",
                self.players
            )));
        }
        let space = SearchSpace::parse(&self.policy).map_err(|e| input(format!("--policy {e}")))?;
        for corner in space.corners() {
            family
                .parse_spec(&corner)
                .map_err(|e| input(format!("--policy '{}': at {corner}: {e}", self.policy)))?;
        }
        let field = match (self.players, &self.against) {
            (1, None) => Vec::new(),
            (1, Some(_)) => {
                return Err(input("--against: a solitaire tune (--players 1) has none"))
            }
            (_, text) => {
                let text = text.as_deref().unwrap_or(family.default_policies());
                parse_policies(&family, text, "--against", false)?
            }
        };
        let tables = table_count(field.len(), self.players as usize);
        if self.games == 0 || self.games.saturating_mul(tables) > MAX_GAMES {
            let per = if self.players <= 2 {
                "opponent"
            } else {
                "table"
            };
            return Err(input(format!(
                "--games {}: must be between 1 and {} per {per}",
                self.games,
                MAX_GAMES / tables
            )));
        }
        if self.budget == 0 || self.budget > MAX_BUDGET {
            return Err(input(format!(
                "--budget {}: must be between 1 and {MAX_BUDGET} evaluations",
                self.budget
            )));
        }
        if let Some(p) = self.population.filter(|&p| !(2..=1000).contains(&p)) {
            return Err(input(format!(
                "--population {p}: must be between 2 and 1000"
            )));
        }
        if !(self.step > 0.0 && self.step <= 1.0) {
            return Err(input(format!(
                "--step {}: must be above 0 and at most 1 (a fraction of each range)",
                self.step
            )));
        }
        if self.validate == 0 || self.validate > MAX_GAMES {
            return Err(input(format!(
                "--validate {}: must be between 1 and {MAX_GAMES}",
                self.validate
            )));
        }
        if self.run.shard.is_some() {
            return Err(input("--shard: a tuning run is not sharded"));
        }
        self.run.threads.checked()?;
        let (format, out) = table_output(&self.format, self.out, "tune")?;
        let out = output(&out, "--out", &[])?;
        let svg = match &self.svg {
            Some(p) => Some(output(p, "--svg", &[(&out, "--out")])?),
            None => None,
        };
        let save = match &self.save {
            Some(p) => {
                let mut taken = vec![(&out, "--out")];
                if let Some(s) = &svg {
                    taken.push((s, "--svg"));
                }
                Some(output(p, "--save", &taken)?)
            }
            None => None,
        };
        let (seed, threads, quiet) = (self.run.seed, self.run.threads.threads, self.run.quiet);
        let Control {
            checkpoint, resume, ..
        } = control(self.run, &out)?;
        Ok(TuneSettings {
            provenance: self.game.provenance(Some(self.players), Some(seed))?,
            family,
            template: self.policy,
            space,
            field,
            games: self.games,
            budget: self.budget as usize,
            population: self.population.map(|p| p as usize),
            step: self.step,
            validate: self.validate,
            seed,
            threads,
            quiet,
            out,
            format,
            svg,
            save,
            checkpoint,
            resume,
        })
    }
}

//! The one place where the command line is checked: each subcommand's arguments become its
//! settings ([`crate::settings`]), or a one-line input error naming the flag (or file) at fault.

use super::args::{
    AdviseArgs, BenchArgs, GameArgs, MergeArgs, OddsArgs, PoliciesArgs, PositionArgs, RecordArgs,
    ReplayArgs, RunArgs, SweepArgs, TournamentArgs, TuneArgs,
};
use super::game::{load_board, load_deck, load_shortcut_board};
use crate::columns::position::{set_up, PositionSpec};
use crate::columns::set::{MAX_COLUMN, MIN_COLUMN};
use crate::columns::{ColumnSet, Edition, GameKind, Variant};
use crate::dice::Roll;
use crate::error::input;
use crate::output::destination::Destination;
use crate::output::table::TableFormat;
use crate::policy::race::{RaceRule, RaceSpec};
use crate::policy::spec::StrategyBook;
use crate::settings::{
    AdvisePolicies, AdviseSettings, AdviseSource, BenchSettings, Control, Format, GameName,
    GameSetup, MergeSettings, OddsSettings, OddsTable, PoliciesSettings, RecordGame,
    RecordSettings, RunSettings, SweepSettings, TournamentSettings, TuneSettings,
};
use crate::shortcut::{self, ShortcutBoard};
use crate::sim::families::parse_with_strategies;
use crate::sim::family::Family;
use crate::sim::runner::{MAX_GAMES, MAX_THREADS};
use crate::sim::schedule::{matchups, Matchup, Named};
use crate::sim::work::Shard;
use crate::template::{expand, SearchSpace};
use crate::transcript::Overrides;
use crate::treasure_hunt::policy::ThSpec;
use crate::treasure_hunt::{self, Deck};
use anyhow::Result;
use std::path::{Path, PathBuf};

/// Most runs one bench repeats.
const MAX_REPEAT: u32 = 100;

/// The policies `advise` asks by default.
pub const DEFAULT_ADVISE_POLICIES: &str =
    "ev,optimal-turn,fixed-risk:0.3,rule28,glenn,one-roll,rolls:2";

/// The Treasure Hunt policies `advise` asks by default.
pub const DEFAULT_ADVISE_TREASURE_POLICIES: &str = "greedy,runner,thief";

/// The Great Races pairing rules `advise` asks by default (`random` has no advice in it).
pub const DEFAULT_ADVISE_RACE_POLICIES: &str = "race-points,race-progress,race-margin";

/// Checks a `--threads` value: 1..=[`MAX_THREADS`], or none for all cores.
pub fn check_threads(threads: Option<usize>) -> Result<()> {
    match threads {
        Some(t) if !(1..=MAX_THREADS).contains(&t) => Err(input(format!(
            "--threads {t}: must be between 1 and {MAX_THREADS}"
        ))),
        _ => Ok(()),
    }
}

/// The destination of `path`, the output of `flag` (see [`Destination::check`]), which must
/// not be any of `taken` (destinations and their flags) already.
fn output(path: &Path, flag: &str, taken: &[(&Destination, &str)]) -> Result<Destination> {
    let d = Destination::check(path, flag)?;
    if let Some((_, other)) = taken.iter().find(|(t, _)| t.same_as(&d)) {
        return Err(input(if d.is_stdout() {
            format!("{flag} -: standard output is already {other}'s")
        } else {
            format!("{flag}: same file as {other}")
        }));
    }
    Ok(d)
}

/// The destination of a generated page or script: `--out`, else standard output.
pub fn page_out(out: Option<&Path>) -> Result<Destination> {
    output(out.unwrap_or(Path::new("-")), "--out", &[])
}

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

/// The spec texts of a list split on its commas: a part without a colon that `is_spec` does not
/// take by itself continues the spec before it, when that one has parameters (a colon).
fn join_spec_parts(parts: &[&str], is_spec: impl Fn(&str) -> bool) -> Vec<String> {
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

/// Checks `--shard`, `--checkpoint` and `--resume` of a run whose result goes to `out`.
fn control(sharding: RunArgs, out: &Destination) -> Result<Control> {
    let shard = match &sharding.shard {
        Some(t) => Shard::parse(t).map_err(|e| input(format!("--shard {e}")))?,
        None => Shard::WHOLE,
    };
    let checkpoint = match &sharding.checkpoint {
        Some(p) if p.as_os_str() == "-" => {
            return Err(input(
                "--checkpoint -: a checkpoint is a file to resume from, not standard output",
            ))
        }
        Some(p) => Some(output(p, "--checkpoint", &[(out, "--out")])?),
        None => None,
    };
    Ok(Control {
        shard,
        sharded_output: sharding.shard.is_some(),
        checkpoint,
        resume: sharding.resume,
    })
}

/// The table format of `--format` and the `--out` path: as given, or `name.csv` (`name.jsonl`
/// in JSON Lines).
fn table_output(format: &str, out: Option<PathBuf>, name: &str) -> Result<(TableFormat, PathBuf)> {
    let format = TableFormat::parse(format)?;
    let out = out.unwrap_or_else(|| format!("{name}.{}", format.extension()).into());
    Ok((format, out))
}

/// The flags every run of many games shares, checked: its games per matchup are `games`
/// (already checked), its seats `players`; its result table goes to `out` in `format`.
fn run_settings<F: Family>(
    family: F,
    game: &GameArgs,
    players: u8,
    games: u64,
    (format, out): (TableFormat, PathBuf),
    run: RunArgs,
) -> Result<RunSettings<F>> {
    check_threads(run.threads)?;
    if run.shard.is_some() && format != TableFormat::Csv {
        return Err(input(
            "--format json: a shard writes counters for `pressluck merge`; ask `pressluck merge --format json` instead",
        ));
    }
    let out = output(&out, "--out", &[])?;
    let (seed, threads, quiet) = (run.seed, run.threads, run.quiet);
    let control = control(run, &out)?;
    Ok(RunSettings {
        provenance: game.provenance(Some(players), Some(seed))?,
        family,
        games,
        seed,
        out,
        format,
        threads,
        quiet,
        control,
    })
}

/// `pressluck tournament` for `family`, the game of `a.game`.
pub fn tournament<F: Family>(family: F, a: TournamentArgs) -> Result<TournamentSettings<F>> {
    let text = a
        .policies
        .clone()
        .unwrap_or_else(|| family.default_policies().to_string());
    let policies = parse_policies(&family, &text, "--policies", true)?;
    let matchups = matchups(&policies, a.players as usize);
    if a.games == 0 || a.games > MAX_GAMES {
        return Err(input(format!(
            "--games {}: must be between 1 and {MAX_GAMES}",
            a.games
        )));
    }
    check_threads(a.run.threads)?;
    let sharded = a.run.shard.is_some();
    if sharded && a.stop_table.is_some() {
        return Err(input(
            "--stop-table: a shard writes counters; ask `pressluck merge --stop-table` instead",
        ));
    }
    let out = table_output(&a.format, a.out, "tournament")?;
    let run = run_settings(family, &a.game, a.players, a.games, out, a.run)?;
    let stop_table = match &a.stop_table {
        Some(p) => Some(output(p, "--stop-table", &[(&run.out, "--out")])?),
        None => None,
    };
    let svg = match &a.svg {
        Some(_) if sharded => {
            return Err(input(
                "--svg: a shard writes counters; draw the merged result instead",
            ))
        }
        Some(p) => {
            let mut taken = vec![(&run.out, "--out")];
            if let Some(t) = &stop_table {
                taken.push((t, "--stop-table"));
            }
            Some(output(p, "--svg", &taken)?)
        }
        None => None,
    };
    Ok(TournamentSettings {
        run,
        matchups,
        stop_table,
        svg,
    })
}

/// Checks a sweep's `--players` before its game is set up: 1 (solitaire) or 2.
pub fn sweep_players(players: u8) -> Result<()> {
    if !(1..=2).contains(&players) {
        return Err(input(format!(
            "--players {players}: a sweep takes 1 (solitaire) or 2 players"
        )));
    }
    Ok(())
}

/// `pressluck sweep` for `family`, the game of `a.game`.
pub fn sweep<F: Family>(family: F, a: SweepArgs) -> Result<SweepSettings<F>> {
    let expanded = expand(&a.policy).map_err(|e| input(format!("--policy {e}")))?;
    let mut points: Vec<(String, F::Spec)> = Vec::new();
    for p in expanded {
        let spec = family
            .parse_spec(&p.spec)
            .map_err(|e| input(format!("--policy: at {}: {e}", p.parameter)))?;
        if let Some((q, _)) = points.iter().find(|(_, s)| s.name() == spec.name()) {
            return Err(input(format!(
                "--policy: {q} and {} make the same policy '{}'",
                p.parameter,
                spec.name()
            )));
        }
        points.push((p.parameter, spec));
    }
    let opponents = match (a.players, &a.against) {
        (1, None) => Vec::new(),
        (1, Some(_)) => return Err(input("--against: a solitaire sweep (--players 1) has none")),
        (_, text) => {
            let text = text.as_deref().unwrap_or(family.default_policies());
            parse_policies(&family, text, "--against", false)?
        }
    };
    let per_point = opponents.len().max(1) as u64;
    let total = (points.len() as u64).saturating_mul(per_point);
    if a.games == 0 || a.games.saturating_mul(total) > MAX_GAMES {
        return Err(input(format!(
            "--games {}: must be at least 1, and {} points × {per_point} opponents × games at most {MAX_GAMES}",
            a.games,
            points.len()
        )));
    }
    check_threads(a.run.threads)?;
    if a.svg.is_some() && a.run.shard.is_some() {
        return Err(input(
            "--svg: a shard writes counters; draw the merged result instead",
        ));
    }
    let out = table_output(&a.format, a.out, "sweep")?;
    let run = run_settings(family, &a.game, a.players, a.games, out, a.run)?;
    let svg = match &a.svg {
        Some(p) => Some(output(p, "--svg", &[(&run.out, "--out")])?),
        None => None,
    };
    Ok(SweepSettings {
        run,
        template: a.policy,
        points,
        opponents,
        svg,
    })
}

/// Checks `bench`'s numbers before its game is set up.
pub fn bench_limits(a: &BenchArgs) -> Result<()> {
    if a.games == 0 || a.games > MAX_GAMES {
        return Err(input(format!(
            "--games {}: must be between 1 and {MAX_GAMES}",
            a.games
        )));
    }
    if a.repeat == 0 || a.repeat > MAX_REPEAT {
        return Err(input(format!(
            "--repeat {}: must be between 1 and {MAX_REPEAT}",
            a.repeat
        )));
    }
    check_threads(a.threads)
}

/// Most candidate evaluations a tuning run may spend.
const MAX_BUDGET: u64 = 1_000_000;

/// `pressluck tune` for `family`, the game of `a.game`.
pub fn tune<F: Family>(family: F, a: TuneArgs) -> Result<TuneSettings<F>> {
    if !(1..=2).contains(&a.players) {
        return Err(input(format!(
            "--players {}: tune takes 1 (solitaire: fewest turns) or 2 players",
            a.players
        )));
    }
    let space = SearchSpace::parse(&a.policy).map_err(|e| input(format!("--policy {e}")))?;
    for corner in space.corners() {
        family
            .parse_spec(&corner)
            .map_err(|e| input(format!("--policy '{}': at {corner}: {e}", a.policy)))?;
    }
    let field = match (a.players, &a.against) {
        (1, None) => Vec::new(),
        (1, Some(_)) => return Err(input("--against: a solitaire tune (--players 1) has none")),
        (_, text) => {
            let text = text.as_deref().unwrap_or(family.default_policies());
            parse_policies(&family, text, "--against", false)?
        }
    };
    let opponents = field.len().max(1) as u64;
    if a.games == 0 || a.games.saturating_mul(opponents) > MAX_GAMES {
        return Err(input(format!(
            "--games {}: must be between 1 and {} per opponent",
            a.games,
            MAX_GAMES / opponents
        )));
    }
    if a.budget == 0 || a.budget > MAX_BUDGET {
        return Err(input(format!(
            "--budget {}: must be between 1 and {MAX_BUDGET} evaluations",
            a.budget
        )));
    }
    if let Some(p) = a.population.filter(|&p| !(2..=1000).contains(&p)) {
        return Err(input(format!(
            "--population {p}: must be between 2 and 1000"
        )));
    }
    if a.validate == 0 || a.validate > MAX_GAMES {
        return Err(input(format!(
            "--validate {}: must be between 1 and {MAX_GAMES}",
            a.validate
        )));
    }
    if a.run.shard.is_some() {
        return Err(input("--shard: a tuning run is not sharded"));
    }
    check_threads(a.run.threads)?;
    let (format, out) = table_output(&a.format, a.out, "tune")?;
    let out = output(&out, "--out", &[])?;
    let svg = match &a.svg {
        Some(p) => Some(output(p, "--svg", &[(&out, "--out")])?),
        None => None,
    };
    let save = match &a.save {
        Some(p) => {
            let mut taken = vec![(&out, "--out")];
            if let Some(s) = &svg {
                taken.push((s, "--svg"));
            }
            Some(output(p, "--save", &taken)?)
        }
        None => None,
    };
    let (seed, threads, quiet) = (a.run.seed, a.run.threads, a.run.quiet);
    let Control {
        checkpoint, resume, ..
    } = control(a.run, &out)?;
    Ok(TuneSettings {
        provenance: a.game.provenance(Some(a.players), Some(seed))?,
        family,
        template: a.policy,
        space,
        field,
        games: a.games,
        budget: a.budget as usize,
        population: a.population.map(|p| p as usize),
        validate: a.validate,
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

/// `pressluck bench` for `family`, the game of `a.game` (its numbers checked by
/// [`bench_limits`]).
pub fn bench<F: Family>(family: F, a: BenchArgs) -> Result<BenchSettings<F>> {
    let first = family
        .default_policies()
        .split(',')
        .next()
        .unwrap_or_default();
    let text = a.policies.clone().unwrap_or_else(|| {
        if first == "ev" {
            "fixed-risk:0.3".to_string()
        } else {
            first.to_string()
        }
    });
    let mut slots = Vec::new();
    for part in split_policies(&family, &text, "--policies")? {
        slots.push(
            family
                .parse_spec(&part)
                .map_err(|e| input(format!("--policies: {e}")))?,
        );
    }
    while slots.len() < a.players as usize {
        slots.push(slots[slots.len() - 1].clone());
    }
    if slots.len() > a.players as usize {
        return Err(input(format!(
            "--policies: {} policies for {} seats",
            slots.len(),
            a.players
        )));
    }
    Ok(BenchSettings {
        family,
        matchup: Matchup { slots },
        games: a.games,
        seed: a.seed,
        threads: a.threads,
        repeat: a.repeat,
        json: a.json,
    })
}

/// The strategies known by name: the built-in ones and the files of `dir` (`--strategies` or
/// `PRESSLUCK_STRATEGIES`), else of `./strategies` when that folder exists.
pub fn strategies(dir: Option<&Path>) -> Result<StrategyBook> {
    let book = StrategyBook::builtin();
    match dir {
        Some(d) => book
            .with_folder(d)
            .map_err(|e| input(format!("--strategies {}: {e}", d.display()))),
        None if Path::new("strategies").is_dir() => {
            book.with_folder(Path::new("strategies")).map_err(input)
        }
        None => Ok(book),
    }
}

/// `pressluck policies`.
pub fn policies(a: PoliciesArgs) -> Result<PoliciesSettings> {
    let game = a
        .game
        .as_deref()
        .map(|g| GameName::parse(g, "--game"))
        .transpose()?;
    Ok(PoliciesSettings {
        game,
        strategies: strategies(a.strategies.as_deref())?,
    })
}

/// `pressluck boards NAME`: the name of a built-in board (or none: all of them).
pub fn board_name(name: Option<&str>) -> Result<Option<&'static str>> {
    let Some(name) = name else { return Ok(None) };
    let names = crate::commands::boards::NAMES;
    names
        .iter()
        .find(|&&n| n == name)
        .map(|&n| Some(n))
        .ok_or_else(|| {
            input(format!(
                "boards: unknown board '{name}' (expected one of {})",
                names.join(", ")
            ))
        })
}

/// `pressluck merge`.
pub fn merge(a: MergeArgs) -> Result<MergeSettings> {
    let format = TableFormat::parse(&a.format)?;
    let out = output(&a.out, "--out", &[])?;
    let stop_table = match &a.stop_table {
        Some(p) => Some(output(p, "--stop-table", &[(&out, "--out")])?),
        None => None,
    };
    let svg = match &a.svg {
        Some(p) => {
            let mut taken = vec![(&out, "--out")];
            if let Some(t) = &stop_table {
                taken.push((t, "--stop-table"));
            }
            Some(output(p, "--svg", &taken)?)
        }
        None => None,
    };
    Ok(MergeSettings {
        shards: a.shards,
        out,
        format,
        stop_table,
        svg,
        allow_partial: a.allow_partial,
    })
}

/// Parses a comma-separated list of columns like `2,12` for the flag `flag`.
pub fn parse_columns(text: &str, flag: &str) -> Result<ColumnSet> {
    let mut set = ColumnSet::EMPTY;
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let c: u8 = part
            .parse()
            .map_err(|_| input(format!("{flag} {text}: '{part}' is not a column number")))?;
        if !(MIN_COLUMN..=MAX_COLUMN).contains(&c) {
            return Err(input(format!("{flag} {text}: column {c} is not in 2..12")));
        }
        if set.has(c) {
            return Err(input(format!("{flag} {text}: column {c} is listed twice")));
        }
        set = set.with(c);
    }
    Ok(set)
}

/// Checks `--samples N` against the most a table takes.
fn check_samples(samples: Option<u64>, max: u64) -> Result<()> {
    match samples {
        Some(n) if n == 0 || n > max => {
            Err(input(format!("--samples {n}: must be between 1 and {max}")))
        }
        _ => Ok(()),
    }
}

/// `pressluck odds`.
pub fn odds(a: OddsArgs) -> Result<OddsSettings> {
    let setup = a.game.setup(2)?;
    let view = match (&setup, a.view.as_str()) {
        (GameSetup::Shortcut(_), "press" | "sets") => "press",
        (GameSetup::Shortcut(_), "policy") => "policy",
        (GameSetup::Shortcut(_), v) => {
            return Err(input(format!(
                "--view {v}: expected press or policy for shortcut"
            )))
        }
        (GameSetup::TreasureHunt(_), "claims" | "sets") => "claims",
        (GameSetup::TreasureHunt(_), v) => {
            return Err(input(format!(
                "--view {v}: treasure-hunt has one table, claims"
            )))
        }
        (_, v @ ("sets" | "tracks" | "reach")) => v,
        (_, v) => return Err(input(format!("--view {v}: expected sets, tracks or reach"))),
    };
    check_odds_flags(&a, &setup, view)?;
    if let Some(p @ (0 | 3..)) = a.players {
        return Err(input(format!(
            "--players {p}: the policy view is solved for 1 or 2 players (at 3 or 4, optimal \
             plays the solitaire table)"
        )));
    }
    let seed = a.seed.unwrap_or(1);
    let provenance = a.game.provenance(a.players, a.samples.map(|_| seed))?;
    let format = TableFormat::parse(&a.format)?;
    let out = match &a.out {
        Some(p) => output(p, "--out", &[])?,
        None => Destination::Stdout,
    };
    let svg = match &a.svg {
        Some(p) => Some(output(p, "--svg", &[(&out, "--out")])?),
        None => None,
    };
    let mut assumption = None;
    let table = match setup {
        GameSetup::Shortcut(setup) => match view {
            "press" => OddsTable::ShortcutPress,
            _ if a.players == Some(2) => OddsTable::ShortcutDuel(setup),
            _ => OddsTable::ShortcutPolicy(setup),
        },
        GameSetup::TreasureHunt(family) => {
            check_samples(a.samples, treasure_hunt::odds::MAX_SAMPLES)?;
            OddsTable::TreasureClaims {
                deck: family.deck,
                samples: a.samples,
                seed,
            }
        }
        GameSetup::Columns(rules) | GameSetup::GreatRaces(rules) => {
            let blocked = parse_columns(a.blocked.as_deref().unwrap_or(""), "--blocked")?;
            let free_cars = a.free_cars.unwrap_or(0);
            if free_cars > 3 {
                return Err(input(format!("--free-cars {free_cars}: must be 0 to 3")));
            }
            check_samples(a.samples, crate::columns::odds::MAX_SAMPLES)?;
            let only = a
                .cars
                .as_deref()
                .map(|text| only_cars(text, blocked, free_cars))
                .transpose()?;
            if let Some(cars) = only.filter(|c| c.len() < 3 && a.free_cars.is_none()) {
                assumption = Some(format!(
                    "note: the bust chance of cars on {} assumes no free car (the turn's other cars \
                     are used up or blocked); --free-cars {} counts cars still to place",
                    columns_text(cars),
                    3 - cars.len()
                ));
            }
            match view {
                "sets" => OddsTable::Sets {
                    masks: a.masks,
                    blocked,
                    free_cars,
                    only,
                    samples: a.samples,
                    seed,
                    svg,
                },
                "tracks" => OddsTable::Tracks,
                _ => OddsTable::Reach(rules),
            }
        }
    };
    Ok(OddsSettings {
        table,
        provenance,
        out,
        assumption,
        format,
    })
}

/// Refuses every `odds` flag that does not apply to the table `view` of `setup`'s game.
fn check_odds_flags(a: &OddsArgs, setup: &GameSetup, view: &str) -> Result<()> {
    let columns = matches!(setup, GameSetup::Columns(_) | GameSetup::GreatRaces(_));
    let sets = columns && view == "sets";
    let bust_table = sets && !a.masks;
    let shortcut_policy = matches!(setup, GameSetup::Shortcut(_)) && view == "policy";
    let flags: [(bool, &str, bool, &str); 8] = [
        (
            a.masks,
            "--masks",
            sets,
            "the sets view of route66, cant-stop and great-races",
        ),
        (
            a.blocked.is_some(),
            "--blocked",
            bust_table,
            "the sets view without --masks",
        ),
        (
            a.free_cars.is_some(),
            "--free-cars",
            bust_table,
            "the sets view without --masks",
        ),
        (
            a.cars.is_some(),
            "--cars",
            bust_table,
            "the sets view without --masks",
        ),
        (
            a.samples.is_some(),
            "--samples",
            sets || view == "claims",
            "the sets view and treasure-hunt's claims",
        ),
        (
            a.seed.is_some(),
            "--seed",
            a.samples.is_some(),
            "a --samples check",
        ),
        (
            a.players.is_some(),
            "--players",
            shortcut_policy,
            "shortcut's policy view",
        ),
        (
            a.svg.is_some(),
            "--svg",
            bust_table && matches!(setup, GameSetup::Columns(_)),
            "the sets view of route66 and cant-stop, without --masks",
        ),
    ];
    for (given, flag, applies, to) in flags {
        if given && !applies {
            let game = a.game.game.as_str();
            return Err(input(format!(
                "{flag} applies to {to} only, not --game {game} --view {view}{}",
                if a.masks && flag != "--masks" {
                    " --masks"
                } else {
                    ""
                }
            )));
        }
    }
    Ok(())
}

/// A set of columns as `4, 7 and 11`.
fn columns_text(set: ColumnSet) -> String {
    let names: Vec<String> = set.iter().map(|c| c.to_string()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// The set of `--cars`: at most three open columns, with `free_cars` still free.
fn only_cars(text: &str, blocked: ColumnSet, free_cars: u8) -> Result<ColumnSet> {
    let cars = parse_columns(text, "--cars")?;
    if cars.is_empty() || cars.len() > 3 {
        return Err(input(format!(
            "--cars {text}: give 1 to 3 columns, e.g. 4,7,11"
        )));
    }
    if cars.len() + u32::from(free_cars) > 3 {
        return Err(input(format!(
            "--cars {text} --free-cars {free_cars}: a turn has 3 cars in all"
        )));
    }
    if let Some(c) = (cars & blocked).iter().next() {
        return Err(input(format!(
            "--cars {text}: column {c} is also in --blocked"
        )));
    }
    Ok(cars)
}

/// The game a record is of: `--game`, else its own `game` line, else Route 66.
fn record_game(a: &RecordArgs, bytes: &[u8]) -> String {
    if let Some(g) = &a.game {
        return g.clone();
    }
    let text = String::from_utf8_lossy(bytes);
    for line in text.lines() {
        let mut words = line.split('#').next().unwrap_or("").split_whitespace();
        if words.next() == Some("game") {
            return words.next().unwrap_or("").to_string();
        }
    }
    GameKind::Route66.name().to_string()
}

/// `pressluck replay`: the record read, its game found and the flags that apply to it checked.
pub fn record(a: ReplayArgs) -> Result<RecordSettings> {
    read_record(a.file, &a.reading).map(|(record, _)| record)
}

/// The record `file` read as `a` says, with the name of its game (as `--game` or its `game`
/// line gives it).
fn read_record(file: PathBuf, a: &RecordArgs) -> Result<(RecordSettings, String)> {
    let format = format(&a.format)?;
    let bytes = std::fs::read(&file).map_err(|e| input(format!("{}: {e}", file.display())))?;
    let name = record_game(a, &bytes);
    let game = match name.as_str() {
        shortcut::GAME_NAME => {
            if a.edition.is_some() || !a.variants.is_empty() || a.deck.is_some() {
                return Err(input(
                    "--edition, --variant and --deck do not apply to shortcut",
                ));
            }
            RecordGame::Shortcut(match &a.board {
                Some(p) => load_shortcut_board(p)?,
                None => ShortcutBoard::default_board(),
            })
        }
        treasure_hunt::GAME_NAME => {
            if a.edition.is_some() || !a.variants.is_empty() || a.board.is_some() {
                return Err(input(
                    "--edition, --variant and --board do not apply to a treasure-hunt record (write variant lines in it; --deck names its cards)",
                ));
            }
            RecordGame::TreasureHunt(match &a.deck {
                Some(path) => load_deck(path)?,
                None => Deck::standard(),
            })
        }
        _ => {
            if a.deck.is_some() {
                return Err(input("--deck applies to treasure-hunt records only"));
            }
            RecordGame::Columns(overrides(a)?)
        }
    };
    let record = RecordSettings {
        file,
        bytes,
        game,
        format,
    };
    Ok((record, name))
}

/// The command-line flags that override or extend a column-race record's header.
fn overrides(a: &RecordArgs) -> Result<Overrides> {
    let game = match &a.game {
        Some(g) => Some(
            g.parse::<GameKind>()
                .map_err(|e| input(format!("--game: {e}")))?,
        ),
        None => None,
    };
    let edition = match &a.edition {
        Some(e) => Some(
            e.parse::<Edition>()
                .map_err(|e| input(format!("--edition: {e}")))?,
        ),
        None => None,
    };
    let variants = a
        .variants
        .iter()
        .map(|v| {
            v.parse::<Variant>()
                .map_err(|e| input(format!("--variant: {e}")))
        })
        .collect::<Result<Vec<_>>>()?;
    let layout = match &a.board {
        Some(path) => Some(load_board(path)?),
        None => None,
    };
    Ok(Overrides {
        game,
        edition,
        variants,
        layout,
    })
}

/// `pressluck advise`: the record (as for `replay`) or the position the flags set up, and the
/// policies of its game.
pub fn advise(a: AdviseArgs) -> Result<AdviseSettings> {
    let book = strategies(a.strategies.as_deref())?;
    let format = format(&a.reading.format)?;
    let (source, races, treasure, game) = match a.file {
        Some(file) => {
            let roll = a.position.roll.as_deref().map(parse_roll).transpose()?;
            let position = PositionArgs {
                roll: None,
                ..a.position.clone()
            };
            if let Some(flag) = position.first_given() {
                return Err(input(format!(
                    "{flag} sets up a position without a record; give a record or the position, not both"
                )));
            }
            let (record, name) = read_record(file, &a.reading)?;
            let races = name.parse::<GameKind>() == Ok(GameKind::GreatRaces);
            let treasure = match &record.game {
                RecordGame::Shortcut(_) => {
                    return Err(input(
                        "advise reads Route 66, Can't Stop, The Great Races and Treasure Hunt records; \
                         for a Shortcut record use replay (and odds --game shortcut --view policy)",
                    ))
                }
                RecordGame::TreasureHunt(_) => true,
                RecordGame::Columns(_) => false,
            };
            let game = name
                .parse::<GameKind>()
                .map_or(name, |g| g.name().to_string());
            if roll.is_some() && (races || treasure) {
                return Err(input(
                    "--roll: a roll of four dice to consider applies to Route 66 and Can't Stop records",
                ));
            }
            (AdviseSource::Record { record, roll }, races, treasure, game)
        }
        None => {
            let source = position(&a.reading, &a.position)?;
            let game = match &source {
                AdviseSource::Position { rules, .. } => rules.game.name().to_string(),
                AdviseSource::Record { .. } => String::new(),
            };
            (source, false, false, game)
        }
    };
    let list = |default: &str| -> Vec<String> {
        a.policies
            .as_deref()
            .unwrap_or(default)
            .split(',')
            .map(|p| p.trim().to_string())
            .collect()
    };
    let flag = |e: String| input(format!("--policies: {e}"));
    let chance = |name: &str| {
        input(format!(
            "--policies: {name} decides by chance, there is no advice in it"
        ))
    };
    let policies = if treasure {
        AdvisePolicies::TreasureHunt(
            list(DEFAULT_ADVISE_TREASURE_POLICIES)
                .iter()
                .map(|p| {
                    parse_with_strategies(&book, treasure_hunt::GAME_NAME, p, ThSpec::parse)
                        .map_err(flag)
                })
                .collect::<Result<_>>()?,
        )
    } else if races {
        let mut specs = Vec::new();
        for part in list(DEFAULT_ADVISE_RACE_POLICIES) {
            let spec =
                parse_with_strategies(&book, GameKind::GreatRaces.name(), &part, RaceSpec::parse)
                    .map_err(flag)?;
            if spec.rule == RaceRule::Random {
                return Err(chance(&spec.name));
            }
            specs.push(spec);
        }
        AdvisePolicies::Races(specs)
    } else {
        // `rule-of-n:30,marker=5` is one spec, as in split_policies.
        let parts = list(DEFAULT_ADVISE_POLICIES);
        let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
        let mut specs = Vec::new();
        for part in join_spec_parts(&parts, |p| book.parse(&game, p).is_ok()) {
            let spec = book.parse(&game, &part).map_err(flag)?;
            if spec.name.starts_with("random") {
                return Err(chance(&spec.name));
            }
            specs.push(spec);
        }
        AdvisePolicies::Columns(specs)
    };
    super::warn_unnamed(&book);
    Ok(AdviseSettings {
        source,
        policies,
        format,
    })
}

/// The output format of `--format`.
fn format(text: &str) -> Result<Format> {
    match text {
        "json" => Ok(Format::Json),
        "text" => Ok(Format::Text),
        other => Err(input(format!(
            "--format: unknown format '{other}' (expected json or text)"
        ))),
    }
}

/// The position `p` sets up in the game of `reading` (Route 66 unless `--game` says).
fn position(reading: &RecordArgs, p: &PositionArgs) -> Result<AdviseSource> {
    let game = GameArgs {
        game: reading.game.clone().unwrap_or_else(|| "route66".into()),
        edition: reading.edition.clone(),
        variants: reading.variants.clone(),
        board: reading.board.clone(),
        columns_to_win: None,
        deck: reading.deck.clone(),
    };
    // Players named anywhere, counted from 1.
    let cubes: Vec<(u8, Vec<(u8, u8)>)> = p
        .cubes
        .iter()
        .map(|t| owned(t, "--cubes", |x| spot(x, "--cubes", t)))
        .collect::<Result<_>>()?;
    let won: Vec<(u8, Vec<u8>)> = p
        .won
        .iter()
        .map(|t| owned(t, "--won", |x| number(x, "--won", t)))
        .collect::<Result<_>>()?;
    let named = cubes
        .iter()
        .map(|c| c.0)
        .chain(won.iter().map(|w| w.0))
        .chain(p.to_move)
        .max()
        .unwrap_or(1);
    let players = p.players.unwrap_or(named.max(2));
    let rules = match game.setup(players)? {
        GameSetup::Columns(rules) => rules,
        _ => {
            return Err(input(format!(
                "--game {}: a position by hand takes route66 or cant-stop (for the other games, give a record)",
                game.game
            )))
        }
    };
    let seat = |q: u8, flag: &str| -> Result<u8> {
        if (1..=players).contains(&q) {
            Ok(q - 1)
        } else {
            Err(input(format!(
                "{flag}: player {q} is not at a table of {players} (--players)"
            )))
        }
    };
    let mut spec = PositionSpec {
        to_move: seat(p.to_move.unwrap_or(1), "--to-move")?,
        rolls: p.rolls,
        ..PositionSpec::default()
    };
    for (q, list) in &cubes {
        let q = seat(*q, "--cubes")?;
        spec.cubes.extend(list.iter().map(|&(c, s)| (q, c, s)));
    }
    for (q, list) in &won {
        let q = seat(*q, "--won")?;
        spec.claimed.extend(list.iter().map(|&c| (q, c)));
    }
    if let Some(t) = &p.cars {
        spec.cars = t
            .split(',')
            .map(|x| spot(x, "--cars", t))
            .collect::<Result<_>>()?;
    }
    let game = set_up(&rules, &spec).map_err(|e| input(format!("position: {e}")))?;
    let roll = p.roll.as_deref().map(parse_roll).transpose()?;
    Ok(AdviseSource::Position { rules, game, roll })
}

/// `P:ITEM,ITEM,…` with each item read by `item`: the player (from 1) and the items.
fn owned<T>(text: &str, flag: &str, item: impl Fn(&str) -> Result<T>) -> Result<(u8, Vec<T>)> {
    let (who, items) = text.split_once(':').ok_or_else(|| {
        input(format!(
            "{flag} {text}: write the player first, like {flag} 1:7@3,4@2"
        ))
    })?;
    let who = number(who, flag, text)?;
    let items = items.split(',').map(item).collect::<Result<_>>()?;
    Ok((who, items))
}

/// `COLUMN@SPACE`.
fn spot(text: &str, flag: &str, whole: &str) -> Result<(u8, u8)> {
    let (c, s) = text.trim().split_once('@').ok_or_else(|| {
        input(format!(
            "{flag} {whole}: '{}' is not COLUMN@SPACE, like 7@3",
            text.trim()
        ))
    })?;
    Ok((number(c, flag, whole)?, number(s, flag, whole)?))
}

/// A small whole number in the flag's text.
fn number(text: &str, flag: &str, whole: &str) -> Result<u8> {
    text.trim()
        .parse()
        .map_err(|_| input(format!("{flag} {whole}: '{}' is not a number", text.trim())))
}

/// `--roll a,b,c,d`: four dice 1 to 6.
fn parse_roll(text: &str) -> Result<Roll> {
    let words: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    Roll::parse(&words).ok_or_else(|| {
        input(format!(
            "--roll {text}: give four dice 1 to 6, like 3,4,4,6"
        ))
    })
}

//! `pressluck tune`: CMA-ES over a policy template ([`pressluck_core::sim::Tuning`]), every evaluation
//! written as CSV, the best spec validated on fresh games and printed, optionally drawn as a
//! curve and saved as a strategy file. Each finished generation is checkpointed; Ctrl-C keeps
//! the finished generations, writes a partial CSV and exits 130, and `--resume` replays them and
//! ends where an uninterrupted run ends.

use crate::commands::interrupt::{self, TestHook};
use crate::commands::job::{bot_fault, checkpoint_path, interrupted, Say};
use crate::error::input;
use crate::output::destination::Destination;
use crate::output::progress::evaluations_bar;
use crate::output::provenance::Provenance;
use crate::output::run_id::setup_digest;
use crate::output::strategy_file::{StrategyFile, TuneProvenance, ValidationFigure};
use crate::output::svg_tune::render_curve;
use crate::output::tune_csv::TuneResult;
use crate::settings::TuneSettings;
use anyhow::{Context, Result};
use pressluck_core::games::{Family, Named};
use pressluck_core::identity::IDENTITY_VERSION;
use pressluck_core::sim::{Generation, Tuning, Validation, INITIAL_STEP, SETTLED_AFTER};
use pressluck_core::template::Edge;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

/// What a checkpoint must match to be resumed: everything that decides the search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Identity {
    game: String,
    players: Option<u8>,
    rules: String,
    board: String,
    /// The digest of the rules' identity text.
    setup: String,
    template: String,
    against: Vec<String>,
    /// The definition of each opponent in `against`, in order.
    definitions: Vec<String>,
    games: u64,
    budget: usize,
    population: Option<usize>,
    #[serde(default = "initial_step")]
    step: f64,
    seed: u64,
}

/// The first step of a checkpoint that records none.
fn initial_step() -> f64 {
    INITIAL_STEP
}

/// A checkpoint: the identity encoding it was written with ([`IDENTITY_VERSION`]), the run's
/// identity and its finished generations (borrowed when saved, so a save copies nothing).
#[derive(Debug, Serialize, Deserialize)]
struct Checkpoint<'a> {
    encoding: Cow<'a, str>,
    identity: Cow<'a, Identity>,
    generations: Cow<'a, [Generation]>,
}

/// The identity of the run `s`.
fn identity<F: Family>(s: &TuneSettings<F>) -> Identity {
    Identity {
        game: s.provenance.game.clone(),
        players: s.provenance.players,
        rules: s.provenance.rules.clone(),
        board: s.provenance.board.clone(),
        setup: setup_digest(&s.family.identity()),
        template: s.template.clone(),
        against: s.field.iter().map(|o| o.name().to_string()).collect(),
        definitions: s.field.iter().map(|o| o.definition()).collect(),
        games: s.games,
        budget: s.budget,
        population: s.population,
        step: s.step,
        seed: s.seed,
    }
}

/// Loads the generations of a checkpoint of this very run.
fn load(path: &Path, want: &Identity) -> Result<Vec<Generation>> {
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| input(format!("--resume {shown}: {e}")))?;
    /// The encoding tag alone, read before the rest (a checkpoint of another encoding may hold
    /// other fields).
    #[derive(Deserialize)]
    struct Encoding {
        #[serde(default)]
        encoding: String,
    }
    let tag: Encoding = serde_json::from_slice(&bytes)
        .map_err(|e| input(format!("--resume {shown}: not a tune checkpoint ({e})")))?;
    if tag.encoding != IDENTITY_VERSION {
        return Err(input(format!(
            "--resume {shown}: the checkpoint was written before the run identity encoding changed (rules and policy definitions written out); start the tuning run afresh"
        )));
    }
    let c: Checkpoint = serde_json::from_slice(&bytes)
        .map_err(|e| input(format!("--resume {shown}: not a tune checkpoint ({e})")))?;
    if *c.identity != *want {
        return Err(input(format!(
            "--resume {shown}: the checkpoint is of another tuning run (its game, rules, board, template, field or its definitions, games, budget or seed differ)"
        )));
    }
    Ok(c.generations.into_owned())
}

/// Runs the command.
pub fn run<F: Family>(s: TuneSettings<F>) -> Result<ExitCode> {
    let me = identity(&s);
    let done = match &s.resume {
        Some(p) => load(p, &me)?,
        None => Vec::new(),
    };
    let solitaire = s.field.is_empty();
    let tuning = Tuning {
        family: &s.family,
        space: &s.space,
        field: &s.field,
        games: s.games,
        seed: s.seed,
        budget: s.budget,
        population: s.population,
        step: s.step,
        done,
    };
    let say = Say::new(s.quiet, &[Some(&s.out), s.svg.as_ref(), s.save.as_ref()]);
    let checkpoint = checkpoint_path(s.checkpoint.as_ref(), &s.out);
    let bar = evaluations_bar(s.budget as u64, s.quiet);
    let flag = interrupt::flag();
    crate::players::session().set_seed(s.seed);
    crate::players::session().set_rules(&s.provenance.rules);
    let hook = TestHook::from_env();
    let mut finished: Vec<Generation> = Vec::new();
    let mut save_error = None;
    let parse = |text: &str| s.family.parse_spec(text).ok();
    let pool = pressluck_core::sim::thread_pool(s.threads)?;
    let outcome = pool.install(|| {
        tuning.run(&parse, flag, &mut |g: &Generation| {
            finished.push(g.clone());
            bar.inc(g.candidates.len() as u64);
            if let Some(e) = g
                .candidates
                .iter()
                .chain(g.incumbent.iter())
                .find(|e| e.spec == g.best)
            {
                bar.set_message(format!("{} ({:.4})", g.best, e.score.objective(solitaire)));
            }
            if let Some(path) = &checkpoint {
                let c = Checkpoint {
                    encoding: Cow::Borrowed(IDENTITY_VERSION),
                    identity: Cow::Borrowed(&me),
                    generations: Cow::Borrowed(&finished),
                };
                if let Err(e) = serde_json::to_vec(&c)
                    .map_err(anyhow::Error::from)
                    .and_then(|b| path.write(&b))
                {
                    save_error.get_or_insert(e);
                }
            }
            if matches!(hook, Some(TestHook::InterruptAfter(k)) if finished.len() as u64 >= k) {
                flag.store(true, Ordering::SeqCst);
            }
        })
    });
    if let Some(e) = save_error {
        return Err(e.context("saving the tuning checkpoint"));
    }
    let best = outcome.generations.last().map(|g| g.best.clone());
    let validation = match (&best, outcome.complete) {
        (Some(best), true) => {
            let spec = s
                .family
                .parse_spec(best)
                .map_err(anyhow::Error::msg)
                .context("the tuned spec")?;
            pool.install(|| tuning.validate(&spec, s.validate, flag))
        }
        _ => None,
    };
    bar.finish_and_clear();
    let complete = validation.is_some();
    let result = TuneResult {
        provenance: &s.provenance,
        solitaire,
        generations: &outcome.generations,
        validation: best.as_deref().zip(validation.as_deref()),
        partial: !complete,
    };
    s.out.write(&result.table()?.export(s.format)?)?;
    if let Some(p) = &s.svg {
        p.write(render_curve(&result, &s.template)?.as_bytes())?;
    }
    if let Some(fault) = crate::players::session().fault() {
        return Err(bot_fault(&s.out, checkpoint.as_ref(), &fault));
    }
    if !complete {
        if let Some(line) = best_so_far(&outcome.generations, solitaire) {
            eprintln!("{line}");
        }
        return Ok(interrupted(&s.out, checkpoint.as_ref()));
    }
    let (best, validation) = (best.unwrap_or_default(), validation.unwrap_or_default());
    if let Some(p) = &s.save {
        let file = strategy_file(&s, &best, &validation, &outcome.generations);
        p.write(file.to_toml()?.as_bytes())?;
    }
    if let Some(Destination::File(p)) = &checkpoint {
        let _ = std::fs::remove_file(p);
    }
    if let Some(p) = &s.resume {
        let _ = std::fs::remove_file(p);
    }
    let mut text = summary(
        &best,
        &validation,
        solitaire,
        &outcome.generations,
        &s.space.edges(&best),
        &s.out,
    );
    if let Some(p) = &s.save {
        text += &format!("strategy saved in {p}\n");
    }
    say.text(&text);
    Ok(ExitCode::SUCCESS)
}

/// The incumbent after the last finished generation, and its figure on that generation's
/// games, for a run cut short (not validated); `None` before a generation finished.
fn best_so_far(generations: &[Generation], solitaire: bool) -> Option<String> {
    let g = generations.len().checked_sub(1)?;
    let last = &generations[g];
    let e = last
        .candidates
        .iter()
        .chain(last.incumbent.iter())
        .find(|e| e.spec == last.best)?;
    let x = e.score.objective(solitaire);
    let figure = if solitaire {
        format!("{x:.3} mean turns")
    } else {
        format!("win rate {x:.4}")
    };
    Some(format!(
        "best so far: {} ({figure} on generation {}'s {} games; not validated)",
        last.best,
        g + 1,
        e.score.games
    ))
}

/// The tuned spec and its figures on fresh games, for people, with a line for each of its
/// parameters at an edge of the template's box.
fn summary(
    best: &str,
    validation: &[Validation],
    solitaire: bool,
    generations: &[Generation],
    edges: &[Edge],
    out: &Destination,
) -> String {
    let evaluations: usize = generations.iter().map(|g| g.candidates.len()).sum();
    let mut text = format!(
        "tuned after {} ({}): {best}\n",
        counted(generations.len(), "generation"),
        counted(evaluations, "evaluation")
    );
    for v in validation {
        let (lo, hi) = v.score.interval(solitaire);
        let x = v.score.objective(solitaire);
        text += &match &v.opponent {
            Some(o) => format!(
                "  against {o:<24} win rate {x:.4} [{lo:.4}, {hi:.4}] over {} fresh games\n",
                v.score.games
            ),
            None => format!(
                "  alone: {x:.3} mean turns [{lo:.3}, {hi:.3}] over {} fresh games\n",
                v.score.games
            ),
        };
    }
    let unchanged = generations
        .iter()
        .rev()
        .take_while(|g| g.candidates.is_empty())
        .count();
    if unchanged >= SETTLED_AFTER {
        text += &format!(
            "the search settled: its last {unchanged} generations drew only specs they had played\n"
        );
    }
    for e in edges {
        text += &format!("{e}\n");
    }
    text + &format!("evaluations in {out}\n")
}

/// `n` and `noun`, plural unless `n` is 1: "1 generation", "2 generations".
fn counted(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// The strategy file of the tuned spec `best`.
fn strategy_file<F: Family>(
    s: &TuneSettings<F>,
    best: &str,
    validation: &[Validation],
    generations: &[Generation],
) -> StrategyFile {
    let solitaire = s.field.is_empty();
    let figures: Vec<ValidationFigure> = validation
        .iter()
        .map(|v| {
            let (lo, hi) = v.score.interval(solitaire);
            ValidationFigure {
                opponent: v.opponent.clone().unwrap_or_default(),
                games: v.score.games,
                objective: round6(v.score.objective(solitaire)),
                ci95_low: round6(lo),
                ci95_high: round6(hi),
            }
        })
        .collect();
    let p: &Provenance = &s.provenance;
    let field = s
        .field
        .iter()
        .map(|o| o.name().to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let target = match p.players {
        _ if solitaire => "fewest turns alone".to_string(),
        Some(2) | None => format!("wins against {field}"),
        Some(_) => format!("wins at tables whose other seats are filled from {field}"),
    };
    StrategyFile {
        description: format!(
            "Tuned by pressluck tune for {} ({} player{}, {target}); its figures on fresh games \
             are in [provenance.validation]",
            p.game,
            p.players.unwrap_or(0),
            if solitaire { "" } else { "s" }
        ),
        game: p.game.clone(),
        policy: best.to_string(),
        provenance: TuneProvenance {
            command: command_line(),
            game: p.game.clone(),
            players: p.players.unwrap_or(0),
            rules: p.rules.clone(),
            board: p.board.clone(),
            template: s.template.clone(),
            against: s.field.iter().map(|o| o.name().to_string()).collect(),
            games: s.games,
            evaluations: generations.iter().map(|g| g.candidates.len()).sum(),
            generations: generations.len(),
            seed: s.seed,
            validation: figures,
        },
    }
}

/// `x` to six decimals, as the CSVs write it.
fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// The command that ran, as a user would type it: `pressluck` and its arguments, each quoted
/// for a POSIX shell when it holds anything but plain characters.
fn command_line() -> String {
    let plain = |a: &str| {
        !a.is_empty()
            && a.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.,:/=@+%".contains(&b))
    };
    std::iter::once("pressluck".to_string())
        .chain(std::env::args().skip(1).map(|a| {
            if plain(&a) {
                a
            } else {
                format!("'{}'", a.replace('\'', "'\\''"))
            }
        }))
        .collect::<Vec<_>>()
        .join(" ")
}

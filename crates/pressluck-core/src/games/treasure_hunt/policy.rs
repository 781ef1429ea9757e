//! The Treasure Hunt policies and their specs:
//! - `greedy[:P]` claims a face-down tile wherever it stands when the hand quality — the chance
//!   that the tile, if it shows a needed symbol, is claimable with the hand — is at least P
//!   (default 0: any chance), moves towards the best tiles, and steals only a symbol no longer
//!   to be had by claiming;
//! - `runner[:P]` (default P 0.5) moves first and as far forward as it can while claims wait,
//!   claiming on the way only at good odds; at the far row it fills its symbols like greedy;
//! - `thief[:P]` (default P 0.3) steals needed symbols from other players whenever it can (at
//!   once with four cards, else in two turns), moves onto their tiles, and otherwise claims.
//!
//! All three discard up to three low-worth cards when their hand can claim nothing useful, and
//! reinforce a tile another player stands on when cubes allow (neither after a successful
//! claim: then the rules allow only a move).

use super::actions::StealKind;
use super::cheapest::best_combo;
use super::combos::best_combo_search;
use super::grid::{CELLS, FAR_ROW, LAST_STEP};
use super::plan::{
    card_worth, cell_value, worst_cards, worst_cards_reference, Outlook, Targets, DISCOUNTS,
};
use super::state::{State, NONE};
use crate::games::asked::{AskedSeat, SeatSpec};
use std::sync::OnceLock;

/// The Treasure Hunt policies for `pressluck policies`: spec syntax and one line each (P: the
/// least hand quality, the chance that a face-down tile showing a needed symbol is claimable,
/// for trying one).
pub const TREASURE_FAMILIES: [(&str, &str); 3] = [
    ("greedy[:P]", "claims wherever it stands at hand quality P or more (default 0), moves towards the best tiles, steals only a symbol no longer to be claimed"),
    ("runner[:P]", "moves first, as far forward as it can, claiming on the way only at good odds (default P 0.5); at the far row it plays like greedy"),
    ("thief[:P]", "steals needed symbols from other players whenever it can and moves onto their tiles; otherwise claims (default P 0.3)"),
];

/// The Treasure Hunt policies a tournament plays when `--policies` is not given.
pub const DEFAULT_TREASURE_POLICIES: &str = "greedy,runner,thief";

/// The built-in policies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Claim first.
    Greedy,
    /// Run first.
    Runner,
    /// Steal first.
    Thief,
}

/// A parsed policy spec: the style and its claim threshold.
#[derive(Clone, Debug, PartialEq)]
pub struct ThSpec {
    /// The name as given (normalised), e.g. `greedy` or `runner:0.4`.
    pub name: String,
    /// The style.
    pub style: Style,
    /// Least hand quality (see [`Outlook::hand_quality`]) for trying a face-down tile.
    pub threshold: f64,
    /// The seat's asker, when a bot or a person takes it: then it plays at the table
    /// (`super::table`) and the style and threshold are unused.
    pub asked: Option<AskedSeat>,
}

impl SeatSpec for ThSpec {
    fn asked(seat: AskedSeat) -> ThSpec {
        ThSpec {
            name: seat.name.clone(),
            style: Style::Greedy,
            threshold: 0.0,
            asked: Some(seat),
        }
    }

    fn asked_seat(&self) -> Option<&AskedSeat> {
        self.asked.as_ref()
    }
}

/// One-line descriptions of the policies, for errors and listings.
pub const POLICY_HELP: &str = "greedy[:P], runner[:P] or thief[:P] with P in 0..1";

impl ThSpec {
    /// Parses `greedy`, `runner:0.4`, …; the error names the spec.
    pub fn parse(text: &str) -> Result<ThSpec, String> {
        if let Some(e) = crate::games::family::no_search("Treasure Hunt", text) {
            return Err(e);
        }
        let (name, arg) = match text.split_once(':') {
            Some((n, a)) => (n.trim(), Some(a.trim())),
            None => (text.trim(), None),
        };
        let (style, default) = match name {
            "greedy" => (Style::Greedy, 0.0),
            "runner" => (Style::Runner, 0.5),
            "thief" => (Style::Thief, 0.3),
            _ => {
                return Err(format!(
                    "unknown Treasure Hunt policy '{text}': expected {POLICY_HELP}"
                ))
            }
        };
        let threshold = match arg {
            None => default,
            Some(a) => a
                .parse::<f64>()
                .ok()
                .filter(|p| (0.0..=1.0).contains(p))
                .ok_or_else(|| format!("'{text}': the threshold must be a number from 0 to 1"))?,
        };
        let name = match arg {
            None => name.to_string(),
            Some(_) => format!("{name}:{threshold}"),
        };
        Ok(ThSpec {
            name,
            style,
            threshold,
            asked: None,
        })
    }

    /// The canonical spec of what it plays, the threshold always written (`runner:0.5` for
    /// `runner`), whatever name it reports under (an asked seat: its definition).
    pub fn spec_text(&self) -> String {
        if let Some(seat) = &self.asked {
            return seat.definition();
        }
        let style = match self.style {
            Style::Greedy => "greedy",
            Style::Runner => "runner",
            Style::Thief => "thief",
        };
        format!("{style}:{}", self.threshold)
    }
}

/// What a policy does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// Reveal the tile underfoot and try to claim it.
    Claim,
    /// Play a steal with these hand slots.
    Steal(StealKind, u8),
    /// Roll and move.
    Move,
    /// Put a cube on this cell.
    Reinforce(u8),
    /// Discard these hand slots and draw as many.
    Discard(u8),
    /// End the turn.
    End,
}

/// The forms a decision is worked out by: the engine's, or the policy as written.
#[derive(Clone, Copy)]
enum Procedure {
    /// [`best_combo`], built from the cards in order of cost, asked only for the symbols the
    /// outlook's hand summary says the hand makes (`can3`, `can4`): none otherwise; discards
    /// by [`worst_cards`].
    Fast,
    /// [`best_combo_search`], every subset tried; discards by [`worst_cards_reference`]: the
    /// reference.
    Reference,
}

impl Procedure {
    /// The hand slots to discard ([`worst_cards`]).
    #[inline]
    fn worst_cards(self, s: &State, o: &Outlook, keep: i32) -> u8 {
        match self {
            Procedure::Fast => worst_cards(s, o, keep),
            Procedure::Reference => worst_cards_reference(s, o, keep),
        }
    }

    /// The cheapest combination of `units` units (3 or 4) of the hand of `o`'s player for a
    /// tile of `symbol`, the cards' costs given by `worth` (worked out by `card_worth` on
    /// first use).
    #[inline]
    fn find(
        self,
        s: &State,
        o: &Outlook,
        symbol: u8,
        units: u8,
        worth: &mut Option<[i32; 7]>,
    ) -> Option<u8> {
        if let Procedure::Fast = self {
            let makes = if units == 4 { o.can4 } else { o.can3 };
            if makes & (1 << symbol) == 0 {
                return None;
            }
        }
        let worth = worth.get_or_insert_with(|| {
            let mut w = [0i32; 7];
            card_worth(s, o, &mut w);
            w
        });
        let pl = &s.players[o.p];
        match self {
            Procedure::Fast => best_combo(pl.cards(), symbol, pl.colour, units, &worth[..]),
            Procedure::Reference => {
                best_combo_search(pl.cards(), symbol, pl.colour, units, &worth[..])
            }
        }
    }
}

impl ThSpec {
    /// The next action of the current player.
    pub fn act(&self, s: &State) -> Act {
        self.act_seen(s, &Outlook::new(s, s.current as usize))
    }

    /// [`ThSpec::act`] given the current player's outlook, `Outlook::new(s, s.current)`, worked
    /// out already: the engine keeps it up to date action by action and shares it with the stop
    /// table and [`ThSpec::steps_seen`].
    pub fn act_seen(&self, s: &State, o: &Outlook) -> Act {
        debug_assert_eq!(*o, Outlook::new(s, s.current as usize), "a stale outlook");
        self.decide(s, o, Procedure::Fast)
    }

    /// [`ThSpec::act`] as the rules and the policy are written, every combination found by
    /// trying every subset of the hand: the reference the engine's decisions are tested
    /// against.
    pub fn act_reference(&self, s: &State) -> Act {
        self.decide(
            s,
            &Outlook::new(s, s.current as usize),
            Procedure::Reference,
        )
    }

    /// The decision procedure itself, worked out by `procedure`.
    fn decide(&self, s: &State, o: &Outlook, procedure: Procedure) -> Act {
        let here = s.cell_of(o.p);
        let step = s.players[o.p].step;
        let thief = self.style == Style::Thief;
        if let Some(a) = self.try_steal(s, o, here, thief, procedure) {
            return a;
        }
        let claim_open = s.claim_blocker().is_none();
        if s.rules.solitaire() {
            return self.solo_act(s, o, here, step, claim_open, procedure);
        }
        let runner_first = self.style == Style::Runner && !s.cur().far_reached && !o.done();
        if runner_first && !s.moved && step < LAST_STEP {
            return Act::Move;
        }
        if claim_open && self.wants_claim(s, o, here) {
            return Act::Claim;
        }
        if !s.moved && (step < LAST_STEP || !s.rules.solitaire()) && self.wants_move(s, o) {
            return Act::Move;
        }
        // After a successful claim only a move may follow.
        if let Some(cell) = threatened(s, o).filter(|_| !s.claim_won) {
            return Act::Reinforce(cell);
        }
        // Cycle the hand with the spare action when it claims under half of the open needed
        // tiles, or falls short of the policy's own bar for face-down tiles — then even cards
        // it would rather keep go (a runner whose hand stayed just below 0.5, all its cards
        // wild or of its colour, used to walk past every tile, never claiming nor discarding,
        // until the turn cap). Likewise on a revealed needed tile the hand cannot claim yet:
        // the claim may be tried at the start of the next turn (greedy players used to pace
        // between such tiles with a frozen hand).
        let waiting = claim_open
            && s.visible(here)
                .is_some_and(|k| o.need[k as usize] > 0 && o.can3 & (1 << k) == 0);
        let short =
            waiting || (o.p_need > 0.0 && (o.p_useful == 0.0 || o.hand_quality() < self.threshold));
        if (o.p_open < 0.5 || short) && !s.claimed {
            let mut mask = procedure.worst_cards(s, o, 6);
            if mask == 0 && short {
                mask = procedure.worst_cards(s, o, i32::MAX);
            }
            if mask != 0 {
                return Act::Discard(mask);
            }
        }
        Act::End
    }

    /// Solitaire: the marker only goes forwards, so a useful tile underfoot is worth waiting
    /// on — greedy and thief discard and draw until they dare the claim; the runner moves on
    /// unless the claim is good now.
    fn solo_act(
        &self,
        s: &State,
        o: &Outlook,
        here: u8,
        step: u8,
        claim_open: bool,
        procedure: Procedure,
    ) -> Act {
        // Nothing left to claim once every symbol is held: only the far side is missing.
        let useful_here =
            !o.done() && claim_open && s.visible(here).is_none_or(|sym| o.need[sym as usize] > 0);
        let can_move = !s.moved && step < LAST_STEP;
        if useful_here {
            let sure = s.visible(here).is_some_and(|sym| o.can3 & (1 << sym) != 0);
            let dare = s.visible(here).is_none() && o.p_useful > 0.0;
            if sure || (dare && o.hand_quality() >= self.threshold) {
                return Act::Claim;
            }
            if self.style == Style::Runner && can_move {
                return Act::Move;
            }
            return Act::Discard(procedure.worst_cards(s, o, i32::MAX));
        }
        if can_move {
            return Act::Move;
        }
        Act::End
    }

    /// A steal to play now, if the policy wants one and the hand makes it.
    fn try_steal(
        &self,
        s: &State,
        o: &Outlook,
        here: u8,
        thief: bool,
        procedure: Procedure,
    ) -> Option<Act> {
        let sym = s.visible(here)?;
        let price = s.steal_price().ok()?;
        if o.need[sym as usize] == 0 || !(thief || o.forced_to_steal(sym)) || !o.affords(s, price) {
            return None;
        }
        let mut worth = None;
        if let Some(m) = procedure.find(s, o, sym, 4, &mut worth) {
            return Some(Act::Steal(StealKind::Four, m));
        }
        procedure
            .find(s, o, sym, 3, &mut worth)
            .map(|m| Act::Steal(StealKind::Half, m))
    }

    /// Whether to try the unowned tile underfoot.
    fn wants_claim(&self, s: &State, o: &Outlook, here: u8) -> bool {
        match s.visible(here) {
            Some(sym) => o.need[sym as usize] > 0 && o.can3 & (1 << sym) != 0,
            None => o.p_useful > 0.0 && o.hand_quality() >= self.threshold,
        }
    }

    /// Whether moving beats staying: something better in reach, or the far row still ahead.
    fn wants_move(&self, s: &State, o: &Outlook) -> bool {
        let step = s.cur().step;
        if o.done() || s.rules.solitaire() {
            return step < FAR_ROW || s.rules.solitaire();
        }
        step < FAR_ROW || !s.claimed
    }

    /// Steps to move after rolling `roll` (solitaire: the full roll).
    pub fn steps(&self, s: &State, roll: u8) -> i8 {
        self.steps_seen(s, &Outlook::new(s, s.current as usize), roll)
    }

    /// [`ThSpec::steps`] given the current player's outlook worked out already (as
    /// [`ThSpec::act_seen`]): [`ThSpec::steps_reference`]'s choice, from the tiles worth
    /// standing on grouped by value ([`Targets`]) instead of valued step by step.
    pub fn steps_seen(&self, s: &State, o: &Outlook, roll: u8) -> i8 {
        let p = s.current as usize;
        debug_assert_eq!(*o, Outlook::new(s, p), "a stale outlook");
        let step = s.players[p].step as i16;
        if s.rules.solitaire() {
            return (step + roll as i16)
                .min(LAST_STEP as i16)
                .saturating_sub(step) as i8;
        }
        let forward = self.forward_drift(s, o);
        let targets = Targets::of(s, o, self.style == Style::Thief);
        let best = targets.best_move(step, roll, forward, o.done(), discounts());
        if best == 0 {
            1
        } else {
            best as i8
        }
    }

    /// The forward drift of a step's value, per step: all the way once every symbol is held
    /// (the far row wins); the runner's strong pull until it first reaches the far row (after
    /// that it fills its symbols like greedy and may walk back); otherwise only a tie-break, so
    /// a player past its targets walks back to them however far (a drift of 0.01 a step, or
    /// the runner's 0.08 whenever it stood below the far row, outweighed a distant target's
    /// discounted value and left players pacing the far row until the turn cap).
    fn forward_drift(&self, s: &State, o: &Outlook) -> f64 {
        match self.style {
            _ if o.done() => 1.0,
            Style::Runner if !s.players[o.p].far_reached => 0.08,
            _ => 1e-6,
        }
    }

    /// [`ThSpec::steps`] as the policy is written: every step of the path valued by
    /// `cell_value`, the pull of each target summed up step by step. The reference
    /// [`ThSpec::steps_seen`] is tested against.
    pub fn steps_reference(&self, s: &State, roll: u8) -> i8 {
        let p = s.current as usize;
        let o = &Outlook::new(s, p);
        let step = s.players[p].step as i16;
        if s.rules.solitaire() {
            return (step + roll as i16)
                .min(LAST_STEP as i16)
                .saturating_sub(step) as i8;
        }
        let side = s.players[p].side;
        let forward = self.forward_drift(s, o);
        let steals = self.style == Style::Thief;
        // Each step's value, and the steps worth something (values are never negative, so
        // the others can raise no maximum below).
        let mut vals = [0f64; CELLS];
        let mut targets = [(0i16, 0f64); CELLS];
        let mut n_targets = 0;
        for (k, v) in vals.iter_mut().enumerate() {
            *v = cell_value(s, o, side.path_cell(k as u8), steals);
            debug_assert!(*v >= 0.0);
            if *v > 0.0 {
                targets[n_targets] = (k as i16, *v);
                n_targets += 1;
            }
        }
        // The best target seen from a step, worth less the more moves away it lies
        // ([`discounts`]): pulls towards distant targets.
        let disc = discounts();
        let pull = |to: i16| {
            let mut best = 0.0f64;
            for &(j, v) in &targets[..n_targets] {
                best = best.max(v * disc[(j - to).unsigned_abs() as usize]);
            }
            best
        };
        let mut best = (f64::MIN, 0i16);
        for d in -(roll as i16)..=roll as i16 {
            let to = step + d;
            if d == 0 || !(0..=LAST_STEP as i16).contains(&to) {
                continue;
            }
            let mut v = vals[to as usize] + 0.8 * pull(to) + forward * to as f64;
            if to >= FAR_ROW as i16 && o.done() {
                v += 100.0;
            }
            if v > best.0 || (v == best.0 && d > best.1) {
                best = (v, d);
            }
        }
        if best.1 == 0 {
            1
        } else {
            best.1 as i8
        }
    }

    /// The cards to play for the revealed tile of `symbol`, or `None` to let the claim fail
    /// (no combination, or a symbol not needed: no cube and row place wasted on it).
    pub fn combo(&self, s: &State, symbol: u8) -> Option<u8> {
        self.combo_seen(s, &Outlook::new(s, s.current as usize), symbol)
    }

    /// [`ThSpec::combo`] given the current player's outlook worked out already (as
    /// [`ThSpec::act_seen`]). It reads only what the hand makes and the symbols still needed,
    /// so an outlook from before the tile underfoot was revealed serves.
    pub fn combo_seen(&self, s: &State, o: &Outlook, symbol: u8) -> Option<u8> {
        debug_assert!(
            o.chooses_cards_as(&Outlook::new(s, s.current as usize)),
            "a stale outlook"
        );
        self.pick_combo(s, o, symbol, Procedure::Fast)
    }

    /// [`ThSpec::combo`] trying every subset of the hand: the reference.
    pub fn combo_reference(&self, s: &State, symbol: u8) -> Option<u8> {
        let o = Outlook::new(s, s.current as usize);
        self.pick_combo(s, &o, symbol, Procedure::Reference)
    }

    /// The cards for a tile of `symbol`, found by `procedure`.
    fn pick_combo(&self, s: &State, o: &Outlook, symbol: u8, procedure: Procedure) -> Option<u8> {
        if o.need[symbol as usize] == 0 && !o.done() {
            return None;
        }
        procedure.find(s, o, symbol, 3, &mut None)
    }
}

/// The discount of a target `d` steps away (index `d`, 0..36; 0 for `d = 0`, the step itself,
/// and from 36 on, no target): 0.6 a move of six steps, continuous beyond the first move.
/// Counted in whole moves, stepping back five towards a target eleven steps away gained
/// nothing (still two moves), so players paced on the spot. Worked out once: every move of
/// every game reads it.
fn discounts() -> &'static [f64; DISCOUNTS] {
    static TABLE: OnceLock<[f64; DISCOUNTS]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut disc = [0f64; DISCOUNTS];
        for (d, x) in disc.iter_mut().enumerate().take(CELLS).skip(1) {
            *x = 0.6f64.powf((d as f64 / 6.0).max(1.0));
        }
        disc
    })
}

/// A tile of the player's that another player stands on (a steal may come next turn), worth
/// reinforcing: its symbol not held in surplus, and cubes to spare beyond the claims still
/// needed.
fn threatened(s: &State, o: &Outlook) -> Option<u8> {
    let p = o.p;
    let still: u32 = o.need.iter().map(|&n| n as u32).sum();
    if (s.players[p].supply as u32) <= still + 1 {
        return None;
    }
    let held = &o.held;
    (0..s.rules.players as usize)
        .filter(|&q| q != p)
        .map(|q| s.cell_of(q))
        .find(|&c| {
            s.owner[c as usize] == p as u8
                && s.cubes[c as usize] < 3
                && held[s.tiles[c as usize] as usize] <= s.rules.target
                && s.owner[c as usize] != NONE
        })
}

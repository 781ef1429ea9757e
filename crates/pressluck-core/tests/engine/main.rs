//! The engine room: its public safe entry points fed adversarial values, the game loops proven
//! allocation-free (a counting global allocator), and the Shortcut solvers (solitaire and
//! two-player) against simulation.

mod counting_alloc;

mod no_alloc;
mod race_lanes;
mod rollouts;
mod search;
mod shortcut_duel;
mod shortcut_no_alloc;
mod shortcut_solver;
mod soundness;
mod treasure_races_no_alloc;
mod treasure_reference;

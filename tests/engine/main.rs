//! The engine room: its public safe entry points fed adversarial values, the game loops proven
//! allocation-free (a counting global allocator), and the Shortcut solver against simulation.

mod counting_alloc;

mod no_alloc;
mod shortcut_no_alloc;
mod shortcut_solver;
mod soundness;

//! Self-play: the engine loop, the runner over chunks of games, the schedule of matchups, and
//! the integer counters they add up to.

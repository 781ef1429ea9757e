//! Game records: parse a record, drive the engine, report the position (being built).

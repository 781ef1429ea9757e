//! `PRESSLUCK_ENGINE`: which engine the environment asks for, read and checked in one place for
//! the vector ranking ([`crate::columns::rank_table::vector_cpu`]), the lanes kernels
//! ([`crate::sim::lanes::Kernel::detect`]) and the command line's input check.

use std::ffi::OsStr;

/// The values `PRESSLUCK_ENGINE` may take.
pub const ENGINES: [&str; 3] = ["scalar", "avx2", "avx512"];

/// What `PRESSLUCK_ENGINE` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineRequest {
    /// Unset: the default engine this CPU runs (the AVX2 lanes kernel where it has AVX2).
    Auto,
    /// `scalar`: no vector ranking and no lanes.
    Scalar,
    /// `avx2`: the AVX2 lanes kernel where the CPU has it.
    Avx2,
    /// `avx512`: the AVX-512 lanes kernel where the CPU has it (the jump rule and Route 66, which
    /// only the AVX2 kernel plays, take that).
    Avx512,
}

impl EngineRequest {
    /// The request in a value of `PRESSLUCK_ENGINE` (`None`: unset), or a one-line error.
    pub fn parse(value: Option<&OsStr>) -> Result<EngineRequest, String> {
        let Some(value) = value else {
            return Ok(EngineRequest::Auto);
        };
        match value.to_str() {
            Some("scalar") => Ok(EngineRequest::Scalar),
            Some("avx2") => Ok(EngineRequest::Avx2),
            Some("avx512") => Ok(EngineRequest::Avx512),
            Some(v) => Err(format!(
                "environment variable PRESSLUCK_ENGINE: unknown engine '{v}' (expected {})",
                ENGINES.join(", ")
            )),
            None => Err("environment variable PRESSLUCK_ENGINE: not UTF-8".to_string()),
        }
    }

    /// The request in this process's environment, or its error.
    pub fn from_env() -> Result<EngineRequest, String> {
        EngineRequest::parse(std::env::var_os("PRESSLUCK_ENGINE").as_deref())
    }

    /// The request in this process's environment; an invalid value (which the command line
    /// rejects before any game) counts as unset.
    pub fn current() -> EngineRequest {
        EngineRequest::from_env().unwrap_or(EngineRequest::Auto)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_engine_name_parses_and_anything_else_is_named_in_the_error() {
        let parse = |v: &str| EngineRequest::parse(Some(OsStr::new(v)));
        assert_eq!(EngineRequest::parse(None), Ok(EngineRequest::Auto));
        assert_eq!(parse("scalar"), Ok(EngineRequest::Scalar));
        assert_eq!(parse("avx2"), Ok(EngineRequest::Avx2));
        assert_eq!(parse("avx512"), Ok(EngineRequest::Avx512));
        for bad in ["", "AVX2", "avx1024", " scalar"] {
            let e = parse(bad).unwrap_err();
            assert!(e.contains(&format!("'{bad}'")), "{e}");
            assert!(e.contains("scalar, avx2, avx512"), "{e}");
        }
    }
}

//! What the CPU runs and what `PRESSLUCK_ENGINE` asks for: the [`Avx2`] capability token that
//! every AVX2 code path takes as its proof, and the environment variable read and checked in one
//! place.

use std::ffi::OsStr;

/// The values `PRESSLUCK_ENGINE` may take.
pub const ENGINES: [&str; 2] = ["scalar", "avx2"];

/// What `PRESSLUCK_ENGINE` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineRequest {
    /// Unset: the fastest engine this CPU runs (AVX2 where it has it).
    Auto,
    /// `scalar`: no AVX2 code at all (no lanes, no vector ranking).
    Scalar,
    /// `avx2`: the AVX2 code where the CPU has it (the default).
    Avx2,
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
            Some(v) => Err(format!(
                "environment variable PRESSLUCK_ENGINE: unknown engine '{v}' (expected {})",
                ENGINES.join(" or ")
            )),
            None => Err("environment variable PRESSLUCK_ENGINE: not UTF-8".to_string()),
        }
    }

    /// The request in this process's environment, or its error. Read once, with the
    /// command's settings: everything below takes the request as a value.
    pub fn from_env() -> Result<EngineRequest, String> {
        EngineRequest::parse(std::env::var_os("PRESSLUCK_ENGINE").as_deref())
    }
}

/// Proof that this CPU has AVX2, and with it the rest of x86-64-v3 the scalar engine's turn
/// loop enables (BMI1, BMI2, LZCNT, POPCNT). Its one field is private, so a value exists only
/// where [`Avx2::cpu`] or [`Avx2::for_request`] found every one of them: every AVX2 code path
/// takes one, and its `unsafe` calls into `#[target_feature]` code rest on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx2 {
    _found: (),
}

impl Avx2 {
    /// The token, if this CPU has AVX2 (with BMI1, BMI2, LZCNT and POPCNT), whatever
    /// `PRESSLUCK_ENGINE` says (tests use it to run both engines).
    pub fn cpu() -> Option<Avx2> {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            if has!("avx2") && has!("bmi1") && has!("bmi2") && has!("lzcnt") && has!("popcnt") {
                return Some(Avx2 { _found: () });
            }
        }
        None
    }

    /// The token the engine runs with under `request`: none for `scalar`, else the CPU's.
    pub fn for_request(request: EngineRequest) -> Option<Avx2> {
        match request {
            EngineRequest::Scalar => None,
            EngineRequest::Auto | EngineRequest::Avx2 => Avx2::cpu(),
        }
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
        for bad in ["", "AVX2", "avx512", "avx1024", " scalar"] {
            let e = parse(bad).unwrap_err();
            assert!(e.contains(&format!("'{bad}'")), "{e}");
            assert!(e.contains("scalar or avx2"), "{e}");
        }
    }
}

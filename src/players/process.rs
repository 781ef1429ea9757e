//! One bot process ([`BotProcess`]): started without a shell in its own process group (so a
//! Ctrl-C at the terminal reaches pressluck alone, which ends it), written to through a
//! buffered pipe flushed once a message, read on the asking thread itself — waiting for its
//! output with `poll(2)`, so a read waits at most the bot timeout and looks at the run's
//! interrupt flag meanwhile — and ended, killed and reaped, when dropped.

use pressluck_core::games::asked::BotCommand;
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long a read waits between looks at the run's interrupt flag.
const LOOK_EVERY: Duration = Duration::from_millis(50);

/// How long an ended bot may take to leave on its own (its input closed) before it is killed.
const GRACE: Duration = Duration::from_millis(200);

/// What a read from a bot gave instead of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoLine {
    /// Its output closed: it exited (with the status, when known).
    Exited(String),
    /// No line within the timeout.
    TimedOut,
    /// The run was interrupted while waiting.
    Interrupted,
}

/// A running bot.
#[derive(Debug)]
pub struct BotProcess {
    /// The process.
    child: Child,
    /// Its standard input, buffered: one flush a message.
    input: Option<BufWriter<ChildStdin>>,
    /// Its standard output.
    output: ChildStdout,
    /// Bytes read from its output and not yet taken as lines.
    pending: Vec<u8>,
    /// Whether its output has closed.
    closed: bool,
}

impl BotProcess {
    /// Starts `bot` in the current folder, its standard error to `log` (else the terminal's).
    pub fn start(bot: &BotCommand, log: Option<&File>) -> Result<BotProcess, String> {
        let (program, args) = bot
            .command
            .split_first()
            .ok_or_else(|| "no program to run".to_string())?;
        let mut command = Command::new(program);
        command
            .args(args)
            .envs(bot.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped());
        match log {
            Some(f) => command.stderr(f.try_clone().map_err(|e| e.to_string())?),
            None => command.stderr(Stdio::inherit()),
        };
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", bot.command.join(" ")))?;
        let input = child.stdin.take().map(BufWriter::new);
        let output = child.stdout.take().ok_or("no output pipe")?;
        Ok(BotProcess {
            child,
            input,
            output,
            pending: Vec::new(),
            closed: false,
        })
    }

    /// Writes `message` and a line break, and flushes; the error says why it could not.
    pub fn send(&mut self, message: &str) -> Result<(), String> {
        let input = self.input.as_mut().ok_or("its input is closed")?;
        input
            .write_all(message.as_bytes())
            .and_then(|_| input.write_all(b"\n"))
            .and_then(|_| input.flush())
            .map_err(|e| format!("cannot write to it: {e}"))
    }

    /// The next line that is not blank, within `timeout`; stops early once `interrupt` is set.
    pub fn receive(&mut self, timeout: Duration, interrupt: &AtomicBool) -> Result<String, NoLine> {
        let until = Instant::now() + timeout;
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=end).collect();
                let line = String::from_utf8_lossy(&line);
                if line.trim().is_empty() {
                    continue;
                }
                return Ok(line.trim_end_matches(['\n', '\r']).to_string());
            }
            if self.closed {
                return Err(NoLine::Exited(self.exit_status()));
            }
            if interrupt.load(Ordering::Relaxed) {
                return Err(NoLine::Interrupted);
            }
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(NoLine::TimedOut);
            }
            if readable(&self.output, left.min(LOOK_EVERY)) {
                let mut chunk = [0u8; 8192];
                match self.output.read(&mut chunk) {
                    Ok(0) | Err(_) => self.closed = true,
                    Ok(n) => self.pending.extend_from_slice(&chunk[..n]),
                }
            }
        }
    }

    /// How the process ended, for a message (`exit status: 1`), once its output has closed.
    fn exit_status(&mut self) -> String {
        let until = Instant::now() + GRACE;
        while Instant::now() < until {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.to_string();
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        "its output closed".to_string()
    }
}

/// Whether `output` has something to read (or has closed) within `wait`.
#[cfg(unix)]
fn readable(output: &ChildStdout, wait: Duration) -> bool {
    use std::os::unix::io::AsRawFd;
    let mut fd = libc::pollfd {
        fd: output.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    let ms = wait.as_millis().clamp(1, i32::MAX as u128) as libc::c_int;
    // SAFETY: `fd` is one valid `pollfd` on this stack frame, and `nfds` is 1: poll(2) reads and
    // writes that one struct only, for the length of the call; the descriptor is the child's
    // open output pipe, owned by `output`.
    let ready = unsafe { libc::poll(&mut fd, 1, ms) };
    ready > 0
}

/// Whether `output` has something to read: without `poll(2)` a read waits for it, and the bot
/// timeout is not kept.
#[cfg(not(unix))]
fn readable(_: &ChildStdout, _: Duration) -> bool {
    true
}

impl Drop for BotProcess {
    /// Ends the bot: its input closed, a moment to leave, then killed; always reaped.
    fn drop(&mut self) {
        self.input = None;
        let until = Instant::now() + GRACE;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

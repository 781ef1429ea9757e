//! Hostile input to every command: each case must exit 2 with one line on stderr that starts
//! `error: ` and names the flag, file or line at fault and why, print nothing on stdout, and
//! leave no output file behind (nor a `.NAME.*.tmp` temp file beside it).

use crate::fixture::pressluck;
use std::fs;
use std::path::Path;

/// The cases, one a line: `name :: arguments :: phrase ;; phrase…`. Arguments are split on
/// spaces, and `\n` in one stands for a line break; the phrases must all be in the message.
/// A `tournament` runs with `--quiet --games 100 --out never.csv` before the case's own
/// arguments (later flags override earlier ones), a `sweep` with those and `--policy
/// rolls:{1..2} --against one-roll`, a `tune` with `--budget 4` and, unless the case gives
/// them, `--policy rolls:{1..3} --against one-roll`. `\s` in an argument stands for a space.
/// The fixture files are in `fixture.rs`.
const CASES: &str = r#"
unknown game :: tournament --game monopoly :: --game ;; unknown game 'monopoly'
unknown edition :: tournament --edition fr :: --edition ;; unknown edition 'fr'
unknown variant :: tournament --variant turbo :: --variant ;; unknown variant 'turbo'
variant of another game :: tournament --game cant-stop --variant faster-gear :: --variant faster-gear ;; does not apply to cant-stop ;; route66 variant
edition of another game :: tournament --game great-races --edition de :: --edition de ;; route66 only
unknown policy :: tournament --policies nope,ev :: --policies ;; unknown policy 'nope'
fixed-risk above 1 :: tournament --policies fixed-risk:1.5,ev :: --policies ;; fixed-risk:1.5 ;; 0..1
fixed-risk not a number :: tournament --policies fixed-risk:abc,ev :: fixed-risk:abc ;; 'abc' is not a number
rolls zero :: tournament --policies rolls:0,ev :: rolls:0 ;; at least 1 roll
random above 1 :: tournament --policies random:2,ev :: random:2 ;; 0..1
rule-of-n not a number :: tournament --policies rule-of-n:x,ev :: rule-of-n ;; 'x' is not a whole number
linear-n slope not a number :: tournament --game cant-stop --policies linear-n:61,slope=72/48/56/44/28/x,ev :: linear-n ;; 'x' is not a number
glenn-linear unknown parameter :: tournament --game cant-stop --policies glenn-linear:61,ev :: glenn-linear ;; unknown parameter '61'
against twice :: sweep --against ev,ev :: --against ;; 'ev' is listed twice
search without a base :: tournament --game cant-stop --policies rollout:n=5,ev :: --policies ;; rollout needs a base player
search of no rollouts :: tournament --game cant-stop --policies rollout:glenn,budget=0,ev :: rollout: budget=0 ;; 1 to 100000000
search of a negative margin :: tournament --game cant-stop --policies rollout:glenn,z=-1,ev :: rollout: z=-1 ;; 0 to 10
search over a search :: tournament --game cant-stop --policies rollout:rollout:glenn,ev :: cannot itself search
search over an unknown base :: tournament --game cant-stop --policies rollout:nope,ev :: rollout: base player ;; unknown policy 'nope'
search over another game's strategy :: tournament --game cant-stop --policies rollout:tuned-route66-duel,ev :: rollout: base player ;; a strategy for route66, not for cant-stop
search in the great races :: tournament --game great-races --policies rollout:glenn,race-points :: --policies ;; plays Route 66 and Can't Stop only, not The Great Races
search in shortcut :: tournament --game shortcut --policies rollout:glenn,main-road :: --policies ;; plays Route 66 and Can't Stop only, not Shortcut
search in treasure hunt :: tournament --game treasure-hunt --policies rollout:glenn,greedy :: --policies ;; plays Route 66 and Can't Stop only, not Treasure Hunt
line break in a policy :: tournament --policies ev,b\nad :: unknown policy 'b\nad'
negative games :: tournament --games -5 :: '--games <GAMES>' ;; '-5'
negative seed :: tournament --seed -1 :: '--seed <SEED>' ;; '-1'
merge without shards :: merge --out merged.csv :: not provided: <SHARDS>
advise: too few rolls for the cars :: advise --game cant-stop --cars 4@5,7@6,10@5 --rolls 1 :: 1 successful roll cannot bring cars to 4@5,7@6,10@5 ;; at least 8 rolls
advise: zero rollouts :: advise --game cant-stop --cars 4@5 --rollouts 0 :: --rollouts 0 ;; at least 2 rollouts
advise: one rollout :: advise --game cant-stop --cars 4@5 --rollouts 1 :: --rollouts 1 ;; at least 2 rollouts
review: one rollout :: review examples/records/anna-turn.rec --rollouts 1 :: --rollouts 1 ;; at least 2 rollouts
advise: rollouts of a finished game :: advise rec/finished.rec --rollouts 10 :: --rollouts ;; the game is over
advise: rollout policy of another game :: advise --game cant-stop --cars 4@5 --rollouts 10 --rollout-policies race-progress :: --rollout-policies ;; unknown policy 'race-progress'
advise: rollout strategy of another game :: advise --game cant-stop --cars 4@5 --rollouts 10 --rollout-policies tuned-route66-duel :: --rollout-policies ;; a strategy for route66, not for cant-stop
advise: rollout policies not one a seat :: advise --game cant-stop --cars 4@5 --rollouts 10 --rollout-policies glenn,ev,rule28 :: --rollout-policies ;; 3 policies for 2 seats
advise: rollout policies without rollouts :: advise --game cant-stop --cars 4@5 --rollout-policies glenn :: --rollout-policies ;; goes with --rollouts
advise: a 3-player shortcut record without rollouts :: advise rec/shortcut-3p.rec :: 1 or 2 players ;; --rollouts
advise: policies of a shortcut record :: advise rec/shortcut.rec --rollouts 10 --policies optimal :: --policies ;; --rollout-policies
advise: rollout threads of 0 :: advise --game cant-stop --cars 4@5 --rollouts 10 --threads 0 :: --threads 0 ;; between 1 and
zero games :: tournament --games 0 :: --games 0 ;; between 1 and
absurd games :: tournament --games 99999999999 :: --games 99999999999 ;; between 1 and
games beyond u64 :: tournament --games 99999999999999999999999 :: --games ;; too large
five players :: tournament --players 5 :: --players 5 ;; 1 to 4 players
zero threads :: tournament --threads 0 :: --threads 0 ;; between 1 and 1024
absurd threads :: tournament --threads 5000 :: --threads 5000 ;; between 1 and 1024
shard 0/3 :: tournament --shard 0/3 :: --shard '0/3' ;; 1 <= K <= N
shard 4/3 :: tournament --shard 4/3 :: --shard '4/3' ;; 1 <= K <= N
shard x :: tournament --shard x :: --shard 'x' ;; not K/N
stop table of a shard :: tournament --shard 1/3 --stop-table shard-stops.csv :: --stop-table ;; pressluck merge --stop-table
columns to win :: tournament --game cant-stop --columns-to-win 9 :: --columns-to-win 9 ;; 3, 4 or 5
out under a file :: tournament --out file.txt/out.csv :: --out file.txt/out.csv ;; file.txt is not a folder
out under a missing folder :: tournament --out /proc/pressluck-nope/out.csv :: --out /proc/pressluck-nope/out.csv ;; folder /proc/pressluck-nope does not exist
out is a folder :: tournament --out folder :: --out folder ;; is a directory
stop table is out :: tournament --stop-table never.csv :: --stop-table ;; same file as --out
checkpoint is out :: tournament --checkpoint never.csv :: --checkpoint ;; same file as --out
checkpoint under a file :: tournament --checkpoint file.txt/ck.csv :: --checkpoint file.txt/ck.csv ;; is not a folder
board: no such file :: tournament --board nosuch.toml :: --board nosuch.toml ;; No such file
board: length 14 :: tournament --board board/long.toml :: --board board/long.toml ;; column 7 ;; length 14
board: length 0 :: tournament --board board/zero.toml :: board/zero.toml ;; column 2 ;; length 0
board: points 300 :: tournament --board board/points.toml :: board/points.toml ;; first points 300
board: negative points :: tournament --board board/negative.toml :: board/negative.toml ;; second points -1
board: duplicate column :: tournament --board board/dup.toml :: board/dup.toml ;; column 11 appears twice
board: column 13 :: tournament --board board/col13.toml :: board/col13.toml ;; column 13 ;; 2 to 12
board: missing column :: tournament --board board/missing.toml :: board/missing.toml ;; column 12 is missing
board: second-place space :: tournament --board board/space.toml :: board/space.toml ;; space 3 ;; not a road space
board: wrong type :: tournament --board board/type.toml :: board/type.toml ;; line 8 ;; expected i64
board: key with a line break :: tournament --board board/key.toml :: board/key.toml ;; line 2 ;; unknown field `evil\nkey`
board: not UTF-8 :: tournament --board board/binary.toml :: board/binary.toml ;; not UTF-8
board: a message of two lines :: tournament --board board/array.toml :: board/array.toml ;; line 3 ;; invalid array: expected
board: garbage :: tournament --board board/garbage.toml :: board/garbage.toml ;; line 1
board: empty :: tournament --board board/empty.toml :: board/empty.toml ;; missing field `column`
strategy: no policy :: tournament --policies strat/nopolicy.toml,ev :: strat/nopolicy.toml ;; missing policy (a spec) or command (a bot's program)
strategy: not UTF-8 :: tournament --policies strat/binary.toml,ev :: strat/binary.toml ;; not UTF-8
strategy: names another file :: tournament --policies strat/loop.toml,ev :: strat/loop.toml ;; not another file
strategy: bad spec :: tournament --policies strat/badspec.toml,ev :: strat/badspec.toml ;; fixed-risk:7 ;; 0..1
strategy: key with a line break :: tournament --policies strat/evilkey.toml,ev :: strat/evilkey.toml ;; unknown field `evil\nkey`
strategy: garbage :: tournament --policies strat/garbage.toml,ev :: strat/garbage.toml ;; line 1
strategy: no such file :: tournament --policies strat/nosuch.toml,ev :: strat/nosuch.toml ;; No such file
strategy: a policy and a command :: tournament --policies strat/both.toml,ev :: strat/both.toml ;; a policy or a command (a bot), not both
strategy: an empty command :: tournament --policies strat/nocommand.toml,ev :: strat/nocommand.toml ;; needs a program first
strategy: an environment value not a string :: tournament --policies strat/badenv.toml,ev :: strat/badenv.toml ;; env.DEPTH = 3 ;; a string
strategy: args without a command :: tournament --policies strat/argsnobot.toml,ev :: strat/argsnobot.toml ;; belong to a bot's command
bot: the quick form without a program :: tournament --policies bot:,ev :: needs a program
bot: a search's base :: tournament --policies rollout:bot:python3,ev :: base player of a search ;; not a bot
bot: a timeout of nothing :: tournament --bot-timeout 0 :: --bot-timeout 0 ;; more than 0
bot: a log in a folder that is not there :: tournament --bot-log nosuch/bot.log :: --bot-log nosuch/bot.log
play: no seats :: play :: --policies
play: seats for another table :: play --policies glenn,ev,rule28 :: --policies ;; 3 policies for 2 seats
play: a person at a column count a record cannot hold :: play --game cant-stop --columns-to-win 4 --policies human,glenn :: --columns-to-win ;; record cannot hold it
play: hints of no rollouts :: play --policies glenn,ev --hint-rollouts 0 :: --hint-rollouts 0
play: hints of one rollout :: play --policies glenn,ev --hint-rollouts 1 :: --hint-rollouts 1
play: the record over a file :: play --policies glenn,ev --out file.txt :: --out file.txt ;; the file exists ;; --force
resume: another seed :: tournament --game cant-stop --policies one-roll,fixed-risk:0.3 --games 5000 --resume ck5.csv :: --resume ck5.csv ;; another run ;; different seed: 5 in the checkpoint, 1 in this run
resume: other games :: tournament --game cant-stop --policies one-roll,fixed-risk:0.3 --games 4000 --seed 5 --resume ck5.csv :: --resume ck5.csv ;; different games per matchup: 5000 in the checkpoint, 4000 in this run
resume: other policies :: tournament --game cant-stop --policies one-roll,rule28 --games 5000 --seed 5 --resume ck5.csv :: --resume ck5.csv ;; different policies or opponents: 'one-roll|fixed-risk:0.3' in the checkpoint, 'one-roll|rule28' in this run
resume: other game :: tournament --policies one-roll,fixed-risk:0.3 --games 5000 --seed 5 --resume ck5.csv :: --resume ck5.csv ;; different game: 'cant-stop' in the checkpoint, 'route66' in this run
resume: other variant :: tournament --game cant-stop --variant jump --policies one-roll,fixed-risk:0.3 --games 5000 --seed 5 --resume ck5.csv :: --resume ck5.csv ;; different rules: 'standard' in the checkpoint, 'jump' in this run
resume: other rule settings :: tournament --game cant-stop --columns-to-win 4 --policies one-roll,fixed-risk:0.3 --games 5000 --seed 5 --resume ck5.csv :: --resume ck5.csv ;; different rules: 'standard' in the checkpoint, 'columns-to-win:4' in this run
resume: other shard :: tournament --game cant-stop --policies one-roll,fixed-risk:0.3 --games 5000 --seed 5 --shard 1/2 --resume ck5.csv :: --resume ck5.csv ;; different shard: 1/1 in the checkpoint, 1/2 in this run
resume: not a counters file :: tournament --resume good.toml :: --resume good.toml ;; line 1 ;; not a pressluck counters file
resume: truncated :: tournament --resume trunc.csv :: --resume trunc.csv ;; truncated
replay: illegal use :: replay rec/illegal.rec :: rec/illegal.rec: line 2: use 5 ;; not a legal use ;; both pairs must be used
replay: die of 7 :: replay rec/die7.rec :: rec/die7.rec: line 1 ;; die '7' is not a number from 1 to 6
replay: three dice :: replay rec/short.rec :: line 1: roll 2 3 4 ;; four dice, not 3
replay: truncated :: replay rec/truncated.rec :: line 3: roll ;; four dice, not 0
replay: binary :: replay rec/binary.rec :: rec/binary.rec: line 1 ;; not UTF-8
replay: after the game end :: replay rec/over.rec :: line 20: roll 1 1 1 1 ;; the game is over (player 1 won)
replay: use before roll :: replay rec/use-first.rec :: line 1: use 5 9 ;; roll first
replay: stop first :: replay rec/stop-first.rec :: line 1: stop ;; nothing to keep
replay: five players :: replay rec/players.rec :: line 1: players 5 ;; 1 to 4
replay: header after actions :: replay rec/header-late.rec :: line 2: game route66 ;; after the first action
replay: unknown word :: replay rec/word.rec :: line 2: jump 7 ;; unknown word 'jump'
replay: no such file :: replay rec/nosuch.rec :: rec/nosuch.rec ;; No such file
replay: a folder :: replay folder :: folder ;; Is a directory
replay: format :: replay rec/illegal.rec --format yaml :: --format ;; 'yaml'
replay: bad board :: replay rec/illegal.rec --board board/dup.toml :: --board board/dup.toml ;; appears twice
merge: truncated :: merge trunc.csv s2.csv --out merged.csv :: trunc.csv ;; truncated
merge: edited :: merge edited.csv s2.csv --out merged.csv :: edited.csv ;; checksum mismatch
merge: other run :: merge s1.csv o2.csv --out merged.csv :: o2.csv ;; not a shard of the same run as s1.csv ;; different seed: 9 here, 1 in s1.csv)
merge: duplicate :: merge s1.csv s1.csv --out merged.csv :: s1.csv ;; shard 1/2 is also given
merge: missing shard :: merge s1.csv --out merged.csv :: missing shard 2/2 ;; --allow-partial
merge: shard counts differ :: merge s1.csv t1.csv --out merged.csv :: t1.csv ;; shard 1/3 ;; 2 shards
merge: incomplete shard :: merge incomplete.csv s2.csv --out merged.csv :: incomplete.csv ;; incomplete ;; --allow-partial
merge: crafted chunk range :: merge huge-range.csv s2.csv --out merged.csv :: huge-range.csv ;; line 14 ;; bad chunk list
merge: shard of the old identity encoding :: merge s1.csv old-format.csv --out merged.csv :: old-format.csv ;; format 'pressluck-counters-4' ;; run identity encoding changed ;; play the run again
merge: a policy defined otherwise :: merge s1.csv redefined.csv --out merged.csv :: redefined.csv ;; not a shard of the same run as s1.csv ;; different policy definitions: 'fixed-risk:0.3 = fixed-risk:0.2' here, 'fixed-risk:0.3 = fixed-risk:0.3' in s1.csv
merge: a policy without its definition :: merge s1.csv undefined.csv --out merged.csv :: undefined.csv ;; policy 'one-roll' of matchup 'one-roll|fixed-risk:0.3' has no definition row
tournament: resume a checkpoint of the old identity encoding :: tournament --resume old-format.csv :: --resume old-format.csv ;; run identity encoding changed
merge: crafted players :: merge players9.csv s2.csv --out merged.csv :: players9.csv ;; meta 'players' 9
merge: crafted stop cell :: merge stops.csv s2.csv --out merged.csv --stop-table st.csv :: stops.csv ;; more stops than decisions
merge: counters overflow :: merge big-t1.csv big-t2.csv big-t3.csv --out merged.csv :: big-t3.csv ;; overflow
merge: sweep shard with a tournament shard :: merge s1.csv w2.csv --out merged.csv :: w2.csv ;; a sweep shard ;; s1.csv is a tournament shard ;; do not merge
merge: tournament shard with a sweep shard :: merge w1.csv s2.csv --out merged.csv :: s2.csv ;; a tournament shard ;; w1.csv is a sweep shard
merge: different sweep template :: merge w1.csv x2.csv --out merged.csv :: x2.csv ;; not a shard of the same run as w1.csv ;; different sweep template: 
merge: duplicate sweep shard :: merge w1.csv w1.csv --out merged.csv :: w1.csv ;; shard 1/2 is also given
merge: missing sweep shard :: merge w2.csv --out merged.csv --svg merged.svg :: missing shard 1/2 ;; --allow-partial
merge: stop table of a sweep :: merge w1.csv w2.csv --out merged.csv --stop-table st.csv :: --stop-table ;; a sweep has no stop table
merge: svg is out :: merge s1.csv s2.csv --out merged.csv --svg merged.csv :: --svg ;; same file as --out
sweep: shard 4/3 :: sweep --shard 4/3 :: --shard '4/3' ;; 1 <= K <= N
sweep: chart of a shard :: sweep --shard 1/2 --svg shard.svg :: --svg ;; a shard writes counters
sweep: checkpoint is out :: sweep --checkpoint never.csv :: --checkpoint ;; same file as --out
sweep: resume a tournament's checkpoint :: sweep --resume ck5.csv :: --resume ck5.csv ;; another run ;; different kind of run: tournament in the checkpoint, sweep in this run
sweep: resume another sweep's shard :: sweep --shard 2/2 --resume x2.csv :: --resume x2.csv ;; another run ;; different sweep template: 'rolls:{2..3}' in the checkpoint, 'rolls:{1..2}' in this run
sweep: resume with another seed :: sweep --game cant-stop --against one-roll,rule28 --games 3000 --seed 5 --shard 2/2 --resume w2.csv :: --resume w2.csv ;; different seed: 4 in the checkpoint, 5 in this run
sweep: resume with other opponents :: sweep --game cant-stop --against one-roll,glenn --games 3000 --seed 4 --shard 2/2 --resume w2.csv :: --resume w2.csv ;; different policies or opponents: 'rolls:1|rule28' in the checkpoint, 'rolls:1|glenn' in this run
sweep: resume another shard :: sweep --game cant-stop --against one-roll,rule28 --games 3000 --seed 4 --shard 1/2 --resume w2.csv :: --resume w2.csv ;; different shard: 2/2 in the checkpoint, 1/2 in this run
merge: not counters :: merge good.toml --out merged.csv :: good.toml ;; not a pressluck counters file
merge: binary :: merge board/binary.toml --out merged.csv :: board/binary.toml ;; not UTF-8
merge: no shards :: merge --out merged.csv :: required arguments ;; <SHARDS>
merge: out is a folder :: merge s1.csv s2.csv --out folder :: --out folder ;; is a directory
merge: out under a file :: merge s1.csv s2.csv --out file.txt/m.csv :: --out file.txt/m.csv ;; is not a folder
odds: blocked 13 :: odds --blocked 13 --out odds.csv :: --blocked 13 ;; column 13 is not in 2..12
odds: blocked x :: odds --blocked 2,x --out odds.csv :: --blocked 2,x ;; 'x' is not a column
odds: zero samples :: odds --samples 0 --out odds.csv :: --samples 0 ;; between 1 and
odds: free cars :: odds --free-cars 4 --out odds.csv :: --free-cars 4 ;; 0 to 3
odds: view :: odds --view nope --out odds.csv :: --view nope ;; sets, tracks or reach
odds: view of treasure hunt :: odds --game treasure-hunt --view tracks :: --view tracks: expected claims for treasure-hunt
odds: view of shortcut :: odds --game shortcut --view reach :: --view reach: expected press or policy for shortcut
odds: masks of tracks :: odds --view tracks --masks --out odds.csv :: --masks applies to the sets view
odds: free cars of masks :: odds --game cant-stop --masks --free-cars 2 :: --free-cars applies to the sets view without --masks
odds: samples of tracks :: odds --view tracks --samples 100 :: --samples applies to ;; --view tracks
odds: samples of reach :: odds --view reach --samples 100 :: --samples applies to ;; --view reach
odds: seed without samples :: odds --seed 5 :: --seed applies to a --samples check
odds: blocked of reach :: odds --view reach --blocked 2 :: --blocked applies to
odds: shortcut seed :: odds --game shortcut --seed 3 :: --seed applies to
odds: too many cars :: odds --cars 4,7,11 --free-cars 1 :: --cars 4,7,11 --free-cars 1 ;; 3 cars in all
odds: out is a folder :: odds --out folder :: --out folder ;; is a directory
bench: zero games :: bench --games 0 :: --games 0 ;; between 1 and
bench: zero threads :: bench --threads 0 :: --threads 0 ;; between 1 and 1024
bench: absurd threads :: bench --games 10 --threads 100000 :: --threads 100000 ;; between 1 and 1024
bench: five players :: bench --players 5 :: --players 5 ;; 1 to 4
bench: more policies than seats :: bench --policies ev,ev,ev :: --policies ;; 3 policies for 2 seats
bench: empty policy :: bench --policies ev,,ev :: --policies ;; empty entry
bench: unknown flag :: bench --bogus :: unexpected argument '--bogus'
bench: games not a number :: bench --games abc :: --games ;; invalid digit
bench: zero repeats :: bench --repeat 0 :: --repeat 0 ;; between 1 and 100
bench: too many repeats :: bench --games 10 --repeat 101 :: --repeat 101 ;; between 1 and 100
boards: unknown :: boards monopoly :: unknown board 'monopoly'
policies: folder is a file :: policies --strategies file.txt :: --strategies file.txt ;; Not a directory
no subcommand ::  :: no subcommand given ;; tournament, replay
unknown subcommand :: dance :: unrecognized subcommand 'dance'
misspelt subcommand :: tournamnet :: unrecognized subcommand 'tournamnet' ;; tip: a similar subcommand exists: 'tournament'
unknown shell :: completions tcsh :: invalid value 'tcsh' ;; bash ;; powershell
completions to a folder :: completions bash --out folder :: --out folder ;; is a directory
man of no subcommand :: man tunes :: man tunes ;; no such subcommand ;; tournament
man to a folder :: man --out folder :: --out folder ;; is a directory
flag close to another :: tournament --policy ev :: unexpected argument '--policy' ;; tip: a similar argument exists: '--policies'
columns to win on route66 :: tournament --columns-to-win 4 :: --columns-to-win 4 applies to cant-stop only, not route66
edition on cant-stop :: tournament --game cant-stop --edition en :: --edition en applies to route66 only, not cant-stop
variant twice :: tournament --variant faster-gear --variant faster-gear :: --variant faster-gear ;; given twice
variant readings conflict :: tournament --variant leisurely --variant leisurely:10 :: --variant leisurely:10 conflicts with --variant leisurely
record variant readings conflict :: replay rec/two-readings.rec :: line 2: variant leisurely:10 ;; conflicts with variant leisurely
record variant and flag conflict :: replay rec/ten.rec --variant 1 :: --variant leisurely: conflicts with variant leisurely:10
record of an unknown game :: replay rec/chess.rec :: unknown game 'chess' ;; route66, cant-stop, great-races, shortcut or treasure-hunt
variant twice by another name :: tournament --variant 1 --variant leisurely :: --variant leisurely ;; the same variant as --variant 1
treasure variant twice :: tournament --game treasure-hunt --variant rounds --variant rounds:5 :: --variant rounds:5 ;; the same variant
treasure rules no game can win :: tournament --game treasure-hunt --variant row-limit-steals :: --variant ;; no game can be won ;; 3 of each symbol (18 tiles) ;; at most 2 a row (12 tiles) ;; row-limit:N
treasure target beyond the cubes :: tournament --game treasure-hunt --variant target:4 :: --variant ;; no game can be won ;; 24 tiles ;; 19 cubes
game of none :: tournament --game chess :: --game: unknown game 'chess' ;; route66, cant-stop, great-races, shortcut or treasure-hunt
odds: a car twice :: odds --cars 4,4 :: --cars 4,4: column 4 is listed twice
odds: blocked twice :: odds --blocked 2,2 :: --blocked 2,2: column 2 is listed twice
sweep: decimal range without a step :: sweep --policy fixed-risk:{0.1..0.5} :: --policy ;; give one, like {0.1..0.5 step 0.1}
tune: no range :: tune --policy rule28 :: --policy 'rule28' ;; no range to tune
tune: range outside the domain :: tune --policy fixed-risk:{0.1..1.5} :: --policy ;; at fixed-risk:1.5 ;; 0..1
tune: whole range outside the domain :: tune --policy rolls:{0..4} :: at rolls:0 ;; at least 1 roll
tune: range backwards :: tune --policy rolls:{4..1} :: '{4..1}' ;; start below its end
tune: start outside the range :: tune --policy rolls:{1..4\sfrom\s9} :: from 9 is not a value of the range
tune: unclosed range :: tune --policy rolls:{1..4 :: a '{' without its '}'
tune: not a number :: tune --policy rule-of-n:{20..40},marker={a..b} :: 'a' is not a decimal number
tune: unknown family :: tune --policy nope:{1..3} :: unknown policy 'nope'
tune: budget of 0 :: tune --budget 0 :: --budget 0 ;; between 1 and
tune: unknown field policy :: tune --against nope :: --against ;; unknown policy 'nope'
tune: five players :: tune --players 5 :: --players 5 ;; 1 to 4 players
tune: too many games at the tables :: tune --players 4 --against ev,one-roll,rule28,glenn --games 3000000000 :: --games 3000000000 ;; per table
tune: a field alone :: tune --players 1 --against ev :: --against ;; solitaire
tune: population of 1 :: tune --population 1 :: --population 1
tune: step of 0 :: tune --step 0 :: --step 0 ;; above 0
tune: step above the range :: tune --step 1.5 :: --step 1.5 ;; at most 1
tune: sharded :: tune --shard 1/2 :: --shard ;; not sharded
tune: save over the output :: tune --save never.csv :: --save
"#;

/// Flags whose path a failed command must leave as it found it.
const OUTPUT_FLAGS: [&str; 5] = ["--out", "--stop-table", "--checkpoint", "--svg", "--save"];

/// The arguments of a case line, with the tournament defaults.
fn arguments(text: &str) -> Vec<String> {
    let mut args: Vec<String> = text
        .split_whitespace()
        .map(|a| a.replace("\\n", "\n").replace("\\s", " "))
        .collect();
    if args.first().is_some_and(|a| a == "tournament") {
        let defaults = ["--quiet", "--games", "100", "--out", "never.csv"];
        args.splice(1..1, defaults.map(String::from));
    }
    if args.first().is_some_and(|a| a == "sweep") {
        let defaults = ["--quiet", "--games", "100", "--out", "never.csv"];
        let sweep = ["--policy", "rolls:{1..2}", "--against", "one-roll"];
        args.splice(1..1, defaults.into_iter().chain(sweep).map(String::from));
    }
    if args.first().is_some_and(|a| a == "tune") {
        let defaults = [
            "--quiet",
            "--games",
            "100",
            "--budget",
            "4",
            "--out",
            "never.csv",
        ];
        let tune = ["--policy", "rolls:{1..3}", "--against", "one-roll"];
        let given = |flag: &str| args.iter().any(|a| a == flag);
        let mut extra: Vec<String> = defaults.map(String::from).to_vec();
        if !given("--policy") {
            extra.extend(tune[..2].iter().map(|s| s.to_string()));
        }
        if !given("--against") && !given("--players") {
            extra.extend(tune[2..].iter().map(|s| s.to_string()));
        }
        args.splice(1..1, extra);
    }
    args
}

/// The entries of `dir` named like the temp files of atomic writes.
fn temp_files(dir: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.starts_with('.') && n.ends_with(".tmp"))
        .collect()
}

/// What is wrong with one case's run, if anything.
fn check(dir: &Path, args: &[String], want: &[&str]) -> Vec<String> {
    let outputs: Vec<(std::path::PathBuf, bool)> = args
        .windows(2)
        .filter(|w| OUTPUT_FLAGS.contains(&w[0].as_str()))
        .map(|w| dir.join(&w[1]))
        .map(|p| {
            let existed = p.exists();
            (p, existed)
        })
        .collect();
    let run = pressluck().current_dir(dir).args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    let mut wrong = Vec::new();
    if run.status.code() != Some(2) {
        wrong.push(format!("exit {:?}", run.status.code()));
    }
    if stderr.lines().count() != 1 || !stderr.starts_with("error: ") || !stderr.ends_with('\n') {
        wrong.push("stderr is not one `error: ` line".into());
    }
    for w in want.iter().filter(|w| !stderr.contains(*w)) {
        wrong.push(format!("no {w:?}"));
    }
    if !run.stdout.is_empty() {
        wrong.push("wrote to stdout".into());
    }
    for (p, existed) in outputs {
        if p.is_dir() && fs::read_dir(&p).unwrap().next().is_some() {
            wrong.push(format!("wrote into the folder {}", p.display()));
        } else if !existed && p.exists() {
            wrong.push(format!("{} left behind", p.display()));
        }
        for t in temp_files(p.parent().unwrap_or(dir)) {
            wrong.push(format!("temp file {t} left behind"));
        }
    }
    if !wrong.is_empty() {
        wrong.push(format!("stderr: {}", stderr.trim_end()));
    }
    wrong
}

#[test]
fn every_hostile_input_is_one_clear_line_exit_2_and_no_file() {
    let fx = tempfile::tempdir().unwrap();
    let dir = fx.path();
    crate::fixture::write_all(dir);
    let mut count = 0;
    let mut failures = Vec::new();
    for line in CASES.lines().filter(|l| !l.trim().is_empty()) {
        let [name, args, want]: [&str; 3] = line
            .split(" :: ")
            .collect::<Vec<_>>()
            .try_into()
            .unwrap_or_else(|_| panic!("bad case line: {line}"));
        let want: Vec<&str> = want.split(" ;; ").collect();
        let wrong = check(dir, &arguments(args), &want);
        if !wrong.is_empty() {
            failures.push(format!("{name}: {}", wrong.join("; ")));
        }
        count += 1;
    }
    assert!(count >= 40, "only {count} cases");
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn an_unknown_engine_in_the_environment_is_one_clear_line_exit_2() {
    let fx = tempfile::tempdir().unwrap();
    let out = pressluck()
        .current_dir(fx.path())
        .env("PRESSLUCK_ENGINE", "avx1024")
        .args([
            "tournament",
            "--quiet",
            "--games",
            "10",
            "--out",
            "never.csv",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    for phrase in ["PRESSLUCK_ENGINE", "'avx1024'", "scalar or avx2"] {
        assert!(err.contains(phrase), "{phrase} not in {err}");
    }
    assert!(!fx.path().join("never.csv").exists());
    for engine in ["scalar", "avx2"] {
        let ok = pressluck()
            .current_dir(fx.path())
            .env("PRESSLUCK_ENGINE", engine)
            .args(["tournament", "--quiet", "--games", "10", "--out", "ok.csv"])
            .output()
            .unwrap();
        assert!(
            ok.status.success(),
            "{engine}: {}",
            String::from_utf8_lossy(&ok.stderr)
        );
    }
}

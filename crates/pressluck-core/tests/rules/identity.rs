//! A run's identity, game by game: rules that differ in any one setting (every setting, each
//! variant, edition, board and deck change) have different identity texts, and the text of a
//! fixed setup is a fixed string, so that a change to the encoding shows here first.

use pressluck_core::columns::{Edition, GameKind, Layout, Rules, Variant};
use pressluck_core::games::shortcut::{ShortcutBoard, ShortcutSetup, DEFAULT_BOARD};
use pressluck_core::games::treasure_hunt::{Card, Deck, ThRules};
use pressluck_core::games::{
    ColumnFamily, Family, RacesFamily, ShortcutFamily, TreasureFamily, WithStrategies,
};
use std::collections::BTreeSet;

/// Checks that the texts are pairwise different, naming the two that are not.
fn all_differ(texts: &[(String, String)]) {
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    for (what, text) in texts {
        assert!(
            seen.insert(text),
            "{what}: the same identity as another setting: {text}"
        );
    }
}

#[test]
fn column_rules_differing_in_any_one_setting_differ() {
    let base = Rules::new(GameKind::Route66, 2);
    let mut cases: Vec<(String, Rules)> = vec![("base".into(), base)];
    let mut with = |what: &str, edit: &dyn Fn(&mut Rules)| {
        let mut r = base;
        edit(&mut r);
        assert_ne!(r, base, "{what} changes nothing");
        cases.push((what.into(), r));
    };
    with("game cant-stop", &|r| r.game = GameKind::CantStop);
    with("game great-races", &|r| r.game = GameKind::GreatRaces);
    with("players", &|r| r.players = 3);
    with("cars", &|r| r.cars = 4);
    with("jump", &|r| r.jump = false);
    with("faster-gear", &|r| {
        r.apply_variant(Variant::FasterGear).unwrap()
    });
    with("leisurely", &|r| {
        r.apply_variant(Variant::Leisurely).unwrap()
    });
    with("leisurely:10", &|r| {
        r.apply_variant(Variant::LeisurelyTen).unwrap()
    });
    with("columns-to-win", &|r| r.columns_to_win = 4);
    with("edition de", &|r| *r = Rules::route66(Edition::De, 2));
    with("length", &|r| r.layout.length[7] = 12);
    with("first", &|r| r.layout.first[12] = 11);
    with("second", &|r| r.layout.second[2] = 5);
    with("second-spaces", &|r| r.layout.second_spaces[5] &= !2);
    with("board", &|r| r.layout = Layout::great_races());
    let mut jump = Rules::new(GameKind::CantStop, 2);
    jump.apply_variant(Variant::Jump).unwrap();
    cases.push(("cant-stop jump".into(), jump));
    cases.push(("cant-stop".into(), Rules::new(GameKind::CantStop, 2)));
    let texts: Vec<(String, String)> = cases
        .iter()
        .map(|(what, r)| (what.clone(), ColumnFamily::new(*r).identity()))
        .collect();
    all_differ(&texts);
    // The Great Races' family reads the same rules the same way.
    let races = Rules::new(GameKind::GreatRaces, 3);
    assert_eq!(RacesFamily(races).identity(), races.identity());
}

#[test]
fn column_rules_identity_is_a_fixed_text() {
    assert_eq!(
        ColumnFamily::new(Rules::new(GameKind::CantStop, 2)).identity(),
        "pressluck-identity-2;game=cant-stop;players=2;cars=3;jump=0;faster-gear=0;\
         columns-to-end=11;columns-to-win=3;length=3/5/7/9/11/13/11/9/7/5/3;\
         first=1/1/1/1/1/1/1/1/1/1/1;second=0/0/0/0/0/0/0/0/0/0/0;\
         second-spaces=6/30/126/510/2046/8190/2046/510/126/30/6"
    );
    assert_eq!(
        RacesFamily(Rules::new(GameKind::GreatRaces, 3)).identity(),
        "pressluck-identity-2;game=great-races;players=3;cars=3;jump=0;faster-gear=0;\
         columns-to-end=11;columns-to-win=3;length=2/3/4/5/6/6/6/5/4/3/2;\
         first=10/9/8/7/6/5/6/7/8/9/10;second=6/5/4/4/3/3/3/4/4/5/6;\
         second-spaces=2/4/12/24/56/56/56/24/12/4/2"
    );
}

#[test]
fn treasure_hunt_rules_differing_in_any_one_setting_differ() {
    let family = |rules: ThRules, deck: Deck| TreasureFamily { rules, deck };
    let base = ThRules::new(2);
    let mut texts = vec![(
        "base".to_string(),
        family(base, Deck::standard()).identity(),
    )];
    for variant in [
        "hand-5",
        "two-dice",
        "rounds",
        "row-limit:3",
        "row-limit-steals",
        "target:2",
        "turn-cap:500",
    ] {
        let mut r = base;
        r.apply_variant(variant).unwrap();
        texts.push((variant.into(), family(r, Deck::standard()).identity()));
    }
    texts.push((
        "players".into(),
        family(ThRules::new(3), Deck::standard()).identity(),
    ));
    let solo = ThRules::new(1);
    let mut symbols = solo;
    symbols.apply_variant("solo-symbols").unwrap();
    for (what, r) in [("solitaire", solo), ("solo-symbols", symbols)] {
        texts.push((what.into(), family(r, Deck::standard()).identity()));
    }
    // A deck with one card changed, and the same cards in another order (card ids follow it).
    let mut one = Deck::standard();
    one.cards[0] = Card::parse("r6F").unwrap();
    assert_ne!(one, Deck::standard());
    texts.push(("one card".into(), family(base, one).identity()));
    let mut swapped = Deck::standard();
    swapped.cards.swap(0, 53);
    texts.push(("card order".into(), family(base, swapped).identity()));
    all_differ(&texts);
}

#[test]
fn treasure_hunt_identity_is_a_fixed_text() {
    let text = TreasureFamily {
        rules: ThRules::new(2),
        deck: Deck::standard(),
    }
    .identity();
    assert_eq!(
        text,
        "pressluck-identity-2;game=treasure-hunt;players=2;hand-size=7;dice=1;target=3;\
         row-limit=2;row-limit-steals=0;rounds=1;turn-cap=1000;solo-far=1;\
         deck=r1A/r2B/r3C/r4D/r5E/r6F/r2A/r3B/r4C/b3B/b4C/b5D/b6E/b1F/b2A/b5B/b6C/b1D/\
         y5C/y6D/y1E/y2F/y3A/y4B/y2C/y3D/y4E/g1D/g2E/g3F/g4A/g5B/g6C/g5D/g6E/g1F/\
         w3E/w4F/w5A/w6B/w1C/w2D/w2E/w3F/w4A/k5F/k6A/k1B/k2C/k3D/k4E/k5F/k6A/k1B"
    );
}

/// A small Shortcut board: three white squares, a grey shortcut of two, the finish.
const SMALL: &str = r#"
name = "small"
start = "w0"
squares = [
  { id = "w0", colour = "white", to = ["w1", "g1"] },
  { id = "w1", colour = "white", to = ["w2"] },
  { id = "w2", colour = "white", to = ["end"] },
  { id = "g1", colour = "grey", to = ["g2"] },
  { id = "g2", colour = "grey", to = ["end"] },
  { id = "end", colour = "finish" },
]
"#;

#[test]
fn shortcut_setups_differing_in_any_one_setting_differ() {
    let setup = |text: &str, players: u8| {
        ShortcutFamily(ShortcutSetup::new(
            ShortcutBoard::from_toml(text).unwrap(),
            players,
        ))
        .identity()
    };
    let edit = |from: &str, to: &str| {
        assert!(SMALL.contains(from), "{from}");
        SMALL.replacen(from, to, 1)
    };
    let mut texts = vec![("base".to_string(), setup(SMALL, 2))];
    texts.push(("players".into(), setup(SMALL, 3)));
    for rule in ["blocking_on_grey", "shortcut_uses_white", "push_anywhere"] {
        let text = format!("{SMALL}[rules]\n{rule} = false\n");
        texts.push((rule.into(), setup(&text, 2)));
    }
    texts.push((
        "square id".into(),
        setup(&SMALL.replace("\"w1\"", "\"v1\""), 2),
    ));
    texts.push((
        "grey edge".into(),
        setup(&edit("to = [\"w2\"] }", "to = [\"w2\", \"g2\"] }"), 2),
    ));
    texts.push(("board".into(), setup(DEFAULT_BOARD, 2)));
    all_differ(&texts);
    // The board's name and where it came from change no move: no part of the identity.
    assert_eq!(
        setup(&edit("name = \"small\"", "name = \"other\""), 2),
        texts[0].1
    );
    let mut from_file = ShortcutSetup::new(ShortcutBoard::from_toml(SMALL).unwrap(), 2);
    from_file.custom_board = true;
    assert_eq!(ShortcutFamily(from_file).identity(), texts[0].1);
}

#[test]
fn shortcut_identity_is_a_fixed_text() {
    let setup = ShortcutSetup::new(ShortcutBoard::from_toml(SMALL).unwrap(), 2);
    assert_eq!(
        ShortcutFamily(setup).identity(),
        "pressluck-identity-2;game=shortcut;players=2;blocking-on-grey=1;\
         shortcut-uses-white=1;push-anywhere=1;\
         squares=w0:white/w1:white/w2:white/g1:grey/g2:grey/end:finish;start=0;finish=5;\
         road=0/1/2/5;grey-edges=0-3/3-4/4-5"
    );
}

#[test]
fn a_policy_is_defined_by_the_spec_it_plays_not_its_name() {
    use pressluck_core::games::Named;
    let column = WithStrategies::builtin(ColumnFamily::new(Rules::new(GameKind::CantStop, 2)));
    let cautious = column.parse_spec("cautious").unwrap();
    assert_eq!(
        (cautious.name(), cautious.definition()),
        ("cautious", "rule-of-n:10".to_string())
    );
    let spelled = column.parse_spec("rule-of-n:28").unwrap();
    assert_eq!(
        (spelled.name(), spelled.definition()),
        ("rule28", "rule28".to_string())
    );
    let races = RacesFamily(Rules::new(GameKind::GreatRaces, 2));
    assert_eq!(
        races.parse_spec("race-margin").unwrap().definition(),
        "race-margin"
    );
    let treasure = TreasureFamily {
        rules: ThRules::new(2),
        deck: Deck::standard(),
    };
    let runner = treasure.parse_spec("runner").unwrap();
    assert_eq!(
        (runner.name(), runner.definition()),
        ("runner", "runner:0.5".to_string())
    );
    assert_eq!(
        treasure.parse_spec("runner:0.5").unwrap().definition(),
        runner.definition()
    );
    let shortcut = ShortcutFamily(ShortcutSetup::new(ShortcutBoard::default_board(), 2));
    let mut press = shortcut.parse_spec("press:2").unwrap();
    press.rename("mine");
    assert_eq!(
        (press.name(), press.definition()),
        ("mine", "press:2".to_string())
    );
}

#[test]
fn a_searching_player_is_defined_by_its_bases_definition_and_its_budget() {
    use pressluck_core::games::Named;
    let column = WithStrategies::builtin(ColumnFamily::new(Rules::new(GameKind::CantStop, 2)));
    // A strategy as base: named by the strategy, defined by the spec it stands for.
    let s = column.parse_spec("rollout:cautious,budget=50").unwrap();
    assert_eq!(
        (s.name(), s.definition()),
        (
            "rollout:cautious,budget=50,z=1,horizon=2",
            "rollout:rule-of-n:10,budget=50,z=1,horizon=2".to_string()
        )
    );
    // Another budget, margin or horizon is another player; the same spelled otherwise is the
    // same.
    for other in [
        "rollout:cautious,budget=51",
        "rollout:cautious,budget=50,z=2",
        "rollout:cautious,budget=50,horizon=1",
        "rollout:cautious,budget=50,horizon=end",
        "rollout:rule28,budget=50",
    ] {
        assert_ne!(
            column.parse_spec(other).unwrap().definition(),
            s.definition()
        );
    }
    let spelled = column
        .parse_spec("rollout:rule-of-n:10,horizon=2,z=1,budget=50")
        .unwrap();
    assert_eq!(spelled.definition(), s.definition());
    // A strategy whose base names a search is refused rather than read round and round.
    let e = column.parse_spec("rollout:rollout:cautious").unwrap_err();
    assert!(e.contains("cannot itself search"), "{e}");
}

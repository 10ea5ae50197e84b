//! Why not, for any rule (issue 47, items 4 and 5): a cut names every leg's refusal with its
//! numbers, the leg that ran out, and opens with a one-line summary.
#![cfg(feature = "toml")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use hexmap::{Costs, HexMap, Leg, Refusal, StepRule, Targets, TraceRule, search};

/// One row of `n` hexes, `0101` to `010n`, with these hexside lines.
fn row(n: u32, hexsides: &str) -> HexMap {
    let toml = format!(
        "name = \"row\"\n[layout]\norientation = \"pointy\"\nlabel = \"row-column\"\nrows = [1, 1]\n\
         columns = [1, {n}]\nshifted = \"even\"\nrows_grow = \"south\"\ncolumns_grow = \"east\"\n\
         [hexsides]\n{hexsides}\n"
    );
    HexMap::from_toml_str(&toml, None).unwrap()
}

/// The cut of a unit at `0101` tracing to `target`, in words (nothing blocks but the rule).
fn cut_words(map: &HexMap, rule: &TraceRule, target: &str) -> String {
    let rule = rule.bind(map).unwrap();
    let targets = Targets::new(map, [map.parse(target).unwrap()]).unwrap();
    let nothing = |_h| None::<String>;
    let cut = search(&rule, map.parse("0101").unwrap(), &targets, &nothing).unwrap_err();
    cut.display(map, |r: &String| r.clone()).to_string()
}

/// Up to 5 movement points to the rail, then along it.
fn points_then_rail() -> TraceRule {
    TraceRule::new([
        Leg::movement_points(5, Costs::new(1).hexside("river", 5, &[])).skippable(),
        Leg::unlimited().steps(StepRule::Along(vec!["rail".into()])),
    ])
}

/// Leg 1 runs out of movement points on a river (1 + 5 = 6 > 5): the cut says so with the
/// numbers, beside leg 2's own refusal, where it used to say only "no rail across the hexside".
#[test]
fn a_first_leg_out_of_budget_on_a_river_is_shown_with_its_numbers() {
    let map = row(
        4,
        "features = { rail = [[\"0102\", \"0103\", \"0104\"]], river = [[\"0101\", \"0102\"]] }",
    );
    assert_eq!(
        cut_words(&map, &points_then_rail(), "0104"),
        "no path: 1 hex reached, 0101 the nearest, 3 hexes from the target 0104; the closest \
         try: leg 1 needs 6 > 5 movement points to enter 0102; every way on is blocked:\n  \
         0102: leg 1 needs 6 > 5 movement points (the step from 0101); no rail across the \
         hexside (the step from 0101)"
    );
}

/// Leg 1 may not cross an all-sea hexside: said beside leg 2's refusal.
#[test]
fn an_all_sea_hexside_is_shown_beside_the_rail_legs_refusal() {
    let map = row(
        3,
        "features = { rail = [[\"0102\", \"0103\"]], all-sea = [[\"0101\", \"0102\"]] }",
    );
    let rule = TraceRule::new([
        Leg::hexes(2)
            .steps(StepRule::NotAcross {
                features: vec!["all-sea".into()],
                unless: vec![],
            })
            .skippable(),
        Leg::unlimited().steps(StepRule::Along(vec!["rail".into()])),
    ]);
    assert_eq!(
        cut_words(&map, &rule, "0103"),
        "no path: 1 hex reached, 0101 the nearest, 2 hexes from the target 0103; every way \
         on is blocked:\n  0102: across an all-sea hexside (the step from 0101); no rail \
         across the hexside (the step from 0101)"
    );
}

/// The second leg runs out: the refusal names leg 2, with its hexes.
#[test]
fn out_of_budget_names_the_leg_that_ran_out() {
    let map = row(
        4,
        "features = { rail = [[\"0101\", \"0102\", \"0103\", \"0104\"]] }",
    );
    let rule = TraceRule::new([
        Leg::hexes(1).skippable(),
        Leg::hexes(1).steps(StepRule::Along(vec!["rail".into()])),
    ]);
    let bound = rule.bind(&map).unwrap();
    let targets = Targets::new(&map, [map.parse("0104").unwrap()]).unwrap();
    let cut = search(
        &bound,
        map.parse("0101").unwrap(),
        &targets,
        &|_h| None::<()>,
    )
    .unwrap_err();
    let last = cut.frontier.last().unwrap();
    assert_eq!(map.label_text(last.hex), "0104");
    assert!(matches!(
        last.refusals[..],
        [(
            _,
            Refusal::OutOfBudget {
                leg: 2,
                budget: 1,
                needed: 2,
                points: false
            }
        )]
    ));
    assert_eq!(
        cut.display(&map, |_| "").to_string(),
        "no path: 3 hexes reached, 0103 the nearest, 1 hex from the target 0104; the closest \
         try: leg 2 needs 2 > 1 hexes to enter 0104; every way on is blocked:\n  0104: leg 2 \
         needs 2 > 1 hexes (the step from 0103)"
    );
}

/// When the free test blocks every way on, the summary names what blocks (the enemy units).
#[test]
fn the_summary_names_what_blocks_every_way() {
    let map = row(4, "");
    let rule = TraceRule::new([Leg::hexes(3)]).bind(&map).unwrap();
    let targets = Targets::new(&map, [map.parse("0104").unwrap()]).unwrap();
    let enemy = map.parse("0103").unwrap();
    let free = |h| (h == enemy).then_some("enemy unit X is on it");
    let cut = search(&rule, map.parse("0101").unwrap(), &targets, &free).unwrap_err();
    assert_eq!(
        cut.display(&map, |r| *r).to_string(),
        "no path: 2 hexes reached, and every way on is blocked (enemy unit X is on it):\n  \
         0103: enemy unit X is on it"
    );
}

/// The walk toward the nearest target costs the cut's neighbourhood, not the map: a target 3
/// hexes beyond the one hex reached is named, one 40 hexes beyond (past
/// `limits::NEAREST_WALK_PER_REACHED` hexes walked) is not, and the summary says no nearest.
#[test]
fn the_walk_to_the_nearest_target_is_bounded_by_the_hexes_reached() {
    let river = "features = { river = [[\"0101\", \"0102\"]] }";
    let blocked = || {
        TraceRule::new([Leg::movement_points(
            5,
            Costs::new(1).hexside("river", 6, &[]),
        )])
    };
    let near = row(4, river);
    let rule = blocked().bind(&near).unwrap();
    let targets = Targets::new(&near, [near.parse("0104").unwrap()]).unwrap();
    let cut = search(&rule, near.parse("0101").unwrap(), &targets, &|_h| {
        None::<String>
    })
    .unwrap_err();
    assert_eq!(cut.reached, 1);
    assert_eq!(
        cut.nearest,
        Some((near.parse("0101").unwrap(), near.parse("0104").unwrap(), 3))
    );

    let far = row(41, river);
    let rule = blocked().bind(&far).unwrap();
    let targets = Targets::new(&far, [far.parse("0141").unwrap()]).unwrap();
    let cut = search(&rule, far.parse("0101").unwrap(), &targets, &|_h| {
        None::<String>
    })
    .unwrap_err();
    const { assert!(hexmap::limits::NEAREST_WALK_PER_REACHED < 40) };
    assert_eq!(cut.nearest, None);
    let words = cut.display(&far, |r: &String| r.clone()).to_string();
    assert!(words.starts_with("no path: 1 hex reached; "), "{words}");
}

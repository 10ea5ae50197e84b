//! The replay's moves as VASSAL's `MovePiece` makes them (issue 45, item 1): onto the piece a
//! move names as under it, else into what VASSAL's merge finder finds at the point, in the
//! order the map visits its pieces (a deck; a stack with a piece the mover sees; a piece the
//! mover sees, if both may stack), else alone. A piece moved without a piece under it goes to
//! the bottom of the stack it joins. A move of a stack the game does not have warns with the
//! pieces it may leave behind, never a hidden one.
//!
//! Every log here is written by `vassal::write` in the shape of VASSAL's own logs: an empty
//! stack in the saved position is `+/ID/stack/MAP;X;Y`, a move `M/ID/MAP/X/Y/UNDER/OLDMAP/OLDX/OLDY/OLDUNDER/PLAYER`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use vassal::write::{SaveText, add_piece};
use vassal::{BoardSizes, Module, Options, Pieces, Position, Save};

fn module() -> Module {
    let text = r#"<VASSAL.build.GameModule name="Demo" version="1"><VASSAL.build.module.Map mapName="Main"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" width="600" height="600"/></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>"#;
    Module::from_build_file(text, "buildFile.xml", &BoardSizes::new()).unwrap()
}

/// A move as VASSAL encodes it: to `(x, y)` of `Main`, under `under`, by `player`.
fn mv(id: &str, x: i32, y: i32, under: &str, player: &str) -> String {
    format!("M/{id}/Main/{x}/{y}/{under}/Main/0/0/null/{player}")
}

/// An empty stack, as VASSAL saves one: its map and point, no piece.
fn empty_stack(id: &str, x: i32, y: i32) -> String {
    add_piece(id, "stack", &format!("Main;{x};{y}"))
}

fn save(text: SaveText) -> Save {
    Save::from_bytes(text.finish().as_bytes(), "g.vlog").unwrap()
}

/// Each stack's pieces, bottom first, by the stack's id (`stack-N` for one the replay made).
fn stacks(p: &Position) -> Vec<(String, (i32, i32), Vec<String>)> {
    vassal::internal::stacks(p)
        .into_iter()
        .map(|s| {
            (
                s.id.to_string(),
                s.pos,
                s.pieces.iter().map(|i| i.to_string()).collect(),
            )
        })
        .collect()
}

fn stack_of<'a>(p: &'a [(String, (i32, i32), Vec<String>)], id: &str) -> &'a Vec<String> {
    &p.iter().find(|s| s.0 == id).unwrap().2
}

fn place(pieces: &Pieces, id: &str) -> (i32, i32) {
    let p = pieces
        .pieces
        .iter()
        .find(|p| p.id.as_deref() == Some(id))
        .unwrap();
    (p.x.unwrap(), p.y.unwrap())
}

/// The ten commands of issue 45's log (the shape of a real Longest Day log): an empty stack at
/// (200, 200) before anything else; a stack of one piece elsewhere moved there; a second piece
/// moved there without a piece under it; the stack moved on. The second piece joined the stack
/// (not the empty stack, which has no piece the mover sees), so it moves on with it.
fn ten_commands() -> SaveText {
    SaveText::new()
        .boards("Main", &[("B", 0, 0)])
        .command(&empty_stack("e", 200, 200))
        .piece("a", "First", "Main", 100, 100, &[])
        .stack("s", "Main", 100, 100, &["a"])
        .piece("b", "Second", "Main", 300, 300, &[])
        .stack("t", "Main", 300, 300, &["b"])
        .log(&mv("s", 200, 200, "null", "p1"))
        .log(&mv("b", 200, 200, "null", "p1"))
        .log("CHAT* 200 -> 200 *")
        .log(&mv("s", 400, 400, "null", "p1"))
}

#[test]
fn a_piece_moved_where_an_empty_stack_stands_joins_the_stack_with_a_piece() {
    let save = save(ten_commands());
    // The ten, and `begin_save` and `end_save` around the saved position.
    assert_eq!(save.commands.read, 12);
    let after = save.replay(Some(2)).unwrap();
    let st = stacks(&after);
    assert!(stack_of(&st, "e").is_empty(), "{st:?}");
    // Moved without a piece under it: to the bottom of the stack it joined.
    assert_eq!(stack_of(&st, "s"), &["b", "a"], "{st:?}");
    let end = vassal::read_pieces(&module(), &save, &Options::default()).unwrap();
    assert_eq!(place(&end, "a"), (400, 400));
    assert_eq!(
        place(&end, "b"),
        (400, 400),
        "the second piece is left behind"
    );
}

#[test]
fn a_piece_moved_onto_a_piece_in_no_stack_makes_a_stack_with_it() {
    // `x` stands alone (no stack); `y`, moved onto it, joins it in a new stack, at the bottom.
    // `z` never stacks (Immobilized), so `w` moved onto it stays on its own.
    let text = SaveText::new()
        .boards("Main", &[("B", 0, 0)])
        .piece("x", "Loose", "Main", 200, 200, &[])
        .piece("y", "Mover", "Main", 100, 100, &[])
        .stack("t", "Main", 100, 100, &["y"])
        .piece("z", "Fort", "Main", 300, 300, &[("immob;g;N", "")])
        .piece("w", "Other", "Main", 100, 300, &[])
        .stack("u", "Main", 100, 300, &["w"])
        .log(&mv("y", 200, 200, "null", "p1"))
        .log(&mv("w", 300, 300, "null", "p1"));
    let st = stacks(&save(text).replay(None).unwrap());
    let made = st.iter().find(|s| s.1 == (200, 200)).expect("a new stack");
    assert_eq!(made.2, ["y", "x"], "{st:?}");
    assert!(st.iter().all(|s| !s.2.contains(&"w".to_string())), "{st:?}");
}

#[test]
fn a_piece_moved_onto_a_deck_joins_it_at_the_bottom() {
    // A deck takes any piece moved onto its point, even one that never stacks; a piece moved
    // onto a piece of a stack (under) goes right above it.
    let text = SaveText::new()
        .boards("Main", &[("B", 0, 0)])
        .piece("c1", "One", "Main", 200, 200, &[])
        .piece("c2", "Two", "Main", 200, 200, &[])
        .command(&add_piece("d", "deck;x", "Main;200;200;false;c1,c2"))
        .piece("c3", "Three", "Main", 100, 100, &[("immob;g;N", "")])
        .piece("p", "P", "Main", 300, 300, &[])
        .piece("q", "Q", "Main", 300, 300, &[])
        .stack("s", "Main", 300, 300, &["p", "q"])
        .piece("r", "R", "Main", 100, 200, &[])
        .stack("t", "Main", 100, 200, &["r"])
        .log(&mv("c3", 200, 200, "null", "p1"))
        .log(&mv("r", 300, 300, "p", "p1"));
    let st = stacks(&save(text).replay(None).unwrap());
    assert_eq!(stack_of(&st, "d"), &["c3", "c1", "c2"], "{st:?}");
    assert_eq!(stack_of(&st, "s"), &["p", "r", "q"], "{st:?}");
}

#[test]
fn a_stack_whose_pieces_the_mover_does_not_see_is_not_joined() {
    // Stack `h` holds only `i`, invisible, hidden by player `p1`; loose `k` too. Player `p2`
    // moving a piece there joins neither (VASSAL's `Stack.topPiece(playerId)`, `HIDDEN_BY`);
    // player `p1` joins `h`.
    let hide = [("hide;H;;", "p1")];
    let text = SaveText::new()
        .boards("Main", &[("B", 0, 0)])
        .piece("i", "Ghost", "Main", 200, 200, &hide)
        .stack("h", "Main", 200, 200, &["i"])
        .piece("k", "Spook", "Main", 400, 400, &hide)
        .piece("m", "Mover", "Main", 100, 100, &[])
        .stack("s1", "Main", 100, 100, &["m"])
        .piece("n", "Next", "Main", 100, 300, &[])
        .stack("s2", "Main", 100, 300, &["n"])
        .piece("o", "Other", "Main", 300, 100, &[])
        .stack("s3", "Main", 300, 100, &["o"])
        .log(&mv("m", 200, 200, "null", "p2"))
        .log(&mv("n", 200, 200, "null", "p1"))
        .log(&mv("o", 400, 400, "null", "p2"));
    let st = stacks(&save(text).replay(None).unwrap());
    assert_eq!(stack_of(&st, "h"), &["n", "i"], "{st:?}");
    for id in ["m", "o"] {
        assert!(
            st.iter().all(|s| !s.2.contains(&id.to_string())),
            "{id}: {st:?}"
        );
    }
}

#[test]
fn a_move_of_a_stack_the_game_does_not_have_names_what_it_may_leave_behind() {
    // Five pieces shown and a masked one at (200, 200); the log moves stack `ghost` (never
    // added) from there, and another from (500, 500), where nothing stands.
    let mut text = SaveText::new().boards("Main", &[("B", 0, 0)]);
    let ids = ["p1", "p2", "p3", "p4", "p5"];
    for (i, id) in ids.iter().enumerate() {
        text = text.piece(id, &format!("Unit{i}"), "Main", 200, 200, &[]);
    }
    let text = text
        .piece(
            "sec",
            "Secret",
            "Main",
            200,
            200,
            &[("obs;M;Peek;G;;;", "player1")],
        )
        .stack(
            "s",
            "Main",
            200,
            200,
            &["p1", "p2", "p3", "p4", "p5", "sec"],
        )
        .log("M/ghost/Main/300/300/null/Main/200/200/null/p1")
        .log("M/other/Main/300/300/null/Main/500/500/null/p1");
    let pieces = vassal::read_pieces(&module(), &save(text), &Options::default()).unwrap();
    let moves: Vec<String> = pieces
        .warnings
        .iter()
        .map(|w| w.to_string())
        .filter(|w| w.contains("moves piece"))
        .collect();
    assert_eq!(moves.len(), 2, "{moves:?}");
    let w = &moves[0];
    assert!(w.contains("`ghost`"), "{w}");
    assert!(w.contains("(200, 200)"), "{w}");
    assert!(w.contains("`Unit0`") && w.contains("`Unit2`"), "{w}");
    assert!(w.contains("2 more"), "{w}");
    assert!(
        !w.contains("Unit3") && !w.contains("Secret") && !w.contains("sec"),
        "{w}"
    );
    assert!(
        moves[1].contains("no piece shown where it was"),
        "{}",
        moves[1]
    );
}

/// Issue 45, item 15: a face-down card is listed by its deck and its place there, never by its
/// id (the ids of a deck's cards follow the module's order: sorting them names the cards); no
/// warning names it either. Revealed, or in a face-up deck, a card keeps its id.
#[test]
fn a_face_down_card_is_listed_by_its_deck_and_place_not_its_id() {
    let card = |id: &str, name: &str, map: &str| {
        add_piece(
            id,
            &vassal::write::nest(&[], &format!("piece;;;;{name}")),
            &format!("{map};200;200;;0"),
        )
    };
    let text = SaveText::new()
        .boards("Main", &[("B", 0, 0)])
        .command(&card("1001", "Ace", "Main"))
        .command(&card("1002", "King", "Main"))
        .command(&card("1003", "Queen", "Main"))
        .command(&add_piece(
            "down",
            "deck;x",
            "Main;200;200;true;1001,1002,1003",
        ))
        .command(&card("2001", "Jack", "Main"))
        .command(&add_piece("up", "deck;x", "Main;300;300;false;2001"))
        // A face-down deck on a map the module lacks: the warning names no card.
        .command(&card("3001", "Joker", "Elsewhere"))
        .command(&add_piece("lost", "deck;x", "Elsewhere;10;10;true;3001"));
    let save = save(text);
    let seen = vassal::read_pieces(&module(), &save, &Options::default()).unwrap();
    let json = serde_json::to_string(&seen).unwrap();
    for secret in ["1001", "1002", "1003", "3001", "Ace", "Queen", "Joker"] {
        assert!(!json.contains(secret), "{secret}: {json}");
        for w in &seen.warnings {
            assert!(!w.to_string().contains(secret), "{secret}: {w}");
        }
    }
    let down: Vec<_> = seen
        .pieces
        .iter()
        .filter(|p| p.deck.as_deref() == Some("down"))
        .collect();
    assert_eq!(down.len(), 3);
    for p in &down {
        assert_eq!(p.hidden, Some(vassal::Hidden::FaceDown));
        assert!(p.id.is_none() && p.name.is_none());
        assert_eq!(p.deck_size, Some(3));
        assert_eq!((p.x, p.y), (Some(200), Some(200)));
    }
    // Listed after every piece with an id, by deck and place there (the last card of the deck's
    // state is its top card), not in the order added (1001, 1002, 1003), which would name them.
    let places: Vec<_> = down.iter().map(|p| p.deck_position).collect();
    assert_eq!(places, [Some(1), Some(2), Some(3)]);
    let first_withheld = seen.pieces.iter().position(|p| p.id.is_none()).unwrap();
    assert!(seen.pieces[first_withheld..].iter().all(|p| p.id.is_none()));
    let jack = seen
        .pieces
        .iter()
        .find(|p| p.deck.as_deref() == Some("up"))
        .unwrap();
    assert_eq!(jack.id.as_deref(), Some("2001"));
    assert_eq!((jack.deck_position, jack.deck_size), (Some(1), Some(1)));
    let all = vassal::read_pieces(&module(), &save, &Options::default().reveal(true)).unwrap();
    let ace = all
        .pieces
        .iter()
        .find(|p| p.id.as_deref() == Some("1001"))
        .unwrap();
    assert_eq!(ace.name.as_deref(), Some("Ace"));
    assert_eq!(ace.deck_position, Some(3));
}

/// The merge finder looks at most at `MAX_MERGE_CANDIDATES` (256) records at a point, so each
/// move's work stays bounded; beyond, the move is counted in a warning.
#[test]
fn a_crowded_point_is_a_warning_not_a_long_search() {
    let mut text = SaveText::new().boards("Main", &[("B", 0, 0)]);
    for i in 0..300 {
        text = text.command(&empty_stack(&format!("e{i}"), 200, 200));
    }
    let text = text
        .piece("m", "Mover", "Main", 100, 100, &[])
        .stack("s", "Main", 100, 100, &["m"])
        .log(&mv("m", 200, 200, "null", "p1"));
    let position = save(text).replay(None).unwrap();
    let said: Vec<String> = position.warnings.iter().map(|w| w.to_string()).collect();
    assert!(
        said.iter()
            .any(|w| w.contains("1 move(s) onto a point where more than 256")),
        "{said:?}"
    );
}

//! How a piece's traits are read into its name and properties, on synthetic pieces written in
//! VASSAL's own encoding (each trait's type and state as its `myGetType` and `myGetState` write
//! them): Text Labels evaluated as VASSAL evaluates them (`Labeler`, `FormattedString`), and the
//! standard traits of VASSAL 3.6 and 3.7 (`BasicCommandEncoder`) read or recognised.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use vassal::write::SaveText;
use vassal::{BoardSizes, Hidden, Module, Options, Piece, Pieces, Save};

/// A module of one map `Main` with one board.
fn module() -> Module {
    let text = r#"<VASSAL.build.GameModule name="Demo" version="1"><VASSAL.build.module.Map mapName="Main"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" width="1000" height="1000"/></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>"#;
    Module::from_build_file(text, "buildFile.xml", &BoardSizes::new()).unwrap()
}

fn read(save: SaveText, options: &Options) -> Pieces {
    let save = Save::from_bytes(save.finish().as_bytes(), "t.vsav").unwrap();
    vassal::read_pieces(&module(), &save, options).unwrap()
}

fn piece<'a>(p: &'a Pieces, id: &str) -> &'a Piece {
    p.pieces
        .iter()
        .find(|x| x.id.as_deref() == Some(id))
        .unwrap_or_else(|| panic!("no piece {id}"))
}

fn warnings(p: &Pieces) -> String {
    p.warnings
        .iter()
        .map(|w| w.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A Text Label as `Labeler.myGetType` writes it: no key, `Change Label`, font 10, no colours,
/// top centre, the name format `format` and the property `property`.
fn label(format: &str, property: &str) -> String {
    format!("label;;Change Label;10;;0,0,0;t;0;c;0;b;c;{format};Dialog;0;0;{property};")
}

const PC: &str = "$pieceName$ ($label$)";

#[test]
fn a_label_shows_the_properties_the_piece_defines() {
    let lbl = label(PC, "TextLabel");
    let layer =
        "emb2;Flip;2;F;;0;;;0;;;;1;false;0;0;front.png,back.png;,+ (spent);true;Step;;;false;;1;1";
    let save = SaveText::new().boards("Main", &[("B", 0, 0)]).piece(
        "pc",
        "Political Control Marker",
        "Main",
        100,
        100,
        &[
            // Outer traits are seen by the label too (VASSAL evaluates against the outermost).
            ("PROP;Value;false;0;100;false;;", "10"),
            (&lbl, "$Site$: $Value$"),
            ("mark;Site", "Tennessee"),
        ],
    );
    let save = save.piece(
        "all",
        "Unit",
        "Main",
        200,
        100,
        &[
            (
                &label("$pieceName$ [$label$] $CurrentMap$", "Status"),
                " $BasicName$ on $Step_Level$ at $LocationName$, $PieceName$ ",
            ),
            (layer, "2"),
        ],
    );
    let p = read(save, &Options::default());
    let pc = piece(&p, "pc");
    assert_eq!(
        pc.name.as_deref(),
        Some("Political Control Marker (Tennessee: 10)")
    );
    assert_eq!(
        pc.raw_name.as_deref(),
        Some("Political Control Marker ($Site$: $Value$)")
    );
    assert_eq!(pc.properties["TextLabel"], "Tennessee: 10");
    assert_eq!(
        pc.properties["PieceName"],
        "Political Control Marker (Tennessee: 10)"
    );
    // The basic piece's properties, a layer's, the name inside the label (its `PieceName`),
    // and the map's name in the name format; the text trimmed.
    let all = piece(&p, "all");
    assert_eq!(
        all.name.as_deref(),
        Some("Unit (spent) [Unit on 2 at offboard, Unit (spent)] Main")
    );
    assert_eq!(
        all.properties["Status"],
        "Unit on 2 at offboard, Unit (spent)"
    );
    assert!(!warnings(&p).contains("does not know"), "{}", warnings(&p));
    // A profile's name selectors see the evaluated name.
    let profile = r#"
game = "demo"
[[counts]]
key = "tennessee"
select = { name_contains = "(Tennessee: 10)" }
"#;
    let profile = vassal::profile::Profile::from_toml_str(profile, Some("p.toml")).unwrap();
    let shape = wargame_kit::shape::StateShape::new(&["demo"]);
    let save = SaveText::new().boards("Main", &[("B", 0, 0)]).piece(
        "pc",
        "PC",
        "Main",
        100,
        100,
        &[
            (&label(PC, "TextLabel"), "$Site$: 10"),
            ("mark;Site", "Tennessee"),
        ],
    );
    let save = Save::from_bytes(save.finish().as_bytes(), "t.vsav").unwrap();
    let imported = profile
        .import(&module(), &save, &Options::default(), &shape)
        .unwrap();
    assert_eq!(imported.taken, [("counts[0]".to_string(), 1)]);
}

#[test]
fn a_label_keeps_what_the_reader_cannot_know_as_written_and_says_so() {
    let save = SaveText::new()
        .boards("Main", &[("B", 0, 0)])
        // A Calculated Property (BeanShell): the reader does not evaluate it.
        .piece(
            "calc",
            "Army",
            "Main",
            100,
            100,
            &[
                (&label(PC, "TextLabel"), "$MyString$"),
                ("calcProp;MyString;{Strength + 1};", ""),
            ],
        )
        // Numbers as Java reads them; blank and BeanShell texts.
        .piece(
            "num",
            "Turn",
            "Main",
            100,
            100,
            &[(&label(PC, "TextLabel"), "007")],
        )
        .piece(
            "bsh",
            "Odd",
            "Main",
            100,
            100,
            &[(&label("{pieceName + label}", "TextLabel"), "x")],
        );
    let p = read(save, &Options::default());
    let calc = piece(&p, "calc");
    assert_eq!(calc.name.as_deref(), Some("Army ($MyString$)"));
    assert_eq!(calc.raw_name, None);
    assert_eq!(piece(&p, "num").name.as_deref(), Some("Turn (7)"));
    assert_eq!(
        piece(&p, "bsh").name.as_deref(),
        Some("{pieceName + label}")
    );
    let w = warnings(&p);
    assert!(w.contains("`$MyString$` (1 piece(s))"), "{w}");
    assert!(w.contains("BeanShell"), "{w}");
}

#[test]
fn labels_that_refer_to_each_other_nest_and_loops_stay_as_written() {
    let save = SaveText::new()
        .boards("Main", &[("B", 0, 0)])
        // A's text names B's property, B's names a marker: A shows it.
        .piece(
            "nest",
            "N",
            "Main",
            100,
            100,
            &[
                (&label(PC, "A"), "<$B$>"),
                (&label("$pieceName$", "B"), "$Side$"),
                ("mark;Side", "Blue"),
            ],
        )
        // A loop: A names B, B names A: the reference that closes it is kept as written.
        .piece(
            "loop",
            "L",
            "Main",
            100,
            100,
            &[
                (&label(PC, "A"), "a$B$"),
                (&label("$pieceName$", "B"), "b$A$"),
            ],
        );
    let p = read(save, &Options::default());
    let nest = piece(&p, "nest");
    assert_eq!(nest.name.as_deref(), Some("N (<Blue>)"));
    assert_eq!(nest.properties["A"], "<Blue>");
    assert_eq!(nest.properties["B"], "Blue");
    let lp = piece(&p, "loop");
    // (VASSAL would go round until its recursion limit and show what it had then.)
    assert_eq!(lp.name.as_deref(), Some("L (a$B$)"));
    assert!(warnings(&p).contains("`$B$`"), "{}", warnings(&p));
}

#[test]
fn labels_that_double_each_other_are_cut_at_the_share() {
    // Each label's text names the next label's property twice: 2^40 bytes if written out.
    let n = 40;
    let labels: Vec<String> = (0..n)
        .map(|i| label("$pieceName$", &format!("L{i}")))
        .collect();
    let texts: Vec<String> = (0..n)
        .map(|i| {
            if i + 1 < n {
                format!("$L{}$$L{}$", i + 1, i + 1)
            } else {
                "xxxxxxxxxxxxxxxx".to_string()
            }
        })
        .collect();
    let traits: Vec<(&str, &str)> = labels
        .iter()
        .zip(&texts)
        .map(|(l, t)| (l.as_str(), t.as_str()))
        .collect();
    let save = SaveText::new()
        .boards("Main", &[("B", 0, 0)])
        .piece("grow", "G", "Main", 100, 100, &traits);
    for reveal in [false, true] {
        let p = read(save.clone(), &Options::default().reveal(reveal));
        let g = piece(&p, "grow");
        assert_eq!(g.hidden, Some(Hidden::OverLimit));
        assert!(g.name.is_none() && g.properties.is_empty());
    }
}

#[test]
fn nothing_is_evaluated_from_a_masked_piece() {
    let save = SaveText::new().boards("Main", &[("B", 0, 0)]).piece(
        "secret",
        "HQ",
        "Main",
        100,
        100,
        &[
            ("obs;M;mask.png;Mask;I;?;player:;Peek;", "player1;"),
            (&label(PC, "TextLabel"), "$SecretPlan$"),
        ],
    );
    let p = read(save.clone(), &Options::default());
    let s = piece(&p, "secret");
    assert_eq!(s.hidden, Some(Hidden::Masked));
    assert!(s.name.is_none() && s.raw_name.is_none());
    assert!(!warnings(&p).contains("SecretPlan"), "{}", warnings(&p));
    // Revealed, it is read like any other.
    let p = read(save, &Options::default().reveal(true));
    assert!(warnings(&p).contains("SecretPlan"));
}

#[test]
fn the_standard_traits_of_vassal_3_7_are_read_or_recognised() {
    let traits: &[(&str, &str)] = &[
        // TranslatableMessage: key, description, message.
        ("locmsg;VPName;Name of the VP;Novgorod VP", ""),
        ("locmsg;FullName;;Prince Alexander", ""),
        // Mat: name, description; state: how many pieces, their ids.
        ("mat;Army Mat;the army's mat", "2;c1;c2"),
        // Attachment: name, description, commands...
        (
            "attach;Escort;;Attach;65,130;Clear;;;false;1;true;;-1;;Clear matching;;;nothing;nothing",
            "1;c1",
        ),
        // Mark When Moved: image, offsets, command, key, description; state: moved.
        ("markmoved;moved.gif;0;0;Mark Moved;77,130;", "true"),
        // Can Rotate: six facings (keys, commands, random rotation, name), at the third; and
        // free rotation (key, command, random rotation, name) at an angle.
        ("rotate;6;];[;Rotate CW;Rotate CCW;;;Facing;", "2"),
        ("rotate;1;82,130;Rotate;;;Turret;", "-45.7"),
        // Property Sheet: the fields (a text, a label, ticks with a maximum), menu, key...;
        // the state their values.
        (
            "propertysheet;0Notes~2Heading~4Hits;Properties;P;0;;;;80,130;",
            "Veteran~~3/5",
        ),
        // MultiLocationCommand, MatCargo, SetAttachmentProperty, BorderOutline, Comment.
        (
            "locCommand;Go;locZones;;Go to $LocationOfCommand$;71,130;true;;true;false",
            "",
        ),
        ("matPiece;cargo;true;0;0", "noMat"),
        (
            "setattachprop;Strength;false,0,100,false;;Set strength;Escort;",
            "",
        ),
        ("border;Selected;;;;2;255,0,0", ""),
        ("cmt;a note", ""),
    ];
    let save = SaveText::new()
        .boards("Main", &[("B", 0, 0)])
        .piece("p", "Alexander", "Main", 100, 100, traits)
        .piece(
            "hidden",
            "Secret",
            "Main",
            100,
            100,
            &[
                ("obs;M;mask.png;Mask;I;?;player:;Peek;", "player1;"),
                ("locmsg;Plan;;Attack at dawn", ""),
            ],
        );
    let p = read(save, &Options::default());
    let a = piece(&p, "p");
    assert_eq!(a.properties["VPName"], "Novgorod VP");
    assert_eq!(a.properties["FullName"], "Prince Alexander");
    assert_eq!(a.properties["MatName"], "Army Mat");
    assert_eq!(a.properties["MatNumCargo"], "2");
    assert_eq!(a.properties["AttachName"], "Escort");
    assert_eq!(a.properties["Moved"], "true");
    assert_eq!(a.properties["Facing_Facing"], "3");
    assert_eq!(a.properties["Facing_Degrees"], "120");
    assert_eq!(a.properties["Turret_Facing"], "1");
    assert_eq!(a.properties["Turret_Degrees"], "45");
    assert_eq!(a.properties["Notes"], "Veteran");
    assert_eq!(a.properties["Heading"], "");
    assert_eq!(a.properties["Hits"], "3");
    assert_eq!(a.name.as_deref(), Some("Alexander"));
    let w = warnings(&p);
    assert!(!w.contains("module's own"), "{w}");
    let kinds: Vec<&str> = a.traits.iter().map(|t| t.kind.as_str()).collect();
    for k in [
        "locCommand;",
        "matPiece;",
        "setattachprop;",
        "border;",
        "cmt;",
        "mat;",
    ] {
        assert!(kinds.contains(&k), "{k} kept raw: {kinds:?}");
    }
    // A masked piece's message is not read.
    let h = piece(&p, "hidden");
    assert!(h.properties.is_empty());
    assert!(!w.contains("Attack"), "{w}");
}

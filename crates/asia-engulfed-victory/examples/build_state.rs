//! Build a Dai Senso state in Rust (no TOML) and print its report: the second check of the
//! 0.1.2 example, Axis ground units in Peiping, Nanking and Saigon.
//!
//! Run with `cargo run -p asia-engulfed-victory --example build_state`.

use asia_engulfed_victory::options::Rules;
use asia_engulfed_victory::{
    Check, Faction, Game, GroundUnit, MarkerSide, State, StrategicHex, VpMarker, WarState, score,
};
use hexmap::Label;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut state = State::new(
        Game::DaiSenso,
        Check::Seasonal,
        WarState::LimitedWar,
        VpMarker::new("0", MarkerSide::AlliedCrusade),
    );
    state.turn = Some("Nov-Dec 1940".into());
    state.current_esv = Some(0);
    // Hex labels other than Batavia (w2819) and Tokyo (e4904) are stand-ins.
    for (label, name) in [
        ("w4015", "Peiping"),
        ("w3916", "Nanking"),
        ("w3213", "Saigon"),
    ] {
        let label = Label::parse(label, 2)?;
        state
            .strategic_hexes
            .push(StrategicHex::new(label, name, Faction::Western));
        state.units.push(GroundUnit::new(label, Faction::Axis));
    }
    state.validate()?;
    let report = score(&state, &Rules::default());
    assert_eq!(report.csv.total, 3);
    assert_eq!(report.vp_marker.side, MarkerSide::RisingSun);
    println!("{report}");
    Ok(())
}

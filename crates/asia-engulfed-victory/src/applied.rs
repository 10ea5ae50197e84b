//! [`Applied`]: a rule or ruling a check applied, as data, with the values it applied to. The
//! rules functions record them in the order they apply; [`crate::words`] turns each into the
//! report's [`Note`](crate::Note).

use crate::model::{MapAutomaticVictory, WarState};
use crate::policy::{BonusAndCap, TakenFirst};
use crate::side::{MarkerSide, Side};
use crate::victory::{AutomaticVictoryKind, Candidate, GameMap};

/// A rule or ruling applied at a check, in one of the rules' groups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Applied {
    /// 0.1.2 and 0.2.
    Automatic(Automatic),
    /// 0.3 and 0.4's Victory Points.
    Points(Points),
    /// 0.2 (c) and 0.4's result.
    CombinedGame(CombinedGame),
}

/// What 0.1.2 and 0.2 applied: the marker held in place, and the automatic victories a
/// check brings. Each variant names the note id it becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Automatic {
    /// `frozen-by-allied-automatic-victory` (0.2 (c), 0.4, ruling D-10): the Allied automatic
    /// victory held on the DS map froze the marker in the track's highest numbered box.
    FrozenByAlliedAutomaticVictory,
    /// `play-stopped-marker-stays` (0.4, ruling D-10): play on the DS map has stopped; at a
    /// seasonal check the marker does not move.
    PlayStoppedMarkerStays,
    /// `play-stopped-final-check` (0.4, ruling D-10): at a Final check it is placed as usual.
    PlayStoppedFinalCheck,
    /// `japanese-mandate-blocks-asian-domination` (0.2 clarification): the cap held back a
    /// marker the CSV alone would have put in the Automatic Victory box.
    JapaneseMandateBlocksAsianDomination,
    /// `automatic-victory-box-outside-total-war` (0.2, ruling): the marker in the Automatic
    /// Victory box outside Total War wins nothing.
    BoxOutsideTotalWar {
        /// The War State.
        war_state: WarState,
    },
    /// `automatic-victory-at-final-check-vp-decide` (D-2, `vp-decide`): what this Final check
    /// would bring is not won.
    NotWonAtFinalCheck {
        /// Each automatic victory it would bring, in the order found.
        found: Vec<Candidate>,
        /// The marker's face.
        side: MarkerSide,
        /// The box the CSV put the marker in.
        at: usize,
    },
    /// `combined-game-allied-asian-domination` (0.2 (c) exception): the marker went to box
    /// `at` instead of the Automatic Victory box.
    CombinedGameException {
        /// The CSV.
        csv: i64,
        /// The box the marker is in.
        at: usize,
    },
    /// `japanese-surrender-beyond-two` (ruling D-5): the marker in box `at`, right of the 2 VP
    /// box.
    JapaneseSurrenderBeyondTwo {
        /// The marker's box.
        at: usize,
    },
    /// `simultaneous-automatic-victories` (ruling D-16): two automatic victories at once.
    SimultaneousAutomaticVictories {
        /// The first found.
        first: AutomaticVictoryKind,
        /// The second.
        second: AutomaticVictoryKind,
        /// The one taken.
        taken: AutomaticVictoryKind,
        /// Which the table takes first.
        by: TakenFirst,
    },
    /// `pre-war` (ruling D-8).
    PreWar,
}

impl From<Automatic> for Applied {
    fn from(a: Automatic) -> Applied {
        Applied::Automatic(a)
    }
}

/// What 0.3 and 0.4 applied to the Victory Points at a Final check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Points {
    /// `final-check-automatic-victory` (0.3, ruling D-2): the automatic victory decides the
    /// Final check whatever the VP.
    FinalCheckAutomaticVictory {
        /// Who wins.
        winner: Side,
        /// Which way.
        kind: AutomaticVictoryKind,
    },
    /// `tie-to-the-axis` (0.3): the VP scores are tied.
    TieToTheAxis {
        /// Axis VP.
        axis: u32,
        /// Allied VP.
        allies: u32,
    },
    /// `tie-to-the-axis` (0.4): the combined VP scores are tied.
    CombinedTieToTheAxis {
        /// Axis VP.
        axis: u32,
        /// Allied VP.
        allies: u32,
    },
    /// `bonus-vp-in-dai-senso` (ruling D-3): the 14.45 Bonus VPs added, or not, in Dai Senso
    /// alone.
    BonusVpInDaiSenso {
        /// Added.
        added: bool,
    },
    /// `allied-bonus-beyond-the-cap` (D-9, `beyond`): Bonus VPs took the Allies past a map's
    /// cap and count all the same.
    AlliedBonusBeyondTheCap,
    /// `no-allied-bonus` (D-9, `no-allied-bonus`): the Allies' Bonus VPs do not count.
    NoAlliedBonus {
        /// How many they earned.
        allies: u32,
    },
    /// `dai-senso-allied-cap` (D-9, `dai_senso_allied_cap = four`): the cap cut the Allied VP
    /// on the DS map in Dai Senso alone.
    DaiSensoAlliedCap {
        /// The cap.
        cap: u32,
        /// How the Bonus VPs stand to it.
        bonus: BonusAndCap,
    },
    /// `no-cap-in-dai-senso` (D-9, `dai_senso_allied_cap = none`): in Dai Senso alone the
    /// Allies count more VPs on the DS map than the combined game's cap allows, and no cap
    /// applies.
    NoCapInDaiSenso {
        /// The Allied VP.
        allies: u32,
        /// The combined game's cap.
        cap: u32,
    },
    /// `tk-axis-and-allied-vp` (ruling D-4): both TK inputs are scored.
    TkAxisAndAlliedVp,
    /// `allied-cap-per-map` (0.4 clarification, D-9): the cap cut the Allied VP on a map.
    AlliedCapPerMap {
        /// The cap.
        cap: u32,
        /// How the Bonus VPs stand to it.
        bonus: BonusAndCap,
    },
}

impl From<Points> for Applied {
    fn from(a: Points) -> Applied {
        Applied::Points(a)
    }
}

/// What 0.2 (c) and 0.4 applied to the combined game's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CombinedGame {
    /// `axis-automatic-victory-any-war-state` (D-1, `any-war-state`).
    AxisAutomaticVictoryInAnyWarState {
        /// The map.
        map: GameMap,
        /// The War State it was won in.
        war_state: WarState,
    },
    /// `axis-automatic-victory-outside-total-war` (0.2 (c), ruling D-1).
    AxisAutomaticVictoryOutsideTotalWar {
        /// The map.
        map: GameMap,
        /// The War State it was won in.
        war_state: WarState,
    },
    /// `tk-automatic-victory-first` (0.2 (c), 0.4): the TK automatic victory already ended the
    /// combined game.
    TkAutomaticVictoryFirst {
        /// Who won it.
        winner: Side,
        /// The War State it was won in.
        war_state: WarState,
    },
    /// `automatic-victory-after-the-game-ended` (0.2 (c), 0.4): the automatic victory this
    /// check brings on the DS map came after the TK map's had ended the combined game.
    AfterTheGameEnded {
        /// Who would have won it.
        winner: Side,
        /// Which way.
        kind: AutomaticVictoryKind,
        /// The TK map's automatic victory, won before this check, that ended the game.
        tk: MapAutomaticVictory,
    },
    /// `allied-automatic-victory-needs-both-maps` (ruling): an Allied automatic victory outside
    /// Limited War on one map only.
    AlliedAutomaticVictoryNeedsBothMaps {
        /// The map.
        map: GameMap,
    },
}

impl From<CombinedGame> for Applied {
    fn from(a: CombinedGame) -> Applied {
        Applied::CombinedGame(a)
    }
}

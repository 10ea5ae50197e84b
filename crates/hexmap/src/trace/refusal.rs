//! Why a step is refused, in words: the public [`Refusal`], made from the compact reason
//! ([`Why`]) with the names the bound rule resolved.

use std::fmt;

use crate::trace::step::{BoundRule, CBudget};
use crate::trace::why::Why;

/// Why a step into a hex was refused by the rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Refusal {
    /// The hex is not on the network of these hexside features ("off the road/trail net").
    OffNetwork {
        /// The features (`road`, `trail`).
        features: Vec<String>,
    },
    /// The hex is on the network, but the hexside crossed carries none of these features ("no
    /// road or trail across the hexside").
    NotAlong {
        /// The features (`road`, `trail`).
        features: Vec<String>,
    },
    /// The hexside crossed carries a feature the rule forbids (`river`).
    Across {
        /// The features.
        features: Vec<String>,
    },
    /// The terrain of the hex is not allowed.
    Terrain {
        /// The terrain's name.
        terrain: String,
    },
    /// The caller's step predicate refused it.
    Custom {
        /// The predicate's name.
        name: String,
    },
    /// The leg that tried to enter it had spent its budget (in a [`Blocked`](crate::Blocked)'s
    /// obstacle, the last leg that tried).
    OutOfBudget {
        /// The leg that ran out (1-based).
        leg: usize,
        /// The leg's budget (hexes or movement points).
        budget: u32,
        /// What the step would have brought the leg's spending to (more than `budget`): the
        /// least of the steps tried.
        needed: u32,
        /// Whether the budget counts movement points (`true`) or hexes (`false`).
        points: bool,
    },
    /// A [`movement_range`](crate::movement_range) under sticky zones of control
    /// ([`ZocMovement::stops`](crate::ZocMovement::stops)): the hex the step would leave is in
    /// an enemy zone of control the unit entered, so it stops there.
    ZocStops,
    /// A [`movement_range`](crate::movement_range) that forbids moving directly from one
    /// enemy zone of control into another ([`ZocToZoc`](crate::ZocToZoc)): both hexes are in
    /// one (and, where a friendly unit would allow it, none holds this one).
    ZocToZoc,
}

fn or_list(names: &[String]) -> String {
    match names {
        [] => "nothing".to_string(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// "a river", "an all-sea".
fn with_article(word: &str) -> String {
    let vowel = word.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {word}", if vowel { "an" } else { "a" })
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::OffNetwork { features } => write!(f, "off the {} net", features.join("/")),
            Refusal::NotAlong { features } => {
                write!(f, "no {} across the hexside", or_list(features))
            }
            Refusal::Across { features } => {
                write!(f, "across {} hexside", with_article(&or_list(features)))
            }
            Refusal::Terrain { terrain } => write!(f, "{terrain} terrain is not allowed"),
            Refusal::Custom { name } => write!(f, "refused: {name}"),
            Refusal::OutOfBudget {
                leg,
                budget,
                needed,
                points,
            } => {
                let unit = if *points { "movement points" } else { "hexes" };
                write!(f, "leg {leg} needs {needed} > {budget} {unit}")
            }
            Refusal::ZocStops => write!(f, "the unit stops in the enemy zone of control before it"),
            Refusal::ZocToZoc => write!(f, "from one enemy zone of control directly into another"),
        }
    }
}

/// A compact refusal in words.
pub(crate) fn refusal(rule: &BoundRule<'_>, why: Why) -> Refusal {
    match why {
        Why::OffNetwork(m) => Refusal::OffNetwork {
            features: rule.feature_names(m),
        },
        Why::NotAlong(m) => Refusal::NotAlong {
            features: rule.feature_names(m),
        },
        Why::Across(m) => Refusal::Across {
            features: rule.feature_names(m),
        },
        Why::Terrain(t) => Refusal::Terrain {
            terrain: rule
                .map
                .terrain_names()
                .get(usize::from(t))
                .cloned()
                .unwrap_or_default(),
        },
        Why::Custom(i) => Refusal::Custom {
            name: rule
                .custom_names
                .get(usize::from(i))
                .cloned()
                .unwrap_or_default(),
        },
        Why::Budget(leg, needed) => {
            let budget = rule.legs.get(usize::from(leg)).map(|l| &l.budget);
            Refusal::OutOfBudget {
                leg: usize::from(leg) + 1,
                budget: budget.and_then(CBudget::limit).unwrap_or(0),
                needed,
                points: matches!(budget, Some(CBudget::Points { .. })),
            }
        }
    }
}

//! Why a step is refused, compactly, and the order of the reasons: for each hex the strongest
//! is kept and shown. The compiled step rules, [`crate::trace::search`] and a cut unit's
//! frontier under the road-chain plan all keep it so.

/// Why a step is refused, compactly; turned into a [`crate::trace::Refusal`] for the frontier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    OffNetwork(u32),
    NotAlong(u32),
    Across(u32),
    Terrain(u16),
    Custom(u16),
    /// Leg (0-based), and what the step would have brought its spending to.
    Budget(u16, u32),
}

impl Why {
    /// Higher is shown first: the cause a player looks for.
    pub(crate) fn priority(self) -> u8 {
        match self {
            Why::OffNetwork(_) => 6,
            Why::NotAlong(_) => 5,
            Why::Across(_) => 4,
            Why::Terrain(_) => 3,
            Why::Custom(_) => 2,
            Why::Budget(..) => 1,
        }
    }
}

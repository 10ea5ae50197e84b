//! A traced path: what every tracer answers and every check reads.

use crate::coord::Hex;

/// A traced path `h0..hn`, start first, target last.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Path {
    /// The hexes, start first.
    pub hexes: Vec<Hex>,
    /// What each leg spent, in leg order (hexes, or movement points; 0 for an unlimited leg
    /// or one skipped), when [`search`](crate::search) found the path; the path's cost, one
    /// entry, when a [`MoveRange`](crate::MoveRange) gave it; empty otherwise.
    pub spent: Vec<u32>,
}

impl Path {
    /// A path through these hexes, start first (to verify with [`check_path`](crate::check_path)).
    pub fn new(hexes: Vec<Hex>) -> Path {
        Path {
            hexes,
            spent: Vec::new(),
        }
    }
}

//! Axial hex coordinates (cube coordinates derived).

/// A hex in axial coordinates `(q, r)`; the third cube coordinate is `s = -q - r`.
///
/// Axial coordinates are a property of the grid, not of any printed numbering: a map's
/// [`Layout`](crate::Layout) converts between them and the labels printed on the map.
///
/// Closed (exhaustive, build it with a literal or [`Hex::new`]): a hex of the grid is exactly
/// its two axial coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hex {
    /// Axial q (the cube x coordinate).
    pub q: i32,
    /// Axial r (the cube z coordinate).
    pub r: i32,
}

/// One of the six directions from a hex to a neighbour, in axial terms.
///
/// Directions are numbered counter-clockwise starting from `+q`; which compass point each one
/// faces depends on the map's orientation and is a drawing concern only.
///
/// Closed: a hex has six sides, [`Direction::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Direction(u8);

const AXIAL_DIRECTIONS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

impl Direction {
    /// All six directions, in index order.
    pub const ALL: [Direction; 6] = [
        Direction(0),
        Direction(1),
        Direction(2),
        Direction(3),
        Direction(4),
        Direction(5),
    ];

    /// The direction's index, `0..6`.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The opposite direction.
    pub fn opposite(self) -> Direction {
        Direction((self.0 + 3) % 6)
    }

    /// The axial offset `(dq, dr)` of one step in this direction.
    pub fn offset(self) -> (i32, i32) {
        AXIAL_DIRECTIONS[self.index()]
    }
}

impl Hex {
    /// A hex from axial coordinates.
    pub const fn new(q: i32, r: i32) -> Self {
        Hex { q, r }
    }

    /// The derived cube coordinate `s = -q - r`.
    pub const fn s(self) -> i32 {
        -self.q - self.r
    }

    /// The neighbour in `dir`.
    pub fn neighbor(self, dir: Direction) -> Hex {
        let (dq, dr) = dir.offset();
        Hex::new(self.q + dq, self.r + dr)
    }

    /// The six neighbours, in [`Direction::ALL`] order.
    pub fn neighbors(self) -> [Hex; 6] {
        Direction::ALL.map(|d| self.neighbor(d))
    }

    /// The direction from `self` to `other` when they are adjacent.
    pub fn direction_to(self, other: Hex) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|d| self.neighbor(*d) == other)
    }

    /// Whether the two hexes share a hexside.
    pub fn is_adjacent(self, other: Hex) -> bool {
        self.distance(other) == 1
    }

    /// The number of steps between two hexes.
    pub fn distance(self, other: Hex) -> u32 {
        let dq = (self.q - other.q).unsigned_abs();
        let dr = (self.r - other.r).unsigned_abs();
        let ds = (self.s() - other.s()).unsigned_abs();
        dq.max(dr).max(ds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_at_distance_one_and_opposites_return() {
        let h = Hex::new(3, -2);
        for d in Direction::ALL {
            let n = h.neighbor(d);
            assert_eq!(h.distance(n), 1);
            assert_eq!(n.neighbor(d.opposite()), h);
            assert_eq!(h.direction_to(n), Some(d));
        }
        assert_eq!(h.direction_to(h), None);
    }

    #[test]
    fn distance_is_cube_distance() {
        assert_eq!(Hex::new(0, 0).distance(Hex::new(3, -1)), 3);
        assert_eq!(Hex::new(0, 0).distance(Hex::new(-2, -2)), 4);
        assert_eq!(Hex::new(1, 1).s(), -2);
    }
}

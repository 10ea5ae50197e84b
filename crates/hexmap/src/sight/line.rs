//! The straight segment between two hex centres, as the cells it passes through, in exact
//! integer arithmetic.
//!
//! The frame: cube coordinates `(x, y, z) = (q, -q - r, r)`, in which the plane `x + y + z = 0`
//! with the ordinary dot product is the regular hex grid up to scale. The closed cell of the hex
//! `h` is `|u - u(h)| <= 1, |v - v(h)| <= 1, |w - w(h)| <= 1` with `u = x - y`, `v = y - z`,
//! `w = z - x`; its sides and vertices lie on the lines where `u`, `v` or `w` is an integer.
//! Along the segment `p(t) = a + t (b - a)`, `u` is an integer exactly at `t = j / |u(b - a)|`
//! (and so for `v` and `w`), so every event is a fraction whose denominator is at most twice the
//! distance. Between two consecutive events the point lies in the same cells all along; each
//! open interval and each event point is classified by the cells that contain it (one: a hex's
//! interior; two: a hexside; three: a vertex), compared exactly in `i128`.

use crate::coord::Hex;

/// One place the segment between two hex centres passes through ([`line()`]).
///
/// Closed (exhaustive): a point of the plane lies inside one hex, on one hexside or on one
/// vertex. The hexes of a [`Step::Hexside`] and of a [`Step::Vertex`] are in ascending order
/// (`Hex`'s `Ord`), so a step is the same whichever way the line is drawn.
///
/// # Example
/// ```
/// use hexmap::Hex;
/// use hexmap::sight::{line, Step};
/// // From (0,0) to (1,1) the line leaves (0,0) through a vertex, runs along the hexside
/// // between (1,0) and (0,1), and enters (1,1) through the vertex at the other end.
/// let steps: Vec<Step> = line(Hex::new(0, 0), Hex::new(1, 1)).collect();
/// let (a, b, c, d) = (Hex::new(0, 0), Hex::new(0, 1), Hex::new(1, 0), Hex::new(1, 1));
/// assert_eq!(steps, [
///     Step::Hex(a),
///     Step::Vertex([a, b, c]),
///     Step::Hexside([b, c]),
///     Step::Vertex([b, c, d]),
///     Step::Hex(d),
/// ]);
/// assert_eq!(Step::Hexside([b, c]).hexes(), [b, c]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The segment crosses this hex's interior.
    Hex(Hex),
    /// The segment runs along the hexside between these two hexes (for a length, not at one
    /// point: a hexside crossed from one hex into the next is not a step).
    Hexside([Hex; 2]),
    /// The segment passes through the vertex these three hexes share.
    Vertex([Hex; 3]),
}

impl Step {
    /// The hexes of the step: one, two or three.
    ///
    /// # Example
    /// ```
    /// use hexmap::Hex;
    /// use hexmap::sight::Step;
    /// assert_eq!(Step::Hex(Hex::new(2, 0)).hexes(), [Hex::new(2, 0)]);
    /// ```
    pub fn hexes(&self) -> &[Hex] {
        match self {
            Step::Hex(h) => std::slice::from_ref(h),
            Step::Hexside(hs) => hs,
            Step::Vertex(hs) => hs,
        }
    }
}

/// What the segment between the centres of `from` and `to` passes through, in order from
/// `from`: a lazy iterator (no allocation, whatever the distance) of [`Step`]s that starts with
/// `Step::Hex(from)` and ends with `Step::Hex(to)` (one step when they are the same hex).
///
/// Consecutive steps are adjacent: two hexes in a row share the hexside the segment crosses;
/// a hexside's or a hex's step beside a vertex is among the vertex's hexes. The same line drawn
/// from `to` gives the same steps in reverse order.
///
/// How many hexes. **At least `from.distance(to) + 1` distinct hexes are named**: the named
/// hexes hold a chain from `from` to `to` in which each hex is adjacent to the next (two hex
/// steps in a row share the hexside crossed between them; the hexes of a hexside or vertex step
/// are adjacent to each other and to the hexes of the steps beside it), and each link of the
/// chain changes the distance to `to` by at most one.
///
/// **Exactly that many `Step::Hex` when no step is a hexside or a vertex is not true**: the
/// segment can cross a hexside between two hexes at the same distance from `to`, at the
/// hexside's midpoint. From `(0,0)` to `(3,-4)` (distance 4), at half way it crosses from
/// `(1,-2)` into `(2,-2)`: six hexes, no vertex, no hexside run. Each such sideways crossing
/// adds one hex, and every other crossing brings the segment one hex nearer `to`, so the hexes
/// crossed are `distance + 1 + sideways crossings` (checked by the tests on every line to the
/// hexes within 9 of a hex and on random lines, not proved here). Of the lines from `(0,0)` to
/// the 625 hexes of `-12..=12` x `-12..=12`, 240 have a sideways crossing and 148 a hexside or
/// vertex step: the rounding a float line draws (`distance + 1` hexes, one of the two at each
/// sideways crossing) picks a side on more than half of them.
///
/// # Example
/// ```
/// use hexmap::Hex;
/// use hexmap::sight::{line, Step};
/// let hexes: Vec<Step> = line(Hex::new(0, 0), Hex::new(2, 0)).collect();
/// assert_eq!(hexes, [Step::Hex(Hex::new(0, 0)), Step::Hex(Hex::new(1, 0)), Step::Hex(Hex::new(2, 0))]);
/// ```
pub fn line(from: Hex, to: Hex) -> Line {
    let a = cube(from);
    let b = cube(to);
    let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let diffs = [d[0] - d[1], d[1] - d[2], d[2] - d[0]];
    Line {
        a,
        d,
        den: diffs.map(i128::abs),
        next: [1; 3],
        prev: Frac::ZERO,
        stage: Stage::Interval,
        last: None,
    }
}

/// The steps of one segment, in order ([`line()`]).
///
/// # Example
/// ```
/// use hexmap::Hex;
/// use hexmap::sight::line;
/// assert_eq!(line(Hex::new(0, 0), Hex::new(0, 0)).count(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct Line {
    /// The start's cube coordinates.
    a: [i128; 3],
    /// `to - from` in cube coordinates.
    d: [i128; 3],
    /// `|u|`, `|v|`, `|w|` of `d`: each family's events are at `j / den` for `0 < j < den`.
    den: [i128; 3],
    /// Each family's next `j`.
    next: [i128; 3],
    /// The last event passed (0 at the start).
    prev: Frac,
    /// What comes next.
    stage: Stage,
    /// The last step given, to merge the pieces of one hex.
    last: Option<Step>,
}

#[derive(Clone, Copy, Debug)]
enum Stage {
    /// The open interval after `prev`.
    Interval,
    /// The event point at this parameter.
    Point(Frac),
    /// Past the end.
    End,
}

/// A parameter `n / d` along the segment, `0 <= n <= d`, `d > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frac {
    n: i128,
    d: i128,
}

impl Frac {
    const ZERO: Frac = Frac { n: 0, d: 1 };
    const ONE: Frac = Frac { n: 1, d: 1 };

    /// Whether `self < other` (denominators are at most `2^34`: the products fit).
    fn lt(self, other: Frac) -> bool {
        self.n * other.d < other.n * self.d
    }

    fn eq(self, other: Frac) -> bool {
        self.n * other.d == other.n * self.d
    }

    /// Half way between two parameters.
    fn mid(self, other: Frac) -> Frac {
        Frac {
            n: self.n * other.d + other.n * self.d,
            d: 2 * self.d * other.d,
        }
    }
}

/// Cube coordinates `(x, y, z) = (q, -q - r, r)`, widened.
pub(super) fn cube(h: Hex) -> [i128; 3] {
    let (q, r) = (i128::from(h.q), i128::from(h.r));
    [q, -q - r, r]
}

impl Line {
    /// The next event after `prev` (1 when none is left), and advance past it.
    fn next_event(&mut self) -> Frac {
        let mut best = Frac::ONE;
        for f in 0..3 {
            if self.next[f] < self.den[f] {
                let t = Frac {
                    n: self.next[f],
                    d: self.den[f],
                };
                if t.lt(best) {
                    best = t;
                }
            }
        }
        for f in 0..3 {
            if self.next[f] < self.den[f]
                && best.eq(Frac {
                    n: self.next[f],
                    d: self.den[f],
                })
            {
                self.next[f] += 1;
            }
        }
        best
    }

    /// The cells that contain the point at parameter `t`, as a step; `None` for a point on one
    /// hexside (a crossing, not a step).
    fn classify(&self, t: Frac, interval: bool) -> Option<Step> {
        // The point is `p / t.d` with integer `p` (|p| < 2^104: the sums fit in i128).
        let p = [0, 1, 2].map(|i| self.a[i] * t.d + self.d[i] * t.n);
        let mut cells = [Hex::new(0, 0); 3];
        let mut found = 0;
        let floor = p.map(|c| c.div_euclid(t.d));
        for dx in 0..2 {
            for dy in 0..2 {
                let h = [floor[0] + dx, floor[1] + dy, -floor[0] - dx - floor[1] - dy];
                if contains(h, p, t.d) && found < 3 {
                    // Every cell holds a hex of the segment's own bounding box: i32.
                    let (q, r) = (i32::try_from(h[0]).ok()?, i32::try_from(h[2]).ok()?);
                    cells[found] = Hex::new(q, r);
                    found += 1;
                }
            }
        }
        let cells = &mut cells[..found];
        cells.sort_unstable();
        match *cells {
            [h] => Some(Step::Hex(h)),
            [a, b] if interval => Some(Step::Hexside([a, b])),
            [a, b, c] => Some(Step::Vertex([a, b, c])),
            _ => None,
        }
    }
}

/// Whether the closed cell of the hex `h` (cube) contains the point `p / den`.
fn contains(h: [i128; 3], p: [i128; 3], den: i128) -> bool {
    (0..3).all(|i| {
        let j = (i + 1) % 3;
        ((p[i] - p[j]) - (h[i] - h[j]) * den).abs() <= den
    })
}

impl Iterator for Line {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        loop {
            let step = match self.stage {
                Stage::End => return None,
                Stage::Interval => {
                    let t = self.next_event();
                    let step = self.classify(self.prev.mid(t), true);
                    self.stage = if t.eq(Frac::ONE) {
                        Stage::End
                    } else {
                        Stage::Point(t)
                    };
                    step
                }
                Stage::Point(t) => {
                    self.prev = t;
                    self.stage = Stage::Interval;
                    self.classify(t, false)
                }
            };
            if let Some(step) = step
                && self.last != Some(step)
            {
                self.last = Some(step);
                return Some(step);
            }
        }
    }
}

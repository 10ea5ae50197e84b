//! The most a state or a VP track may give: every Victory Point amount read from a file is
//! checked against [`MAX_VP`] before it is added, and one beyond it is refused with a located
//! error (kind [`ErrorKind::Limit`](crate::ErrorKind::Limit)), so that a sum of them is exact.
//!
//! CSV terms need no limit: each is at most a `u32` and they are summed in `i64`. A track's
//! CSV ranges may run to the ends of `i64`: the margins look only at where ranges begin and
//! end, never at every CSV in between.

/// The most Victory Points one box of a VP track, one bonus or one TK map result may give
/// (the printed track's boxes give 0 to 4).
pub const MAX_VP: u32 = 1_000_000;

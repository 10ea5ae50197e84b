//! Constrained path tracing for any hex wargame's supply or communication rule.
//!
//! The model, with a worked example, is the crate documentation's "The trace model"; every
//! item is re-exported at the crate root.
//!
//! The layers, each using only those before it: the leaves ([`Targets`], [`Path`], the
//! caller's step predicate, the reasons of a refusal), the rule as data ([`TraceRule`]), the
//! rule bound to a map ([`BoundRule`]) and its refusals in words ([`Refusal`]), the path
//! checks ([`check_path`]), then the tracers ([`search`], [`Tracer`]). The road-chain preset's
//! plan ([`ChainPlan`]) is beside them, its only door [`ChainPlan::new`].

mod check;
mod custom;
mod display;
pub(crate) mod loc;
mod path;
mod range;
mod refusal;
mod rule;
mod search;
mod step;
mod targets;
mod tracer;
mod why;

pub use check::{Revisit, check_path, check_simple};
pub use custom::{MakeStepFn, Step, StepFn};
pub use loc::{Bounds, ChainBlock, ChainCut, ChainPlan, ChainReach, ChainWork, Placed};
pub use path::Path;
pub use range::{MoveRange, RangeError, RangeZoc, Reached, ZocMovement, ZocToZoc, movement_range};
pub use refusal::Refusal;
pub use rule::{
    Budget, ChainReading, Costs, Leg, MAX_BUDGET, RoadChain, RuleError, StepRule, TargetRule,
    TraceRule,
};
pub use search::{Blocked, Cut, Obstacle, search};
pub use step::BoundRule;
pub use targets::Targets;
pub use tracer::{TraceScratch, Tracer};

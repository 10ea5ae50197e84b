//! 0.3 and 0.4 Victory Points at the Final check, part by part, as values ([`Tally`]): the DS
//! map's markers, the TK map's inputs, the 14.45 Bonus VPs (ruling D-3), and the Allies' cap
//! per map (ruling D-9). [`crate::words`] turns a tally into the report's
//! [`VpScore`](crate::VpScore).

use crate::applied::{Applied, Points};
use crate::model::{Rules, TkResult};
use crate::policy::{self, AlliedVp, Cut};
use crate::side::{MarkerSide, Side};
use crate::track::VpTrack;
use crate::victory::{Context, GameMap, MarkerReport, VpSource};

/// The rule of the Bonus VPs in the combined game.
const COMBINED_BONUS: &str = "0.4 / 14.45";

/// What a part of a side's VP says beside its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Remark {
    /// The Automatic Victory box has no VP of its own: it scores as the highest numbered box,
    /// `vp` (ruling D-11, [`box_vp`]).
    AutomaticVictoryBox {
        /// What it scores.
        vp: u32,
    },
    /// 0.3 clarification: the Axis earns no VPs for the Hakko Ichiu marker.
    HakkoIchiu,
    /// Fewer count than were earned (0.4's cap, or a rules option: [`policy::allied_bonus_cap`]).
    Cut {
        /// As earned.
        earned: u32,
        /// Why.
        cut: Cut,
    },
}

/// One contribution to a side's VP ([`VpPart`](crate::VpPart) before words).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Part {
    pub rule: &'static str,
    pub map: GameMap,
    pub source: VpSource,
    pub box_id: Option<String>,
    pub vp: u32,
    pub remark: Option<Remark>,
}

/// Both sides' VP, part by part ([`VpScore`](crate::VpScore) before words).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    pub axis: Vec<Part>,
    pub allies: Vec<Part>,
}

/// The sum of some parts.
fn total(parts: &[Part]) -> u32 {
    parts.iter().map(|p| p.vp).fold(0, u32::saturating_add)
}

impl Tally {
    /// Both sides' VP on these maps, part by part in map order.
    fn of(maps: impl IntoIterator<Item = MapVp>) -> Tally {
        let mut tally = Tally::default();
        for m in maps {
            tally.axis.extend(m.axis);
            tally
                .allies
                .extend(m.allied_track.into_iter().chain(m.allied_bonus));
        }
        tally
    }

    /// The Axis total.
    pub(crate) fn axis_total(&self) -> u32 {
        total(&self.axis)
    }

    /// The Allied total.
    pub(crate) fn allies_total(&self) -> u32 {
        total(&self.allies)
    }

    /// Most VP wins; a tie goes to the Axis (0.3, 0.4).
    pub(crate) fn winner(&self) -> Side {
        if self.allies_total() > self.axis_total() {
            Side::Allies
        } else {
            Side::Axis
        }
    }
}

/// One map's VP at the Final check, part by part: the Axis parts in rule order, and the Allied
/// ones on its track and from its Bonus VPs, as counted ([`bonus_and_cap`]).
#[derive(Default)]
pub(crate) struct MapVp {
    pub axis: Vec<Part>,
    pub allied_track: Option<Part>,
    pub allied_bonus: Option<Part>,
}

/// The VP a box scores for a marker on `side`; the Automatic Victory box (reached when it wins
/// nothing: outside Total War, or at a Final check under `automatic_victory_at_final_check =
/// vp-decide`) scores as the track's highest numbered box of that face (ruling D-11,
/// [`VpTrack::highest_numbered_of`]), remarked.
pub(crate) fn box_vp(track: &VpTrack, index: usize, side: MarkerSide) -> (u32, Option<Remark>) {
    let b = &track.boxes()[index.min(track.boxes().len().saturating_sub(1))];
    match b.vp {
        Some(v) => (v, None),
        None => {
            let top = track
                .highest_numbered_of(side)
                .and_then(|i| track.boxes()[i].vp)
                .unwrap_or(0);
            (top, Some(Remark::AutomaticVictoryBox { vp: top }))
        }
    }
}

/// 0.3 at a Final check of Dai Senso alone: the markers' VP ([`ds_marker_vp`]) and, by default,
/// the 14.45 Bonus VPs (0.3 is silent; 14.45 awards them: ruling D-3,
/// [`policy::bonus_vp_in_dai_senso`]), counted by ruling D-9 ([`bonus_and_cap`]) under the cap
/// [`policy::dai_senso_allied_cap`] gives (by default none). Records what the option did: the
/// cap cutting the Allied VP, or with no cap the Allies past the combined game's cap.
pub(crate) fn dai_senso_vp(
    ctx: &Context<'_>,
    marker: &MarkerReport,
    applied: &mut Vec<Applied>,
) -> Tally {
    let mut ds = ds_marker_vp(ctx, marker);
    let b = ctx.state.bonus_vp;
    let any = b.axis > 0 || b.allies > 0;
    let added = policy::bonus_vp_in_dai_senso(ctx.rules);
    let bonus = if added { (b.axis, b.allies) } else { (0, 0) };
    let cap = policy::dai_senso_allied_cap(ctx.rules);
    let allied = bonus_and_cap(&mut ds, (GameMap::Ds, "14.45"), bonus, ctx.rules, cap);
    if any {
        applied.push(Points::BonusVpInDaiSenso { added }.into());
    }
    no_allied_bonus(allied.bonus_not_earned(), applied);
    let tally = Tally::of([ds]);
    let allies = tally.allies_total();
    let combined_cap = ctx.rules.allied_vp_cap_per_map;
    match cap {
        Some(cap) if allied.capped() => applied.push(
            Points::DaiSensoAlliedCap {
                cap,
                bonus: allied.bonus_and_cap,
            }
            .into(),
        ),
        None if allies > combined_cap => applied.push(
            Points::NoCapInDaiSenso {
                allies,
                cap: combined_cap,
            }
            .into(),
        ),
        _ => {}
    }
    tally
}

/// 0.4 at the Final check: the TK map's track VP and Bonus VPs (inputs, [`tk_map_vp`]), then
/// the DS map's markers and Bonus VPs, each map's Allied VP counted under the cap per map
/// ([`Rules::allied_vp_cap_per_map`]) by ruling D-9 ([`bonus_and_cap`]); the Axis Bonus VPs on
/// top. Records what the cap and the option did, and both TK inputs scored (ruling D-4).
pub(crate) fn combined_vp(
    ctx: &Context<'_>,
    marker: &MarkerReport,
    tk: &TkResult,
    applied: &mut Vec<Applied>,
) -> Tally {
    let rules = ctx.rules;
    let cap = rules.allied_vp_cap_per_map;
    let b = ctx.state.bonus_vp;
    let (tk_vp, tk_allied) = tk_map_vp(tk, rules);
    let mut ds_vp = ds_marker_vp(ctx, marker);
    let bonus = (b.axis, b.allies);
    let ds_allied = bonus_and_cap(
        &mut ds_vp,
        (GameMap::Ds, COMBINED_BONUS),
        bonus,
        rules,
        Some(cap),
    );
    if tk_allied.bonus_past_the_cap || ds_allied.bonus_past_the_cap {
        applied.push(Points::AlliedBonusBeyondTheCap.into());
    }
    let not_earned = tk_allied.bonus_not_earned();
    no_allied_bonus(
        not_earned.saturating_add(ds_allied.bonus_not_earned()),
        applied,
    );
    if tk.axis_vp > 0 && tk.allied_vp > 0 {
        applied.push(Points::TkAxisAndAlliedVp.into());
    }
    if ds_allied.capped() || tk_allied.capped() {
        applied.push(
            Points::AlliedCapPerMap {
                cap,
                bonus: ds_allied.bonus_and_cap,
            }
            .into(),
        );
    }
    Tally::of([tk_vp, ds_vp])
}

/// Ruling D-9 under `no-allied-bonus`: the Allies' Bonus VPs (`allied`, every map's) that do
/// not count, recorded when there are any.
fn no_allied_bonus(allied: u32, applied: &mut Vec<Applied>) {
    if allied > 0 {
        applied.push(Points::NoAlliedBonus { allies: allied }.into());
    }
}

/// 0.3: the VP of the DS map's markers, as parts: the VP marker ([`vp_marker_vp`]), the
/// Japanese Mandate marker ([`japanese_mandate_vp`]) and the Hakko Ichiu marker
/// ([`hakko_ichiu_vp`]).
pub(crate) fn ds_marker_vp(ctx: &Context<'_>, marker: &MarkerReport) -> MapVp {
    let mut vp = MapVp::default();
    vp_marker_vp(ctx, marker, &mut vp);
    japanese_mandate_vp(ctx, &mut vp);
    hakko_ichiu_vp(ctx, &mut vp);
    vp
}

/// 0.3: the VP marker scores its box's VP for the side its face shows: Rising Sun for the Axis,
/// Allied Crusade for the Allies (in the combined game, capped per map: [`bonus_and_cap`]).
fn vp_marker_vp(ctx: &Context<'_>, marker: &MarkerReport, vp: &mut MapVp) {
    let (points, remark) = box_vp(ctx.track(), marker.box_index, marker.side);
    let part = |source| Part {
        rule: "0.3",
        map: GameMap::Ds,
        source,
        box_id: Some(marker.box_id.clone()),
        vp: points,
        remark,
    };
    match marker.side {
        MarkerSide::RisingSun => vp.axis.push(part(VpSource::RisingSunMarker)),
        MarkerSide::AlliedCrusade => vp.allied_track = Some(part(VpSource::AlliedCrusadeMarker)),
    }
}

/// 0.3: the Japanese Mandate marker scores its box's VP for the Axis.
fn japanese_mandate_vp(ctx: &Context<'_>, vp: &mut MapVp) {
    let Some(jm) = ctx.japanese_mandate else {
        return;
    };
    let t = ctx.track();
    vp.axis.push(Part {
        rule: "0.3",
        map: GameMap::Ds,
        source: VpSource::JapaneseMandateMarker,
        box_id: Some(t.boxes()[jm].id.clone()),
        vp: box_vp(t, jm, MarkerSide::RisingSun).0,
        remark: None,
    });
}

/// 0.3 clarification: the Hakko Ichiu marker scores nothing (listed, at 0 VP).
fn hakko_ichiu_vp(ctx: &Context<'_>, vp: &mut MapVp) {
    let Some(hi) = ctx.hakko_ichiu else { return };
    vp.axis.push(Part {
        rule: "0.3 clarification",
        map: GameMap::Ds,
        source: VpSource::HakkoIchiuMarker,
        box_id: Some(ctx.track().boxes()[hi].id.clone()),
        vp: 0,
        remark: Some(Remark::HakkoIchiu),
    });
}

/// 0.4: the TK map's VP, given as inputs: its track's, then its Bonus VPs, the Allied ones
/// counted under the cap per map ([`bonus_and_cap`]).
pub(crate) fn tk_map_vp(tk: &TkResult, rules: &Rules) -> (MapVp, AlliedVp) {
    let part = |vp| Part {
        rule: "0.4",
        map: GameMap::Tk,
        source: VpSource::VpTrack,
        box_id: None,
        vp,
        remark: None,
    };
    let mut vp = MapVp {
        axis: vec![part(tk.axis_vp)],
        allied_track: Some(part(tk.allied_vp)),
        allied_bonus: None,
    };
    let tk_bonus = (tk.axis_bonus_vp, tk.allied_bonus_vp);
    let cap = Some(rules.allied_vp_cap_per_map);
    let allied = bonus_and_cap(&mut vp, (GameMap::Tk, COMBINED_BONUS), tk_bonus, rules, cap);
    (vp, allied)
}

/// 14.45: the Bonus VPs earned on `map`, added for each side that has any (by `rule`), and the map's Allied VP as ruling D-9 counts them
/// ([`policy::allied_bonus_cap`], under the combined game's `cap`): the track part and the
/// Bonus part as counted, each remarked when fewer count than were earned.
fn bonus_and_cap(
    vp: &mut MapVp,
    (map, rule): (GameMap, &'static str),
    (axis, allies): (u32, u32),
    rules: &Rules,
    cap: Option<u32>,
) -> AlliedVp {
    let part = |vp, remark| Part {
        rule,
        map,
        source: VpSource::BonusVp,
        box_id: None,
        vp,
        remark,
    };
    if axis > 0 {
        vp.axis.push(part(axis, None));
    }
    let track = vp.allied_track.as_ref().map(|p| p.vp);
    let allied = policy::allied_bonus_cap(rules, track, allies, cap);
    let remark = |c: policy::Count| {
        c.cut.map(|cut| Remark::Cut {
            earned: c.earned,
            cut,
        })
    };
    if let (Some(p), Some(c)) = (&mut vp.allied_track, allied.track) {
        p.vp = c.counted;
        p.remark = remark(c).or(p.remark);
    }
    vp.allied_bonus = allied.bonus.map(|c| part(c.counted, remark(c)));
    allied
}

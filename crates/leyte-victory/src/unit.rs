//! Sides, combat ratings and Victory Point values (L3).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A player of Leyte.
///
/// Exhaustive on purpose: the game has exactly two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Side {
    /// The U.S. Player.
    Us,
    /// The Japanese Player.
    Japanese,
}

impl Side {
    /// The other player.
    pub fn enemy(self) -> Side {
        match self {
            Side::Us => Side::Japanese,
            Side::Japanese => Side::Us,
        }
    }

    /// The side as a state file writes it (`us`, `japanese`).
    pub(crate) fn key(self) -> &'static str {
        match self {
            Side::Us => "us",
            Side::Japanese => "japanese",
        }
    }

    /// Short name (`US`, `Japanese`).
    pub fn name(self) -> &'static str {
        match self {
            Side::Us => "US",
            Side::Japanese => "Japanese",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A unit's combat strengths as printed on its counter.
///
/// Exhaustive on purpose: L3 values exactly these two kinds of counter (non-artillery and
/// artillery).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Rating {
    /// A non-artillery unit, printed attack-defense-movement (`4-6-5`).
    Standard {
        /// Attack Strength.
        attack: u32,
        /// Defense Strength.
        defense: u32,
        /// Movement Allowance (never counts for VP).
        movement: Option<u32>,
    },
    /// An artillery unit, entered barrage-FPF-defense-movement (`6-4-2-3`).
    Artillery {
        /// Barrage Strength.
        barrage: u32,
        /// Final Protective Fire Strength.
        final_protective_fire: u32,
        /// Defense Strength.
        defense: u32,
        /// Movement Allowance (never counts for VP).
        movement: Option<u32>,
    },
}

/// Why a rating string is not a rating.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("rating `{text}` must be {expected}, whole numbers from 0 to 999 separated by `-`")]
#[non_exhaustive]
pub struct RatingError {
    /// The text given.
    pub text: String,
    /// What was expected, in words.
    pub expected: &'static str,
}

fn numbers(text: &str, n: usize, expected: &'static str) -> Result<Vec<u32>, RatingError> {
    let parts: Result<Vec<u32>, _> = text
        .trim()
        .split('-')
        .map(|p| p.trim().parse::<u32>())
        .collect();
    match parts {
        Ok(v) if v.len() == n && v.iter().all(|&x| x <= crate::limits::MAX_STRENGTH) => Ok(v),
        _ => Err(RatingError {
            text: text.to_string(),
            expected,
        }),
    }
}

impl Rating {
    /// A non-artillery rating as printed, attack-defense-movement: `"4-6-5"`.
    ///
    /// ```
    /// use leyte_victory::Rating;
    /// assert_eq!(Rating::standard("4-6-5").unwrap().vp(), 10);
    /// assert!(Rating::standard("4-6").is_err());
    /// ```
    pub fn standard(text: &str) -> Result<Rating, RatingError> {
        let v = numbers(
            text,
            3,
            "attack-defense-movement (three numbers, e.g. 4-6-5)",
        )?;
        Ok(Rating::Standard {
            attack: v[0],
            defense: v[1],
            movement: Some(v[2]),
        })
    }

    /// An artillery rating, barrage-FPF-defense-movement: `"6-4-2-3"`.
    ///
    /// ```
    /// use leyte_victory::Rating;
    /// assert_eq!(Rating::artillery("6-4-2-3").unwrap().vp(), 12);
    /// ```
    pub fn artillery(text: &str) -> Result<Rating, RatingError> {
        let v = numbers(
            text,
            4,
            "barrage-final protective fire-defense-movement (four numbers, e.g. 6-4-2-3)",
        )?;
        Ok(Rating::Artillery {
            barrage: v[0],
            final_protective_fire: v[1],
            defense: v[2],
            movement: Some(v[3]),
        })
    }

    /// The unit's Victory Point value (L3): attack + defense; for artillery barrage + final
    /// protective fire + defense. Movement never counts.
    pub fn vp(&self) -> u32 {
        match *self {
            Rating::Standard {
                attack, defense, ..
            } => attack.saturating_add(defense),
            Rating::Artillery {
                barrage,
                final_protective_fire,
                defense,
                ..
            } => barrage
                .saturating_add(final_protective_fire)
                .saturating_add(defense),
        }
    }

    /// Whether `other` is a counter of this kind (an exit requirement's rating, 16.4): the same
    /// kind of counter and the same strengths; the movement too when both give it.
    pub(crate) fn alike(&self, other: &Rating) -> bool {
        let movement = |m: Option<u32>, n: Option<u32>| m.is_none() || n.is_none() || m == n;
        match (*self, *other) {
            (
                Rating::Standard {
                    attack,
                    defense,
                    movement: m,
                },
                Rating::Standard {
                    attack: a,
                    defense: d,
                    movement: n,
                },
            ) => attack == a && defense == d && movement(m, n),
            (
                Rating::Artillery {
                    barrage,
                    final_protective_fire,
                    defense,
                    movement: m,
                },
                Rating::Artillery {
                    barrage: b,
                    final_protective_fire: f,
                    defense: d,
                    movement: n,
                },
            ) => barrage == b && final_protective_fire == f && defense == d && movement(m, n),
            _ => false,
        }
    }

    /// The sum behind [`Rating::vp`], for explanations (`4+6`).
    pub fn vp_sum(&self) -> String {
        match *self {
            Rating::Standard {
                attack, defense, ..
            } => format!("{attack}+{defense}"),
            Rating::Artillery {
                barrage,
                final_protective_fire,
                defense,
                ..
            } => format!("{barrage}+{final_protective_fire}+{defense}"),
        }
    }
}

impl fmt::Display for Rating {
    /// As printed: `4-6-5`, or `6-4-2-3` (artillery); movement omitted when unknown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (numbers, movement): (&[u32], _) = match self {
            Rating::Standard {
                attack,
                defense,
                movement,
            } => (&[*attack, *defense], movement),
            Rating::Artillery {
                barrage,
                final_protective_fire,
                defense,
                movement,
            } => (&[*barrage, *final_protective_fire, *defense], movement),
        };
        for (i, n) in numbers.iter().chain(movement).enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{n}")?;
        }
        if matches!(self, Rating::Artillery { .. }) {
            write!(f, " art")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn l3_values() {
        assert_eq!(Rating::standard("4-6-5").unwrap().vp(), 10);
        assert_eq!(Rating::standard(" 3-2-5 ").unwrap().vp(), 5);
        assert_eq!(Rating::artillery("6-4-2-3").unwrap().vp(), 12);
        let no_move = Rating::Standard {
            attack: 7,
            defense: 1,
            movement: None,
        };
        assert_eq!(no_move.vp(), 8);
        assert_eq!(no_move.to_string(), "7-1");
        assert_eq!(
            Rating::artillery("6-4-2-3").unwrap().to_string(),
            "6-4-2-3 art"
        );
    }

    #[test]
    fn absurd_strengths_saturate_instead_of_overflowing() {
        let huge = Rating::Standard {
            attack: u32::MAX,
            defense: u32::MAX,
            movement: None,
        };
        assert_eq!(huge.vp(), u32::MAX);
    }

    #[test]
    fn malformed_ratings() {
        for bad in ["", "4-6", "4-6-5-1", "a-6-5", "4--5", "-1-2-3"] {
            assert!(Rating::standard(bad).is_err(), "{bad}");
        }
        assert!(Rating::artillery("6-4-2").is_err());
    }
}

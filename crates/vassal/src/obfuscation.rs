//! VASSAL's obfuscation of saved games (`!VCSK`, through VASSAL 3.7): a header, a key byte and
//! every byte of the text XORed with the key, each written as two hex digits.

/// The header of the obfuscated format.
pub const HEADER: &[u8] = b"!VCSK";

/// The magic bytes of an XZ stream (saved games of VASSAL 3.8 and later).
pub const XZ_MAGIC: &[u8] = &[0xFD, b'7', b'z', b'X', b'Z', 0];

/// Why an obfuscated text could not be read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DeobfuscateError {
    /// The text ends inside a pair of hex digits (or before the key): cut short.
    Truncated {
        /// Offset (in the obfuscated bytes) where the incomplete pair starts.
        offset: usize,
    },
    /// A byte that is not a hex digit.
    NotHex {
        /// Offset of the byte, in the obfuscated bytes.
        offset: usize,
    },
}

impl std::fmt::Display for DeobfuscateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeobfuscateError::Truncated { offset } => {
                write!(
                    f,
                    "the obfuscated text is cut short (an incomplete hex pair at byte {offset})"
                )
            }
            DeobfuscateError::NotHex { offset } => {
                write!(
                    f,
                    "the obfuscated text has a byte that is not a hex digit at byte {offset}"
                )
            }
        }
    }
}

fn unhex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// Whether `bytes` start with the obfuscation header.
pub fn is_obfuscated(bytes: &[u8]) -> bool {
    bytes.len() > HEADER.len() && bytes.starts_with(HEADER)
}

/// The plain bytes of an obfuscated text (`bytes` starting with [`HEADER`]); bytes without the
/// header are returned as they are (VASSAL passes plain text through).
///
/// ```
/// let plain = vassal::internal::obfuscation::deobfuscate(b"!VCSK0a4b4f").unwrap();
/// assert_eq!(plain, b"AE");
/// assert!(vassal::internal::obfuscation::deobfuscate(b"!VCSK0a4").is_err());
/// ```
pub fn deobfuscate(bytes: &[u8]) -> Result<Vec<u8>, DeobfuscateError> {
    if !is_obfuscated(bytes) {
        return Ok(bytes.to_vec());
    }
    let body = &bytes[HEADER.len()..];
    let pair = |i: usize| -> Result<u8, DeobfuscateError> {
        let at = HEADER.len() + i;
        let (Some(&hi), Some(&lo)) = (body.get(i), body.get(i + 1)) else {
            return Err(DeobfuscateError::Truncated { offset: at });
        };
        let hi = unhex(hi).ok_or(DeobfuscateError::NotHex { offset: at })?;
        let lo = unhex(lo).ok_or(DeobfuscateError::NotHex { offset: at + 1 })?;
        Ok((hi << 4) | lo)
    };
    let key = pair(0)?;
    let mut out = Vec::with_capacity(body.len().saturating_sub(2) / 2);
    let mut i = 2;
    while i < body.len() {
        out.push(pair(i)? ^ key);
        i += 2;
    }
    Ok(out)
}

/// The obfuscated form of `plain` with `key` (what VASSAL writes; for tools and tests that make
/// saved games).
///
/// ```
/// let text = vassal::internal::obfuscation::obfuscate(b"begin_save", 0x3c);
/// assert_eq!(vassal::internal::obfuscation::deobfuscate(&text).unwrap(), b"begin_save");
/// ```
pub fn obfuscate(plain: &[u8], key: u8) -> Vec<u8> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = Vec::with_capacity(HEADER.len() + 2 + plain.len().saturating_mul(2));
    out.extend_from_slice(HEADER);
    for b in std::iter::once(key).chain(plain.iter().map(|b| b ^ key)) {
        out.push(HEX[usize::from(b >> 4)]);
        out.push(HEX[usize::from(b & 15)]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let all: Vec<u8> = (0..=255).collect();
        for key in [0, 1, 0x7f, 0xff] {
            assert_eq!(deobfuscate(&obfuscate(&all, key)).unwrap(), all);
        }
        assert_eq!(deobfuscate(b"plain text").unwrap(), b"plain text");
        assert_eq!(deobfuscate(b"!VCSK").unwrap(), b"!VCSK");
        assert_eq!(
            deobfuscate(b"!VCSK0"),
            Err(DeobfuscateError::Truncated { offset: 5 })
        );
        assert_eq!(
            deobfuscate(b"!VCSK00414"),
            Err(DeobfuscateError::Truncated { offset: 9 })
        );
        assert_eq!(
            deobfuscate(b"!VCSK00zz"),
            Err(DeobfuscateError::NotHex { offset: 7 })
        );
        assert_eq!(
            deobfuscate(b"!VCSK004G"),
            Err(DeobfuscateError::NotHex { offset: 8 })
        );
        assert_eq!(deobfuscate(b"!VCSK00").unwrap(), b"");
        assert_eq!(deobfuscate(b"!VCSK0A4b").unwrap(), [0x41]);
    }
}

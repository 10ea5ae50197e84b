//! Why a map cannot be edited, or a picture cannot be shown.

use hexmap::canonical::CanonicalError;

/// Why a map cannot be edited, or a picture cannot be shown.
///
/// # Example
/// ```
/// use map_editor::{EditorError, Image};
/// assert_eq!(Image::from_bytes(b"GIF89a".to_vec()), Err(EditorError::NotAnImage));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EditorError {
    /// The map is not one the canonical form holds (several sheets): the editor draws what it
    /// exports.
    Map(CanonicalError),
    /// The picture is neither PNG nor JPEG.
    NotAnImage,
}

impl std::fmt::Display for EditorError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditorError::Map(e) => write!(f, "{e}"),
            EditorError::NotAnImage => write!(
                f,
                "the picture is not a PNG or JPEG image (its first bytes say neither)"
            ),
        }
    }
}

impl std::error::Error for EditorError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EditorError::Map(e) => Some(e),
            EditorError::NotAnImage => None,
        }
    }
}

impl From<CanonicalError> for EditorError {
    fn from(e: CanonicalError) -> Self {
        EditorError::Map(e)
    }
}

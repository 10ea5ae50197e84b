//! Problems with an input, as the tool reports them.
//!
//! Every engine reports bad input as `wargame_kit::Diagnostic<ItsOwnKind>`; the tool turns
//! them all into one [`Problem`] type whose kind is a string (`toml`, `hex`, `map/bad-label`),
//! so that text and JSON output treat every game and the tool's own checks (reading the file,
//! detecting the game) alike.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// How problems are shown: each style with its name and what it does, for a front end to offer
/// (`--errors STYLE`).
///
/// # Example
///
/// ```
/// use victory_engine::problem::ErrorStyle;
/// let names: Vec<&str> = ErrorStyle::ALL.iter().map(|s| s.name()).collect();
/// assert_eq!(names, ["rendered", "short"]);
/// assert_eq!("short".parse::<ErrorStyle>(), Ok(ErrorStyle::Short));
/// assert_eq!(ErrorStyle::default().to_string(), "rendered");
/// assert!("long".parse::<ErrorStyle>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ErrorStyle {
    /// As rustc shows them: the message, then the line of the file with a caret under the
    /// problem, and the help ([`render`]).
    #[default]
    Rendered,
    /// One line each, `file:line:col: message (at `key`)` ([`line()`]): for editors and grep.
    Short,
}

impl ErrorStyle {
    /// Every style, the default first.
    pub const ALL: [ErrorStyle; 2] = [ErrorStyle::Rendered, ErrorStyle::Short];

    /// Its name, as a front end takes it (`rendered`, `short`).
    pub fn name(self) -> &'static str {
        match self {
            ErrorStyle::Rendered => "rendered",
            ErrorStyle::Short => "short",
        }
    }

    /// What it does, in a line for a front end's help (no final period).
    ///
    /// # Example
    ///
    /// ```
    /// use victory_engine::problem::ErrorStyle;
    /// assert!(ErrorStyle::Short.about().starts_with("One line each"));
    /// ```
    pub fn about(self) -> &'static str {
        match self {
            ErrorStyle::Rendered => {
                "As rustc shows them: the message, then the line of the file with a caret under the problem, and the help"
            }
            ErrorStyle::Short => {
                "One line each, `file:line:col: message (at `key`)`: for editors and grep"
            }
        }
    }
}

impl std::fmt::Display for ErrorStyle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`ErrorStyle`]'s.
///
/// # Example
///
/// ```
/// use victory_engine::problem::ErrorStyle;
/// let e = "long".parse::<ErrorStyle>().unwrap_err();
/// assert_eq!(e.to_string(), "no error style `long` (the styles: rendered, short)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no error style `{}` (the styles: {})", wargame_kit::terminal::one_line(.0), style_names())]
pub struct UnknownStyle(pub String);

/// `rendered, short`.
fn style_names() -> String {
    ErrorStyle::ALL.map(ErrorStyle::name).join(", ")
}

impl std::str::FromStr for ErrorStyle {
    type Err = UnknownStyle;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        ErrorStyle::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| UnknownStyle(name.to_string()))
    }
}

/// One problem: kind, file, key, label, line and column where known, and a message.
///
/// Its `Display` is `file:line:col: message (at `key`, label `label`)`.
pub type Problem = wargame_kit::Diagnostic<String>;

/// A problem the tool itself found in the named file (no line or column).
pub fn in_file(kind: &str, file: &str, message: impl Into<String>) -> Problem {
    let mut p = Problem::new(kind.to_string(), message);
    p.file = Some(file.to_string());
    p
}

/// A problem on one line of its own: its `Display`, which writes every part through
/// [`wargame_kit::terminal::Inline`], so that a name with a line break in it cannot start a
/// line of the output.
pub fn line(p: &Problem) -> String {
    p.to_string()
}

/// An engine's diagnostic, with its kind as a string.
pub fn from_engine<K: Serialize>(d: wargame_kit::Diagnostic<K>) -> Problem {
    let kind = serde_json::to_value(&d.kind).map_or_else(|_| "other".to_string(), kind_name);
    d.map_kind(|_| kind)
}

/// Every problem of an engine, with their kinds as strings ([`from_engine`]).
pub fn from_diagnostics<K: Serialize>(ds: Vec<wargame_kit::Diagnostic<K>>) -> Vec<Problem> {
    ds.into_iter().map(from_engine).collect()
}

/// `"hex"` stays `hex`; a wrapped kind such as `{"map": "bad-label"}` becomes `map/bad-label`.
fn kind_name(v: Value) -> String {
    match v {
        Value::String(s) => s,
        Value::Object(m) => m
            .into_iter()
            .map(|(k, v)| format!("{k}/{}", kind_name(v)))
            .collect::<Vec<_>>()
            .join(","),
        other => other.to_string(),
    }
}

/// The flat JSON form of a problem that `check --format json` prints (docs/json.md), and that
/// reads back: `serde_json::from_str` gives the value whose JSON is byte-identical.
///
/// # Example
///
/// ```
/// use victory_engine::problem::{Problem, ProblemJson, Severity};
///
/// let problem = Problem::new("hex".to_string(), "`9999` is not a hex of the map");
/// let flat = ProblemJson::warning(&problem);
/// let text = serde_json::to_string(&flat).unwrap();
/// assert!(text.starts_with(r#"{"severity":"warning","file":null"#));
/// let back: ProblemJson = serde_json::from_str(&text).unwrap();
/// assert_eq!((back.severity, back.kind.as_str()), (Severity::Warning, "hex"));
/// assert_eq!(serde_json::to_string(&back).unwrap(), text);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProblemJson {
    /// `error` (the file is refused), or `warning` (read, but not as the file meant it).
    pub severity: Severity,
    /// The file, as named.
    pub file: Option<String>,
    /// The line, from 1.
    pub line: Option<u32>,
    /// The column, from 1.
    pub column: Option<u32>,
    /// Byte offsets `[start, end)` in the file.
    pub span: Option<Span>,
    /// The key path (`units[3].hex`).
    pub key: Option<String>,
    /// What the problem is about (a unit id, a label).
    pub label: Option<String>,
    /// The kind, as a string (`hex`, `map/bad-label`).
    pub kind: String,
    /// The message.
    pub message: String,
    /// What to do about it.
    pub help: Option<String>,
}

/// Whether a problem refuses the file.
///
/// # Example
///
/// ```
/// use victory_engine::problem::Severity;
///
/// assert_eq!(serde_json::to_string(&Severity::Error).unwrap(), r#""error""#);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The file is refused.
    Error,
    /// Read, but not as the file meant it.
    Warning,
}

/// A byte range `[start, end)`, for editors.
///
/// # Example
///
/// ```
/// use victory_engine::problem::Span;
///
/// let span: Span = serde_json::from_str(r#"{"start": 3, "end": 7}"#).unwrap();
/// assert_eq!((span.start, span.end), (3, 7));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Span {
    /// The first byte.
    pub start: usize,
    /// The byte after the last.
    pub end: usize,
}

impl From<&Problem> for ProblemJson {
    fn from(p: &Problem) -> Self {
        ProblemJson {
            severity: Severity::Error,
            file: p.file.clone(),
            line: p.location.map(|l| l.line),
            column: p.location.map(|l| l.column),
            span: p.span.as_ref().map(|s| Span {
                start: s.start,
                end: s.end,
            }),
            key: p.key.clone(),
            label: p.label.clone(),
            kind: p.kind.clone(),
            message: p.message.clone(),
            help: p.help.clone(),
        }
    }
}

impl ProblemJson {
    /// A warning: what was read, but not as the file meant it.
    pub fn warning(p: &Problem) -> Self {
        ProblemJson {
            severity: Severity::Warning,
            ..ProblemJson::from(p)
        }
    }
}

/// A problem as rustc shows one: the message, the file, line and column, the offending line
/// with a caret under the span, and the help; `text` is the file's text. Without a span (or
/// with one the text does not have) it is the one-line `Display`. Control characters from the
/// file are escaped ([`wargame_kit::terminal`]).
pub fn render(p: &Problem, text: &str) -> String {
    use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
    let Some(span) = p.span.clone().filter(|s| {
        s.start <= s.end
            && s.end <= text.len()
            && text.is_char_boundary(s.start)
            && text.is_char_boundary(s.end)
    }) else {
        return line(p);
    };
    // Only the lines the span is on: a file may be megabytes long.
    let first = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let last = text[span.end..]
        .find('\n')
        .map_or(text.len(), |i| span.end + i);
    let line_number = p.location.map_or(1, |l| l.line as usize);
    let snippet_text = &text[first..last];
    if snippet_text.is_empty() {
        return line(p);
    }
    // The span within those lines; an empty one covers the character it points at.
    let start = span.start - first;
    let mut end = (span.end - first).min(snippet_text.len());
    if end <= start {
        end = snippet_text[start..]
            .chars()
            .next()
            .map_or(start, |c| start + c.len_utf8());
    }
    let local = start..end;
    use wargame_kit::terminal::{Inline, one_line};
    let label = match (&p.key, &p.label) {
        (Some(k), _) => format!("at `{}`", Inline(k)),
        (None, Some(l)) => format!("`{}`", Inline(l)),
        (None, None) => String::new(),
    };
    let name = one_line(p.file.as_deref().unwrap_or("<input>"));
    let message = one_line(&p.message);
    let mut group = Level::ERROR.primary_title(message.as_ref()).element(
        Snippet::source(snippet_text)
            .line_start(line_number)
            .path(name.as_ref())
            .annotation(AnnotationKind::Primary.span(local).label(label.as_str())),
    );
    if let Some(help) = &p.help {
        group = group.element(Level::HELP.message(one_line(help).into_owned()));
    }
    let rendered = Renderer::plain().render(&[group]).to_string();
    wargame_kit::terminal::escape(&rendered).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Any span, in any text (blank lines, multi-byte characters, the end of the file), is
    /// shown without a panic, and a span the text has not is shown on one line.
    #[test]
    fn render_takes_any_span() {
        let text = "a = 1\n\nnom = \"é\u{1b}\"\n[t]\nx = [1,\n 2]";
        for start in 0..=text.len() + 2 {
            for end in 0..=text.len() + 2 {
                let mut p = in_file("toml", "f.toml", "bad");
                p.span = Some(start..end);
                p.location =
                    Some(wargame_kit::Source::new(None, text).locate(start.min(text.len())));
                p.help = Some("try this".into());
                let shown = render(&p, text);
                assert!(!shown.contains('\u{1b}'), "{shown}");
            }
        }
    }

    #[test]
    fn kinds_become_strings() {
        assert_eq!(kind_name(serde_json::json!("hex")), "hex");
        #[derive(Serialize)]
        #[serde(rename_all = "kebab-case")]
        enum Kind {
            BadLabel,
        }
        let p = from_diagnostics(vec![wargame_kit::Diagnostic::new(Kind::BadLabel, "x")]);
        assert_eq!(p[0].kind, "bad-label");
        assert_eq!(
            kind_name(serde_json::json!({"map": "bad-label"})),
            "map/bad-label"
        );
    }
}

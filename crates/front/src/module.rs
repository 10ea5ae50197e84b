//! A VASSAL module as every front end takes it: a `.vmod` or its extracted buildFile, and for a
//! buildFile a board sizes file, opened by one function ([`open`]). Reading a save through a
//! profile ([`crate::saves`]), a VASSAL case file of a suite, `vassal pieces`, `vassal profile`
//! and `map edit` all go through it.

use std::path::Path;

use victory_engine::files::{self, Kind, Limits};
use victory_engine::problem::{self, Problem};
use wargame_kit::terminal::one_line;

/// A module opened: what the VASSAL crate read, and the file's bytes (a `.vmod`'s board images
/// are read from them: [`vassal::Module::board_image`]).
///
/// # Example
///
/// ```
/// let dir = std::env::temp_dir().join(format!("victory-front-opened-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("Demo.vmod");
/// std::fs::write(&path, vassal::write::module_file("<VASSAL.build.GameModule name=\"Demo\"/>", &[])).unwrap();
/// let opened = victory_front::module::open(&path, None, &Default::default()).unwrap();
/// assert_eq!(opened.module.name, "Demo");
/// assert_eq!(opened.bytes, std::fs::read(&path).unwrap());
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub struct Opened {
    /// The module.
    pub module: vassal::Module,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

/// The module at `path` (within `limits`): a `.vmod` (a zip archive), or a buildFile (UTF-8
/// XML) whose boards take their sizes from the `board_sizes` file (a JSON object from image
/// name to `[width, height]` in pixels); the problems of reading either file, each naming it.
///
/// # Example
///
/// ```
/// use victory_front::module::open;
/// let dir = std::env::temp_dir().join(format!("victory-front-open-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let (build_file, sizes) = (dir.join("buildFile.xml"), dir.join("sizes.json"));
/// std::fs::write(&build_file, "<VASSAL.build.GameModule name=\"Demo\"/>").unwrap();
/// std::fs::write(&sizes, r#"{"main.png": [600, "tall"]}"#).unwrap();
/// assert_eq!(open(&build_file, None, &Default::default()).unwrap().module.name, "Demo");
/// let refused = open(&build_file, Some(&sizes), &Default::default()).unwrap_err();
/// assert!(refused[0].message.ends_with("`main.png` is not [width, height] in whole pixels"));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn open(
    path: &Path,
    board_sizes: Option<&Path>,
    limits: &Limits,
) -> Result<Opened, Vec<Problem>> {
    let sizes = match board_sizes {
        Some(p) => sizes(p, limits).map_err(|message| vec![file_problem("io", p, message)])?,
        None => vassal::BoardSizes::new(),
    };
    let bytes = files::read(path, Kind::Module, limits)
        .map_err(|e| vec![file_problem("io", path, format!("cannot read it: {e}"))])?;
    let name = path.to_string_lossy().into_owned();
    let module = vassal::Module::from_bytes(&bytes, &name, &sizes)
        .map_err(|e| problem::from_diagnostics(e.into_diagnostics()))?;
    Ok(Opened { module, bytes })
}

/// A board sizes file: image name to `[width, height]` in whole pixels; why not, in words.
fn sizes(path: &Path, limits: &Limits) -> Result<vassal::BoardSizes, String> {
    let bytes =
        files::read(path, Kind::Input, limits).map_err(|e| format!("cannot read it: {e}"))?;
    let value: serde_json::Value =
        serde_json::from_slice(&bytes).map_err(|e| format!("not JSON: {e}"))?;
    let object = value
        .as_object()
        .ok_or("not a JSON object of image name to [width, height]")?;
    let mut out = vassal::BoardSizes::new();
    for (name, size) in object {
        let pair = size.as_array().filter(|a| a.len() == 2);
        let dims = pair.and_then(|a| {
            let w = u32::try_from(a.first()?.as_u64()?).ok()?;
            let h = u32::try_from(a.get(1)?.as_u64()?).ok()?;
            Some((w, h))
        });
        let Some(dims) = dims else {
            return Err(format!(
                "`{}` is not [width, height] in whole pixels",
                one_line(name)
            ));
        };
        out.insert(name.clone(), dims);
    }
    Ok(out)
}

/// A problem about a whole file (it cannot be read), of kind `kind`.
///
/// # Example
///
/// ```
/// let p = victory_front::module::file_problem("io", "a.vsav".as_ref(), "no such file".into());
/// assert_eq!(p.to_string(), "a.vsav: no such file");
/// ```
pub fn file_problem(kind: &str, path: &Path, message: String) -> Problem {
    problem::in_file(kind, &path.to_string_lossy(), message)
}

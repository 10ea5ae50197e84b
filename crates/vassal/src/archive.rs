//! Zip archives, read with caps: VASSAL's modules (`.vmod`) and saved games (`.vsav`, `.vlog`)
//! are zip files. Only the entries asked for are inflated, each under a cap on its size and on
//! its compression ratio ([`crate::limits`]), so a zip bomb stops at once with the entry named.
//! Stored and deflated entries are read (VASSAL writes nothing else); the CRC is checked.

use crate::limits;

/// One entry of an archive's central directory.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Entry {
    /// The entry's name (its path in the archive).
    pub name: String,
    /// Compression method (0 stored, 8 deflated).
    pub method: u16,
    /// CRC-32 of the uncompressed bytes.
    pub crc: u32,
    /// Compressed size in bytes.
    pub compressed_size: u64,
    /// Uncompressed size in bytes, as the directory declares it.
    pub size: u64,
    local_offset: u64,
}

/// Why an archive or one of its entries could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ArchiveError {
    /// Not a zip archive, or its directory is damaged (what is wrong, in words).
    Damaged(String),
    /// An entry declares more bytes than the per-entry cap.
    TooLarge {
        /// The entry.
        entry: String,
        /// The bytes its directory declares.
        declared: u64,
        /// The cap, in bytes.
        cap: u64,
    },
    /// An entry declares more bytes than its compressed size may hold at the ratio cap (a zip
    /// bomb).
    Ratio {
        /// The entry.
        entry: String,
        /// The bytes its directory declares.
        declared: u64,
        /// Its compressed size.
        compressed: u64,
    },
    /// An entry's bytes are damaged (bad deflate data, wrong size or CRC).
    BadEntry {
        /// The entry.
        entry: String,
        /// What is wrong.
        reason: String,
    },
    /// A compression method VASSAL does not write.
    Method {
        /// The entry.
        entry: String,
        /// The method number.
        method: u16,
    },
}

impl std::fmt::Display for ArchiveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArchiveError::Damaged(why) => write!(f, "not a readable zip archive: {why}"),
            ArchiveError::TooLarge {
                entry,
                declared,
                cap,
            } => write!(
                f,
                "zip entry `{entry}` declares {}, more than the {} the reader inflates an entry to (vassal::limits::MAX_ZIP_ENTRY_BYTES)",
                bytes(*declared),
                bytes(*cap)
            ),
            ArchiveError::Ratio {
                entry,
                declared,
                compressed,
            } => write!(
                f,
                "zip entry `{entry}` declares {} from {compressed} compressed bytes, more than {}:1 (a zip bomb?)",
                bytes(*declared),
                limits::MAX_ZIP_RATIO
            ),
            ArchiveError::BadEntry { entry, reason } => {
                write!(f, "zip entry `{entry}` is damaged: {reason}")
            }
            ArchiveError::Method { entry, method } => write!(
                f,
                "zip entry `{entry}` uses compression method {method}, which VASSAL does not write"
            ),
        }
    }
}

/// A size in words: bytes below 1 KiB, else KiB, MiB or GiB with one decimal.
fn bytes(n: u64) -> String {
    const UNITS: [&str; 3] = ["KiB", "MiB", "GiB"];
    if n < 1024 {
        return format!("{n} bytes");
    }
    let mut value = n as f64 / 1024.0;
    let mut unit = UNITS[0];
    for u in &UNITS[1..] {
        if value < 1024.0 {
            break;
        }
        value /= 1024.0;
        unit = u;
    }
    format!("{value:.1} {unit}")
}

/// Whether `bytes` start like a zip archive.
pub fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06")
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    let s = b.get(at..at.checked_add(2)?)?;
    Some(u16::from_le_bytes([s[0], s[1]]))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

fn damaged(why: &str) -> ArchiveError {
    ArchiveError::Damaged(why.to_string())
}

/// The entries of the archive's central directory, in directory order.
pub fn entries(bytes: &[u8]) -> Result<Vec<Entry>, ArchiveError> {
    // The end-of-central-directory record: 22 bytes and a comment of at most 65,535.
    let min_start = bytes.len().saturating_sub(22 + 65_535);
    let eocd = (min_start..=bytes.len().saturating_sub(22))
        .rev()
        .find(|&i| bytes.get(i..i + 4) == Some(b"PK\x05\x06"))
        .ok_or_else(|| damaged("no end of central directory"))?;
    let count = u16_at(bytes, eocd + 10).ok_or_else(|| damaged("short directory record"))?;
    let cd_size = u32_at(bytes, eocd + 12).ok_or_else(|| damaged("short directory record"))?;
    let cd_offset = u32_at(bytes, eocd + 16).ok_or_else(|| damaged("short directory record"))?;
    // A zip64 archive has its locator right before this record (and puts 0xFFFF... here); a
    // plain archive of 65,535 entries has 0xFFFF here too.
    let zip64 = eocd >= 20 && bytes.get(eocd - 20..eocd - 16) == Some(b"PK\x06\x07");
    if zip64 || cd_offset == u32::MAX || cd_size == u32::MAX {
        return Err(damaged(
            "zip64 archives are not read (VASSAL files are small)",
        ));
    }
    if usize::from(count) > limits::MAX_ZIP_ENTRIES {
        return Err(ArchiveError::Damaged(format!(
            "more than {} entries",
            limits::MAX_ZIP_ENTRIES
        )));
    }
    let mut at = usize::try_from(cd_offset).map_err(|_| damaged("directory offset"))?;
    let mut out = Vec::with_capacity(usize::from(count));
    for _ in 0..count {
        if u32_at(bytes, at) != Some(0x0201_4b50) {
            return Err(damaged("a directory entry is missing"));
        }
        let field =
            |o: usize| u16_at(bytes, at + o).ok_or_else(|| damaged("short directory entry"));
        let field32 =
            |o: usize| u32_at(bytes, at + o).ok_or_else(|| damaged("short directory entry"));
        let method = field(10)?;
        let crc = field32(16)?;
        let compressed_size = u64::from(field32(20)?);
        let size = u64::from(field32(24)?);
        let name_len = usize::from(field(28)?);
        let extra_len = usize::from(field(30)?);
        let comment_len = usize::from(field(32)?);
        let local_offset = u64::from(field32(42)?);
        let name_bytes = bytes
            .get(at + 46..at + 46 + name_len)
            .ok_or_else(|| damaged("short entry name"))?;
        let name = String::from_utf8_lossy(name_bytes).into_owned();
        out.push(Entry {
            name,
            method,
            crc,
            compressed_size,
            size,
            local_offset,
        });
        at = at + 46 + name_len + extra_len + comment_len;
    }
    Ok(out)
}

/// The entry called `name`, if the archive has it.
pub fn find<'a>(entries: &'a [Entry], name: &str) -> Option<&'a Entry> {
    entries.iter().find(|e| e.name == name)
}

/// The uncompressed bytes of one entry, within the caps of [`crate::limits`].
///
/// The entry must inflate to exactly the size its directory declares, which is at most
/// [`limits::MAX_ZIP_ENTRY_BYTES`] and [`limits::MAX_ZIP_RATIO`] times its compressed size.
/// A deflated entry is inflated twice: first through a small window, checking its size and
/// CRC, then into its buffer; so a damaged or lying entry is refused before any of it is kept.
pub fn read(bytes: &[u8], entry: &Entry) -> Result<Vec<u8>, ArchiveError> {
    let bad = |reason: &str| bad_entry(entry, reason);
    let declared = declared_size(entry)?;
    let (start, len) = stored(bytes, entry)?;
    let data = bytes
        .get(start..start.checked_add(len).ok_or_else(|| bad("bad size"))?)
        .ok_or_else(|| bad("the archive is cut short"))?;
    match entry.method {
        0 => {
            if data.len() != declared {
                return Err(bad("its size is not the one the directory gives"));
            }
            if crc32(data) != entry.crc {
                return Err(bad("its CRC does not match"));
            }
            Ok(data.to_vec())
        }
        8 => {
            check_deflated(data, entry, declared)?;
            miniz_oxide::inflate::decompress_to_vec_with_limit(data, declared)
                .map_err(|_| bad("bad deflate data"))
        }
        method => Err(ArchiveError::Method {
            entry: entry.name.clone(),
            method,
        }),
    }
}

/// The size an entry declares, refused beyond the caps.
fn declared_size(entry: &Entry) -> Result<usize, ArchiveError> {
    let cap = limits::MAX_ZIP_ENTRY_BYTES;
    let by_ratio = entry
        .compressed_size
        .saturating_mul(limits::MAX_ZIP_RATIO)
        .max(limits::ZIP_RATIO_FLOOR_BYTES);
    if entry.size > cap {
        return Err(ArchiveError::TooLarge {
            entry: entry.name.clone(),
            declared: entry.size,
            cap,
        });
    }
    if entry.size > by_ratio {
        return Err(ArchiveError::Ratio {
            entry: entry.name.clone(),
            declared: entry.size,
            compressed: entry.compressed_size,
        });
    }
    usize::try_from(entry.size).map_err(|_| bad_entry(entry, "bad size"))
}

/// A deflated entry inflated through a 64 KiB window, nothing kept: its size must be the one
/// declared and its CRC the directory's.
fn check_deflated(data: &[u8], entry: &Entry, declared: usize) -> Result<(), ArchiveError> {
    use miniz_oxide::inflate::stream::{InflateState, inflate};
    use miniz_oxide::{DataFormat, MZFlush, MZStatus};
    let bad = |reason: &str| bad_entry(entry, reason);
    let mut state = InflateState::new_boxed(DataFormat::Raw);
    let mut window = vec![0u8; 64 * 1024];
    let (mut input, mut total, mut crc) = (data, 0usize, !0u32);
    loop {
        let r = inflate(&mut state, input, &mut window, MZFlush::None);
        let out = &window[..r.bytes_written];
        total = total.saturating_add(out.len());
        if total > declared {
            return Err(bad(
                "it inflates to more than the size its directory declares",
            ));
        }
        crc = crc_update(crc, out);
        input = &input[r.bytes_consumed.min(input.len())..];
        match r.status {
            Ok(MZStatus::StreamEnd) => break,
            Ok(_) if r.bytes_written == 0 && r.bytes_consumed == 0 => {
                return Err(bad("bad deflate data (cut short)"));
            }
            Ok(_) => {}
            Err(_) => return Err(bad("bad deflate data")),
        }
    }
    if total != declared {
        return Err(bad("its size is not the one the directory gives"));
    }
    if !crc != entry.crc {
        return Err(bad("its CRC does not match"));
    }
    Ok(())
}

/// Where an entry's stored (compressed) data starts in `bytes`, past its local header, and how
/// long it is.
fn stored(bytes: &[u8], entry: &Entry) -> Result<(usize, usize), ArchiveError> {
    let bad = |reason: &str| bad_entry(entry, reason);
    let at = usize::try_from(entry.local_offset).map_err(|_| bad("bad offset"))?;
    if u32_at(bytes, at) != Some(0x0403_4b50) {
        return Err(bad("no local header"));
    }
    let name_len = usize::from(u16_at(bytes, at + 26).ok_or_else(|| bad("short local header"))?);
    let extra_len = usize::from(u16_at(bytes, at + 28).ok_or_else(|| bad("short local header"))?);
    let start = at + 30 + name_len + extra_len;
    let len = usize::try_from(entry.compressed_size).map_err(|_| bad("bad size"))?;
    Ok((start, len))
}

/// The entry is not what its directory record says.
fn bad_entry(entry: &Entry, reason: &str) -> ArchiveError {
    ArchiveError::BadEntry {
        entry: entry.name.clone(),
        reason: reason.to_string(),
    }
}

/// The first bytes (at most `max`) of one entry, inflating no more than that: an image's header.
pub fn read_prefix(bytes: &[u8], entry: &Entry, max: usize) -> Result<Vec<u8>, ArchiveError> {
    let bad = |reason: &str| bad_entry(entry, reason);
    let (start, len) = stored(bytes, entry)?;
    let data = bytes
        .get(start..start.saturating_add(len).min(bytes.len()))
        .ok_or_else(|| bad("the archive is cut short"))?;
    match entry.method {
        0 => Ok(data[..data.len().min(max)].to_vec()),
        8 => {
            use miniz_oxide::inflate::stream::{InflateState, inflate};
            use miniz_oxide::{DataFormat, MZFlush};
            let mut state = InflateState::new_boxed(DataFormat::Raw);
            let mut out = vec![0u8; max.min(usize::try_from(entry.size).unwrap_or(max))];
            let mut written = 0;
            let mut input = data;
            while written < out.len() {
                let r = inflate(&mut state, input, &mut out[written..], MZFlush::None);
                written += r.bytes_written;
                input = &input[r.bytes_consumed.min(input.len())..];
                match r.status {
                    Ok(miniz_oxide::MZStatus::StreamEnd) => break,
                    Ok(_) if r.bytes_written == 0 && r.bytes_consumed == 0 => break,
                    Ok(_) => {}
                    Err(_) => return Err(bad("bad deflate data")),
                }
            }
            out.truncate(written);
            Ok(out)
        }
        method => Err(ArchiveError::Method {
            entry: entry.name.clone(),
            method,
        }),
    }
}

/// The CRC-32 table, one entry per byte value.
const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut crc = i as u32;
        let mut k = 0;
        while k < 8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
            k += 1;
        }
        table[i] = crc;
        i += 1;
    }
    table
};

/// CRC-32 (IEEE), as zip files use it.
pub fn crc32(bytes: &[u8]) -> u32 {
    !crc_update(!0u32, bytes)
}

/// A running CRC-32 (before its final inversion) updated with `bytes`.
fn crc_update(mut crc: u32, bytes: &[u8]) -> u32 {
    for &b in bytes {
        crc = (crc >> 8) ^ CRC_TABLE[usize::from((crc as u8) ^ b)];
    }
    crc
}

/// Writes a zip archive (deflated entries), as VASSAL does: for tools and tests that make
/// modules and saved games.
///
/// ```
/// let mut zip = vassal::internal::archive::Writer::new();
/// zip.add("savedGame", b"begin_save");
/// let bytes = zip.finish();
/// let entries = vassal::internal::archive::entries(&bytes).unwrap();
/// assert_eq!(vassal::internal::archive::read(&bytes, &entries[0]).unwrap(), b"begin_save");
/// ```
#[derive(Debug, Default)]
pub struct Writer {
    out: Vec<u8>,
    directory: Vec<u8>,
    count: u16,
}

impl Writer {
    /// An empty archive.
    pub fn new() -> Self {
        Writer::default()
    }

    /// Add an entry, deflated.
    pub fn add(&mut self, name: &str, data: &[u8]) -> &mut Self {
        let packed = miniz_oxide::deflate::compress_to_vec(data, 6);
        self.add_raw(name, 8, data.len(), crc32(data), &packed)
    }

    /// Add an entry with its bytes as given: `method` 0 (stored) or 8 (already deflated), with
    /// the declared uncompressed `size` and `crc` (tests make damaged and hostile archives this way).
    pub fn add_raw(
        &mut self,
        name: &str,
        method: u16,
        size: usize,
        crc: u32,
        data: &[u8],
    ) -> &mut Self {
        let offset = u32::try_from(self.out.len()).unwrap_or(u32::MAX);
        let name_len = u16::try_from(name.len()).unwrap_or(u16::MAX);
        let size = u32::try_from(size).unwrap_or(u32::MAX);
        let packed = u32::try_from(data.len()).unwrap_or(u32::MAX);
        let mut local = Vec::new();
        local.extend_from_slice(b"PK\x03\x04");
        local.extend_from_slice(&20u16.to_le_bytes());
        local.extend_from_slice(&0u16.to_le_bytes());
        local.extend_from_slice(&method.to_le_bytes());
        local.extend_from_slice(&[0, 0, 0x21, 0]); // time, date (1980-01-01)
        local.extend_from_slice(&crc.to_le_bytes());
        local.extend_from_slice(&packed.to_le_bytes());
        local.extend_from_slice(&size.to_le_bytes());
        local.extend_from_slice(&name_len.to_le_bytes());
        local.extend_from_slice(&0u16.to_le_bytes());
        local.extend_from_slice(name.as_bytes());
        self.out.extend_from_slice(&local);
        self.out.extend_from_slice(data);
        let d = &mut self.directory;
        d.extend_from_slice(b"PK\x01\x02");
        d.extend_from_slice(&20u16.to_le_bytes());
        d.extend_from_slice(&20u16.to_le_bytes());
        d.extend_from_slice(&0u16.to_le_bytes());
        d.extend_from_slice(&method.to_le_bytes());
        d.extend_from_slice(&[0, 0, 0x21, 0]);
        d.extend_from_slice(&crc.to_le_bytes());
        d.extend_from_slice(&packed.to_le_bytes());
        d.extend_from_slice(&size.to_le_bytes());
        d.extend_from_slice(&name_len.to_le_bytes());
        d.extend_from_slice(&[0; 12]); // extra, comment, disk, internal and external attributes
        d.extend_from_slice(&offset.to_le_bytes());
        d.extend_from_slice(name.as_bytes());
        self.count = self.count.saturating_add(1);
        self
    }

    /// The archive's bytes.
    pub fn finish(mut self) -> Vec<u8> {
        let cd_offset = u32::try_from(self.out.len()).unwrap_or(u32::MAX);
        let cd_size = u32::try_from(self.directory.len()).unwrap_or(u32::MAX);
        self.out.extend_from_slice(&self.directory);
        self.out.extend_from_slice(b"PK\x05\x06");
        self.out.extend_from_slice(&[0; 4]);
        self.out.extend_from_slice(&self.count.to_le_bytes());
        self.out.extend_from_slice(&self.count.to_le_bytes());
        self.out.extend_from_slice(&cd_size.to_le_bytes());
        self.out.extend_from_slice(&cd_offset.to_le_bytes());
        self.out.extend_from_slice(&0u16.to_le_bytes());
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_of_known_text() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn writes_and_reads() {
        let mut w = Writer::new();
        w.add("a", b"hello").add("dir/b", &[7u8; 1000]);
        let bytes = w.finish();
        let e = entries(&bytes).unwrap();
        assert_eq!(e.len(), 2);
        assert_eq!(
            read(&bytes, find(&e, "dir/b").unwrap()).unwrap(),
            vec![7u8; 1000]
        );
    }

    #[test]
    fn a_bomb_is_refused_by_ratio_naming_the_entry() {
        let big = vec![0u8; 4 * 1024 * 1024];
        let mut w = Writer::new();
        w.add("savedGame", &big);
        let bytes = w.finish();
        let e = entries(&bytes).unwrap();
        let err = read(&bytes, &e[0]).unwrap_err();
        assert!(matches!(err, ArchiveError::Ratio { .. }), "{err:?}");
        assert!(err.to_string().contains("`savedGame`"), "{err}");
        // The same bytes declared small stop at the size declared while inflating.
        let packed = miniz_oxide::deflate::compress_to_vec(&big, 6);
        let mut w = Writer::new();
        w.add_raw("savedGame", 8, 10, 0, &packed);
        let bytes = w.finish();
        let e = entries(&bytes).unwrap();
        let err = read(&bytes, &e[0]).unwrap_err();
        assert!(
            err.to_string()
                .contains("inflates to more than the size its directory declares"),
            "{err}"
        );
    }

    #[test]
    fn damage_is_named() {
        assert!(entries(b"PK\x03\x04 not really").is_err());
        let mut w = Writer::new();
        w.add("x", b"abc");
        let mut bytes = w.finish();
        // Corrupt the data (the CRC no longer matches or the deflate stream breaks).
        bytes[32] ^= 0xff;
        let e = entries(&bytes).unwrap();
        assert!(matches!(
            read(&bytes, &e[0]),
            Err(ArchiveError::BadEntry { .. })
        ));
        for cut in 0..bytes.len() {
            if let Ok(e) = entries(&bytes[..cut]) {
                for x in &e {
                    let _ = read(&bytes[..cut], x);
                }
            }
        }
    }
}

//! Whether a JSON Pointer (RFC 6901) names a field a report can have, by its JSON Schema (the
//! engine's `report_schema`, as `victory schema GAME --report` prints it): for `[expect] json`
//! pointers, so that a pointer with a slip is told where it is written instead of failing every
//! run with "no value".
//!
//! Knows no game: it follows `properties`, `additionalProperties`, `items`, `prefixItems`,
//! `anyOf`/`oneOf`/`allOf` and local `$ref`s (`#/$defs/...`).

use serde_json::Value;

/// The most `$ref`s followed without reading a token: a guard against a schema that refers to
/// itself in a loop.
const MAX_REFS: usize = 64;

/// The tokens of a pointer (`/us/total` -> `us`, `total`; `~1` is `/`, `~0` is `~`), or why it
/// is not one.
pub fn tokens(pointer: &str) -> Result<Vec<String>, String> {
    if pointer.is_empty() {
        return Ok(Vec::new());
    }
    let Some(rest) = pointer.strip_prefix('/') else {
        return Err(format!(
            "`{pointer}` is not a JSON Pointer: one starts with `/` (`/margins/us/vp`)"
        ));
    };
    Ok(rest
        .split('/')
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect())
}

/// `Ok` when `pointer` names a field the schema's documents can have, else why not in words
/// (with the fields there, and "did you mean" for a slip).
pub fn check(schema: &Value, pointer: &str) -> Result<(), String> {
    schemas_at(schema, pointer).map(|_| ())
}

/// The schemas of the field at `pointer` (one per way the schema allows it), or why there is
/// no such field.
pub fn schemas_at<'a>(schema: &'a Value, pointer: &str) -> Result<Vec<&'a Value>, String> {
    let tokens = tokens(pointer)?;
    let mut here = vec![schema];
    for (i, token) in tokens.iter().enumerate() {
        let branches: Vec<&Value> = here.iter().flat_map(|s| branches(schema, s)).collect();
        let next: Vec<&Value> = branches.iter().filter_map(|s| child(s, token)).collect();
        if next.is_empty() {
            let at = if i == 0 {
                "the report".to_string()
            } else {
                format!("`/{}`", tokens[..i].join("/"))
            };
            return Err(unknown(token, &at, &branches));
        }
        here = next;
    }
    Ok(here.iter().flat_map(|s| branches(schema, s)).collect())
}

/// `schema` and every schema it stands for: its `$ref` followed, its `anyOf`, `oneOf` and
/// `allOf` branches, recursively.
fn branches<'a>(root: &'a Value, schema: &'a Value) -> Vec<&'a Value> {
    let mut out = Vec::new();
    let mut todo = vec![(schema, 0usize)];
    while let Some((s, refs)) = todo.pop() {
        if let Some(target) = s.get("$ref").and_then(Value::as_str)
            && refs < MAX_REFS
            && let Some(found) = target.strip_prefix('#').and_then(|p| root.pointer(p))
        {
            todo.push((found, refs + 1));
        }
        for key in ["anyOf", "oneOf", "allOf"] {
            if let Some(Value::Array(list)) = s.get(key) {
                todo.extend(list.iter().map(|b| (b, refs)));
            }
        }
        out.push(s);
    }
    out
}

/// The schema of `token` under `schema`: a property, any key of a map, an item of a list.
fn child<'a>(schema: &'a Value, token: &str) -> Option<&'a Value> {
    if let Some(p) = schema.get("properties").and_then(|p| p.get(token)) {
        return Some(p);
    }
    if let Some(extra) = schema.get("additionalProperties")
        && extra.is_object()
    {
        return Some(extra);
    }
    let index = token.parse::<usize>().ok().filter(|_| is_index(token))?;
    if let Some(Value::Array(prefix)) = schema.get("prefixItems")
        && let Some(item) = prefix.get(index)
    {
        return Some(item);
    }
    schema.get("items").filter(|i| i.is_object())
}

/// An array index as a pointer writes it: digits, no leading zero.
fn is_index(token: &str) -> bool {
    !token.is_empty()
        && token.bytes().all(|b| b.is_ascii_digit())
        && (token == "0" || !token.starts_with('0'))
}

/// Why `token` is not a field at `at`: the fields there, and the nearest.
fn unknown(token: &str, at: &str, branches: &[&Value]) -> String {
    let mut fields: Vec<String> = Vec::new();
    for b in branches {
        if let Some(Value::Object(p)) = b.get("properties") {
            for k in p.keys() {
                if !fields.contains(k) {
                    fields.push(k.clone());
                }
            }
        }
    }
    let list = branches.iter().any(|b| b.get("items").is_some());
    let there = if !fields.is_empty() {
        let named: Vec<String> = fields.iter().map(|f| format!("`{f}`")).collect();
        format!(" (the fields there: {})", named.join(", "))
    } else if list {
        " (a list there: its items are numbered from 0)".to_string()
    } else {
        " (a value there, with no fields)".to_string()
    };
    let hint = wargame_kit::internal::nearest(token, &fields)
        .map(|n| format!("; did you mean `{n}`?"))
        .unwrap_or_default();
    format!("the report has no field `{token}` in {at}{there}{hint}")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn schema() -> Value {
        serde_json::json!({
            "type": "object",
            "properties": {
                "level": {"type": "string"},
                "us": {"$ref": "#/$defs/Side"},
                "vp": {"anyOf": [{"$ref": "#/$defs/Side"}, {"type": "null"}]},
                "loc": {"type": "array", "items": {"$ref": "#/$defs/Loc"}},
                "names": {"type": "object", "additionalProperties": {"type": "integer"}},
                "a/b": {"type": "integer"}
            },
            "$defs": {
                "Side": {"type": "object", "properties": {"total": {"type": "integer"}}},
                "Loc": {"oneOf": [
                    {"properties": {"kind": {"const": "x"}, "unit": {"type": "string"}}},
                    {"properties": {"kind": {"const": "y"}, "path": {"type": "array", "items": {"type": "string"}}}}
                ]},
                "Loop": {"$ref": "#/$defs/Loop"}
            }
        })
    }

    #[test]
    fn follows_refs_branches_lists_and_maps() {
        let s = schema();
        for ok in [
            "",
            "/level",
            "/us/total",
            "/vp/total",
            "/loc/0/unit",
            "/loc/12/path/3",
            "/names/anything",
            "/a~1b",
        ] {
            assert_eq!(check(&s, ok), Ok(()), "{ok}");
        }
        assert_eq!(
            check(&s, "/us/totl").unwrap_err(),
            "the report has no field `totl` in `/us` (the fields there: `total`); did you mean `total`?"
        );
        assert_eq!(
            check(&s, "/lvel").unwrap_err().split(" (").next(),
            Some("the report has no field `lvel` in the report")
        );
        assert!(
            check(&s, "/loc/01")
                .unwrap_err()
                .contains("numbered from 0")
        );
        assert!(check(&s, "/level/x").unwrap_err().contains("no fields"));
        assert!(check(&s, "level").unwrap_err().contains("starts with `/`"));
        let looping = serde_json::json!({"$ref": "#/$defs/Loop", "$defs": {"Loop": {"$ref": "#/$defs/Loop"}}});
        assert!(check(&looping, "/x").is_err());
    }

    #[test]
    fn tokens_unescape() {
        assert_eq!(tokens("/a~1b/c~0d").unwrap(), ["a/b", "c~d"]);
        assert!(tokens("").unwrap().is_empty());
    }
}

"""Every state fixture of fixtures/ (Leyte and Dai Senso, good and invalid) from Python against
the command line: `score` equals `victory score --format json` as data, or raises the
`InputError` whose `problems` and text are the command line's; `check` equals
`victory check --format json`; and `test` (the suite runner) finds every `[expect]` holding.
"""

import json
import pathlib

import pytest

import wargame_victory as wv
from conftest import ROOT

STATES = sorted(
    str(p.relative_to(ROOT))
    for game in ("leyte", "asia-engulfed")
    for p in (ROOT / "fixtures" / game).rglob("*.toml")
    if "tracks" not in p.parts
)


def test_the_fixtures_are_found():
    # Both games, good and invalid states: a glob gone wrong cannot pass for a green run.
    assert len(STATES) > 100
    assert any("/invalid/" in s for s in STATES)
    assert any(s.startswith("fixtures/asia-engulfed/") for s in STATES)


@pytest.mark.parametrize("state", STATES)
def test_score_is_the_command_lines(state, victory):
    code, out, err = victory("score", "--format", "json", state)
    if code == 0:
        assert wv.score(state) == json.loads(out)
        # The same state as a path object, and as its text.
        assert wv.score(pathlib.Path(state)) == json.loads(out)
        text = (ROOT / state).read_text(encoding="utf-8")
        assert wv.score_text(text, name=state) == json.loads(out)
    else:
        assert code == 1, err
        with pytest.raises(wv.InputError) as raised:
            wv.score(state)
        assert str(raised.value) == err.strip()
        _, checked, _ = victory("check", "--format", "json", state)
        assert raised.value.problems == json.loads(checked)


@pytest.mark.parametrize("state", STATES)
def test_check_is_the_command_lines(state, victory):
    _, out, _ = victory("check", "--format", "json", state)
    assert wv.check(state) == json.loads(out)


def test_every_expectation_holds():
    folders = ["fixtures/leyte", "fixtures/asia-engulfed"]
    run = wv.test(folders)
    failed = [f["file"] for f in run["files"] if f["result"] == "failed"]
    assert failed == []
    with_expect = [
        s for s in STATES if "[expect]" in (ROOT / s).read_text(encoding="utf-8")
    ]
    assert run["passed"] == len(with_expect)


def test_a_broken_expectation_fails(tmp_path):
    broken = tmp_path / "broken.toml"
    text = (ROOT / "fixtures/leyte/assault-scenario-end-position.toml").read_text()
    text = text.replace('level = "japanese-decisive"', 'level = "us-decisive"')
    # Its map is named relative to the fixture's folder.
    text = text.replace('map = "', 'map = "' + str(ROOT / "fixtures/leyte") + "/")
    broken.write_text(text)
    run = wv.test([str(broken)])
    assert (run["passed"], run["failed"]) == (0, 1), run
    assert run["files"][0]["differences"][0]["field"] == "level"

"""`Scorer`: the map and scenario of a Leyte state, scoring lists of positions on all cores.
For every valid Leyte fixture whose units it can take, the state's own position scored by a
`Scorer` is `score`'s report (without `game` and `file`), and its verdict the report's totals
and level; a long batch (several parallel jobs) gives each position's own answer."""

import tomllib

import pytest

import wargame_victory as wv
from conftest import ROOT

UNIT_KEYS = {"id", "side", "rating", "hex", "artillery", "name"}


def leyte_states():
    """(path, position) of every Leyte fixture that scores and whose units a Scorer takes."""
    found = []
    for path in sorted((ROOT / "fixtures" / "leyte").glob("*.toml")):
        with open(path, "rb") as f:
            state = tomllib.load(f)
        tables = {t: state.get(t, []) for t in ("units", "eliminated", "exited")}
        if any(set(u) - UNIT_KEYS for units in tables.values() for u in units):
            continue
        # An exited unit without the hex it left by is a state's only.
        if any("hex" not in u for u in tables["exited"]):
            continue
        found.append((str(path.relative_to(ROOT)), tables))
    return found


STATES = leyte_states()


def test_most_leyte_fixtures_are_taken():
    assert len(STATES) >= 40


@pytest.mark.parametrize("state,position", STATES, ids=[s for s, _ in STATES])
def test_a_states_own_position_scores_as_the_state(state, position):
    try:
        expected = wv.score(state)
    except wv.InputError:
        pytest.skip("a state the engine refuses")  # its problems are test_fixtures.py's
    scorer = wv.Scorer(state)
    del expected["game"], expected["file"]
    assert scorer.score([position]) == [expected]
    verdict = {
        "us": expected["us"]["total"],
        "japanese": expected["japanese"]["total"],
        "level": expected["level"],
    }
    assert scorer.verdicts([position]) == [verdict]


def test_a_long_batch_gives_each_position_its_own_answer():
    state = "fixtures/leyte/objective-two-hexes-one-unit-traces.toml"
    scorer = wv.Scorer(state)
    hexes = ["1101", "1102", "1105", "1109", "1001", "1009"]
    positions = [
        {"units": [{"id": "US-2", "side": "us", "rating": "3-3-5", "hex": hexes[i % 6]}]}
        for i in range(600)
    ]
    one_by_one = [scorer.score([p])[0] for p in positions[:6]]
    assert len({str(r) for r in one_by_one}) > 1  # the hexes give different reports
    assert scorer.score(positions) == [one_by_one[i % 6] for i in range(600)]
    assert scorer.verdicts(positions) == [
        {"us": r["us"]["total"], "japanese": r["japanese"]["total"], "level": r["level"]}
        for r in (one_by_one[i % 6] for i in range(600))
    ]


def test_a_bad_position_is_named():
    scorer = wv.Scorer("fixtures/leyte/objective-two-hexes-one-unit-traces.toml")
    good = {"units": [{"id": "US-2", "side": "us", "rating": "3-3-5", "hex": "1109"}]}
    bad = {"units": [{"id": "US-2", "side": "us", "rating": "3-3-5", "hex": "9999"}]}
    with pytest.raises(wv.InputError) as raised:
        scorer.score([good, bad])
    assert raised.value.problems[0]["file"] == "positions[1]"
    assert raised.value.problems[0]["key"] == "units[0].hex"
    with pytest.raises(TypeError, match=r"`positions` must be a list"):
        scorer.score(good)
    with pytest.raises(ValueError, match=r"positions\[0\]: unknown key `unit`"):
        scorer.verdicts([{"unit": []}])
    with pytest.raises(ValueError, match=r"is not a side"):
        scorer.verdicts([{"units": [{"id": "A", "side": "red", "rating": "1-1-1", "hex": "1101"}]}])


def test_a_scorer_is_for_leyte():
    with pytest.raises(wv.InputError, match="a Scorer scores Leyte positions"):
        wv.Scorer("fixtures/asia-engulfed/bonus-vp-dai-senso-added.toml")

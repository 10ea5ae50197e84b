"""A bot's inner loop: `Oracle` answers, after every move, what `score` says of each unit of its
side for the position as it then stands. Over every Leyte fixture that scores, each side its
scenario makes trace, and random moves (a unit walked to a neighbouring hex of the map that
holds no enemy unit); and it pickles with its units where they are."""

import pathlib
import pickle
import random
import tomllib

import pytest

import wargame_victory as wv

ROOT = pathlib.Path(__file__).resolve().parents[3]


def scoring_fixtures():
    """Every Leyte fixture (not `invalid/`) that `score` scores, with its report."""
    out = []
    for path in sorted((ROOT / "fixtures" / "leyte").glob("*.toml")):
        try:
            report = wv.score(path)
        except wv.InputError:
            continue
        out.append((path, report))
    return out


def loc_answers(report, side):
    """Each unit of `side` that must trace: traced or not, from `score`'s report."""
    return {e["unit"]: e["traced"] for e in report["loc"] if e["side"] == side}



@pytest.mark.parametrize("path,report", scoring_fixtures(), ids=lambda v: getattr(v, "stem", ""))
def test_the_oracle_answers_as_score_after_every_move(path, report):
    state = tomllib.loads(path.read_text())
    if isinstance(state.get("map"), str):
        # A dict's files are read relative to the current folder, not the fixture's.
        state["map"] = str((path.parent / state["map"]).resolve())
    sides = {e["side"] for e in report["loc"]}
    units = {u["id"]: u for u in state.get("units", [])}
    for side in sorted(sides):
        oracle = wv.Oracle(path, side=side)
        assert oracle.traced() == loc_answers(report, side)
        rng = random.Random(path.stem + side)
        moved = {i: dict(u) for i, u in units.items()}
        for _ in range(20):
            if not moved:
                break
            uid = rng.choice(sorted(moved))
            here = oracle.where_is(uid)
            # A neighbour: the unit's hex label's row or column moved by one (labels read
            # row then column on Leyte's maps); off-map or occupied by the enemy, skipped.
            row, col = int(here[:2]), int(here[2:])
            dr, dc = rng.choice([(0, 1), (0, -1), (1, 0), (-1, 0)])
            to = f"{row + dr:02}{col + dc:02}"
            enemy = any(u["hex"] == to and u["side"] != moved[uid]["side"] for u in moved.values())
            if enemy:
                continue
            moved[uid]["hex"] = to
            moved_state = dict(state, units=list(moved.values()))
            try:
                expected = wv.score(moved_state)
            except wv.InputError:
                # Off the map (or a hole): the oracle refuses it too.
                with pytest.raises((ValueError, KeyError)):
                    oracle.move(uid, to)
                moved[uid]["hex"] = here
                continue
            oracle.move(uid, to)
            assert oracle.traced() == loc_answers(expected, side), (uid, to)


def test_an_oracle_pickles_with_its_units_where_they_are():
    path = ROOT / "fixtures" / "leyte" / "assault-scenario-end-position.toml"
    oracle = wv.Oracle(path)
    uid = next(iter(oracle.traced()))
    here = oracle.where_is(uid)
    again = pickle.loads(pickle.dumps(oracle))
    assert again.traced() == oracle.traced()
    assert again.where_is(uid) == here


def test_errors_name_the_argument():
    path = ROOT / "fixtures" / "leyte" / "assault-scenario-end-position.toml"
    with pytest.raises(ValueError, match="`side`"):
        wv.Oracle(path, side="martians")
    oracle = wv.Oracle(path)
    with pytest.raises(KeyError, match="`unit`"):
        oracle.traces("no such unit")
    uid = next(iter(oracle.traced()))
    with pytest.raises(ValueError, match="`hex`"):
        oracle.move(uid, "not a hex")


def test_the_bot_example_of_the_docs_runs(capsys):
    page = (ROOT / "docs" / "python.md").read_text()
    section = page.split("## A bot's inner loop: `Oracle`")[1]
    code = section.split("```python\n")[1].split("```")[0]
    exec(compile(code, "docs/python.md", "exec"), {})
    out = capsys.readouterr().out
    assert "US units cut now; best: " in out, out

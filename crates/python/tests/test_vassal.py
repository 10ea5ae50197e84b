"""`wargame_victory.vassal` against the command line on the VASSAL fixtures (fixtures/vassal):
the listing of pieces (as the opponent sees it, and revealed), the imported state and the
score through each case file's profile are the command line's, as data; so are the refusals of
the broken profiles and saves."""

import json
import tomllib
import warnings

import pytest

import wargame_victory as wv
from conftest import ROOT

CASES = sorted(
    str(p.relative_to(ROOT)) for p in (ROOT / "fixtures" / "vassal").rglob("*.case.toml")
)


def case_files(case):
    """The save, module and profile a case file names, relative to the repository's root."""
    with open(ROOT / case, "rb") as f:
        table = tomllib.load(f)["vassal"]
    folder = (ROOT / case).parent.relative_to(ROOT)
    return tuple(str(folder / table[k]) for k in ("save", "module", "profile"))


def test_both_games_have_cases():
    assert any("/leyte/" in c for c in CASES) and any("/dai-senso/" in c for c in CASES)


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("reveal", [False, True])
def test_the_pieces_are_the_command_lines(case, reveal, victory):
    save, module, _ = case_files(case)
    flags = ["--reveal"] if reveal else []
    code, out, err = victory("vassal", "pieces", save, "--module", module, "--format", "json", *flags)
    assert code == 0, err
    assert wv.vassal.pieces(save, module, reveal=reveal) == json.loads(out)


@pytest.mark.parametrize("case", CASES)
def test_the_score_is_the_command_lines(case, victory):
    save, module, profile = case_files(case)
    args = ["--module", module, "--profile", profile]
    code, out, err = victory("score", "--format", "json", *args, save)
    assert code == 0, err
    report = wv.vassal.score(save, module, profile)
    assert report == json.loads(out)
    assert report["vassal"]  # where each value came from


@pytest.mark.parametrize("case", CASES)
def test_the_import_is_the_command_lines(case, victory):
    save, module, profile = case_files(case)
    code, out, err = victory("vassal", "import", save, "--module", module, "--profile", profile)
    assert code == 0, err
    got = wv.vassal.import_state(save, module, profile)
    assert got["text"] == out
    assert got["state"] == tomllib.loads(out)
    assert got["problems"] == []


INVALID = ROOT / "fixtures" / "vassal" / "invalid"
LEYTE = "fixtures/vassal/leyte"


@pytest.mark.parametrize(
    "save,profile",
    [
        (f"{LEYTE}/assault-scenario-end-position.vsav", str(p.relative_to(ROOT)))
        for p in sorted(INVALID.glob("*.profile.toml"))
    ]
    + [
        (str(p.relative_to(ROOT)), f"{LEYTE}/assault.profile.toml")
        for p in sorted(INVALID.glob("*.vsav"))
    ],
)
def test_a_refusal_is_the_command_lines(save, profile, victory):
    module = f"{LEYTE}/Leyte-synthetic.vmod"
    code, _, err = victory("score", "--module", module, "--profile", profile, save)
    assert code == 1
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        with pytest.raises(wv.InputError) as raised:
            wv.vassal.score(save, module, profile)
    errors = "\n".join(l for l in err.splitlines() if not l.startswith("warning: "))
    assert str(raised.value) == errors.strip()
    # The save's reading warnings, as Python warnings worded as the command line's.
    told = [l.removeprefix("warning: ") for l in err.splitlines() if l.startswith("warning: ")]
    assert [str(w.message) for w in warned] == told


def test_a_missing_save_is_refused_as_on_the_command_line(victory):
    module = f"{LEYTE}/Leyte-synthetic.vmod"
    code, _, err = victory("vassal", "pieces", "no-such.vsav", "--module", module)
    assert code == 1
    with pytest.raises(wv.InputError) as raised:
        wv.vassal.pieces("no-such.vsav", module)
    assert str(raised.value) == err.strip()

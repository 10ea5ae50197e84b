"""The functions' arguments and what they give besides reports: errors naming the argument,
`rules=`, `confine=`, `max_input_bytes=`, `dict` states, `explain`, `rules` and `render`
against the command line."""

import json

import pytest

import wargame_victory as wv

ASSAULT = "fixtures/leyte/assault-scenario-end-position.toml"
TWO_HEXES = "fixtures/leyte/objective-two-hexes-one-unit-traces.toml"
BONUS = "fixtures/asia-engulfed/bonus-vp-dai-senso-added.toml"


@pytest.mark.parametrize("bad", [3, None, ["a.toml"], b"a.toml"])
def test_a_state_of_the_wrong_type_is_named(bad):
    with pytest.raises(TypeError, match=r"score\(\): `state` must be a path"):
        wv.score(bad)


def test_rules_is_the_command_lines_rule(victory):
    _, out, _ = victory(
        "score", "--format", "json", "--rule", "bonus_vp_in_dai_senso=false", BONUS
    )
    assert wv.score(BONUS, rules={"bonus_vp_in_dai_senso": False}) == json.loads(out)
    assert wv.score(BONUS, rules={"bonus_vp_in_dai_senso": "false"}) == json.loads(out)
    assert wv.score(BONUS) != json.loads(out)


def test_bad_rules_are_named():
    with pytest.raises(TypeError, match=r"`rules` must be a dict"):
        wv.score(BONUS, rules=["bonus_vp_in_dai_senso"])
    with pytest.raises(TypeError, match=r"`rules\['x'\]` must be a str"):
        wv.score(BONUS, rules={"x": [1]})
    # An option the game does not have is the command line's problem.
    with pytest.raises(wv.InputError, match="--rule no_such_option=1"):
        wv.score(BONUS, rules={"no_such_option": 1})


def test_confine_refuses_a_map_outside(tmp_path, victory):
    code, _, err = victory("score", "--confine", "fixtures/leyte", ASSAULT)
    assert code == 1
    with pytest.raises(wv.InputError) as raised:
        wv.score(ASSAULT, confine="fixtures/leyte")
    assert str(raised.value) == err.strip()
    assert wv.score(ASSAULT, confine="fixtures")["level"] == "japanese-decisive"
    with pytest.raises(ValueError, match=r"score\(\): `confine`"):
        wv.score(ASSAULT, confine=tmp_path / "not-there")


def test_max_input_bytes_is_the_command_lines(victory):
    code, _, err = victory("score", "--max-input-bytes", "100", ASSAULT)
    assert code == 1
    with pytest.raises(wv.InputError) as raised:
        wv.score(ASSAULT, max_input_bytes=100)
    assert str(raised.value) == err.strip()
    assert raised.value.problems[0]["kind"] == "io"


def test_a_state_given_as_text_or_a_dict_is_held_to_max_input_bytes():
    import tomllib

    text = open(BONUS).read()
    for state, call in ((text, wv.score_text), (tomllib.loads(text), wv.score)):
        with pytest.raises(wv.InputError) as raised:
            call(state, max_input_bytes=100)
        problem = raised.value.problems[0]
        assert problem["kind"] == "io", problem
        assert "larger than 100 bytes" in problem["message"], problem
        assert "max_input_bytes=" in problem["message"], problem
        # Within the limit, the same state scores.
        assert call(state, max_input_bytes=len(text) * 4)["game"] == "dai-senso"


def test_a_dict_state_scores_as_its_file():
    import tomllib

    with open(BONUS, "rb") as f:
        state = tomllib.load(f)
    from_dict = wv.score(state)
    assert from_dict["file"] == "<dict>"
    assert {**from_dict, "file": BONUS} == wv.score(BONUS)


def test_a_dict_that_is_no_state_is_named():
    with pytest.raises(TypeError, match=r"score\(\): `state` is not a state file's shape"):
        wv.score({"game": "leyte", "when": object()})


def test_explain_is_the_command_lines(victory):
    _, out, _ = victory("explain", TWO_HEXES, "--unit", "US-1")
    assert wv.explain(TWO_HEXES, "US-1") == out
    code, _, err = victory("explain", TWO_HEXES, "--unit", "US-9")
    assert code == 1
    with pytest.raises(wv.InputError) as raised:
        wv.explain(TWO_HEXES, "US-9")
    assert str(raised.value) == err.strip()


def test_rules_lists_the_command_lines_options(victory):
    _, out, _ = victory("rules", "dai-senso")
    options = wv.rules("dai-senso")
    assert options
    for o in options:
        assert f"{o['key']} = {o['default']} (default; or " in out
        assert o["values"][0] == o["default"]
    with pytest.raises(ValueError, match=r"rules\(\): `game`: unknown game `chess`"):
        wv.rules("chess")


def test_render_is_the_command_lines(victory):
    _, out, _ = victory("render", TWO_HEXES, "-o", "-")
    picture = wv.render(TWO_HEXES)
    assert picture.svg == out
    assert picture._repr_svg_() == out and picture._repr_html_() is None
    _, cropped, _ = victory("render", TWO_HEXES, "-o", "-", "--crop", "focus")
    assert wv.render(TWO_HEXES, crop="focus").svg == cropped
    _, html, _ = victory("render", TWO_HEXES, "-o", "-", "--format", "html")
    page = wv.render(TWO_HEXES, html=True)
    assert page._repr_html_() == html and page._repr_svg_() is None
    with pytest.raises(ValueError, match=r"render\(\): `crop`"):
        wv.render(TWO_HEXES, crop="nonsense")

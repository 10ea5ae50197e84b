"""`HexMap`: the hex crate's map from its TOML text, as plain Python values: every map fixture
loads; labels, neighbours and hexsides agree with each other and with the file; a broken map
raises the problems the command line's `victory map check` reports; a map pickles."""

import pickle
import tomllib

import pytest

import wargame_victory as wv
from conftest import ROOT

MAPS = sorted((ROOT / "fixtures" / "maps").glob("*.toml"))
BROKEN = sorted((ROOT / "fixtures" / "maps" / "invalid").glob("*.toml"))


def load(path):
    return wv.HexMap(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))


@pytest.mark.parametrize("path", MAPS, ids=[p.name for p in MAPS])
def test_a_map_loads_with_symmetric_neighbours(path):
    m = load(path)
    with open(path, "rb") as f:
        assert m.name == tomllib.load(f)["name"]
    labels = m.labels()
    assert len(labels) == len(m) > 0
    for label in labels:
        for other, features in m.neighbours(label):
            assert other in labels
            assert (label, features) in m.neighbours(other)
            assert m.hexside(label, other) == features
    assert pickle.loads(pickle.dumps(m)).labels() == labels


def test_roads_are_hexside_features():
    m = load(ROOT / "fixtures/maps/loc-corridor.toml")
    assert m.hexside("1008", "1009") == ["road"]
    assert m.hexside("1001", "1009") is None  # not adjacent
    assert m.terrain("1101") == "forest"
    with pytest.raises(ValueError, match=r"HexMap.neighbours\(\): `9999`: hex 9999 is outside"):
        m.neighbours("9999")


@pytest.mark.parametrize("path", BROKEN, ids=[p.name for p in BROKEN])
def test_a_broken_map_is_the_command_lines(path, victory):
    name = str(path.relative_to(ROOT))
    code, _, err = victory("map", "check", name)
    assert code == 1
    with pytest.raises(wv.InputError) as raised:
        load(path)
    assert raised.value.problems
    for p in raised.value.problems:
        assert p["message"] in err


def test_line_of_sight_under_a_rule():
    m = load(ROOT / "fixtures/maps/loc-corridor.toml")
    clear = m.line_of_sight("1001", "1009")
    assert clear["clear"] and clear["blocks"] == [] and clear["text"] == "1001 to 1009: clear"
    assert clear["steps"][0] == ["1001"] and clear["steps"][-1] == ["1009"]
    # The ridge of forest blocks a line along it, at its first intervening hex.
    seen = m.line_of_sight("1101", "1103", terrain={"forest": None})
    assert not seen["clear"]
    assert seen["blocks"] == [{"step": 1, "reason": "1102: terrain `forest` blocks the line"}]
    assert pickle.loads(pickle.dumps(m)).line_of_sight("1101", "1103", terrain={"forest": None}) == seen


@pytest.mark.parametrize(
    "kwargs,named",
    [
        ({"terrain": {"swamp": None}}, "`terrain`: the map has no terrain `swamp`"),
        ({"hexsides": ["river"]}, "`hexsides`"),
        ({"reading": "some"}, "`reading`: `some` is not one of any, all, both-sides"),
        ({"heights": "up"}, "`heights`: `up` is not one of"),
    ],
)
def test_a_bad_sight_rule_is_named(kwargs, named):
    m = load(ROOT / "fixtures/maps/loc-corridor.toml")
    with pytest.raises(ValueError, match=r"HexMap.line_of_sight\(\): " + named.replace("(", r"\(")):
        m.line_of_sight("1001", "1009", **kwargs)


def test_movement_range_under_costs_and_zones_of_control():
    m = load(ROOT / "fixtures/maps/loc-corridor.toml")
    open_ground = m.movement_range("1001", 2)
    reached = {r["hex"]: r for r in open_ground["hexes"]}
    assert reached["1001"] == {"hex": "1001", "cost": 0, "steps": 0, "from": None}
    assert reached["1003"]["cost"] == 2 and reached["1003"]["from"] == "1002"
    assert "1004" not in reached
    assert "1004: leg 1 needs 3 > 2 movement points (the step from 1003)" in open_ground["frontier"]
    # Every hex's cost is its predecessor's plus at least one.
    for r in open_ground["hexes"][1:]:
        assert reached[r["from"]]["cost"] < r["cost"]
    # Forest costs 2: the ridge row (11xx) costs more to cross.
    forest = {r["hex"]: r["cost"] for r in m.movement_range("1001", 4, terrain={"forest": 2})["hexes"]}
    assert forest["1102"] > {r["hex"]: r["cost"] for r in m.movement_range("1001", 4)["hexes"]}["1102"]
    # An enemy unit at 1004: not entered, and its zone of control stops the unit.
    enemy = [{"id": "J-1", "side": "red", "hex": "1004"}]
    blocked = m.movement_range("1001", 4, units=enemy, enemy="red")
    assert "1004" not in {r["hex"] for r in blocked["hexes"]}
    assert "1004: an enemy unit" in blocked["frontier"]
    # A friendly unit (no `enemy` named) blocks nothing.
    assert "1004" in {r["hex"] for r in m.movement_range("1001", 4, units=enemy)["hexes"]}


def test_a_bad_movement_range_is_named():
    m = load(ROOT / "fixtures/maps/loc-corridor.toml")
    with pytest.raises(ValueError, match=r"movement_range\(\): `units\[0\]`: missing key `hex`"):
        m.movement_range("1001", 4, units=[{"id": "J", "side": "red"}])
    with pytest.raises(ValueError, match=r"movement_range\(\): `9999`"):
        m.movement_range("9999", 4)
    with pytest.raises(ValueError, match=r"movement_range\(\): `terrain` or `hexsides`"):
        m.movement_range("1001", 4, terrain={"swamp": 2})


def test_the_hex_crates_movement_and_sight_example_from_python():
    """crates/hexmap/examples/movement_and_sight.rs, its map built from a layout in Python: the
    same printout as the example's committed output (movement_and_sight.out)."""
    m = wv.HexMap.from_layout(
        "Crossing",
        "pointy",
        (1, 6),
        (1, 6),
        terrain={"0202": "forest", "0504": "forest", "0505": "hill"},
        hexsides={"river": ["0103-0603 | 0104-0604"], "ridge": ["0404/E"]},
        roads=[["0301", "0302", "0303", "0304", "0305", "0306"]],
    )
    r = m.movement_range(
        "0301",
        6,
        terrain={"forest": 2},
        hexsides={"river": (2, ["road"])},
        units=[
            {"id": "1st Bn", "side": "blue", "hex": "0301"},
            {"id": "Kampfgruppe", "side": "red", "hex": "0505"},
        ],
        enemy="red",
        zoc_stops=True,
        zoc_leave_cost=1,
    )
    out = [f"1st Bn can reach {len(r['hexes'])} hexes:"]
    out += [f"  {h['hex']} for {h['cost']}" for h in r["hexes"]]
    came_from = {h["hex"]: h["from"] for h in r["hexes"]}
    path, at = [], "0404"
    while at:
        path.insert(0, at)
        at = came_from[at]
    out.append("cheapest to 0404: " + " ".join(path))
    out.append("out of reach:")
    out += [f"  {line}" for line in r["frontier"]]
    for a, b in [("0505", "0501"), ("0201", "0203"), ("0403", "0406")]:
        seen = m.line_of_sight(
            a, b, terrain={"forest": 1}, hexsides=["ridge"], ground={"hill": 2}, heights="above-line"
        )
        out.append(f"{a} sees {b}" if seen["clear"] else f"{a} does not see {b}: {seen['text']}")
    expected = (ROOT / "crates/hexmap/examples/movement_and_sight.out").read_text()
    assert "\n".join(out) + "\n" == expected
    # Built from a layout, it pickles through its canonical text.
    again = pickle.loads(pickle.dumps(m))
    assert again.text == m.text and again.labels() == m.labels()
    assert wv.HexMap(m.text).neighbours("0303") == m.neighbours("0303")


def test_a_bad_layout_is_named():
    with pytest.raises(ValueError, match=r"HexMap.from_layout\(\): `orientation`: `round`"):
        wv.HexMap.from_layout("x", "round", (1, 2), (1, 2))
    with pytest.raises(ValueError, match=r"HexMap.from_layout\(\): "):
        wv.HexMap.from_layout("x", "pointy", (1, 2), (1, 2), roads=[["0101", "0909"]])


# Leyte positions on the test corridor whose LOC turns on the road/trail net and on enemy units
# and their zones of control alone (no option, no friendly negation): the hex crate's trace from
# Python agrees with the engine's verdict for each US unit.
LOC_CASES = [
    "fixtures/leyte/objective-two-hexes-one-unit-traces.toml",
    "fixtures/leyte/loc-through-empty-enemy-zoc-is-cut.toml",
    "fixtures/leyte/loc-four-off-road-hexes-is-cut.toml",
    "fixtures/leyte/loc-three-off-road-hexes-then-road.toml",
]


@pytest.mark.parametrize("state", LOC_CASES)
def test_trace_agrees_with_the_leyte_engine(state):
    with open(ROOT / state, "rb") as f:
        spec = tomllib.load(f)
    map_path = (ROOT / state).parent / spec["map"]
    with open(map_path, "rb") as f:
        areas = tomllib.load(f)["areas"]
    beaches = [h for a in spec["scenario"]["active_beaches"] for h in areas[a]["hexes"]]
    m = load(map_path.resolve())
    report = wv.score(state)
    units = [{"id": u["id"], "side": u["side"], "hex": u["hex"]} for u in spec["units"]]
    checked = 0
    for loc in report["loc"]:
        if loc["side"] != "us":
            continue
        traced = m.trace(
            loc["hex"], beaches, road_chain=3, units=units, enemy="japanese", zoc_blocks=True
        )
        assert traced["traced"] == loc["traced"], (loc["unit"], traced)
        if traced["traced"]:
            assert traced["path"][0] == loc["hex"] and traced["path"][-1] in beaches
        else:
            assert traced["frontier"]
        checked += 1
    assert checked > 0


def test_a_bad_trace_is_named():
    m = load(ROOT / "fixtures/maps/loc-corridor.toml")
    with pytest.raises(ValueError, match=r"HexMap.trace\(\): give one of `points` and `road_chain`"):
        m.trace("1001", ["1009"])
    with pytest.raises(ValueError, match=r"HexMap.trace\(\): `9999`"):
        m.trace("1001", ["9999"], points=5)

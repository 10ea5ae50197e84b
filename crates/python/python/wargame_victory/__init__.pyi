"""Type stubs of `wargame_victory` (docs/python.md)."""

import os
from typing import Any, Mapping, Optional, Sequence, Union

from . import vassal as vassal

StatePath = Union[str, "os.PathLike[str]"]
State = Union[StatePath, Mapping[str, Any]]
RuleValue = Union[str, bool, int, float]
Rules = Optional[Mapping[str, RuleValue]]
Json = Any

DEFAULT_MAX_INPUT_BYTES: int

class InputError(ValueError):
    """A state, save or profile the engines refuse."""

    problems: list[dict[str, Any]]

class Svg:
    """A picture of a state: `svg` is its text (SVG, or the HTML page when `html`)."""

    @property
    def svg(self) -> str: ...
    @property
    def html(self) -> bool: ...
    def _repr_svg_(self) -> Optional[str]: ...
    def _repr_html_(self) -> Optional[str]: ...

class HexMap:
    """A hex map from its TOML text: labels, terrain, neighbours, hexside features."""

    def __init__(self, text: str, name: Optional[str] = None) -> None: ...
    @staticmethod
    def from_layout(
        name: str,
        orientation: str,
        rows: tuple[int, int],
        columns: tuple[int, int],
        *,
        terrain: Mapping[str, str] = ...,
        default_terrain: Optional[str] = None,
        features: Mapping[str, Sequence[str]] = ...,
        roads: Sequence[Sequence[str]] = ...,
        trails: Sequence[Sequence[str]] = ...,
        hexsides: Mapping[str, Sequence[str]] = ...,
    ) -> "HexMap": ...
    @property
    def name(self) -> str: ...
    @property
    def text(self) -> str: ...
    def __len__(self) -> int: ...
    def labels(self) -> list[str]: ...
    def terrain(self, hex: str) -> Optional[str]: ...
    def neighbours(self, hex: str) -> list[tuple[str, list[str]]]: ...
    def hexside(self, a: str, b: str) -> Optional[list[str]]: ...
    def trace(
        self,
        start: str,
        targets: Sequence[str],
        *,
        points: Optional[int] = None,
        cost: int = 1,
        terrain: Mapping[str, int] = ...,
        hexsides: Mapping[str, tuple[int, Sequence[str]]] = ...,
        road_chain: Optional[int] = None,
        units: Sequence[Mapping[str, str]] = ...,
        enemy: Optional[str] = None,
        zoc_blocks: bool = False,
    ) -> dict[str, Any]: ...
    def movement_range(
        self,
        start: str,
        points: int,
        *,
        cost: int = 1,
        terrain: Mapping[str, int] = ...,
        hexsides: Mapping[str, tuple[int, Sequence[str]]] = ...,
        units: Sequence[Mapping[str, str]] = ...,
        enemy: Optional[str] = None,
        zoc_stops: bool = True,
        zoc_enter_cost: int = 0,
        zoc_leave_cost: int = 0,
    ) -> dict[str, Any]: ...
    def line_of_sight(
        self,
        a: str,
        b: str,
        *,
        terrain: Mapping[str, Optional[int]] = ...,
        features: Mapping[str, Optional[int]] = ...,
        hexsides: Sequence[str] = ...,
        ground: Mapping[str, int] = ...,
        heights: Optional[str] = None,
        reading: str = "any",
    ) -> dict[str, Any]: ...

class Scorer:
    """One Leyte map and scenario, scoring lists of positions on all cores."""

    def __init__(
        self,
        state: State,
        *,
        rules: Rules = None,
        confine: Optional[StatePath] = None,
        max_input_bytes: int = ...,
    ) -> None: ...
    def score(self, positions: Sequence[Mapping[str, Any]]) -> list[dict[str, Json]]: ...
    def verdicts(self, positions: Sequence[Mapping[str, Any]]) -> list[dict[str, Json]]: ...

class Oracle:
    """The Lines of Communications of one side of a Leyte state, kept up to date as units move."""

    def __init__(
        self,
        state: State,
        *,
        side: str = "us",
        rules: Rules = None,
        confine: Optional[StatePath] = None,
        max_input_bytes: int = ...,
    ) -> None: ...
    def traced(self) -> dict[str, bool]: ...
    def traces(self, unit: str) -> bool: ...
    def move(self, unit: str, hex: str) -> list[str]: ...
    def where_is(self, unit: str) -> str: ...

def score(
    state: State,
    *,
    rules: Rules = None,
    confine: Optional[StatePath] = None,
    max_input_bytes: int = ...,
) -> dict[str, Json]: ...
def score_text(
    text: str,
    *,
    name: str = "<text>",
    rules: Rules = None,
    confine: Optional[StatePath] = None,
    max_input_bytes: int = ...,
) -> dict[str, Json]: ...
def check(
    state: State,
    *,
    rules: Rules = None,
    confine: Optional[StatePath] = None,
    max_input_bytes: int = ...,
) -> list[dict[str, Json]]: ...
def explain(
    state: State,
    unit: str,
    *,
    rules: Rules = None,
    confine: Optional[StatePath] = None,
    max_input_bytes: int = ...,
) -> str: ...
def rules(game: str) -> list[dict[str, Json]]: ...
def games() -> list[str]: ...
def render(
    state: State,
    *,
    crop: Optional[str] = None,
    html: bool = False,
    rules: Rules = None,
    confine: Optional[StatePath] = None,
    max_input_bytes: int = ...,
) -> Svg: ...
def test(
    paths: Sequence[StatePath],
    *,
    rules: Rules = None,
    confine: Optional[StatePath] = None,
    max_input_bytes: int = ...,
) -> dict[str, Json]: ...

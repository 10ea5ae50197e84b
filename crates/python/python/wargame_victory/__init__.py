"""The victory engines from Python: score end-of-game states of board wargames (SPI's Leyte,
Axis Empires: Dai Senso!) as the ``victory`` command line does, with the same functions.

Every function returns plain Python values: the report of ``score`` is the ``dict`` that
``victory score --format json`` prints (docs/json.md). A state the engines refuse raises
:class:`InputError`, whose ``problems`` are those of ``victory check --format json``.

>>> import wargame_victory as wv
>>> wv.games()
['leyte', 'dai-senso', 'axis-empires']
"""

from . import vassal
from ._native import (
    DEFAULT_MAX_INPUT_BYTES,
    HexMap,
    InputError,
    Oracle,
    Scorer,
    Svg,
    check,
    explain,
    games,
    render,
    rules,
    score,
    score_text,
    test,
)

__all__ = [
    "DEFAULT_MAX_INPUT_BYTES",
    "HexMap",
    "InputError",
    "Oracle",
    "Scorer",
    "Svg",
    "check",
    "explain",
    "games",
    "render",
    "rules",
    "score",
    "score_text",
    "test",
    "vassal",
]

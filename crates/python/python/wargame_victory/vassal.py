"""VASSAL saved games and logs, read as the command line reads them (`victory vassal pieces`,
`victory vassal import`, `victory score --module M --profile P`), every hidden-information rule
included: what VASSAL hides from a player (masked, invisible and face-down pieces, other sides'
private windows and hands) is left out unless `side=` names the side or `reveal=True`."""

from ._native import vassal_import_state as import_state
from ._native import vassal_pieces as pieces
from ._native import vassal_score as score

__all__ = ["import_state", "pieces", "score"]

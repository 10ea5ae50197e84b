"""Type stubs of `wargame_victory.vassal` (docs/python.md)."""

import os
from typing import Any, Mapping, Optional, Sequence, Union

StatePath = Union[str, "os.PathLike[str]"]
Rules = Optional[Mapping[str, Union[str, bool, int, float]]]

def pieces(
    save: StatePath,
    module: StatePath,
    *,
    board_sizes: Optional[StatePath] = None,
    side: Sequence[str] = (),
    reveal: bool = False,
    step: Optional[int] = None,
    max_input_bytes: int = ...,
    max_save_bytes: int = ...,
    max_module_bytes: int = ...,
) -> dict[str, Any]: ...
def import_state(
    save: StatePath,
    module: StatePath,
    profile: StatePath,
    *,
    board_sizes: Optional[StatePath] = None,
    side: Sequence[str] = (),
    reveal: bool = False,
    step: Optional[int] = None,
    confine: Optional[StatePath] = None,
    max_input_bytes: int = ...,
    max_save_bytes: int = ...,
    max_module_bytes: int = ...,
) -> dict[str, Any]: ...
def score(
    save: StatePath,
    module: StatePath,
    profile: StatePath,
    *,
    board_sizes: Optional[StatePath] = None,
    side: Sequence[str] = (),
    reveal: bool = False,
    step: Optional[int] = None,
    rules: Rules = None,
    confine: Optional[StatePath] = None,
    max_input_bytes: int = ...,
    max_save_bytes: int = ...,
    max_module_bytes: int = ...,
) -> dict[str, Any]: ...

"""The examples in the docstrings (the module's and every function's) run, as `doctest` runs
them, in the repository's root (their fixture paths are the repository's)."""

import doctest

import wargame_victory
import wargame_victory._native


def test_the_docstring_examples_run():
    attempted = 0
    for module in (wargame_victory, wargame_victory._native):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
        assert result.failed == 0, module.__name__
        attempted += result.attempted
    # Every function's example is found: a finder that sees none cannot pass.
    assert attempted >= 10

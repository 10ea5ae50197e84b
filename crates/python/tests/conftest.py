"""What the tests share: the repository's root (the working folder of every test, so that
fixture paths read as the command line's do) and the `victory` command line they compare with.

The command line is the binary cargo built (`cargo build -p victory-cli`): `$VICTORY`, else
`victory` in `$CARGO_TARGET_DIR/debug` or the repository's `target/debug`. Without it the tests
that compare with it fail, saying how to build it.
"""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def victory_binary():
    """The path of the `victory` binary to compare with."""
    if os.environ.get("VICTORY"):
        return pathlib.Path(os.environ["VICTORY"])
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target")
    if not target.is_absolute():
        target = ROOT / target
    return target / "debug" / "victory"


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    """Every test runs in the repository's root, as the command line's examples do."""
    monkeypatch.chdir(ROOT)


@pytest.fixture(scope="session")
def victory():
    """Run the `victory` command line in the repository's root: (exit code, stdout, stderr)."""
    binary = victory_binary()
    if not binary.is_file():
        pytest.fail(
            f"no `victory` binary at {binary}: build it with `cargo build -p victory-cli`, "
            "or name it in $VICTORY"
        )

    def run(*args):
        done = subprocess.run(
            [str(binary), *args], cwd=ROOT, capture_output=True, text=True, check=False
        )
        return done.returncode, done.stdout, done.stderr

    return run

"""The type stubs (`__init__.pyi`, `vassal.pyi`, `py.typed`) ship with the package and name
every public function and class, each with the keyword arguments it takes."""

import ast
import inspect
import pathlib

import wargame_victory as wv

PACKAGE = pathlib.Path(wv.__file__).parent


def stubbed(name):
    """The functions and classes a stub file defines, with their arguments' names."""
    tree = ast.parse((PACKAGE / name).read_text())
    found = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            a = node.args
            found[node.name] = [x.arg for x in a.args + a.kwonlyargs]
        elif isinstance(node, ast.ClassDef):
            found[node.name] = None
    return found


def test_the_stubs_ship():
    assert (PACKAGE / "py.typed").exists()


def test_every_public_name_is_stubbed_with_its_arguments():
    for module, stub in ((wv, "__init__.pyi"), (wv.vassal, "vassal.pyi")):
        found = stubbed(stub)
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.ismodule(value) or not callable(value):
                continue
            assert name in found, f"{stub} lacks {name}"
            signature = getattr(value, "__text_signature__", None)
            if found[name] is not None and signature:
                given = [
                    p.strip().split("=")[0].lstrip("*")
                    for p in signature.strip("()").split(",")
                    if p.strip() not in ("*", "/", "$module", "$self", "$cls")
                ]
                assert found[name] == [g for g in given if g], f"{stub}: {name}"

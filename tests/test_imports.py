"""The shape of ``src/cardavia``'s imports: no cycle between modules, and every layer imports only the
layers below it (DESIGN.md "Layers"), read from the source with ``ast`` rather than by importing it.

Two graphs: the imports that run when a module is imported (at module level, ``if TYPE_CHECKING:``
blocks excluded), where a cycle breaks the import itself; and every import (a function's, a type
checker's too), where a cycle is two modules that depend on each other, only hidden by the deferred
import that breaks the first one."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "cardavia"

# DESIGN.md's order, lowest first: a module may import its own layer and the layers of lower rank.
# store and bots share a rank and never import each other; the command line and the bench sit on top,
# where they may use each other (``__main__`` runs the command line, which dispatches to the bench).
RANKS = {
    # the Prometheus metrics: a leaf that imports nothing of the project, so every layer may count
    "metrics": 0,
    "i18n": 0,
    "games": 1,
    "store": 2,
    "bots": 2,
    "service": 3,
    "web": 4,
    "cli": 5,
    "bench": 5,
    "__main__": 5,
}
TOP = max(RANKS.values())

# Dependency cycles that are known (none: keep it so, the test fails on a stale entry).
KNOWN_CYCLES: list[frozenset[str]] = []
# Modules known to import a layer above their own (none: keep it so, the test fails on a stale entry).
KNOWN_UPWARD: set[str] = set()


@dataclass(frozen=True)
class Import:
    target: str
    line: int
    module_level: bool  # executed when the module is imported (not inside a function, not TYPE_CHECKING)


def _modules() -> dict[str, Path]:
    """Every module under src/cardavia by dotted name (a package by its ``__init__``)."""
    out = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if "migrations" in parts:  # Alembic's scripts are run by Alembic, not imported
            continue
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(body: list[ast.stmt], module_level: bool) -> Iterator[tuple[ast.stmt, bool]]:
    """Every statement, with whether it runs when the module is imported."""
    for node in body:
        yield node, module_level
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield from _statements(node.body, False)
        elif isinstance(node, ast.If):
            skipped = _is_type_checking(node.test)
            yield from _statements(node.body, module_level and not skipped)
            yield from _statements(node.orelse, module_level)
        elif isinstance(node, ast.ClassDef | ast.With | ast.AsyncWith | ast.For | ast.While):
            yield from _statements(node.body, module_level)
            yield from _statements(getattr(node, "orelse", []), module_level)
        elif isinstance(node, ast.Try | ast.TryStar):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                yield from _statements(block, module_level)


def _resolve(name: str) -> str | None:
    """The module of ours that importing ``name`` runs last (``a.b.c`` or, for a name in ``a.b``,
    ``a.b``); None outside the package."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _imports(module: str) -> list[Import]:
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node, module_level in _statements(tree.body, True):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            # ``from a import b`` runs a.b when b is a module, else only a
            names = [f"{base}.{alias.name}" for alias in node.names]
        for name in names:
            target = _resolve(name)
            if target is not None and target != module:
                found.append(Import(target, node.lineno, module_level))
    return found


IMPORTS = {module: _imports(module) for module in MODULES}


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None  # None: the package itself (a version string)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each strongly connected component of more than one module, in import order."""
    return [_a_cycle(graph, c) for c in _components(graph)]


def _components(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return components


def _a_cycle(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """One closed path through ``component``, from its first module back to it."""
    start = min(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:  # breadth first, so the cycle named is a shortest one through ``start``
        nxt = []
        for v in frontier:
            for w in sorted(graph[v] & component):
                if w == start:
                    return [*paths[v], start]
                if w not in paths:
                    paths[w] = [*paths[v], w]
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"no cycle in the component {sorted(component)}")


def _graph(*, module_level_only: bool) -> dict[str, set[str]]:
    return {
        m: {i.target for i in imports if i.module_level or not module_level_only}
        for m, imports in IMPORTS.items()
    }


def test_the_graph_sees_the_package() -> None:
    # guards the parsing: the layers exist and the web layer is seen importing the service
    assert {_layer(m) for m in MODULES} >= set(RANKS)
    assert any(_layer(t) == "service" for t in _graph(module_level_only=True)["cardavia.web.api.deps"])
    # ... and tells a deferred import from one that runs at import time
    deferred = (
        _graph(module_level_only=False)["cardavia.cli"] - _graph(module_level_only=True)["cardavia.cli"]
    )
    assert "cardavia.bench.engine" in deferred


def test_the_cycle_finder_names_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c", "a"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def _named(cycles: list[list[str]]) -> str:
    return "\n".join(" -> ".join(c) for c in cycles)


def test_no_module_imports_itself_at_import_time() -> None:
    """A cycle of module-level imports fails or half-initialises a module, depending on which end
    is imported first."""
    cycles = _cycles(_graph(module_level_only=True))
    assert not cycles, "import cycles (module-level imports):\n" + _named(cycles)


def test_no_dependency_cycle_in_src() -> None:
    """Deferring an import (into a function, under TYPE_CHECKING) breaks a cycle at import time but
    leaves two modules that cannot be understood, tested or split apart without each other."""
    graph = _graph(module_level_only=False)
    components = [frozenset(c) for c in _components(graph)]
    unknown = [_a_cycle(graph, set(c)) for c in components if c not in KNOWN_CYCLES]
    assert not unknown, "dependency cycles (every import, deferred ones too):\n" + _named(unknown)
    gone = [sorted(k) for k in KNOWN_CYCLES if k not in components]
    assert not gone, f"these known cycles are gone: delete them from KNOWN_CYCLES: {gone}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_layer_imports_only_the_layers_below_it(module: str) -> None:
    """Every import counts here, a function's and a type's too: each is a dependency on that layer."""
    layer = _layer(module)
    if layer is None:
        return
    assert layer in RANKS, f"{module}: a layer DESIGN.md does not list; add it to RANKS"
    upward = [
        f"{MODULES[module].relative_to(ROOT)}:{i.line} imports {i.target}"
        for i in IMPORTS[module]
        if (target := _layer(i.target)) is not None
        and target != layer
        and RANKS[target] >= RANKS[layer]
        and not RANKS[target] == RANKS[layer] == TOP
    ]
    if module in KNOWN_UPWARD:
        assert upward, f"{module} imports no layer above its own any more: delete it from KNOWN_UPWARD"
        return
    assert not upward, "imports of a layer that is not below:\n" + "\n".join(upward)


def test_the_known_exceptions_still_exist() -> None:
    assert set(MODULES) >= KNOWN_UPWARD, "a module of KNOWN_UPWARD is gone: delete it from the set"

"""Find, by reading the code (ast), which parameters each caller passes to a Cypher statement.

A caller is a call with a statement name among its positional arguments: a string literal,
a name assigned from literals (``name = "a" if x else "b"``, ``for name in ("a", "b")``) or
``statement("memory/list", scope)`` (each file of that family). For example
``statements.read("memory/get", "action", id=...)``, ``_run(tx, "dream/lease_lock", owner=...)``
or ``tx.run(query("..."), a=..., b=...)`` (the call that receives ``query(...)`` is the caller).
Its parameters are its keyword arguments (not the driver's own, which end in ``_``, nor
`RUNNER_OPTIONS`) and the keys of a dict literal passed after the name; ``**x`` of a dict
literal adds that dict's keys. Anything else (``**kwargs``, a dict held in a variable) makes
the caller *open*: its full set of parameters is unknown.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

# Keyword arguments of a runner that are not statement parameters
# (``embedder_meta.run(..., write=False)``).
RUNNER_OPTIONS = frozenset({"write"})


@dataclass(frozen=True)
class Caller:
    name: str
    where: str  # path:line
    passed: frozenset[str]
    open: bool


def find_callers(files: Iterable[Path], names: set[str], root: Path) -> list[Caller]:
    callers: list[Caller] = []
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = str(path.relative_to(root))
        module = _local_values(list(_own_nodes(tree)))
        for scope in _scopes(tree):
            callers.extend(_callers_in(scope, module, names, where))
    return callers


def _scopes(tree: ast.Module) -> Iterator[ast.AST]:
    """The module body and every function: local variables are resolved within one."""
    yield tree
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def _own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """Nodes of ``scope`` outside nested functions (they are scopes of their own)."""
    for child in ast.iter_child_nodes(scope):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        yield child
        yield from _own_nodes(child)


def _callers_in(
    scope: ast.AST, module: dict[str, list[ast.expr]], names: set[str], where: str
) -> Iterator[Caller]:
    """Callers in ``scope``; a name not assigned in it is looked up among the module's."""
    nodes = list(_own_nodes(scope))
    local = {**module, **_local_values(nodes)}
    for node in nodes:
        if not isinstance(node, ast.Call) or _is_query(node):
            continue  # query("x") is unwrapped where it is passed
        for arg in node.args:
            target = _named_statement(arg, local, names)
            if target is None:
                continue
            passed, is_open = _passed(node, arg, local)
            for name in target:
                yield Caller(name, f"{where}:{node.lineno}", passed, is_open)


def _local_values(nodes: list[ast.AST]) -> dict[str, list[ast.expr]]:
    """Every expression assigned to (or iterated into) each plain local name."""
    values: dict[str, list[ast.expr]] = {}
    for node in nodes:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    values.setdefault(target.id, []).append(node.value)
        elif isinstance(node, ast.For) and isinstance(node.target, ast.Name):
            values.setdefault(node.target.id, []).append(node.iter)
    return values


def _literal_options(expr: ast.expr, local: dict[str, list[ast.expr]], depth: int = 0) -> set[str]:
    """The strings ``expr`` may be: a literal, either branch of ``a if c else b``, any element
    of a literal tuple / list (a ``for`` loop's names), or what a name holds."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return {expr.value}
    if isinstance(expr, ast.IfExp):
        return _literal_options(expr.body, local, depth) | _literal_options(
            expr.orelse, local, depth
        )
    if isinstance(expr, ast.Tuple | ast.List | ast.Set):
        return set().union(*(_literal_options(e, local, depth) for e in expr.elts))
    if isinstance(expr, ast.Name) and depth < 3:
        values = local.get(expr.id, [])
        return set().union(*(_literal_options(v, local, depth + 1) for v in values))
    return set()


def _scoped_family(arg: ast.expr) -> str | None:
    if not (isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name)):
        return None
    if arg.func.id != "statement" or not arg.args:
        return None
    first = arg.args[0]
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None


def _is_query(call: ast.Call) -> bool:
    return isinstance(call.func, ast.Name) and call.func.id == "query"


def _named_statement(
    arg: ast.expr, local: dict[str, list[ast.expr]], names: set[str]
) -> set[str] | None:
    """The statement names ``arg`` stands for, if it names statements; ``query(x)`` is
    unwrapped (the call receiving it is the caller), and ``statement("memory/list", scope)``
    (adapters/neo4j/scoped.py) stands for each file of that family, one per scope shape."""
    if isinstance(arg, ast.Call) and _is_query(arg):
        if not arg.args:
            return None
        arg = arg.args[0]
    family = _scoped_family(arg)
    if family is not None:
        return {n for n in names if n.startswith(f"{family}_by_") or n == f"{family}_all"} or None
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return {arg.value} if arg.value in names else None
    if isinstance(arg, ast.Name):
        return (_literal_options(arg, local) & names) or None
    return None


def _passed(
    call: ast.Call, name_arg: ast.expr, local: dict[str, list[ast.expr]]
) -> tuple[frozenset[str], bool]:
    passed: set[str] = set()
    is_open = False
    for kw in call.keywords:
        if kw.arg is None:
            keys = _dict_keys(kw.value, local)
            is_open |= keys is None
            passed |= keys or set()
        elif not kw.arg.endswith("_") and kw.arg not in RUNNER_OPTIONS:
            passed.add(kw.arg)
    after = call.args[call.args.index(name_arg) + 1 :]
    for arg in after:
        if isinstance(arg, ast.Dict):
            keys = _dict_keys(arg, local)
            is_open |= keys is None
            passed |= keys or set()
        elif not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            is_open = True  # a params dict held in a variable, or other values
    return frozenset(passed), is_open


def _dict_keys(expr: ast.expr, local: dict[str, list[ast.expr]]) -> set[str] | None:
    if isinstance(expr, ast.Name) and len(local.get(expr.id, [])) == 1:
        expr = local[expr.id][0]
    if not isinstance(expr, ast.Dict):
        return None
    keys: set[str] = set()
    for key, value in zip(expr.keys, expr.values, strict=True):
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            keys.add(key.value)
        elif key is None:  # {**other}
            inner = _dict_keys(value, local)
            if inner is None:
                return None
            keys |= inner
        else:
            return None
    return keys

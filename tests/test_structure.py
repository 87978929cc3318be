"""The engine's layout holds: one home per game, dependencies pointing one way, small modules.

Read from the source (``ast``), so an import hidden inside a function counts like any other.
"""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import pytest

from pyengine.games import Variant, get_variant, variant_names

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pyengine"
TESTS = ROOT / "tests"
MAX_LINES = 600
# Modules allowed to be longer than MAX_LINES, each with the reason (keep this list short).
LONG_MODULES: dict[str, str] = {}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The pyengine modules ``name`` imports (anywhere in the file), as module names."""
    is_package = path.name == "__init__.py"
    base = name.split(".") if is_package else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[: len(base) - (node.level - 1)]
                module = ".".join(anchor + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # ``from pkg import mod`` imports the submodule ``pkg.mod`` when there is one.
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in known else module for a in node.names]
        else:
            continue
        out.update(t for t in targets if t in known and t != name)
    return out


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, or None (depth-first search with colors)."""
    color: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        color[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if color.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in color and (found := visit(nxt)):
                return found
        stack.pop()
        color[node] = 2
        return None

    for node in sorted(graph):
        if node not in color and (found := visit(node)):
            return found
    return None


def test_the_import_graph_is_read() -> None:
    graph = _graph()
    assert "pyengine.games.usa.variant" in graph["pyengine.games"]
    assert "pyengine.bots.usa.planner" in graph["pyengine.bots.usa.levels"]


def test_no_import_cycles() -> None:
    cycle = _cycle(_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_games_and_shared_modules_never_import_bots_or_the_page_layer() -> None:
    """Dependencies point one way: bots and the API use games, never the reverse."""
    above = ("pyengine.bots", "pyengine.api", "pyengine.advice", "pyengine.cli", "pyengine.simulate")
    for name, deps in _graph().items():
        if name.startswith(above) or name in ("pyengine.__main__",):
            continue
        bad = sorted(d for d in deps if d.startswith(above))
        assert not bad, f"{name} imports {bad}"


def test_games_never_import_each_other() -> None:
    for name, deps in _graph().items():
        for game in variant_names():
            home = f"pyengine.games.{game}"
            if name.startswith(home + ".") or name == home:
                bad = sorted(
                    d
                    for d in deps
                    if d.startswith("pyengine.games.")
                    and not d.startswith(home)
                    and d != "pyengine.games.base"
                )
                assert not bad, f"{name} imports another game: {bad}"


def test_every_game_and_its_bots_have_one_home() -> None:
    for game in variant_names():
        assert (PACKAGE / "games" / game / "variant.py").is_file(), game
        assert (PACKAGE / "bots" / game / "levels.py").is_file(), game


@pytest.mark.parametrize("game", variant_names())
def test_every_game_can_sample_a_state_from_a_view(game: str) -> None:
    """The property itself is tests/test_sample_state.py (parametrized over every game)."""
    assert type(get_variant(game)).sample_state is not Variant.sample_state, game


@pytest.mark.parametrize("game", variant_names())
def test_every_game_has_a_perft_file_and_a_golden_playthrough(game: str) -> None:
    assert (TESTS / "data" / f"{game}.perft").is_file(), f"no perft file for {game}"
    assert (TESTS / "data" / f"{game}.golden").is_file(), f"no golden playthrough for {game}"


def test_no_module_is_longer_than_the_limit() -> None:
    too_long = {}
    for name, path in _modules().items():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES and name not in LONG_MODULES:
            too_long[name] = lines
    assert not too_long, f"modules over {MAX_LINES} lines (split them by concern): {too_long}"


# ---------------------------------------------------------------------- no copied blocks
COPY_LINES = 6  # a block of this many statements written twice is a copy (issue 11)
COPY_HOMES = ("games", "mechanics", "bots")  # the games' rules, shared mechanics, every bot stack


def _code_lines(text: str) -> list[tuple[int, str]]:
    """(first line number, statement) of each logical line of code, its tokens joined by single
    spaces: a call or signature the formatter spreads over lines is still one line, so the check
    counts the same whether code is formatted or not; comments and imports are left out."""
    out = []
    tokens: list[tokenize.TokenInfo] = []
    skip = (tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING)
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type in skip:
            continue
        if tok.type not in (tokenize.NEWLINE, tokenize.ENDMARKER):
            tokens.append(tok)
            continue
        if tokens and tokens[0].string not in ("import", "from"):
            out.append((tokens[0].start[0], " ".join(t.string for t in tokens)))
        tokens = []
    return out


def _copies(files: dict[str, str]) -> list[str]:
    """Every block of COPY_LINES statements that stands in two different files, as
    ``a.py:10 ~ b.py:40`` (the first line of each; one row per pair of files)."""
    places: dict[tuple[str, ...], list[tuple[str, int]]] = {}
    for name, text in files.items():
        lines = _code_lines(text)
        for i in range(len(lines) - COPY_LINES + 1):
            block = tuple(line for _, line in lines[i : i + COPY_LINES])
            places.setdefault(block, []).append((name, lines[i][0]))
    pairs: dict[tuple[str, str], str] = {}
    for where in places.values():
        for a_name, a_line in where:
            for b_name, b_line in where:
                if a_name < b_name and (a_name, b_name) not in pairs:
                    pairs[a_name, b_name] = f"{a_name}:{a_line} ~ {b_name}:{b_line}"
    return sorted(pairs.values())


def _home_sources() -> dict[str, str]:
    return {
        str(p.relative_to(PACKAGE)): p.read_text(encoding="utf-8")
        for home in COPY_HOMES
        for p in sorted((PACKAGE / home).rglob("*.py"))
    }


def test_no_block_is_copied_between_the_games_or_the_bot_stacks() -> None:
    """Shared logic lives once (pyengine/mechanics for the games, the bot framework for bots)."""
    sources = _home_sources()
    assert len(sources) > 40 and "games/usa/rules.py" in sources and "bots/world/planner.py" in sources
    copies = _copies(sources)
    assert not copies, "blocks copied between modules (move them into one shared home):\n" + "\n".join(copies)


def test_the_copy_check_finds_a_planted_copy() -> None:
    sources = _home_sources()
    donor = sources["games/usa/rules.py"].splitlines()
    start = next(i for i, line in enumerate(donor) if line.startswith("    def why_illegal"))
    end = next(i for i in range(start + 1, len(donor)) if donor[i].startswith("    def "))
    planted = "\n".join(["class Planted:", *donor[start:end]])
    sources["bots/cardgame/planted.py"] = planted
    copies = _copies(sources)
    assert any("bots/cardgame/planted.py" in row and "games/usa/rules.py" in row for row in copies), copies
    # Indented otherwise, with comments and blank lines between, it is still the same block.
    sources["bots/cardgame/planted.py"] = "\n\n# a comment\n".join(
        line.replace("    ", "  ") for line in planted.splitlines()
    )
    assert any("bots/cardgame/planted.py" in row for row in _copies(sources))
    # Imports, even long parenthesised ones, are not copies.
    names = "from x import (\n" + "".join(f"    n{i},\n" for i in range(9)) + ")\n"
    assert not _copies({"a.py": names + "a = 1\n", "b.py": names + "b = 2\n"})
    # Five shared lines are not a copy.
    assert not _copies(
        {
            "a.py": "a = 1\nb = 2\nc = 3\nd = 4\ne = 5\nf = 6\n",
            "b.py": "a = 1\nb = 2\nc = 3\nd = 4\ne = 5\ng = 7\n",
        }
    )

"""Fuzzing the engine's promise at its input boundary (docs/record-format.md, "Hostile input"):

    whatever a link, record, save, setup or action text holds, the engine answers with one of its
    own errors (an EngineError) and a short message, within a bounded time, and never opens a
    game the rules forbid.

Random, mutated and well-formed-but-wrong inputs of every kind, from a fixed seed (a failure
names the case to repeat). The CI run takes well under a minute; RAILTRIP_FUZZ_BIG=1 runs 20 times
as many cases (RAILTRIP_FUZZ_SEED picks another seed).
"""

from __future__ import annotations

import base64
import json
import os
import time
import zlib
from collections.abc import Callable
from typing import Any

import pytest

from pyengine import api
from pyengine.errors import ERROR_CODES, MAX_MESSAGE_CHARS, EngineError
from pyengine.game import Game
from pyengine.games.cardgame.state import SETUP_FIELDS as CARDGAME_SETUP_FIELDS
from pyengine.links import deal_link, decode_link, game_link
from pyengine.record import replay
from pyengine.rng import Rng

BIG = os.environ.get("RAILTRIP_FUZZ_BIG") == "1"
SCALE = 20 if BIG else 1
SEED = int(os.environ.get("RAILTRIP_FUZZ_SEED", "12"))
TIME_LIMIT_S = 5.0  # per input, generous for a loaded CI machine; real answers take milliseconds
VARIANTS = ("usa", "world", "cardgame")

# Values that break naive readers: booleans as numbers, odd digits, huge, deep, long, empty.
_DEEP: Any = []
for _ in range(60):
    _DEEP = [_DEEP]
HOSTILE_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    7,
    2**53 + 1,
    2**70,
    -(2**70),
    1.5,
    float("inf"),
    "",
    " ",
    "²",
    "٣",
    "1²",
    "9" * 30,
    "x" * 5000,
    "usa/²",
    "usa/" + "1" * 5000,
    "\u202e",
    "🚂",
    "\x00",
    [],
    {},
    [True, 45],
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
    {"a": 1},
    {"SEA-POR-1": 0},
    ["joker"] * 200,
    [[20, 40], [20, 40]],
    [["red"]],
    _DEEP,
]
HOSTILE_WORDS = [
    "",
    "²",
    "٣",
    "¹²³",
    "9" * 7,
    "9" * 5000,
    "0",
    "-1",
    "+3",
    "3" * 6,
    "1e3",
    "0x1f",
    "3red",
    "³red",
    "0red",
    "99999999red",
    "🚂",
    "\u202e",
    "x" * 300,
    "joker",
    "loco",
    "ship",
    "train",
    "SEA-POR-1",
    "DAR-MUM",
    "LIM",
    "pass",
    "keep",
    "claim",
    "take",
]


def _answer(fn: Callable[[], Any], case: str) -> Any:
    """Run one input: it may succeed or raise an EngineError with a short message, in bounded
    time; anything else fails the test with the case named."""
    start = time.perf_counter()
    try:
        result = fn()
    except EngineError as exc:
        assert 0 < len(str(exc)) <= MAX_MESSAGE_CHARS, f"{case}: message of {len(str(exc))} characters"
        # A bad link or record also says what is wrong in a word a page can translate.
        assert (exc.code in ERROR_CODES) if exc.area else not exc.code, f"{case}: code {exc.code!r}: {exc}"
        result = exc
    except Exception as exc:
        raise AssertionError(f"{case}: {type(exc).__name__}: {str(exc)[:300]}") from exc
    took = time.perf_counter() - start
    assert took < TIME_LIMIT_S, f"{case}: took {took:.1f} s"
    return result


def _check_opened(game: Any, case: str) -> None:
    """A game the engine opened is one the rules allow: its invariants hold."""
    if isinstance(game, Game):
        try:
            game.variant.check_invariants(game.state)
        except AssertionError as exc:
            raise AssertionError(f"{case}: opened a game the rules forbid: {exc}") from exc


def _played(variant: str, players: int, seed: int, plies: int) -> Game:
    g = Game.new(variant, players=players, seed=seed)
    rng = Rng(seed)
    while not g.is_over and len(g.actions) < plies:
        legal = g.legal_actions()
        g.apply(legal[rng.randbelow(len(legal))])
    return g


_GAMES = {v: [_played(v, 2 + k, 100 + k, 20 + 25 * k) for k in range(3)] for v in VARIANTS}


# ---------------------------------------------------------------------- mutations
def _mutate_text(rng: Rng, text: str) -> str:
    """A random edit of a text: replace, insert or drop characters, swap in a hostile word."""
    kind = rng.randbelow(6)
    pos = rng.randbelow(len(text) + 1)
    if kind == 0:
        return text[:pos] + rng.choice('²٣ 0123456789-_.#x{}[]"\\🚂\u202e') + text[pos + 1 :]
    if kind == 1:
        return text[:pos] + rng.choice("²٣ 09-.{[") * (1 + rng.randbelow(3)) + text[pos:]
    if kind == 2:
        return text[:pos]
    if kind == 3:
        words = text.split(" ")
        words[rng.randbelow(len(words))] = rng.choice(HOSTILE_WORDS)
        return " ".join(words)
    if kind == 4:
        return text + " " + rng.choice(HOSTILE_WORDS)
    return "".join(chr(0x20 + rng.randbelow(0x3000)) for _ in range(rng.randbelow(40)))


def _mutate_value(rng: Rng, value: Any, depth: int = 0) -> Any:
    """A random edit somewhere inside JSON-like data: a hostile value, a dropped or an added key,
    a mutated text."""
    if isinstance(value, dict) and value and depth < 4 and (depth == 0 or rng.randbelow(3)):
        out = dict(value)
        key = rng.choice(sorted(out, key=str))
        choice = rng.randbelow(5)
        if choice == 0:
            del out[key]
        elif choice == 1:
            out[rng.choice(["x", "seats", "trains", "routes", "harbors", "pieces", key])] = rng.choice(
                HOSTILE_VALUES
            )
        else:
            out[key] = _mutate_value(rng, out[key], depth + 1)
        return out
    if isinstance(value, list) and value and depth < 4 and rng.randbelow(3):
        out_list = list(value)
        i = rng.randbelow(len(out_list))
        if rng.randbelow(4) == 0:
            del out_list[i]
        else:
            out_list[i] = _mutate_value(rng, out_list[i], depth + 1)
        return out_list
    if isinstance(value, str) and value and rng.randbelow(2):
        return _mutate_text(rng, value)
    return rng.choice(HOSTILE_VALUES)


def _wrong_setup(rng: Rng, game: Game) -> dict[str, Any]:
    """A well-formed setup with wrong content: owners of both tracks, too many routes, booleans,
    harbors without routes, pieces that do not add up."""
    v = game.variant
    board = getattr(v, "board", None)
    setup: dict[str, Any] = {}
    if board is not None:
        routes = [r.id for r in board.routes]
        chosen = [rng.choice(routes) for _ in range(1 + rng.randbelow(25))]
        doubles = [r for r in board.routes if r.double_partner >= 0]
        if doubles and rng.randbelow(2):
            r = rng.choice(doubles)
            chosen += [r.id, board.routes[r.double_partner].id]
        seats = list(range(game.settings.players)) + [True, -1, 9, "0"]
        setup["routes"] = {
            rid: (rng.choice(seats) if rng.randbelow(4) == 0 else rng.randbelow(2)) for rid in chosen
        }
    if v.name == "usa" and rng.randbelow(2):
        setup["trains"] = [rng.choice([0, 3, 45, 46, True, -2]) for _ in range(game.settings.players)]
    if v.name == "world":
        if rng.randbelow(2):
            ports = [c.id for c in v.board.cities if c.port]  # type: ignore[attr-defined]
            setup["harbors"] = {rng.choice(ports): rng.randbelow(2) for _ in range(1 + rng.randbelow(4))}
        setup["pieces"] = [
            [rng.choice([0, 10, 20, 25, True]), rng.choice([0, 40, 50, 51])]
            for _ in range(game.settings.players)
        ]
    if v.name == "cardgame":
        for key in sorted(CARDGAME_SETUP_FIELDS):
            if rng.randbelow(4) == 0:
                setup[key] = _mutate_value(
                    rng,
                    [
                        ["red"] * rng.randbelow(4),
                        {"red": ["red", "loco"]},
                        [rng.choice(["red", "loco", "blue"])] * 5,
                    ][rng.randbelow(3)],
                )
    if rng.randbelow(3) == 0:
        key = rng.choice(sorted(setup) or ["hands"])
        setup[key] = rng.choice(HOSTILE_VALUES)
    return setup


def _deflate_link(data: Any) -> str:
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = comp.compress(json.dumps(data).encode()) + comp.flush()
    return "g1." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


# ---------------------------------------------------------------------- the fuzzing runs
@pytest.mark.parametrize("variant", VARIANTS)
def test_fuzz_action_texts(variant: str) -> None:
    rng = Rng.derive(SEED, 1, VARIANTS.index(variant))
    for n in range(250 * SCALE):
        game = rng.choice(_GAMES[variant])
        legal = [a.text() for a in game.legal_actions()] or ["pass"]
        text = _mutate_text(rng, rng.choice(legal))
        if rng.randbelow(8) == 0:
            text = _mutate_text(rng, text)
        before = game.state.snapshot()
        probe = game.clone()
        result = _answer(lambda: probe.apply(text), f"{variant} action #{n} {text[:80]!r}")
        if isinstance(result, EngineError):
            assert probe.state.snapshot() == before, (
                f"{variant} action {text[:80]!r}: a refused action changed the game"
            )
        else:
            _check_opened(probe, f"{variant} action {text[:80]!r}")


@pytest.mark.parametrize("variant", VARIANTS)
def test_fuzz_records(variant: str) -> None:
    rng = Rng.derive(SEED, 2, VARIANTS.index(variant))
    for n in range(120 * SCALE):
        rec = rng.choice(_GAMES[variant]).record({"seats": [{"name": "Anna", "kind": "human"}]})
        mutated = _mutate_value(rng, rec)
        for _ in range(rng.randbelow(3)):
            mutated = _mutate_value(rng, mutated)
        case = f"{variant} record #{n}"
        _check_opened(_answer(lambda: replay(mutated), case), case)
        text = json.dumps(rec)
        edited = _mutate_text(rng, text) if rng.randbelow(2) else text[: rng.randbelow(len(text))]
        _check_opened(_answer(lambda: replay(edited), case + " (text)"), case + " (text)")


@pytest.mark.parametrize("variant", VARIANTS)
def test_fuzz_links(variant: str) -> None:
    rng = Rng.derive(SEED, 3, VARIANTS.index(variant))
    for n in range(120 * SCALE):
        game = rng.choice(_GAMES[variant])
        link = rng.choice([game_link(game), deal_link(game, [{"name": "Bo", "kind": "human"}])])
        edited = _mutate_text(rng, link)
        case = f"{variant} link #{n} {edited[:60]!r}"
        _answer(lambda: decode_link(edited), case)
        rec = game.record()
        del rec["format"]
        wrong = _deflate_link(_mutate_value(rng, rec))
        opened = _answer(lambda: decode_link(wrong), case + " (record)")
        if isinstance(opened, dict):
            _check_opened(_answer(lambda: replay(opened["record"]), case), case)


@pytest.mark.parametrize("variant", VARIANTS)
def test_fuzz_setups(variant: str) -> None:
    rng = Rng.derive(SEED, 4, VARIANTS.index(variant))
    for n in range(150 * SCALE):
        game = _GAMES[variant][0]
        setup = _wrong_setup(rng, game)
        players = rng.choice([2, 2, 3, 4, 5, True, 0, 6])
        case = f"{variant} setup #{n} players={players!r} {json.dumps(setup)[:200]}"
        opened = _answer(lambda: Game.new(variant, players=players, seed=n, setup=setup), case)
        _check_opened(opened, case)
        rec = Game.new(variant, players=2, seed=n).record()
        rec["setup"] = setup
        _check_opened(_answer(lambda: replay(rec), case + " (record)"), case)


def test_fuzz_api_calls() -> None:
    rng = Rng.derive(SEED, 5)
    game_id = json.loads(api.call("new_game", json.dumps({"variant": "world", "players": 2, "seed": 1})))[
        "ok"
    ]["game_id"]
    names = [
        "version",
        "board",
        "new_game",
        "load",
        "state",
        "apply",
        "bot_move",
        "record",
        "share_link",
        "open_link",
        "nope",
    ]
    keys = [
        "game_id",
        "variant",
        "players",
        "seed",
        "start_player",
        "options",
        "seats",
        "record",
        "upto",
        "player",
        "seat",
        "action",
        "bot",
        "max_seconds",
        "link",
    ]
    for n in range(300 * SCALE):
        args = {
            k: rng.choice(HOSTILE_VALUES + [game_id, "usa", "world", 0, 1])
            for k in keys
            if rng.randbelow(3) == 0
        }
        if "max_seconds" in args:
            args["max_seconds"] = 0.05  # a bot's move within the time bound
        name = rng.choice(names)
        raw = json.dumps(args) if rng.randbelow(6) else _mutate_text(rng, json.dumps(args))
        start = time.perf_counter()
        answer = json.loads(api.call(name, raw))
        assert time.perf_counter() - start < TIME_LIMIT_S * 4, f"api {name} #{n}: too slow"
        assert set(answer) in ({"ok"}, {"error"}), f"api {name} #{n}"
        if "error" in answer:
            err = answer["error"]
            assert err["type"] != "InternalError", f"api {name} #{n} {raw[:200]}: {err['message']}"
            assert len(err["message"]) <= MAX_MESSAGE_CHARS
    api.call("drop", json.dumps({"game_id": game_id}))

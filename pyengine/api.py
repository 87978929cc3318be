"""The JSON boundary the browser calls (through Pyodide in a Web Worker).

Every call goes through :func:`call`, which takes a function name and a JSON string and returns a
JSON string (``{"ok": result}`` or ``{"error": {"type", "message"}}``), so no Python objects leak
into JavaScript. Games live in this module's table, addressed by ``game_id``.

Functions (arguments are one JSON object):
  version {}                              -> {engine, record_version, variants, bots}
  board {variant}                         -> static map/cards data to draw
  new_game {variant, players, seed, start_player?, options?, setup?, seats?} -> {game_id, ...state}
                                          (setup: explicit deck orders, docs/engine.md)
  load {record, upto?, player?}           -> {game_id, ...state}   (record: object or JSON text;
                                             upto: replay only the first N actions)
  state {game_id, player, log_from?}      -> {view, legal, current, phase, over, ply, log_start, scores?}
                                          (view.log: the log as player sees it, from event
                                           log_start = min(log_from, its length) on; every call
                                           that answers a state takes log_from, default 0)
  apply {game_id, action, player?, seat?} -> {event, applied, ...state for player}
                                          (seat: the seat that acts; refused unless it is to move,
                                           null included; applied: the action's text, for the
                                           record a page saves, also when the event hides it)
  bot_move {game_id, bot?, player?, max_seconds?} -> {event, applied, ...state for player}
                                          (bot: a name or level; max_seconds caps a search by the clock)
  undo {game_id, player}                  -> state for player, after taking back player's last action
                                          (and what followed it); an error if hidden information was
                                          revealed since (Game.undo_point)
  record {game_id}                        -> the game record (settings + seed + actions + meta)
  share_link {game_id}                    -> {deal: "d1.…", game: "g1.…"}  (for the URL fragment)
  open_link {link}                        -> {kind: "deal"|"game", record, actions, variant, players, seats}
  drop {game_id}                          -> true
"""
from __future__ import annotations

import json
from typing import Any, Callable

from . import __version__
from .actions import Action
from .boundary import excerpt, is_int, load_json
from .errors import EngineError, IllegalActionError, RecordError
from .game import RECORD_VERSION, Game
from .links import deal_link, decode_link, game_link
from .games import get_variant, variant_names
from .record import parse_record, replay

_GAMES: dict[str, Game] = {}
_META: dict[str, dict[str, Any]] = {}
_counter = [0]
DEFAULT_BOT = "normal"


def _action_json(game: Game, a: Action) -> dict[str, Any]:
    """A legal action as data the page can filter on (it never decides legality itself)."""
    out = dict(a.to_json())
    out.update(game.variant.action_details(game.state, a))
    return out


def _game(args: dict[str, Any]) -> Game:
    gid = args.get("game_id")
    if not isinstance(gid, str) or gid not in _GAMES:
        raise EngineError(f"no game with id {excerpt(gid)} (it may have been closed)")
    return _GAMES[gid]


def _store(game: Game, meta: dict[str, Any]) -> str:
    _counter[0] += 1
    gid = f"g{_counter[0]}"
    _GAMES[gid] = game
    _META[gid] = meta
    return gid


def _state(game: Game, player: Any, log_from: Any = 0) -> dict[str, Any]:
    """The state ``player`` sees, with the log from event ``log_from`` on (what the page lacks)."""
    if player is not None and (not is_int(player) or not 0 <= player < game.settings.players):
        raise EngineError(f"there is no seat {excerpt(player)} in this game")
    if not is_int(log_from) or log_from < 0:
        raise EngineError(f"log_from must be a number of events, not {excerpt(log_from)}")
    log_start = min(log_from, len(game.log))
    over = game.is_over
    out: dict[str, Any] = {
        "view": game.view(player, log_from=log_start),
        "log_start": log_start,
        "current": None if over else game.current_player,
        "phase": game.phase,
        "over": over,
        "legal": [] if over or player != game.current_player else
        [_action_json(game, a) for a in game.legal_actions()],
        "ply": len(game.actions),
        "can_undo": player is not None and game.can_undo(player),
    }
    if over:
        out["scores"] = game.scores()
    return out


def _version(args: dict[str, Any]) -> dict[str, Any]:
    del args  # Unused.
    from .bots import bot_names, bot_names_for  # Imported when needed: most of a start-up's import time.
    return {"engine": __version__, "record_version": RECORD_VERSION,
            "variants": [{"name": n, "title": get_variant(n).title,
                          "min_players": get_variant(n).min_players,
                          "max_players": get_variant(n).max_players,
                          "options": get_variant(n).options_info(),
                          "bots": bot_names_for(n)} for n in variant_names()],
            "bots": bot_names()}


def _board(args: dict[str, Any]) -> dict[str, Any]:
    return get_variant(args.get("variant", "usa")).board_view()


def _new_game(args: dict[str, Any]) -> dict[str, Any]:
    game = Game.new(args.get("variant", "usa"), players=args.get("players", 2),
                    seed=args.get("seed", 0), start_player=args.get("start_player", 0),
                    options=args.get("options") or {}, setup=args.get("setup"))
    meta = {"seats": args.get("seats", [])}
    gid = _store(game, meta)
    return {"game_id": gid, "players": game.settings.players, "meta": meta,
            **_state(game, args.get("player", 0), args.get("log_from", 0))}


def _load(args: dict[str, Any]) -> dict[str, Any]:
    rec = args.get("record")
    if not isinstance(rec, (str, dict)):
        raise RecordError("give the record as a JSON object or its text")
    data = parse_record(rec)
    game = replay(data, args.get("upto"))
    meta = data.get("meta", {})
    gid = _store(game, meta if isinstance(meta, dict) else {})
    return {"game_id": gid, "players": game.settings.players, "meta": _META[gid],
            "variant": game.variant.name, **_state(game, args.get("player", 0), args.get("log_from", 0))}


def _get_state(args: dict[str, Any]) -> dict[str, Any]:
    return _state(_game(args), args.get("player"), args.get("log_from", 0))


def _apply(args: dict[str, Any]) -> dict[str, Any]:
    game = _game(args)
    action = args.get("action")
    if not isinstance(action, str):
        raise EngineError("the action must be given as text")
    player = args.get("player")
    if "seat" in args:  # the seat that acts: only the one to move may (never a bot's turn)
        seat = args["seat"]
        if not is_int(seat) or not 0 <= seat < game.settings.players:
            raise EngineError(f"there is no seat {excerpt(seat)} in this game")
        if game.is_over:
            raise IllegalActionError("the game is over")
        if seat != game.current_player:
            raise IllegalActionError(f"it is not seat {seat}'s turn (seat {game.current_player} is to move)")
    game.apply(action)
    return {"event": game.event(-1, player), "applied": game.actions[-1].text(),
            **_state(game, player, args.get("log_from", 0))}


def _bot_move(args: dict[str, Any]) -> dict[str, Any]:
    game = _game(args)
    if game.is_over:
        raise EngineError("the game is over")
    limit = args.get("max_seconds")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, (int, float))
                              or not 0 <= limit <= 600):
        raise EngineError("max_seconds must be a number of seconds between 0 and 600")
    from .bots import bot_action  # Imported at the first bot move, not at start-up.
    action = bot_action(game, str(args.get("bot") or DEFAULT_BOT),
                        float(limit) if limit is not None else None)
    game.apply(action)
    player = args.get("player")
    return {"event": game.event(-1, player), "applied": game.actions[-1].text(),
            **_state(game, player, args.get("log_from", 0))}


def _undo(args: dict[str, Any]) -> dict[str, Any]:
    """Takes back the player's last action (and what followed it), if the engine allows it."""
    gid = args.get("game_id")
    game = _game(args)
    player = args.get("player")
    if not is_int(player) or not 0 <= player < game.settings.players:
        raise EngineError(f"undo needs the seat that takes back its move, not {excerpt(player)}")
    game = game.undo(player)
    _GAMES[str(gid)] = game
    return _state(game, player, args.get("log_from", 0))


def _record(args: dict[str, Any]) -> dict[str, Any]:
    gid = args.get("game_id")
    game = _game(args)
    return game.record(_META.get(str(gid)) or None)


def _share_link(args: dict[str, Any]) -> dict[str, Any]:
    """Links for the URL fragment: the same deal (settings + seats) or the whole game."""
    game = _game(args)
    meta = _META.get(str(args.get("game_id"))) or {}
    seats = meta.get("seats") or None
    return {"deal": deal_link(game, seats), "game": game_link(game, meta or None)}


def _open_link(args: dict[str, Any]) -> dict[str, Any]:
    """Decode a share link: ``{kind: "deal"|"game", record, actions}`` (the page then loads it)."""
    decoded = decode_link(args.get("link", ""))
    rec = decoded["record"]
    meta = rec.get("meta")
    return {"kind": decoded["kind"], "record": rec, "actions": len(rec["actions"]),
            "variant": rec.get("variant"), "players": rec.get("players"),
            "seats": meta.get("seats", []) if isinstance(meta, dict) else []}


def _drop(args: dict[str, Any]) -> bool:
    gid = args.get("game_id")
    _GAMES.pop(str(gid), None)
    _META.pop(str(gid), None)
    return True


_FUNCTIONS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "version": _version, "board": _board, "new_game": _new_game, "load": _load,
    "state": _get_state, "apply": _apply, "bot_move": _bot_move, "undo": _undo, "record": _record, "drop": _drop,
    "share_link": _share_link, "open_link": _open_link,
}


def call(name: str, args_json: str = "{}") -> str:
    """Run API function ``name`` with JSON arguments; returns ``{"ok": result}`` or ``{"error": {...}}``."""
    try:
        fn = _FUNCTIONS.get(name)
        if fn is None:
            raise EngineError(f"unknown API function {excerpt(name)}")
        args = load_json(args_json, "the API arguments", EngineError) if args_json else {}
        if not isinstance(args, dict):
            raise EngineError("API arguments must be a JSON object")
        return json.dumps({"ok": fn(args)}, separators=(",", ":"), ensure_ascii=False)
    except EngineError as exc:
        return json.dumps({"error": {"type": type(exc).__name__, "message": str(exc)}})
    except Exception as exc:  # A bug: still a message for the page, never a dead worker.
        return json.dumps({"error": {"type": "InternalError", "message": f"{type(exc).__name__}: {excerpt(str(exc))}"}})

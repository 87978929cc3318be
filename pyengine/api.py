"""The JSON boundary the browser calls (through Pyodide in a Web Worker).

Every call goes through :func:`call`, which takes a function name and a JSON string and returns a
JSON string (``{"ok": result}`` or ``{"error": {"type", "message", "code"?, "params"?}}``), so no Python objects leak
into JavaScript. Games live in this module's table, addressed by ``game_id``.

Functions (arguments are one JSON object):
  version {}                              -> {engine, record_version, variants, bots}
  board {variant}                         -> static map/cards data to draw
  new_game {variant, players, seed, start_player?, options?, setup?, seats?} -> {game_id, ...state}
                                          (setup: explicit deck orders, docs/engine.md)
  load {record, upto?, player?}           -> {game_id, ...state}   (record: object or JSON text;
                                             upto: replay only the first N actions)
  state {game_id, player, log_from?}      -> {view, legal, current, phase, over, ply, log_start, scores?, stats?}
                                          (view.log: the log as player sees it, from event
                                           log_start = min(log_from, its length) on; every call
                                           that answers a state takes log_from, default 0;
                                           scores and stats once the game is over)
  apply {game_id, action, player?, seat?} -> {event, applied, ...state for player}
                                          (seat: the seat that acts; refused unless it is to move,
                                           null included; applied: the action's text, for the
                                           record a page saves, also when the event hides it)
  bot_move {game_id, bot?, player?, max_seconds?} -> {event, applied, ...state for player}
                                          (bot: a name or level; max_seconds caps a search by the clock)
  hint {game_id, player, bot?, max_seconds?} -> {action, reason: {en, de}, value, ranked: [{action, value}]}
                                          (the bot's proposal for player, who must be to move,
                                           from that seat's view only)
  review_move {game_id, seat, from?, skip?, bot?, max_seconds?} -> {ply, plies, next, turn, own_turn, own_turns,
                                          played, played_reason, best, reason, cost, agree, weight}: the bot's opinion of seat's first decision
                                          at or after ply ``from``, ``skip`` of them passed over (next: where to go on; null: done;
                                          own_turn: which of the seat's own_turns of play it is, 0 for a setup choice;
                                          cost: points the played move lost, measured afresh, 0 when
                                          not clearly worse, null from a bot that does not measure)
  undo {game_id, player}                  -> state for player, after taking back player's last action
                                          (and what followed it); an error if hidden information was
                                          revealed since (Game.undo_point)
  route_needs {game_id, route, player}    -> {route, needs}: what player lacks to claim route (needs:
                                          {reason: "cards", more, cards} | {reason: "pieces", pieces,
                                          need, have} | null), for the route's tip
  record {game_id}                        -> the game record (settings + seed + actions + meta)
  share_link {game_id}                    -> {deal: "d1.…", game: "g1.…"}  (for the URL fragment)
  open_link {link}                        -> {kind: "deal"|"game", record, actions, variant, players, seats}
  drop {game_id}                          -> true
  warm_up {max_seconds?}                  -> {bots: n}: imports the bots and makes one capped search
                                          in a game of its own (stored nowhere), so that the first
                                          bot move after a page load is not slower than the others
  ponder {game_id, bots, likely?, max_seconds?} -> {more, answers}: on a person's setup turn, works
                                          about max_seconds (default 0.1) on the decisions the bots
                                          after them will face (bots: a bot name or null per seat;
                                          likely: the action the person has ticked so far, worked
                                          on first; bots/ponder.py); bot_move then plays a pondered
                                          answer (pondered: true) where it fits the position exactly,
                                          or finishes the half-done pondered search of that decision;
                                          ahead: leave the first N bots after the person to other
                                          engines (their moves guessed); skip: ids of decisions
                                          others work on; taken: ids the page's engine works on
                                          itself (dropped here if started); working: the id being
                                          worked on, or null
  ponder_answers {game_id}                -> {answers: [{id, ply, action}]}: the decisions worked out
                                          ahead, for another engine holding a copy of the game
  ponder_learn {game_id, answers}         -> {new, answers}: takes such answers (used only where the
                                          decision's id matches and the move is legal)
  ponder_id {game_id, bot?}               -> {id, ply, ready}: the id of the decision the bot faces now
                                          (ready: its answer is known here)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from . import __version__
from .advice import ReviewWalk, action_json, proposal
from .boundary import excerpt, is_int, load_json
from .errors import EngineError, IllegalActionError, RecordError
from .game import RECORD_VERSION, Game
from .games import get_variant, variant_names
from .links import deal_link, decode_link, game_link
from .record import parse_record, replay

if TYPE_CHECKING:
    from .bots.ponder import Ponder

_GAMES: dict[str, Game] = {}
_META: dict[str, dict[str, Any]] = {}
_PONDERS: dict[str, Ponder] = {}  # per game: the bots' decisions worked out ahead (``ponder``)
_counter = [0]
DEFAULT_BOT = "normal"


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
    game.check_seat(player)
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
        "legal": []
        if over or player != game.current_player
        else [action_json(game, a) for a in game.legal_actions()],
        "ply": len(game.actions),
        "can_undo": player is not None and game.can_undo(player),
    }
    if over:
        out["scores"] = game.scores()
        out["stats"] = game.stats()
    return out


def _version(args: dict[str, Any]) -> dict[str, Any]:
    del args  # Unused.
    from .bots import bot_names, bot_names_for  # Imported when needed: most of a start-up's import time.

    return {
        "engine": __version__,
        "record_version": RECORD_VERSION,
        "variants": [
            {
                "name": n,
                "title": get_variant(n).title,
                "min_players": get_variant(n).min_players,
                "max_players": get_variant(n).max_players,
                "options": get_variant(n).options_info(),
                "bots": bot_names_for(n),
            }
            for n in variant_names()
        ],
        "bots": bot_names(),
    }


def _board(args: dict[str, Any]) -> dict[str, Any]:
    return get_variant(args.get("variant", "usa")).board_view()


def _new_game(args: dict[str, Any]) -> dict[str, Any]:
    game = Game.new(
        args.get("variant", "usa"),
        players=args.get("players", 2),
        seed=args.get("seed", 0),
        start_player=args.get("start_player", 0),
        options=args.get("options") or {},
        setup=args.get("setup"),
    )
    meta = {"seats": args.get("seats", [])}
    gid = _store(game, meta)
    return {
        "game_id": gid,
        "players": game.settings.players,
        "meta": meta,
        **_state(game, args.get("player", 0), args.get("log_from", 0)),
    }


def _load(args: dict[str, Any]) -> dict[str, Any]:
    rec = args.get("record")
    if not isinstance(rec, (str, dict)):
        raise RecordError("give the record as a JSON object or its text", kind="not_railtrip")
    data = parse_record(rec)
    game = replay(data, args.get("upto"))
    meta = data.get("meta", {})
    gid = _store(game, meta if isinstance(meta, dict) else {})
    return {
        "game_id": gid,
        "players": game.settings.players,
        "meta": _META[gid],
        "variant": game.variant.name,
        **_state(game, args.get("player", 0), args.get("log_from", 0)),
    }


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
        game.check_seat(seat, spectator=False)
        if game.is_over:
            raise IllegalActionError("the game is over")
        if seat != game.current_player:
            raise IllegalActionError(f"it is not seat {seat}'s turn (seat {game.current_player} is to move)")
    game.apply(action)
    return {
        "event": game.event(-1, player),
        "applied": game.actions[-1].text(),
        **_state(game, player, args.get("log_from", 0)),
    }


def _bot_move(args: dict[str, Any]) -> dict[str, Any]:
    game = _game(args)
    if game.is_over:
        raise EngineError("the game is over")
    from .bots import bot_action  # Imported at the first bot move, not at start-up.

    name = str(args.get("bot") or DEFAULT_BOT)
    limit = _limit(args)
    ponder = _PONDERS.get(str(args.get("game_id")))
    for other in _PONDERS.values():
        if other is not ponder:
            other.cancel()  # the bots' searches keep per-decision state: one decision at a time
    # A pondered answer, else the pondered search of this very decision finished, else a search.
    action = None
    if ponder is not None:
        action = ponder.answer(game, name)
        if action is None:
            action = ponder.finish(game, name, limit)
    pondered = action is not None
    if action is None:
        action = bot_action(game, name, limit)
    game.apply(action)
    player = args.get("player")
    return {
        "event": game.event(-1, player),
        "applied": game.actions[-1].text(),
        "pondered": pondered,
        **_state(game, player, args.get("log_from", 0)),
    }


# The warm-up's search: a classic `hard` opening keep, capped by the clock (0.25 s: as warm as a
# whole keep, measured in the browser), in a deal of its own.
WARM_UP_SECONDS = 0.25
WARM_UP_SEED = 20261126


def _warm_up(args: dict[str, Any]) -> dict[str, Any]:
    """Get the first bot move after a page load up to speed (the worker calls this when idle).
    A browser compiles the interpreter's hot code on first use: without this, the first `hard`
    opening keep took 1.5 s in the browser against 0.9 s for the next ones; after a capped search
    it took as long as the others."""
    from .bots import bot_action

    limit = _limit(args)
    bots = preload()["bots"]
    game = Game.new("usa", players=2, seed=WARM_UP_SEED)
    bot_action(game, "hard", WARM_UP_SECONDS if limit is None else limit)
    return {"bots": bots}


def preload() -> dict[str, int]:
    """Import every bot, make every level and deal a game of every variant (its board and cards
    loaded): the build takes the browser's memory snapshot after this (tools/pyodide_prepare.mjs),
    so that a restored page's first game and first bot move import and load nothing (the bots'
    imports alone are ~0.3 s of CPython). Safe to call again: it then finds everything in place."""
    from .bots import bot_names_for

    bots = sum(len(bot_names_for(n)) for n in variant_names())  # imports and makes every level
    for name in variant_names():
        game = Game.new(name, players=2, seed=WARM_UP_SEED)
        game.legal_actions()
        game.view(0)
        game.variant.board_view()
    return {"bots": bots, "variants": len(variant_names())}


PONDER_SLICE_SECONDS = 0.1  # a ponder call's default work: a person's click waits at most about this


def _ponder(args: dict[str, Any]) -> dict[str, Any]:
    """Work ahead on the bots' decisions after a person's setup choice (``bots/ponder.py``)."""
    game = _game(args)
    bots = args.get("bots")
    players = game.settings.players
    if (
        not isinstance(bots, list)
        or len(bots) != players
        or not all(b is None or isinstance(b, str) for b in bots)
    ):
        raise EngineError(f"bots must list a bot name or null for each of the {players} seats")
    limit = _limit(args)
    likely = args.get("likely")
    if likely is not None and not isinstance(likely, str):
        raise EngineError("likely must be an action's text (the person's choice so far) or null")
    guess = next((a for a in game.legal_actions() if a.text() == likely), None) if likely else None
    ahead = args.get("ahead", 0)
    if not is_int(ahead) or not 0 <= ahead <= players:
        raise EngineError(f"ahead must be a whole number of bots from 0 to {players}")
    skip, taken = (_decision_ids(args, name) for name in ("skip", "taken"))
    ponder = _ponder_of(args)
    seats = {i: b for i, b in enumerate(bots) if b}
    more = ponder.step(
        game, seats, PONDER_SLICE_SECONDS if limit is None else limit, guess, ahead, skip, taken
    )
    return {"more": more, "answers": len(ponder.answers), "working": ponder.working}


MAX_PONDER_SKIP = 16  # decisions other engines work on: a few per helper


def _decision_ids(args: dict[str, Any], name: str) -> frozenset[str]:
    """``ponder``'s list ``name`` of decision ids (others' work), checked."""
    ids = args.get(name, [])
    if not isinstance(ids, list) or len(ids) > MAX_PONDER_SKIP or not all(isinstance(k, str) for k in ids):
        raise EngineError(f"{name} must list at most {MAX_PONDER_SKIP} decision ids")
    return frozenset(ids)


def _ponder_of(args: dict[str, Any]) -> Ponder:
    """The game's ponder (made at its first use; dropped with the game)."""
    from .bots.ponder import Ponder

    _game(args)
    return _PONDERS.setdefault(str(args.get("game_id")), Ponder())


def _ponder_answers(args: dict[str, Any]) -> dict[str, Any]:
    """The bots' decisions this engine has worked out ahead, for another engine (``ponder_learn``)."""
    return {"answers": _ponder_of(args).export()}


def _ponder_learn(args: dict[str, Any]) -> dict[str, Any]:
    """Take decisions another engine worked out ahead on a copy of this game (its
    ``ponder_answers``, or a bot's move made there with its ``ponder_id``)."""
    game = _game(args)
    ponder = _ponder_of(args)
    new = ponder.learn(game, args.get("answers"))
    return {"new": new, "answers": len(ponder.answers)}


def _ponder_id(args: dict[str, Any]) -> dict[str, Any]:
    """The id of the decision bot ``bot`` faces now (what ``ponder`` reports as ``working``)."""
    from .bots.ponder import decision_id

    game = _game(args)
    if game.is_over:
        raise EngineError("the game is over")
    key = decision_id(game, str(args.get("bot") or DEFAULT_BOT))
    return {"id": key, "ply": len(game.actions), "ready": key in _ponder_of(args).answers}


def _limit(args: dict[str, Any]) -> float | None:
    limit = args.get("max_seconds")
    if limit is not None and (
        isinstance(limit, bool) or not isinstance(limit, (int, float)) or not 0 <= limit <= 600
    ):
        raise EngineError("max_seconds must be a number of seconds between 0 and 600")
    return float(limit) if limit is not None else None


def _hint(args: dict[str, Any]) -> dict[str, Any]:
    """The bot's proposal for ``player`` (who must be to move), with a one-line reason."""
    game = _game(args)
    player = args.get("player")
    if game.is_over:
        raise EngineError("the game is over")
    if not is_int(player) or player != game.current_player:
        raise IllegalActionError(f"a hint is only for the seat to move (seat {game.current_player})")
    ranked, reason = proposal(game, str(args.get("bot") or "hard"), _limit(args), hint=True)
    return {
        "action": action_json(game, ranked[0][0]),
        "value": ranked[0][1],
        "reason": reason,
        "ranked": [{"action": a.text(), "value": v} for a, v in ranked[:5]],
    }


# Per finished game under review: its replay up to the review's cursor.
_REVIEWS: dict[str, ReviewWalk] = {}


def _review_move(args: dict[str, Any]) -> dict[str, Any]:
    """The bot's opinion of ``seat``'s next decision from ply ``from`` on, after passing over
    ``skip`` of them (one per call, so the worker stays free between calls and the page shows
    progress; engines sharing a review take every k-th): what was played, what the bot preferred,
    and the estimated cost (``advice.review_cost``)."""
    gid = str(args.get("game_id"))
    game = _game(args)
    seat, start, skip = args.get("seat"), args.get("from", 0), args.get("skip", 0)
    game.check_seat(seat, spectator=False)
    if not is_int(start) or start < 0 or not is_int(skip) or skip < 0:
        raise EngineError("from must be a ply number and skip a count of decisions (0 or more)")
    walk = _REVIEWS.get(gid)
    if walk is None or not walk.fits(game, start):
        walk = _REVIEWS[gid] = ReviewWalk(game)
    return walk.step(game, cast(int, seat), start, skip, str(args.get("bot") or "hard"), _limit(args))


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
    return {
        "kind": decoded["kind"],
        "record": rec,
        "actions": len(rec["actions"]),
        "variant": rec.get("variant"),
        "players": rec.get("players"),
        "seats": meta.get("seats", []) if isinstance(meta, dict) else [],
    }


def _route_needs(args: dict[str, Any]) -> dict[str, Any]:
    game = _game(args)
    route, player = args.get("route"), args.get("player")
    if not isinstance(route, str):
        raise EngineError("name the route as text")
    game.check_seat(player, spectator=False)
    return {"route": route, "needs": game.variant.route_needs(game.state, route, cast(int, player))}


def _drop(args: dict[str, Any]) -> bool:
    gid = args.get("game_id")
    _GAMES.pop(str(gid), None)
    _META.pop(str(gid), None)
    _REVIEWS.pop(str(gid), None)
    _PONDERS.pop(str(gid), None)
    return True


_FUNCTIONS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "version": _version,
    "board": _board,
    "new_game": _new_game,
    "load": _load,
    "state": _get_state,
    "apply": _apply,
    "bot_move": _bot_move,
    "undo": _undo,
    "hint": _hint,
    "review_move": _review_move,
    "record": _record,
    "drop": _drop,
    "route_needs": _route_needs,
    "share_link": _share_link,
    "open_link": _open_link,
    "warm_up": _warm_up,
    "ponder": _ponder,
    "ponder_answers": _ponder_answers,
    "ponder_learn": _ponder_learn,
    "ponder_id": _ponder_id,
}
# Calls that run a bot: a ponder's unfinished search is dropped first (the bots' searches keep
# per-decision state, so two decisions must not interleave on one bot). ``bot_move`` does this
# itself: it finishes its own game's search where it is the very decision to make.
_BOT_CALLS = frozenset({"hint", "review_move", "warm_up"})


def call(name: str, args_json: str = "{}") -> str:
    """Run API function ``name`` with JSON arguments; returns ``{"ok": result}`` or ``{"error": {...}}``."""
    try:
        fn = _FUNCTIONS.get(name)
        if fn is None:
            raise EngineError(f"unknown API function {excerpt(name)}")
        args = load_json(args_json, "the API arguments text", EngineError) if args_json else {}
        if not isinstance(args, dict):
            raise EngineError("API arguments must be a JSON object")
        if name in _BOT_CALLS:
            for ponder in _PONDERS.values():
                ponder.cancel()
        return json.dumps({"ok": fn(args)}, separators=(",", ":"), ensure_ascii=False)
    except EngineError as exc:
        return json.dumps({"error": exc.to_json()}, ensure_ascii=False)
    except Exception as exc:  # A bug: still a message for the page, never a dead worker.
        return json.dumps(
            {"error": {"type": "InternalError", "message": f"{type(exc).__name__}: {excerpt(str(exc))}"}}
        )

"""The log event contract (pyengine/events.py): each move is applied once and its event says what
the page shows (the card drawn blind for its drawer only, the slot taken, the tickets kept for
their owner, pieces after an exchange, the kind of a card-game set, where a turn ends); the API
sends the log incrementally."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pyengine import api
from pyengine.game import Game
from pyengine.rng import Rng


def random_game(variant: str, players: int, seed: int) -> Game:
    g = Game.new(variant, players=players, seed=seed)
    chooser = Rng(seed + 1)
    while not g.is_over:
        g.apply(chooser.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("variant", ["usa", "world", "cardgame"])
def test_every_game_tells_the_drawer_the_blind_card_and_nobody_else(variant: str) -> None:
    g = random_game(variant, 3, 5)
    hand_before: dict[str, int] = {}
    draws = [i for i, ev in enumerate(g.log) if ev["kind"] == "draw"]
    assert draws, "the random game drew no card blind"
    for i in draws:
        ev = g.log[i]
        drawer = ev["player"]
        # The card named is the one the drawer's hand gained: replay to just before and after.
        before = Game.new(variant, players=3, seed=5)
        for act in g.actions[:i]:
            before.apply(act)
        hand_before = before.view(drawer, log=False)["me"]["hand"]
        before.apply(g.actions[i])
        hand_after = before.view(drawer, log=False)["me"]["hand"]
        card = g.event(i, drawer)["private_card"]
        assert hand_after.get(card, 0) == hand_before.get(card, 0) + 1
        for other in [None, *(p for p in range(3) if p != drawer)]:
            assert "private_card" not in g.event(i, other)


@pytest.mark.parametrize("variant", ["usa", "world", "cardgame"])
def test_events_carry_slot_kept_tickets_and_turn_ends(variant: str) -> None:
    g = random_game(variant, 3, 11)
    for i, (act, ev) in enumerate(zip(g.actions, g.log)):
        if ev["kind"] == "take":
            assert ev["slot"] == act.slot  # type: ignore[attr-defined]
        if ev["kind"] == "keep":
            owner = ev["player"]
            assert g.event(i, owner)["private_tickets"] == list(act.tickets)  # type: ignore[attr-defined]
            assert "private_tickets" not in g.event(i, (owner + 1) % 3)
        # The turn ends unless the player still has to take a second card or keep tickets.
        after = Game.new(variant, players=3, seed=11)
        if i + 1 < len(g.actions) and ev["kind"] in ("draw", "take", "tickets"):
            for a in g.actions[: i + 1]:
                after.apply(a)
            assert ev["ends_turn"] == (after.phase not in ("second_card", "keep_tickets"))
            assert ev["ends_turn"] == (g.log[i + 1]["player"] != ev["player"])


@pytest.mark.parametrize(("variant", "each"), [("usa", 1), ("world", 2)])
@pytest.mark.parametrize("seed", [5, 6])
def test_the_turn_that_starts_the_final_round_says_so(variant: str, each: int, seed: int) -> None:
    """One event per game carries ``starts_final_round`` (the log writes "The final round begins"),
    the one after which the view first shows the final round: that player, and every other, then
    plays ``final_turns_each`` more turns (the board view's number, 2 in Rails & Sails)."""
    g = random_game(variant, 3, seed)
    assert g.variant.board_view()["final_turns_each"] == each
    starts = [i for i, ev in enumerate(g.log) if ev.get("starts_final_round")]
    assert len(starts) == 1, starts
    ply = starts[0]
    replayed = Game.new(variant, players=3, seed=seed)
    for action in g.actions[:ply]:
        replayed.apply(action)
    assert not replayed.view(0)["final_round"]
    replayed.apply(g.actions[ply])
    assert replayed.view(0)["final_round"] and replayed.view(0)["final_turns_left"] == each * 3
    trigger = g.log[ply]["player"]
    turns_after = {e["turn"] for e in g.log[ply + 1 :]}
    assert len(turns_after) == each * 3
    assert trigger in {e["player"] for e in g.log[ply + 1 :]}


def test_exchange_event_says_the_pieces_after_it_and_pieces_stay_secret() -> None:
    g = random_game("world", 3, 3)
    exchanges = [ev for ev in g.log if ev["kind"] == "exchange"]
    assert exchanges
    for ev in exchanges:
        delta = ev["count"] if ev["want"] == "trains" else -ev["count"]
        assert ev["pieces"]["trains"] - delta >= 0 and ev["pieces"]["ships"] + delta >= 0
    for i, ev in enumerate(g.log):
        if ev["kind"] == "pieces":
            mine = g.event(i, ev["player"])
            assert mine["private_pieces"]["trains"] + mine["private_pieces"]["ships"] == 60
            theirs = g.event(i, None)
            assert "private_pieces" not in theirs and "action" not in theirs


def test_card_game_play_events_classify_the_set() -> None:
    g = random_game("cardgame", 3, 2)
    plays = [ev for ev in g.log if ev["kind"] == "play"]
    assert {ev["set"] for ev in plays} == {"one_color", "three_colors"}
    for ev in plays:
        colors = [c for c in ev["cards"] if c != "loco"]
        if ev["set"] == "one_color":
            assert colors == [ev["color"]]
        else:
            assert len(colors) == 3 and "color" not in ev


def _call(name: str, **args: Any) -> dict[str, Any]:
    out = json.loads(api.call(name, json.dumps(args)))
    assert "ok" in out, out
    result: dict[str, Any] = out["ok"]
    return result


def test_api_sends_only_the_events_the_page_lacks_and_the_applied_text() -> None:
    res = _call("new_game", variant="usa", players=2, seed=4, player=0)
    gid = res["game_id"]
    log = list(res["view"]["log"])
    texts: list[str] = []
    for _ in range(12):
        res = _call("bot_move", game_id=gid, bot="random", player=0, log_from=len(log))
        assert res["log_start"] == len(log) and len(res["view"]["log"]) == 1
        log += res["view"]["log"]
        texts.append(res["applied"])
    full = _call("state", game_id=gid, player=0)
    assert full["log_start"] == 0 and full["view"]["log"] == log
    assert _call("record", game_id=gid)["actions"] == texts
    # Asking from beyond the end (a page after an undo) gets the log's end, not an error.
    assert _call("state", game_id=gid, player=0, log_from=999)["log_start"] == len(log)
    bad = json.loads(api.call("state", json.dumps({"game_id": gid, "player": 0, "log_from": -1})))
    assert bad["error"]["type"] == "EngineError"


@pytest.mark.parametrize(
    "variant,kind,fields", [("world", "exchange", ("pieces_after",)), ("cardgame", "play", ("set", "color"))]
)
def test_legal_action_details_say_what_the_event_will(
    variant: str, kind: str, fields: tuple[str, ...]
) -> None:
    """The page shows an exchange's pieces and a play's kind before it is chosen, from the
    engine's details of the legal action; applying it then does exactly that."""
    g = Game.new(variant, players=3, seed=6)
    chooser = Rng(6)
    checked = 0
    while not g.is_over and checked < 20:
        for a in g.legal_actions():
            if a.keyword != kind:
                continue
            details = g.variant.action_details(g.state, a)
            trial = g.clone()
            trial.apply(a)
            ev = trial.log[-1]
            if kind == "exchange":
                assert details["pieces_after"] == ev["pieces"]
            else:
                assert {f: details.get(f) for f in fields} == {f: ev.get(f) for f in fields}
            checked += 1
        g.apply(chooser.choice(g.legal_actions()))
    assert checked >= 5


@pytest.mark.parametrize("variant", ["usa", "world", "cardgame"])
def test_views_copy_the_log_once_per_seat_and_never_hand_out_the_games_events(variant: str) -> None:
    """A bot reads the log every turn: each seat's copy grows by the new events only, views of the
    same seat share it (read-only), and no edit of a view reaches the game or another seat."""
    g = Game.new(variant, players=3, seed=11)
    chooser = Rng(12)
    while len(g.log) < 30:
        g.apply(chooser.choice(g.legal_actions()))
    seen = g.view(0)["log"]
    for _ in range(10):
        g.apply(chooser.choice(g.legal_actions()))
    again = g.view(0)["log"]
    assert len(again) == len(g.log) == len(seen) + 10
    assert all(a is b for a, b in zip(seen, again, strict=False))  # copied once, not per view
    assert again[5:] == g.view(0, log_from=5)["log"]
    for i, ev in enumerate(again):
        assert ev == g.event(i, 0) and ev is not g.log[i]
    # Editing a view changes neither the game nor another seat's log.
    before = json.dumps(g.log)
    again[0]["kind"] = "edited"
    again.clear()
    assert json.dumps(g.log) == before and len(g.view(0)["log"]) == len(g.log)
    for seat in (1, 2, None):
        assert g.view(seat)["log"] == [g.event(i, seat) for i in range(len(g.log))]

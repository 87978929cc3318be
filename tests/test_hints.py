"""The Hint button's proposal and reason (api ``hint``, mechanics/hints.py) and the end-of-game
review (api ``review_move``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import usa_game

from pyengine import advice, api
from pyengine.actions import ClaimRoute
from pyengine.bots import bot_action, bot_comparison, bot_ranking
from pyengine.game import Game
from pyengine.mechanics.hints import hint_reason


def _call(name: str, **args: Any) -> Any:
    out = json.loads(api.call(name, json.dumps(args)))
    if "error" in out:
        raise AssertionError(out["error"])
    return out["ok"]


def _error(name: str, **args: Any) -> str:
    out = json.loads(api.call(name, json.dumps(args)))
    assert "error" in out, out
    return str(out["error"]["message"])


@pytest.mark.parametrize("variant", ["usa", "world", "cardgame"])
def test_hint_is_a_legal_move_of_the_seat_with_a_reason_in_both_languages(variant: str) -> None:
    gid = _call("new_game", variant=variant, seed=9)["game_id"]
    for _ in range(14):
        state = _call("bot_move", game_id=gid, bot="normal")
    seat = state["current"]
    legal = [a["text"] for a in _call("state", game_id=gid, player=seat)["legal"]]
    hint = _call("hint", game_id=gid, player=seat, bot="normal")
    assert hint["action"]["text"] in legal
    assert hint["reason"]["en"] and hint["reason"]["de"] and hint["reason"]["en"] != hint["reason"]["de"]
    assert "only for the seat to move" in _error("hint", game_id=gid, player=1 - seat)


@pytest.mark.parametrize("variant", ["usa", "world"])
def test_claim_reason_says_completes_exactly_when_the_engine_completes_a_ticket(variant: str) -> None:
    """Cross-check against the engine: apply each legal claim and compare the seat's ticket status."""

    def done(view: dict[str, Any]) -> set[str]:
        return {
            tk["id"]
            for tk in view["me"]["tickets"]
            if tk.get("completed") or tk.get("status") in ("completed", "connected")
        }

    board = Game.new(variant, players=2, seed=1).variant.board_view()
    seen = {True: 0, False: 0}
    for seed in (1, 2):
        game = Game.new(variant, players=2, seed=seed)
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat, log=False)
            claims = [a for a in game.legal_actions() if isinstance(a, ClaimRoute)]
            for a in claims[:: max(1, len(claims) // 6)]:  # a few claims per position keep it quick
                if not view["me"]["offered"]:
                    after = game.clone().apply(a).view(seat, log=False)
                    completes = bool(done(after) - done(view))
                    assert ("completes" in hint_reason(a.to_json(), view, board)["en"]) == completes
                    seen[completes] += 1
            game.apply(bot_action(game, "normal"))
    assert seen[True] > 0 and seen[False] > 0


def test_claim_reason_tells_how_the_claim_lengthens_the_longest_path() -> None:
    """Classic: the reason names the seat's longest path before and after the claim exactly when
    the engine's scoring says the claim lengthens a path the seat already has; Rails & Sails
    scores no longest path."""
    board = Game.new("usa", players=2, seed=3).variant.board_view()
    game = Game.new("usa", players=2, seed=3)
    seen = {True: 0, False: 0}
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat, log=False)
        was = game.scores()[seat]["longest_path"]
        claims = [a for a in game.legal_actions() if isinstance(a, ClaimRoute)]
        for a in claims[:: max(1, len(claims) // 6)]:
            now = game.clone().apply(a).scores()[seat]["longest_path"]
            en = hint_reason(a.to_json(), view, board)["en"]
            assert (f"longest path {was} → {now}" in en) == (now > was > 0), en
            assert ("longest path" in en) == (now > was > 0), en
            seen[now > was > 0] += 1
        game.apply(bot_action(game, "normal"))
    assert seen[True] > 0 and seen[False] > 0
    world = Game.new("world", players=2, seed=3)
    while not any(isinstance(a, ClaimRoute) for a in world.legal_actions()):
        world.apply(bot_action(world, "normal"))
    claim = next(a for a in world.legal_actions() if isinstance(a, ClaimRoute))
    reason = hint_reason(
        claim.to_json(), world.view(world.current_player, log=False), world.variant.board_view()
    )
    assert "longest" not in reason["en"] and "längste" not in reason["de"]


def _claim_reason(game: Game, route: str) -> str:
    """The Hint's English line for claiming ``route`` (its first legal payment) in ``game``."""
    claim = next(a for a in game.legal_actions() if a.text().startswith(f"claim {route} "))
    view = game.view(game.current_player, log=False)
    return hint_reason(claim.to_json(), view, game.variant.board_view(), hint=True)["en"]


def test_a_claim_for_no_ticket_says_why_it_may_still_pay() -> None:
    """A claim is "towards" a ticket when it lies on a nearly cheapest way between the ticket's
    cities, even before it touches them (Portland – San Francisco on Seattle – Los Angeles); one
    off every way says what else it is worth: a long route's points a train, every ticket already
    completed, the last round's points. A short route for nothing gets no made-up reason."""
    cards = {"hands": [["purple"] * 6 + ["white"] * 2, ["green"] * 6], "tickets": [["SEA-LA"], ["DEN-ELP"]]}
    game = usa_game(**cards)
    assert _claim_reason(game, "POR-SF-2").endswith(": towards ticket Seattle – Los Angeles")
    assert _claim_reason(game, "LA-SF-1").endswith(": towards ticket Seattle – Los Angeles")
    assert _claim_reason(game, "DUL-TOR").endswith(": long routes score the most points per train")
    assert _claim_reason(game, "ATL-CHS") == "Claim Atlanta – Charleston (2 trains, 2 points)"
    # The way goes around the others' routes: with Portland – San Francisco taken (its twin closed
    # at two players) Seattle reaches Los Angeles through Salt Lake City and Las Vegas, not San
    # Francisco, though Los Angeles – San Francisco still touches the ticket.
    theirs = usa_game(**cards, routes={"POR-SF-1": 1})
    assert ":" not in _claim_reason(theirs, "LA-SF-1")
    done = usa_game(**cards, routes={"POR-SEA-1": 0, "POR-SF-1": 0, "LA-SF-1": 0})
    assert _claim_reason(done, "ATL-CHS").endswith(": your tickets are all completed")
    last = usa_game(**cards, trains=[3, 45])
    last.apply("claim POR-SEA-1 1white")
    assert last.view(1, log=False)["final_round"]
    assert _claim_reason(last, "ATL-CHS").endswith(": scores before the game ends")


def test_a_ticket_keep_says_how_many_trains_its_tickets_take() -> None:
    """Seattle – Los Angeles takes 9 trains at the least (Portland 1, San Francisco 5, Los
    Angeles 3); Helena – Los Angeles, kept beside it, 6 more (Helena – Seattle: the way on to Los
    Angeles is planned; alone it takes 8, through Salt Lake City and Las Vegas). The Hint says so
    beside the seat's trains; the review's own moves say only what was kept."""
    for held, keep, words in (
        ([], ["SEA-LA"], ("about 9 of your 45 trains", "etwa 9 deiner 45 Waggons")),
        (["SEA-LA"], ["HEL-LA"], ("about 6 more of your 45 trains", "etwa 6 weitere deiner 45 Waggons")),
        ([], ["HEL-LA"], ("about 8 of your 45 trains", "etwa 8 deiner 45 Waggons")),
    ):
        game = usa_game(tickets=[held, ["DEN-ELP"]], ticket_deck=[*keep, "BOS-MIA", "WIN-LR"])
        game.apply("tickets")
        keep_action = next(a for a in game.legal_actions() if a.keyword == "keep" and list(a.tickets) == keep)
        view, board = game.view(0, log=False), game.variant.board_view()
        reason = hint_reason(keep_action.to_json(), view, board, hint=True)
        assert reason["en"].endswith(f": {words[0]}") and reason["de"].endswith(f": {words[1]}"), reason
        assert ":" not in hint_reason(keep_action.to_json(), view, board, advice=False)["en"]


def test_a_piece_mix_says_what_the_tickets_take() -> None:
    """Rails & Sails: Marseille – Cairo goes by sea at the least (Marseille – Athina 2 ships,
    Athina – Cairo 1): the Hint for the secret piece mix says so, in the words of the pieces."""
    game = Game.new(
        "world", players=2, seed=0, setup={"tickets": [["MRS-CAI"], ["BUE-SYD"]], "hands": [[], []]}
    )
    mix = next(a for a in game.legal_actions() if a.text() == "pieces 20 40")
    view, board = game.view(0, log=False), game.variant.board_view()
    assert hint_reason(mix.to_json(), view, board, hint=True) == {
        "en": "Choose 20 trains and 40 ships: your tickets take about 3 ships",
        "de": "Wähle 20 Züge und 40 Schiffe: deine Aufträge brauchen etwa 3 Schiffe",
    }
    assert (
        hint_reason(mix.to_json(), view, board)["en"]
        == "chooses 20 trains and 40 ships: your tickets take about 3 ships"
    )
    assert ":" not in hint_reason(mix.to_json(), view, board, advice=False)["en"]


def test_review_walks_the_seats_decisions_and_reports_what_the_bot_preferred() -> None:
    game = Game.new("usa", players=2, seed=12)
    while not game.is_over:
        game.apply(bot_action(game, "easy"))
    gid = _call("load", record=game.record())["game_id"]
    start: int | None = 0
    steps = []
    while start is not None:
        step = _call("review_move", game_id=gid, seat=1, bot="normal", **{"from": start})
        start = step["next"]
        steps.append(step)
    assert steps[-1]["next"] is None and steps[-1]["ply"] == len(game.actions)
    reviewed = steps[:-1]
    assert len(reviewed) >= 20
    for s in reviewed:
        assert game.log[s["ply"]]["player"] == 1
        assert s["played"]["text"] == game.actions[s["ply"]].text()
        same_card = (
            s["best"]["kind"] == s["played"]["kind"] == "take" and s["best"]["card"] == s["played"]["card"]
        )
        assert s["agree"] == (s["best"]["text"] == s["played"]["text"] or same_card)
        assert (s["cost"] == 0.0) if s["agree"] else s["cost"] is None  # the default ranking gives no margin
    assert any(not s["agree"] for s in reviewed) and any(s["agree"] for s in reviewed)
    # Each decision is named by the seat's own turns of play ("your turn 23 of 51"): the setup's
    # keep is none of them, the moves of one turn (a second card, a keep after a draw) share one.
    turns_of_seat = [e["turn"] for e in game.log if e["player"] == 1 and not e.get("setup")]
    total = len(set(turns_of_seat))
    assert reviewed[0]["played"]["kind"] == "keep" and reviewed[0]["own_turn"] == 0
    assert all(s["own_turns"] == total for s in reviewed[1:])
    for s in reviewed[1:]:
        assert s["own_turn"] == sorted(set(turns_of_seat)).index(s["turn"]) + 1
    assert reviewed[1]["own_turn"] == 1 and reviewed[-1]["own_turn"] == total
    # Going back to an earlier ply replays from the start: same answer.
    again = _call("review_move", game_id=gid, seat=1, bot="normal", **{"from": reviewed[2]["ply"]})
    assert again == reviewed[2]


def test_engines_sharing_a_review_take_every_kth_decision_and_give_the_same_steps() -> None:
    """The page hands every k-th decision to each of k engines (``skip``); together they give the
    serial review's steps, measured the same way (the card game's `hard` measures a cost)."""
    game = Game.new("cardgame", players=2, seed=4)
    while not game.is_over:
        game.apply(bot_action(game, "easy"))
    record = game.record()

    def walk(offset: int, every: int) -> list[dict]:
        gid = _call("load", record=record)["game_id"]
        steps, start, skip = [], 0, offset
        while (step := _call("review_move", game_id=gid, seat=0, skip=skip, **{"from": start}))["next"]:
            steps.append(step)
            start, skip = step["next"], every - 1
        return steps

    serial = walk(0, 1)
    assert len(serial) >= 10 and any(s["cost"] for s in serial)
    # The start player's first turn is its turn 1 too (the setup keep shares the engine's turn 0).
    turns = [s["own_turn"] for s in serial]
    assert turns[:2] == [0, 1] and turns == sorted(turns) and turns[-1] == serial[-1]["own_turns"]
    shared = walk(0, 2) + walk(1, 2)
    assert sorted(shared, key=lambda s: s["ply"]) == serial
    assert [s["ply"] for s in walk(2, 3)] == [s["ply"] for s in serial[2::3]]
    with pytest.raises(AssertionError, match="skip a count of decisions"):
        _call("review_move", game_id=_call("load", record=record)["game_id"], seat=0, skip=-1)


def test_a_claim_names_its_cards_where_the_route_could_be_paid_another_way() -> None:
    """Portland – Seattle (1, gray) for Seattle – Los Angeles: with a white card and a locomotive in
    hand the hint says which card to pay with; with the white card alone there is no choice to
    speak of. A person who pays with the locomotive reads two different moves in the review, and
    that disagreement weighs as a card choice, not as another route."""
    choice = usa_game(hands=[["white", "loco"], ["red"]], tickets=[["SEA-LA"], ["DEN-ELP"]])
    gid = _call("load", record=choice.record())["game_id"]
    hint = _call("hint", game_id=gid, player=0, bot="normal")
    assert hint["action"]["text"] == "claim POR-SEA-1 1white"
    assert hint["reason"] == {
        "en": "Claim Portland – Seattle (1 train, 1 point) with 1 × white: towards ticket Seattle – Los Angeles",
        "de": "Bau Portland – Seattle (1 Waggon, 1 Punkt) mit 1 × Weiß: für den Auftrag Seattle – Los Angeles",
    }
    only = usa_game(hands=[["white"], ["red"]], tickets=[["SEA-LA"], ["DEN-ELP"]])
    hint = _call("hint", game_id=_call("load", record=only.record())["game_id"], player=0, bot="normal")
    assert hint["action"]["text"] == "claim POR-SEA-1 1white"
    assert (
        hint["reason"]["en"]
        == "Claim Portland – Seattle (1 train, 1 point): towards ticket Seattle – Los Angeles"
    )

    for text in ["claim POR-SEA-1 1loco", "draw", "draw"]:
        choice.apply(text)
    gid = _call("load", record=choice.record())["game_id"]
    step = _call("review_move", game_id=gid, seat=0, bot="normal", **{"from": 0})
    assert step["best"]["text"] == "claim POR-SEA-1 1white" and not step["agree"]
    assert step["played_reason"]["en"].startswith(
        "claims Portland – Seattle (1 train, 1 point) with 1 × locomotive:"
    )
    assert step["reason"]["en"].startswith("claims Portland – Seattle (1 train, 1 point) with 1 × white:")
    assert step["weight"] == 2  # a route choice against a draw weighs 4, against another route 6


def test_the_review_says_what_a_blind_draw_does_not_why_the_bot_would_draw() -> None:
    """'no face-up card helps more' is the bot's ground for proposing a blind draw; the person's
    own blind draw in the review only says what it did (the bot may have preferred a face-up card)."""
    game = usa_game(hands=[["white", "loco"], ["red"]], tickets=[["SEA-LA"], ["DEN-ELP"]])
    for text in ["draw", "draw"]:
        game.apply(text)
    gid = _call("load", record=game.record())["game_id"]
    step = _call("review_move", game_id=gid, seat=0, bot="normal", **{"from": 0})
    assert step["played"]["text"] == "draw" and not step["agree"]
    assert step["played_reason"] == {"en": "draws a card from the deck", "de": "zieht eine Karte vom Stapel"}
    advice = hint_reason({"kind": "draw", "text": "draw"}, game.view(0, log=False), game.variant.board_view())
    assert advice["en"] == "draws a card from the deck: no face-up card helps more"


def test_cards_are_named_as_the_pages_log_names_them() -> None:
    """A payment reads as in the game log ("2 × green + 1 × locomotive", "2 × Grün + 1 ×
    Lokomotive"); a Rails & Sails card as "green double ship" / "Doppelschiff (Grün)"."""
    world = Game.new("world", players=2, seed=4)
    take = hint_reason(
        {"kind": "take", "card": "green-double"}, world.view(0, log=False), world.variant.board_view()
    )
    assert take["en"].startswith("takes the face-up green double ship card: then you hold ")
    assert take["de"].startswith("nimmt die offene Karte Doppelschiff (Grün): danach hast du ")
    harbor = hint_reason(
        {"kind": "take", "card": "red-train-h"}, world.view(0, log=False), world.variant.board_view()
    )
    assert harbor["de"].startswith("nimmt die offene Karte Zug mit Anker (Rot): ")
    assert harbor["en"].startswith("takes the face-up red train with anchor card: ")  # as the rules page says
    cards = Game.new("cardgame", players=2, seed=4)
    play = hint_reason(
        {"kind": "play", "cards": {"green": 2, "loco": 1}},
        {"me": {"tickets": []}},
        cards.variant.board_view(),
    )
    assert play == {
        "en": "plays 2 × green + 1 × locomotive to your rail yard",
        "de": "spielt 2 × Grün + 1 × Lokomotive in deinen Bahnhof",
    }


def test_the_review_measures_each_disagreement_afresh() -> None:
    """A review's cost is the bot's measure of its move against the played one on fresh worlds,
    not its ranking's margins (they overstate the winner's lead, the best of several noisy
    estimates on the same worlds, and left a move outside the few candidates without a cost): a
    number for every move the bot disagrees with, 0 unless the played move is clearly worse."""
    game = Game.new("usa", players=2, seed=12)
    while not game.is_over:
        game.apply(bot_action(game, "easy"))
    gid = _call("load", record=game.record())["game_id"]
    start: int | None = 0
    differ: list[dict[str, Any]] = []
    while start is not None and len(differ) < 6:
        step = _call("review_move", game_id=gid, seat=1, bot="hard", **{"from": start})
        start = step["next"]
        if start is not None and not step["agree"]:
            differ.append(step)
    assert len(differ) == 6
    unranked = 0
    for step in differ:
        at = Game(game.variant, game.settings, game.variant.new_state(game.settings))
        for action in game.actions[: step["ply"]]:
            at.apply(action)
        best, played = at.parse(step["best"]["text"]), at.parse(step["played"]["text"])
        comp = bot_comparison(at, "hard", (best, played), advice.REVIEW_WORLDS)
        assert comp is not None and comp.worlds == advice.REVIEW_WORLDS
        clear = comp.gain >= 0.5 and comp.gain > advice.REVIEW_Z * comp.se
        assert step["cost"] == (round(comp.gain, 1) if clear else 0.0)
        unranked += all(a != played for a, _ in bot_ranking(at, "hard"))
    assert unranked >= 1  # a move the ranking never valued is measured too (its cost was null)
    assert any(step["cost"] > 0 for step in differ)


# Each move's verb: the Hint tells the player what to do ("Take …", "Nimm …"); the review says
# what a move does, after "Your move" / "Dein Zug" ("takes …", "nimmt …").
HINT_VERBS = {
    "take": ("Take the face-up ", "Nimm die offene Karte ", "takes the face-up ", "nimmt die offene Karte "),
    "claim": ("Claim ", "Bau ", "claims ", "baut "),
    "draw": ("Draw a card from ", "Zieh eine Karte vom ", "draws a card from ", "zieht eine Karte vom "),
    "tickets": ("Draw new tickets", "Zieh neue Aufträge", "draws new tickets", "zieht neue Aufträge"),
    "keep": ("Keep ", "Behalte ", "keeps ", "behält "),
    "harbor": ("Build a harbor in ", "Bau einen Hafen in ", "builds a harbor in ", "baut einen Hafen in "),
    "pieces": ("Choose ", "Wähle ", "chooses ", "wählt "),
    "exchange": ("Exchange ", "Tausche ", "exchanges ", "tauscht "),
    "play": ("Play ", "Spiele ", "plays ", "spielt "),
}


def test_every_hint_kind_tells_the_player_what_to_do_in_both_languages() -> None:
    """The Hint's line is an instruction in the log's words ("Take the face-up orange card: then
    you hold 3 × orange", "Nimm die offene Karte Orange: danach hast du 3 × Orange"), where it
    said "takes the face-up orange card (3 in hand then)" / "nimmt die offene Karte Orange, dann 3
    davon auf der Hand"; the review's line says what the move does, to follow "Your move". Every
    kind of move of every game, one line each, the German without English words ("gegen trains")."""
    seen: set[tuple[str, str]] = set()
    for variant in ("usa", "world", "cardgame"):
        game = Game.new(variant, players=2, seed=3)
        board = game.variant.board_view()
        for _ in range(60):
            view = game.view(game.current_player, log=False)
            for action in game.legal_actions():
                j = action.to_json()
                if j["kind"] not in HINT_VERBS or (variant, j["kind"]) in seen:
                    continue
                seen.add((variant, j["kind"]))
                en_hint, de_hint, en_did, de_did = HINT_VERBS[j["kind"]]
                hint = hint_reason(j, view, board, hint=True)
                did = hint_reason(j, view, board)
                assert hint["en"].startswith(en_hint) and hint["de"].startswith(de_hint), hint
                assert did["en"].startswith(en_did) and did["de"].startswith(de_did), did
                for line in (*hint.values(), *did.values()):
                    assert "\n" not in line and "davon" not in line and "in hand then" not in line, line
                for word in ("trains", "ships", "ticket", "card", "point"):
                    assert word not in hint["de"] and word not in did["de"], did["de"]
            game.apply(bot_action(game, "easy"))
    assert {kind for _, kind in seen} == set(HINT_VERBS)
    # A card taken face up says how many of it the player then holds.
    game = usa_game(hands=[["orange", "orange", "red"], ["red"]], tickets=[["SEA-LA"], ["DEN-ELP"]])
    view, board = game.view(0, log=False), game.variant.board_view()
    take = {"kind": "take", "slot": 0, "card": "orange", "text": "take 0 orange"}
    assert hint_reason(take, view, board, hint=True) == {
        "en": "Take the face-up orange card: then you hold 3 × orange",
        "de": "Nimm die offene Karte Orange: danach hast du 3 × Orange",
    }
    tickets = {"kind": "tickets", "text": "tickets"}
    assert hint_reason(tickets, view, board, hint=True) == {
        "en": "Draw new tickets: you have completed 0 of 1 ticket",
        "de": "Zieh neue Aufträge: du hast 0 von 1 Auftrag erfüllt",
    }
    # A keep names its tickets, or says "all" when it keeps every one of three or more offered
    # (the card game offers six at the start: their names took seven lines of a phone).
    cards = Game.new("cardgame", players=2, seed=3)
    view, board = cards.view(0, log=False), cards.variant.board_view()
    offered = view["me"]["offered"]
    points = sum(tk["points"] for tk in offered)
    keep_all = {"kind": "keep", "tickets": [tk["id"] for tk in offered], "text": "keep"}
    assert len(offered) > 2 and hint_reason(keep_all, view, board, hint=True) == {
        "en": f"Keep all {len(offered)} tickets ({points} points)",
        "de": f"Behalte alle {len(offered)} Aufträge ({points} Punkte)",
    }
    keep_one = {**keep_all, "tickets": [offered[0]["id"]]}
    assert hint_reason(keep_one, view, board, hint=True)["en"].startswith("Keep ticket ")
    # The card game completes tickets only when a half is scored: its ticket draw counts the
    # tickets held ("you have completed 0 of 2" was true of every turn of a half).
    game = Game.new("cardgame", players=2, seed=3)
    while game.view(0, log=False)["phase"] != "main" or game.current_player != 0:
        game.apply(bot_action(game, "easy"))
    view = game.view(0, log=False)
    held = len(view["me"]["tickets"])
    assert held >= 2
    assert hint_reason(tickets, view, game.variant.board_view(), hint=True) == {
        "en": f"Draw new tickets: you hold {held} tickets",
        "de": f"Zieh neue Aufträge: du hast {held} Aufträge",
    }
    # The api: the Hint addresses the player, the review says what the moves do.
    gid = _call("load", record=game.record())["game_id"]
    assert _call("hint", game_id=gid, player=0, bot="normal")["reason"]["en"][0].isupper()


def test_a_harbor_says_what_it_scores_and_which_cards_pay_for_it() -> None:
    """A harbor's line says why it is worth building (Rails & Sails scores it 20 / 30 / 40 points by
    its owner's completed tickets naming the city; an unbuilt one costs 4) and, where the harbor
    could be paid another way, which cards pay for it; it said only "Build a harbor in Mumbai"."""
    board = Game.new("world", players=2, seed=0).variant.board_view()
    mumbai = next(r["id"] for r in board["routes"] if "MUM" in (r["a"], r["b"]) and "BKK" in (r["a"], r["b"]))
    game = Game.new(
        "world",
        players=2,
        seed=0,
        setup={
            "hands": [["red-train-h"] * 3 + ["red-ship"] * 2 + ["joker"], []],
            "tickets": [["MEX-MUM", "THR-LHE-MUM-BKK"], ["JKT-SYD"]],
            "pieces": [[20, 40], [20, 40]],
            "routes": {mumbai: 0},
        },
    )
    harbors = [a for a in game.legal_actions() if a.to_json()["kind"] == "harbor"]
    exact = next(a for a in harbors if a.text() == "harbor MUM 2red-train-h 2red-ship")
    assert advice.move_reason(game, exact, hint=True) == {
        "en": "Build a harbor in Mumbai with 2 × red train with anchor + 2 × red ship: "
        "Mumbai is on 2 of your tickets, 30 points once they are completed",
        "de": "Bau einen Hafen in Mumbai mit 2 × Zug mit Anker (Rot) + 2 × Schiff (Rot): "
        "Mumbai liegt auf 2 deiner Aufträge, 30 Punkte, sobald sie erfüllt sind",
    }
    # Bangkok is on one ticket; a harbor on none is worth the 4 points an unbuilt one costs.
    bangkok = next(a for a in harbors if a.text() == "harbor BKK 2red-train-h 2red-ship")
    assert advice.move_reason(game, bangkok, hint=True)["en"].endswith(
        ": Bangkok is on 1 of your tickets, 20 points once it is completed"
    )
    view = game.view(0, log=False)
    view["me"]["tickets"] = [
        dict(tk, completed=True) for tk in view["me"]["tickets"] if tk["id"] == "MEX-MUM"
    ]
    done = hint_reason(exact.to_json(), view, board, hint=True)
    assert done["en"] == "Build a harbor in Mumbai: Mumbai is on 1 of your completed tickets, 20 points"
    assert (
        done["de"] == "Bau einen Hafen in Mumbai: Mumbai liegt auf einem deiner erfüllten Aufträge, 20 Punkte"
    )
    view["me"]["tickets"] = []
    assert hint_reason(exact.to_json(), view, board) == {
        "en": "builds a harbor in Mumbai: a harbor left unbuilt costs 4 points",
        "de": "baut einen Hafen in Mumbai: ein nicht gebauter Hafen kostet 4 Punkte",
    }
    # The review's line for a harbor that was played says only what it does.
    assert hint_reason(exact.to_json(), view, board, advice=False)["en"] == "builds a harbor in Mumbai"

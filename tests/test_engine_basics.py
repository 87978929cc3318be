"""Actions, errors, records, views, the JSON API and the CLI."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pyengine import api
from pyengine.actions import ClaimRoute, DrawCard, KeepTickets, Pass, TakeCard
from pyengine.cli import main
from pyengine.errors import IllegalActionError, InvalidActionError, RecordError, UnknownVariantError
from pyengine.game import Game
from pyengine.games import variant_names
from pyengine.notation import parse_action
from pyengine.record import replay
from pyengine.rng import Rng, seed_to_int


def test_rng_is_our_own_and_stable() -> None:
    rng = Rng(12345)
    assert [rng.randbelow(1000) for _ in range(5)] == [rng2 for rng2 in _first5()]
    assert seed_to_int("abc") == seed_to_int("abc") != seed_to_int("abd")
    items = list(range(20))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))


def _first5() -> list[int]:
    rng = Rng(12345)
    return [rng.randbelow(1000) for _ in range(5)]


@pytest.mark.parametrize(
    "text",
    [
        "draw",
        "draw ship",
        "take 2 red",
        "take 0 red ship",
        "claim DEN-KC-1 3black 1loco",
        "claim X 4loco",
        "tickets",
        "keep BOS-MIA DEN-ELP",
        "keep",
        "pass",
    ],
)
def test_action_text_round_trips(text: str) -> None:
    assert parse_action(text).text() == text
    assert parse_action(parse_action(text).text()) == parse_action(text)


def test_action_values() -> None:
    assert parse_action("take 3 blue") == TakeCard(3, "blue")
    assert parse_action("draw") == DrawCard()
    assert parse_action("claim A-B 2red") == ClaimRoute("A-B", (("red", 2),))
    assert parse_action("keep A B") == KeepTickets(("A", "B"))
    assert parse_action("pass") == Pass()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("fly home", "unknown action 'fly'"),
        ("take red", "slot number"),
        ("claim DEN-KC-1", "payment"),
        ("claim DEN-KC-1 black", "count, then card"),
        ("claim DEN-KC-1 0red", "zero"),
        ("tickets 3", "no arguments"),
    ],
)
def test_bad_action_texts_are_explained(text: str, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        parse_action(text)


def test_illegal_action_has_a_reason_and_changes_nothing() -> None:
    g = Game.new("usa", players=2, seed=3)
    before = g.state.snapshot()
    with pytest.raises(IllegalActionError, match="choose which tickets to keep"):
        g.apply("draw")
    assert g.state.snapshot() == before and g.actions == []


def test_unknown_variant_and_bad_settings() -> None:
    with pytest.raises(UnknownVariantError, match="known variants"):
        Game.new("monopoly")
    for bad in (1, 6, "2", None):
        with pytest.raises(Exception, match="players"):
            Game.new("usa", players=bad)  # type: ignore[arg-type]


def _played(seed: int = 5, plies: int = 60) -> Game:
    g = Game.new("usa", players=3, seed=seed)
    rng = Rng(seed)
    for _ in range(plies):
        legal = g.legal_actions()
        g.apply(legal[rng.randbelow(len(legal))])
    return g


def test_record_replays_and_rejects_tampering() -> None:
    g = _played()
    rec = g.record({"seats": [{"name": "Anna"}]})
    assert rec["format"] == "railtrip-record" and rec["version"] == 1 and rec["rules"] == "usa/1"
    assert replay(json.dumps(rec)).state.snapshot() == g.state.snapshot()
    bad = dict(rec, actions=rec["actions"][:10] + ["claim NOPE 3red"] + rec["actions"][10:])
    with pytest.raises(RecordError, match="action 11"):
        replay(bad)
    with pytest.raises(RecordError, match="newer version"):
        replay(dict(rec, version=99))
    with pytest.raises(RecordError, match="rules version"):
        replay(dict(rec, rules="usa/9"))
    with pytest.raises(RecordError, match="not valid JSON"):
        replay("{broken")
    with pytest.raises(RecordError, match="not a Railtrip"):
        replay({"format": "pgn"})
    with pytest.raises(RecordError, match="settings"):
        replay(dict(rec, players=9))
    with pytest.raises(RecordError, match="unknown field"):
        replay(dict(rec, evil=1))


def test_explicit_setup_is_part_of_the_record() -> None:
    g = Game.new("usa", players=2, setup={"train_deck": ["loco"] * 5, "ticket_deck": ["BOS-MIA"]})
    g.apply(g.legal_actions()[0])
    again = replay(g.record())
    assert again.state.snapshot() == g.state.snapshot()


def test_views_leak_no_hidden_information() -> None:
    g = _played(seed=11, plies=120)
    board = g.variant.board
    for p in range(3):
        view = g.view(p)
        text = json.dumps(view)
        for q in range(3):
            mine = set(g.state.tickets[p]) | set(g.state.offered[p])
            for t in g.state.tickets[q] + g.state.offered[q]:
                if q != p and t not in mine:
                    assert board.tickets[t].id not in text, f"seat {p} sees a ticket of seat {q}"
        assert "deck_order" not in text and "hands" not in view
        assert set(view["players"][0]) == {"seat", "score", "trains", "hand", "tickets", "choosing_tickets"}
        assert view["deck"] == len(g.state.deck)  # a count only
    spectator = json.dumps(g.view(None))
    assert '"me"' not in spectator


def test_api_round_trip_and_errors() -> None:
    res = json.loads(api.call("new_game", json.dumps({"variant": "usa", "players": 2, "seed": 9})))
    gid = res["ok"]["game_id"]
    legal = res["ok"]["legal"]
    assert legal and all("text" in a and "kind" in a for a in legal)
    ok = json.loads(api.call("apply", json.dumps({"game_id": gid, "action": legal[0]["text"], "player": 1})))[
        "ok"
    ]
    assert ok["current"] == 1 and ok["legal"]
    err = json.loads(api.call("apply", json.dumps({"game_id": gid, "action": "draw"})))["error"]
    assert err["type"] == "IllegalActionError" and "tickets" in err["message"]
    assert "error" in json.loads(api.call("nope", "{}"))
    assert "error" in json.loads(api.call("state", "[1]"))
    assert "error" in json.loads(api.call("state", "not json"))
    rec = json.loads(api.call("record", json.dumps({"game_id": gid})))["ok"]
    loaded = json.loads(api.call("load", json.dumps({"record": rec, "player": 1})))["ok"]
    assert loaded["ply"] == 1
    bad = json.loads(api.call("load", json.dumps({"record": "garbage"})))
    assert bad["error"]["type"] == "RecordError"


def test_api_warm_up_stores_nothing_and_checks_its_cap() -> None:
    """warm_up (the worker's idle call) makes every bot and runs one capped search in a game of
    its own: no game is added to the table, and a bad cap is refused like bot_move's."""
    from pyengine.bots import bot_names_for

    before = dict(api._GAMES)
    out = json.loads(api.call("warm_up", json.dumps({"max_seconds": 0.05})))
    assert out["ok"]["bots"] == sum(len(bot_names_for(v)) for v in variant_names()) > 0
    assert before == api._GAMES
    bad = json.loads(api.call("warm_up", json.dumps({"max_seconds": "soon"})))
    assert bad["error"]["type"] == "EngineError" and "max_seconds" in bad["error"]["message"]


def test_api_preload_loads_every_bot_and_game_and_stores_nothing() -> None:
    """preload (run by the build before the browser's memory snapshot) imports every level's bots
    and loads every game, in a fresh interpreter where nothing had imported them yet; calling
    it again finds them in place."""
    script = (
        "import json, sys\n"
        "from pyengine import api\n"
        "before = {m for m in sys.modules if m.startswith('pyengine.bots')}\n"
        "out = [api.preload(), api.preload()]\n"
        "after = {m for m in sys.modules if m.startswith('pyengine.bots')}\n"
        "print(json.dumps({'out': out, 'before': sorted(before), 'after': sorted(after), 'games': len(api._GAMES)}))\n"
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=root, check=True
    )
    result = json.loads(done.stdout)
    assert result["before"] == [] and result["games"] == 0
    for level in ("usa.hard", "world.hard", "cardgame.hard", "usa.baselines", "world.reference"):
        assert f"pyengine.bots.{level}" in result["after"]
    first, second = result["out"]
    assert first == second == {"bots": first["bots"], "variants": len(variant_names())} and first["bots"] > 0


def test_cli_simulate_json_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "usa", "--players", "2", "--games", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 3 and summary["games_per_second"] > 0
    assert 0 <= summary["ticket_completion_rate"] <= 1
    assert main(["simulate", "--variant", "chess"]) == 2
    assert "unknown variant" in capsys.readouterr().err
    assert main(["simulate", "--players", "9"]) == 2
    assert "2–5 players" in capsys.readouterr().err


def test_cli_tournament_refuses_a_lineup_it_cannot_seat(capsys: pytest.CaptureFixture[str]) -> None:
    """A wrong number of bots or too many games is the engine's own error and exit code 2, said
    before any game is played, not a traceback."""
    assert main(["tournament", "--players", "3", "--bots", "hard,random,zombie,easy", "--games", "1"]) == 2
    assert "4 bots for 3 players" in capsys.readouterr().err
    assert main(["tournament", "--bots", "random,random", "--games", "1000004"]) == 2
    assert "games per seed" in capsys.readouterr().err


def test_cli_help_says_what_each_option_does(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "tournament", "replay", "bench", "variants"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = capsys.readouterr().out
        options = re.findall(r"^  (--[a-z]+)", text, flags=re.M)
        assert options, text
        for option in options:  # each option's line (or its wrapped help) says something
            assert re.search(rf"^  {option}( [A-Z=]+)? +\S", text, flags=re.M) or re.search(
                rf"^  {option}( [A-Z=]+)?\n {{20,}}\S", text, flags=re.M
            ), (command, option, text)


@pytest.mark.parametrize("variant", variant_names())
def test_cli_simulates_every_variant(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", variant, "--players", "2", "--games", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["variant"] == variant and summary["games"] == 2
    assert 0 <= summary["ticket_completion_rate"] <= 1


def test_cli_replay(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    g = _played(plies=40)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(g.record()))
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [s["total"] for s in out["scores"]] == [s["total"] for s in g.scores()]
    path.write_text(
        '{"format": "railtrip-record", "version": 1, "variant": "usa", "players": 2, "actions": ["fly"]}'
    )
    assert main(["replay", str(path)]) == 2
    assert "does not replay" in capsys.readouterr().err


def test_cli_as_module_runs() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "pyengine", "simulate", "--games", "2", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout)["games"] == 2


def test_api_share_and_open_links() -> None:
    res = json.loads(
        api.call(
            "new_game",
            json.dumps(
                {
                    "players": 2,
                    "seed": 4,
                    "seats": [
                        {"name": "Anna", "kind": "human"},
                        {"name": "Bot", "kind": "bot", "bot": "normal"},
                    ],
                }
            ),
        )
    )["ok"]
    gid = res["game_id"]
    first = res["legal"][0]["text"]
    api.call("apply", json.dumps({"game_id": gid, "action": first}))
    links = json.loads(api.call("share_link", json.dumps({"game_id": gid})))["ok"]
    deal = json.loads(api.call("open_link", json.dumps({"link": "#" + links["deal"]})))["ok"]
    assert deal["kind"] == "deal" and deal["actions"] == 0 and deal["seats"][0]["name"] == "Anna"
    whole = json.loads(api.call("open_link", json.dumps({"link": links["game"]})))["ok"]
    assert whole["kind"] == "game" and whole["record"]["actions"] == [first]
    start = json.loads(api.call("load", json.dumps({"record": whole["record"], "upto": 0})))["ok"]
    assert start["ply"] == 0
    bad = json.loads(api.call("open_link", json.dumps({"link": "#g1.broken"})))
    assert bad["error"]["type"] == "LinkError"


def test_blind_draw_shows_the_card_only_to_its_drawer() -> None:
    g = Game.new(
        "usa",
        players=2,
        seed=8,
        setup={"tickets": [[], []], "hands": [[], []], "market": ["red"] * 5, "train_deck": ["loco", "red"]},
    )
    g.apply("draw")
    g.apply("draw")
    mine = [ev for ev in g.view(0)["log"] if ev["kind"] == "draw"]
    theirs = [ev for ev in g.view(1)["log"] if ev["kind"] == "draw"]
    assert [ev["private_card"] for ev in mine] == ["loco", "red"]
    assert all("private_card" not in ev for ev in theirs)
    assert all("private_card" not in ev for ev in g.view(None)["log"])


def test_api_legal_plays_announce_their_raids() -> None:
    """The page shows whom a play raids from the engine, and the play then does exactly that."""
    g = Game.new("cardgame", players=3, seed=2)
    rng = Rng(1)
    checked = 0
    while not g.is_over and checked < 3:
        for a in g.legal_actions():
            details = g.variant.action_details(g.state, a)
            if details.get("raids"):
                trial = g.clone()
                trial.apply(a)
                assert trial.log[-1].get("raids") is not None
                got = [(r["victim"], r["color"], r["discarded"]) for r in trial.log[-1]["raids"]]
                want = [(r["victim"], r["color"], r["discarded"]) for r in details["raids"]]
                assert got == want
                checked += 1
                break
        legal = g.legal_actions()
        g.apply(legal[rng.randbelow(len(legal))])
    assert checked >= 1


def test_api_bot_move_takes_a_time_limit() -> None:
    res = json.loads(api.call("new_game", json.dumps({"variant": "usa", "players": 2, "seed": 9})))
    gid = res["ok"]["game_id"]
    ok = json.loads(api.call("bot_move", json.dumps({"game_id": gid, "bot": "hard", "max_seconds": 0.5})))
    assert "ok" in ok and ok["ok"]["event"]
    for bad in (-1, "1", True, 10_000):
        err = json.loads(
            api.call("bot_move", json.dumps({"game_id": gid, "bot": "hard", "max_seconds": bad}))
        )
        assert "max_seconds" in err["error"]["message"]
    state = json.loads(api.call("record", json.dumps({"game_id": gid})))["ok"]
    assert len(state["actions"]) == 1  # the refused calls changed nothing

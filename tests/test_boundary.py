"""The input boundary, case by case (issue 12 §2): whatever a link, record, save, setup or action
text holds, the engine answers with one of its own errors and a short message, and never opens a
game the rules forbid. The fuzzing test (test_fuzz_boundary.py) checks the same promise at random.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest

from pyengine import api
from pyengine.cli import main as cli_main
from pyengine.errors import (
    MAX_MESSAGE_CHARS,
    EngineError,
    IllegalActionError,
    InvalidActionError,
    RecordError,
    SettingsError,
)
from pyengine.game import Game
from pyengine.links import LinkError, decode_link
from pyengine.record import replay
from pyengine.rng import Rng


def _record(game_name: str = "usa", seats: int = 2, **fields: Any) -> dict[str, Any]:
    """A fresh game's record with some fields replaced."""
    rec = Game.new(game_name, players=seats, seed=5).record()
    rec.update(fields)
    return rec


def _g_link(data: dict[str, Any]) -> str:
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = comp.compress(json.dumps(data).encode()) + comp.flush()
    return "g1." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _d_link(data: dict[str, Any]) -> str:
    return "d1." + base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


# ---------------------------------------------------------------------- numbers in texts
@pytest.mark.parametrize(
    "text",
    [
        "take ² red",
        "take ٣ red",
        "claim SEA-VAN-1 ²loco",
        "claim SEA-VAN-1 " + "9" * 5000 + "loco",
        "take " + "1" * 4400 + " red",
    ],
)
def test_numbers_are_ascii_digits_with_a_cap(text: str) -> None:
    g = Game.new("usa", players=2, seed=1)
    with pytest.raises(InvalidActionError) as err:
        g.apply(text)
    assert len(str(err.value)) < 200


@pytest.mark.parametrize("text", ["exchange trains ²", "pieces ²0 40", "pieces 20 " + "4" * 5000])
def test_world_numbers_are_ascii_digits(text: str) -> None:
    g = Game.new("world", players=2, seed=1)
    with pytest.raises(InvalidActionError):
        g.apply(text)


def test_card_game_counts_are_ascii_digits() -> None:
    g = Game.new("cardgame", players=2, seed=1)
    with pytest.raises(InvalidActionError):
        g.apply("play ³red")


@pytest.mark.parametrize("rules", ["usa/²", "usa/" + "1" * 5000, "usa/-1", "usa/", "usa/1.0"])
def test_rules_tags_with_odd_numbers_are_refused(rules: str) -> None:
    with pytest.raises(RecordError, match="rules tag"):
        replay(_record(rules=rules))


@pytest.mark.parametrize("link", ["d².e30", "g" + "1" * 5000 + ".AAAA", "d٣.e30"])
def test_link_version_tags_are_ascii_digits(link: str) -> None:
    with pytest.raises(LinkError, match="not a Railtrip"):
        decode_link(link)


def test_record_version_must_be_a_number_not_a_boolean() -> None:
    with pytest.raises(RecordError, match="version"):
        replay(_record(version=True))


def test_numbers_longer_than_python_reads_in_json_are_refused() -> None:
    text = json.dumps(_record()).replace('"seed": 5', '"seed": ' + "7" * 5000)
    with pytest.raises(RecordError, match="not valid JSON") as err:
        replay(text)
    assert str(err.value) == "the record is not valid JSON (a number in it has too many digits)"


# ---------------------------------------------------------------------- JSON limits
def test_deeply_nested_json_is_refused_before_parsing() -> None:
    for text in ["[" * 5000, '{"a":' * 5000, json.dumps(_record())[:-1] + ',"meta":' + "[" * 3000]:
        with pytest.raises(RecordError, match=r"nested|JSON"):
            replay(text)
    with pytest.raises(LinkError, match="nested"):
        decode_link(
            _g_link({}).split(".")[0]
            + "."
            + base64.urlsafe_b64encode(zlib.compress(b"[" * 5000)[2:-4]).decode().rstrip("=")
        )
    deep: Any = []
    for _ in range(100):
        deep = [deep]
    with pytest.raises(RecordError, match="nested"):
        replay(_record(meta={"x": deep}))
    answer = json.loads(api.call("open_link", json.dumps({"link": "#g1." + "W" * 10})))
    assert "error" in answer
    nested_args = '{"record":' + "[" * 5000 + "]" * 5000 + "}"
    answer = json.loads(api.call("load", nested_args))
    assert answer["error"]["type"] == "EngineError" and "nested" in answer["error"]["message"]


def test_messages_quote_only_a_short_excerpt() -> None:
    rec = _record()
    rec["actions"] = ["claim " + "X" * 100_000 + " 3red"]
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert len(str(err.value)) <= MAX_MESSAGE_CHARS
    link = _g_link({k: v for k, v in rec.items() if k != "format"})
    with pytest.raises(LinkError) as err2:
        decode_link(link)
    assert len(str(err2.value)) <= MAX_MESSAGE_CHARS
    rec = _record()
    rec["variant"] = "x" * 100_000
    with pytest.raises(RecordError) as err3:
        replay(rec)
    assert len(str(err3.value)) <= MAX_MESSAGE_CHARS


# ---------------------------------------------------------------------- required fields, upto
def test_records_and_links_without_actions_are_refused() -> None:
    rec = _record()
    del rec["actions"]
    with pytest.raises(RecordError, match="no actions"):
        replay(rec)
    del rec["format"]
    with pytest.raises(LinkError, match="no actions"):
        decode_link(_g_link(rec))
    # A deal link has no actions by design: it opens the deal.
    assert decode_link(_d_link({"variant": "usa", "players": 2, "seed": 5}))["kind"] == "deal"


def test_replay_upto_is_a_count_of_actions() -> None:
    g = Game.new("usa", players=2, seed=3)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    rec = g.record()
    assert len(replay(rec, upto=4).actions) == 4
    assert len(replay(rec, upto=99).actions) == 6  # beyond the end: the whole record
    for bad in (-1, True, 2.5, "3"):
        with pytest.raises(RecordError, match="upto"):
            replay(rec, upto=bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- setups and settings
@pytest.mark.parametrize(
    ("variant", "players", "setup", "message"),
    [
        ("usa", 2, {"routes": {"BOS-NY-1": 0, "BOS-NY-2": 1}}, "fewer than 4 players"),
        ("usa", 4, {"routes": {"BOS-NY-1": 0, "BOS-NY-2": 0}}, "both tracks"),
        ("usa", 2, {"routes": {"CAL-WIN": 0}, "trains": [45, 45]}, "more trains on the board"),
        ("usa", 2, {"trains": [True, 45]}, "trains must list"),
        ("usa", 2, {"routes": {"CAL-WIN": True}}, "bad entry"),
        (
            "world",
            2,
            {"routes": {"BKK-MUM-1": 0, "BKK-MUM-2": 1}, "pieces": [[17, 40], [17, 40]]},
            "fewer than 4 players",
        ),
        ("world", 2, {"harbors": {"LIM": 0}}, "without a route of its own"),
        (
            "world",
            2,
            {"routes": {"BKK-MUM-1": 0}, "pieces": [[True, 40], [20, 40]]},
            "expected \\[trains, ships\\]",
        ),
        ("world", 2, {"routes": {"BKK-MUM-1": 0}, "pieces": [[25, 40], [20, 40]]}, "more than 25 trains"),
    ],
)
def test_setups_that_break_the_rules_are_refused(
    variant: str, players: int, setup: dict[str, Any], message: str
) -> None:
    with pytest.raises(SettingsError, match=message):
        Game.new(variant, players=players, seed=1, setup=setup)
    rec = _record(variant, players, setup=setup)
    with pytest.raises(RecordError, match=message):
        replay(rec)
    del rec["format"]
    with pytest.raises(LinkError, match=message):
        decode_link(_g_link(rec))


def test_trains_left_never_negative_from_a_link() -> None:
    # Routes longer than a player's 45 trains (the link left -264 trains).
    board = Game.new("usa", players=2, seed=1).variant.board
    routes: dict[str, int] = {}
    for r in sorted(board.routes, key=lambda r: -r.length):
        if r.double_partner < 0 and sum(board.routes[board.route_index[x]].length for x in routes) <= 45:
            routes[r.id] = 0
    with pytest.raises(SettingsError, match="more trains on the board"):
        Game.new("usa", players=2, seed=1, setup={"routes": routes})
    with pytest.raises(LinkError, match="more trains on the board"):
        decode_link(_d_link({"variant": "usa", "players": 2, "setup": {"routes": routes}}))


@pytest.mark.parametrize(
    "settings",
    [
        {"start_player": True},
        {"players": True},
        {"players": "2"},
        {"seed": 2.5},
        {"seed": True},
        {"seed": "s" * 1000},
        {"seed": 2**70},
        {"options": "x"},
        {"options": [1]},
    ],
)
def test_settings_are_checked(settings: dict[str, Any]) -> None:
    with pytest.raises(RecordError):
        replay(_record(**settings))


# ---------------------------------------------------------------------- views are copies
@pytest.mark.parametrize("variant", ["usa", "world", "cardgame"])
def test_editing_a_view_never_changes_the_game(variant: str) -> None:
    g = Game.new(variant, players=2, seed=2)
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    before = json.dumps(g.view(None), sort_keys=True)
    v = g.view(0)
    v["log"][0]["action"] = "hacked"
    v["log"].clear()
    for value in v.values():
        if isinstance(value, (list, dict)):
            value.clear()
    g.event(-1, 0).clear()
    assert json.dumps(g.view(None), sort_keys=True) == before
    board = g.variant.board_view()
    with pytest.raises(TypeError):
        board["variant"] = "x"
    with pytest.raises(TypeError):
        next(v for v in board.values() if isinstance(v, list)).append(1)
    assert json.dumps(board) == json.dumps(g.variant.make_board_view())  # still plain JSON for the page


def _containers(value: Any, found: dict[int, Any]) -> dict[int, Any]:
    """Every list and dict inside ``value`` (tuples looked into), by identity."""
    if isinstance(value, (list, dict)) and id(value) not in found:
        found[id(value)] = value
        for inner in value.values() if isinstance(value, dict) else value:
            _containers(inner, found)
    elif isinstance(value, tuple):
        for inner in value:
            _containers(inner, found)
    return found


@pytest.mark.parametrize("variant", ["usa", "world", "cardgame"])
def test_views_are_built_fresh_so_no_edit_at_any_depth_reaches_the_game(variant: str) -> None:
    """Game.view hands out what the game's view builds without copying it again: that is safe only
    while every list and dict of a view is new, never the state's or a constant shared by views."""
    g = Game.new(variant, players=3, seed=8)
    rng = Rng(9)
    while not g.is_over:
        if len(g.actions) % 7 == 0:
            for seat in (0, 1, 2, None):
                one, two = (
                    _containers(g.variant.view(g.state, seat), {}),
                    _containers(g.variant.view(g.state, seat), {}),
                )
                assert not set(one) & set(two), [repr(one[i])[:60] for i in set(one) & set(two)][:3]
            before = json.dumps(g.view(None, log=False), sort_keys=True)
            for container in _containers(g.view(0, log=False), {}).values():
                container.clear()
            assert json.dumps(g.view(None, log=False), sort_keys=True) == before
        g.apply(rng.choice(g.legal_actions()))


# ---------------------------------------------------------------------- the acting seat
def test_api_apply_refuses_a_seat_that_is_not_to_move() -> None:
    new = json.loads(api.call("new_game", json.dumps({"variant": "usa", "players": 2, "seed": 4})))["ok"]
    gid = new["game_id"]
    first = new["legal"][0]["text"]
    for seat in (1, None, True, 7, "0"):
        answer = json.loads(api.call("apply", json.dumps({"game_id": gid, "action": first, "seat": seat})))
        assert "error" in answer and answer["error"]["type"] in ("IllegalActionError", "EngineError")
    assert json.loads(api.call("state", json.dumps({"game_id": gid, "player": 0})))["ok"]["ply"] == 0
    answer = json.loads(
        api.call("apply", json.dumps({"game_id": gid, "action": first, "seat": 0, "player": 0}))
    )
    assert answer["ok"]["ply"] == 1
    # Without a seat (the replay viewer), the action is applied for whoever is to move.
    second = json.loads(api.call("state", json.dumps({"game_id": gid, "player": 1})))["ok"]["legal"][0][
        "text"
    ]
    assert json.loads(api.call("apply", json.dumps({"game_id": gid, "action": second})))["ok"]["ply"] == 2
    api.call("drop", json.dumps({"game_id": gid}))


@pytest.mark.parametrize(
    "args", [{"game_id": [1]}, {"game_id": {"a": 1}}, {"record": 5}, {"record": "[" * 100}, {"link": ["x"]}]
)
def test_api_answers_odd_arguments_with_engine_errors(args: dict[str, Any]) -> None:
    for name in ("state", "apply", "load", "open_link", "record", "share_link", "bot_move"):
        answer = json.loads(api.call(name, json.dumps(args)))
        assert "error" in answer and answer["error"]["type"] != "InternalError", (name, answer)


# ---------------------------------------------------------------------- the command line
@pytest.mark.parametrize(
    "text",
    [
        '{"format": "railtrip-record", "version": 1, "rules": "usa/²", '
        '"variant": "usa", "players": 2, "actions": []}',
        "[" * 5000,
        '{"format": "railtrip-record", "version": 1, "variant": "usa", "players": 2}',
        '{"format": "railtrip-record", "version": 1, "variant": '
        '"usa", "players": 2, "actions": ["take ² red"]}',
    ],
)
def test_cli_replay_says_error_and_exits_2(
    text: str, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    assert cli_main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err) < MAX_MESSAGE_CHARS + 20
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00")
    assert cli_main(["replay", str(tmp_path / "bin.json")]) == 2


def test_every_engine_error_is_an_engine_error() -> None:
    for cls in (IllegalActionError, InvalidActionError, RecordError, SettingsError, LinkError):
        assert issubclass(cls, EngineError)
    assert len(str(EngineError("x" * 10_000))) == MAX_MESSAGE_CHARS

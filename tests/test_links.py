"""Share links: round trips, sizes, and fuzzing the decoder (only LinkError may come out)."""

from __future__ import annotations

import base64
import contextlib
import json
import re
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine import api
from pyengine.bots import bot_action
from pyengine.errors import ERROR_CODES
from pyengine.game import Game
from pyengine.links import MAX_LINK_CHARS, LinkError, deal_link, decode_link, game_link
from pyengine.record import replay
from pyengine.rng import Rng


def _random_game(seed: int, players: int, plies: int | None = None) -> Game:
    g = Game.new("usa", players=players, seed=seed)
    rng = Rng(seed)
    while not g.is_over and (plies is None or len(g.actions) < plies):
        legal = g.legal_actions()
        g.apply(legal[rng.randbelow(len(legal))])
    return g


_GAME = _random_game(4, 3, 80)
_LINK = game_link(_GAME)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_game_link_round_trip(players: int) -> None:
    g = _random_game(players, players)
    meta = {"seats": [{"name": f"Spieler {i} <b>", "kind": "human"} for i in range(players)]}
    decoded = decode_link("https://example.org/railtrip/#" + game_link(g, meta))
    assert decoded["kind"] == "game"
    assert decoded["record"]["meta"] == meta
    assert replay(decoded["record"]).state.snapshot() == g.state.snapshot()


def test_deal_link_starts_the_same_deal() -> None:
    g = _random_game(9, 4, 30)
    seats = [
        {"name": "Anna", "kind": "human"},
        {"kind": "bot", "bot": "hard"},
        {"kind": "bot", "bot": "easy"},
        {"kind": "bot", "bot": "normal"},
    ]
    decoded = decode_link(deal_link(g, seats))
    assert decoded["kind"] == "deal" and decoded["record"]["actions"] == []
    assert decoded["record"]["meta"]["seats"] == seats
    fresh = replay(decoded["record"])
    assert fresh.state.snapshot() == Game.new("usa", players=4, seed=9).state.snapshot()


def test_four_player_game_link_is_short() -> None:
    g = Game.new("usa", players=4, seed=3)
    while not g.is_over:
        g.apply(bot_action(g, "normal"))
    meta = {
        "seats": [{"name": "Anna", "kind": "human"}]
        + [{"name": f"Bot {i}", "kind": "bot", "bot": "hard"} for i in range(3)]
    }
    assert len(game_link(g, meta)) < 2000


def _deflate(data: bytes) -> str:
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = comp.compress(data) + comp.flush()
    return "g1." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize(
    ("link", "message", "code"),
    [
        ("", "not a Railtrip", "link.not_railtrip"),
        ("hello", "not a Railtrip", "link.not_railtrip"),
        ("g1.", "not complete", "link.cut"),
        ("g9.AAAA", "newer version", "link.newer"),
        ("d1.!!!", "characters", "link.changed"),
        ("d1.e30", "cannot be opened", "link.damaged"),
        (_LINK[:-12], "not complete", "link.cut"),
        (_LINK + "AAAA", "damaged", "link.damaged"),
        ("g1." + "A" * (MAX_LINK_CHARS + 1), "too long", "link.too_large"),
    ],
)
def test_bad_links_have_clear_messages(link: str, message: str, code: str) -> None:
    with pytest.raises(LinkError, match=message) as err:
        decode_link(link)
    assert err.value.code == code  # what the page words in the player's language


def test_the_page_gets_what_went_wrong_as_a_code_with_its_details() -> None:
    """The API's error answer carries the code and its params beside the engine's English."""
    rec = _GAME.record()
    del rec["format"]
    rec["actions"] = rec["actions"][:5] + ["claim SEA-VAN-1 9loco"]
    answer = json.loads(api.call("open_link", json.dumps({"link": _deflate(json.dumps(rec).encode())})))
    error = answer["error"]
    assert error["type"] == "LinkError" and error["message"].startswith(
        "the link's game cannot be opened: action 6"
    )
    assert error["code"] == "link.move"
    assert error["params"] == {"number": "6", "action": "'claim SEA-VAN-1 9loco'"}
    rec["variant"] = "chess"
    answer = json.loads(api.call("load", json.dumps({"record": {"format": "railtrip-record", **rec}})))
    assert answer["error"]["code"] == "record.game" and answer["error"]["params"] == {"variant": "'chess'"}
    # Errors that are not about a link or a record have no code.
    answer = json.loads(api.call("state", json.dumps({"game_id": "nope", "player": 0})))
    assert answer["error"]["type"] == "EngineError" and "code" not in answer["error"]


def test_impossible_actions_and_bombs_are_refused() -> None:
    rec = _GAME.record()
    del rec["format"]
    rec["actions"] = rec["actions"][:5] + ["claim SEA-VAN-1 9loco"]
    with pytest.raises(LinkError, match="action 6"):
        decode_link(_deflate(json.dumps(rec).encode()))
    with pytest.raises(LinkError, match="too large"):
        decode_link(_deflate(b" " * 5_000_000))
    with pytest.raises(LinkError):
        decode_link(_deflate(b"[1, 2, 3]"))
    rec["actions"] = ["pass"] * 30000
    with pytest.raises(LinkError, match="more than any game"):
        decode_link(_deflate(json.dumps(rec).encode()))


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_fuzz_random_text(text: str) -> None:
    _decode_or_link_error(text)
    _decode_or_link_error("g1." + text)
    _decode_or_link_error("d1." + text)


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(_LINK) - 1), st.sampled_from("AZaz09-_=.#%"), st.integers(0, 2))
def test_fuzz_mutated_links(pos: int, char: str, mode: int) -> None:
    if mode == 0:
        mutated = _LINK[:pos] + char + _LINK[pos + 1 :]
    elif mode == 1:
        mutated = _LINK[:pos] + char + _LINK[pos:]
    else:
        mutated = _LINK[:pos]
    _decode_or_link_error(mutated)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=20),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(
                st.sampled_from(
                    [
                        "variant",
                        "players",
                        "seed",
                        "actions",
                        "version",
                        "rules",
                        "options",
                        "setup",
                        "meta",
                        "start_player",
                        "x",
                    ]
                ),
                inner,
                max_size=6,
            )
        ),
        max_leaves=20,
    )
)
def test_fuzz_valid_json_with_wrong_content(data: object) -> None:
    raw = json.dumps(data).encode()
    _decode_or_link_error(_deflate(raw))
    _decode_or_link_error("d1." + base64.urlsafe_b64encode(raw).decode().rstrip("="))


def _decode_or_link_error(link: str) -> None:
    with contextlib.suppress(LinkError):
        decode_link(link)


def test_the_page_words_every_code_the_engine_gives_in_both_languages() -> None:
    """Each code of a bad link or record has its English and its German sentence in the page
    (web/i18n-safety.js; English showed the engine's own message, "… does not replay: payment item
    'SSue' should look like '3red'"), and the page words no code the engine never gives."""
    text = (Path(__file__).resolve().parent.parent / "web" / "i18n-safety.js").read_text(encoding="utf-8")
    english, german = text.split("\n  de: {", 1)
    for words in (english, german):
        worded = re.findall(r'"engineError\.([a-z_]+\.[a-z_]+)":', words)
        assert sorted(worded) == sorted(ERROR_CODES)

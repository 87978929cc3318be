"""The page names the seat that acts (`apply {seat}`): the engine refuses a move for any other seat,
so a test hook or a stale click during a bot's turn is never applied as the bot's move (issue 12)."""
from __future__ import annotations

import json

from pyengine import api


def call(name: str, **args: object) -> dict:
    return json.loads(api.call(name, json.dumps(args)))


def test_apply_refuses_a_seat_that_is_not_to_move() -> None:
    res = call("new_game", variant="usa", players=2, seed=9)["ok"]
    gid, current = res["game_id"], res["current"]
    action = res["legal"][0]["text"]
    other = 1 - current
    err = call("apply", game_id=gid, action=action, seat=other, player=other)["error"]
    assert err["type"] == "IllegalActionError" and "turn" in err["message"]
    assert call("state", game_id=gid, player=None)["ok"]["ply"] == 0  # nothing was applied
    for bad in (True, "0", 7, -1, 1.0, None):
        assert "no seat" in call("apply", game_id=gid, action=action, seat=bad)["error"]["message"]
    ok = call("apply", game_id=gid, action=action, seat=current, player=current)["ok"]
    assert ok["ply"] == 1
    # Without `seat` (the replay viewer steps through a record) the call works as before.
    nxt = call("state", game_id=gid, player=ok["current"])["ok"]
    assert call("apply", game_id=gid, action=nxt["legal"][0]["text"], player=None)["ok"]["ply"] == 2

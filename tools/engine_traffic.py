"""How many bytes of JSON the page and the engine exchange for one game, the way the page talks
(web/ui/turnscreen.js): one bot move or person's move per call, the state for the person on the
device in every answer, and the autosave after every move.

    python3 tools/engine_traffic.py [variant] [players] [seed]

Two ways side by side: ``full`` (every answer carries the whole log, and autosave asks for the
whole record after each move: the page before the log was sent incrementally) and ``incremental``
(the page sends ``log_from`` and gets only the new events; the record is asked for once and grows
by each answer's ``applied`` text). The moves are the same in both: every seat is the ``easy``
bot; seat 0 is the person's seat, whose view the answers carry.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyengine import api

BOT = "easy"


def play(variant: str, players: int, seed: int, incremental: bool) -> tuple[int, int, int, list[str]]:
    """Plays one game through ``api.call``; returns (bytes sent, bytes received, calls, actions)."""
    sent = received = calls = 0

    def call(name: str, args: dict[str, object]) -> dict[str, object]:
        nonlocal sent, received, calls
        text = json.dumps(args, separators=(",", ":"))
        answer = api.call(name, text)
        sent += len(text.encode())
        received += len(answer.encode())
        calls += 1
        out = json.loads(answer)
        if "error" in out:
            raise RuntimeError(out["error"]["message"])
        return out["ok"] if isinstance(out["ok"], dict) else {}

    viewer = 0
    have = 0  # log events the page has
    res = call("new_game", {"variant": variant, "players": players, "seed": seed, "player": viewer})
    gid = res["game_id"]
    record = call("record", {"game_id": gid}) if incremental else None
    actions: list[str] = []
    while not res["over"]:
        have += len(res["view"]["log"])  # type: ignore[index]
        args: dict[str, object] = {"game_id": gid, "bot": BOT, "player": viewer}
        if incremental:
            args["log_from"] = have
        else:
            have = 0
        res = call("bot_move", args)
        actions.append(str(res["applied"]))
        if incremental:
            record["actions"].append(res["applied"])  # type: ignore[index]
        elif not res["over"]:
            record = call("record", {"game_id": gid})  # the old autosave: the whole record each move
    call("drop", {"game_id": gid})
    return sent, received, calls, actions


def main() -> None:
    variant = sys.argv[1] if len(sys.argv) > 1 else "usa"
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    rows = []
    for incremental in (False, True):
        sent, received, calls, actions = play(variant, players, seed, incremental)
        rows.append((incremental, sent, received, calls, actions))
    assert rows[0][4] == rows[1][4], "the two ways played different games"
    print(f"{variant}, {players} players, seed {seed}, {len(rows[0][4])} actions ({BOT} bots)")
    print(f"{'way':<12} {'calls':>6} {'sent':>10} {'received':>12} {'total':>12}")
    for incremental, sent, received, calls, _ in rows:
        print(
            f"{'incremental' if incremental else 'full':<12} {calls:>6} {sent:>10,} {received:>12,} "
            f"{sent + received:>12,}"
        )
    full, inc = rows[0][1] + rows[0][2], rows[1][1] + rows[1][2]
    print(f"ratio full / incremental: {full / inc:.1f}")


if __name__ == "__main__":
    main()

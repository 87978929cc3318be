"""The Hint and the end-screen review, for every game: a bot's proposal with its one-line reason,
and a walk over one seat's decisions of a finished game that says what the bot preferred and
what the played move cost. ``api`` parses the page's arguments and calls these."""

from __future__ import annotations

from typing import Any

from .actions import Action
from .game import Game
from .mechanics.hints import disagreement_weight, hint_reason, paid_another_way, same_decision

REVIEW_WORLDS = 12  # fresh worlds that measure a reviewed move against the bot's
REVIEW_Z = 2.0  # a cost is told only when the played move is this many standard errors worse


def action_json(game: Game, a: Action) -> dict[str, Any]:
    """A legal action as data the page can filter on (it never decides legality itself)."""
    out = dict(a.to_json())
    out.update(game.variant.action_details(game.state, a))
    return out


def proposal(
    game: Game, bot: str, limit: float | None, hint: bool = False
) -> tuple[list[tuple[Action, float]], dict[str, Any]]:
    """The bot's ranking for the player to move and the reason for its first choice."""
    from .bots import bot_ranking

    ranked = bot_ranking(game, bot, limit)
    return ranked, move_reason(game, ranked[0][0], hint=hint)


def move_reason(game: Game, action: Action, advice: bool = True, hint: bool = False) -> dict[str, str]:
    """Why the seat to move would play ``action``, in both languages (``hint_reason``: with
    ``hint`` addressed to the player, "Take …", else what the move does, "takes …"; without
    ``advice``, what the played move does); a claim or a harbor names its cards when it could be
    paid another way."""
    move = action.to_json()
    paid_otherwise = paid_another_way(move, (a.to_json() for a in game.legal_actions()))
    view = game.view(game.current_player, log=False)
    return hint_reason(move, view, game.variant.board_view(), paid_otherwise, advice, hint)


def review_cost(game: Game, bot: str, moves: tuple[Action, Action], limit: float | None) -> float | None:
    """Points the played move (second) lost against the bot's (first), measured on fresh worlds:
    the ranking's own margins overstate its winner's lead (the best of several noisy estimates on
    the same few worlds). 0 when the played move is not clearly worse; None from a bot that does
    not measure."""
    from .bots import bot_comparison

    comp = bot_comparison(game, bot, moves, REVIEW_WORLDS, limit)
    if comp is None:
        return None
    return round(comp.gain, 1) if comp.gain >= 0.5 and comp.gain > REVIEW_Z * comp.se else 0.0


class ReviewWalk:
    """A finished game replayed up to the review's cursor (advanced, never rebuilt while the
    review goes forward), and the ply where play began after the setup choices."""

    def __init__(self, game: Game) -> None:
        self.at = Game(game.variant, game.settings, game.variant.new_state(game.settings))
        self.began: int | None = None  # None: not reached yet

    def fits(self, game: Game, start: int) -> bool:
        """Whether this walk can go on to ply ``start`` of ``game`` (else a new one starts)."""
        at = self.at
        return (
            len(at.actions) <= start
            and at.settings == game.settings
            and at.actions == game.actions[: len(at.actions)]
        )

    def step(
        self, game: Game, seat: int, start: int, skip: int, bot: str, limit: float | None
    ) -> dict[str, Any]:
        """The bot's opinion of ``seat``'s first decision at or after ply ``start``, ``skip`` of
        them passed over (see ``review_move`` in ``api``)."""
        at, plies = self.at, len(game.actions)
        while len(at.actions) < plies:
            if self.began is None and not at.phase.startswith("setup_"):
                self.began = len(at.actions)
            if len(at.actions) >= start and at.current_player == seat and len(at.legal_actions()) > 1:
                if not skip:
                    break
                skip -= 1
            at.apply(game.actions[len(at.actions)])
        ply = len(at.actions)
        if ply >= plies:
            return {"ply": ply, "plies": plies, "next": None}
        played = game.actions[ply]
        ranked, reason = proposal(at, bot, limit)
        best = ranked[0][0]
        agree = same_decision(played.to_json(), best.to_json())
        out = {
            "ply": ply,
            "plies": plies,
            "next": ply + 1,
            "turn": game.log[ply].get("turn"),
            "own_turn": self.own_turns(game, seat, ply + 1),
            "own_turns": self.own_turns(game, seat, plies),
            "played": action_json(at, played),
            "played_reason": move_reason(at, played, advice=False),
            "best": action_json(at, best),
            "reason": reason,
            "agree": agree,
            "cost": 0.0 if agree else review_cost(at, bot, (best, played), limit),
            "weight": disagreement_weight(played.to_json(), best.to_json()),
        }
        at.apply(played)
        return out

    def own_turns(self, game: Game, seat: int, upto: int) -> int:
        """The seat's turns of play (its setup choices not counted) among the first ``upto``
        plies: the review names a move "your turn 23 of 51", which the engine's turn counter
        (every seat's turns, and the setup's) does not say. 0 before play began."""
        if self.began is None:
            return 0
        return len({e["turn"] for e in game.log[self.began : upto] if e["player"] == seat})

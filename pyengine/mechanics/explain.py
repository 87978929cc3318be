"""Shared reasons why an action is illegal (the wording players see), for every variant."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, DrawCard, DrawTickets, KeepTickets, Pass, TakeCard


def why_keep_illegal(action: KeepTickets, offered: set[str], need: int) -> str:
    """Why keeping ``action.tickets`` out of ``offered`` (keeping at least ``need``) is refused."""
    bad = [t for t in action.tickets if t not in offered]
    if bad:
        return f"ticket {bad[0]} is not among the offered tickets ({', '.join(sorted(offered))})"
    if len(set(action.tickets)) != len(action.tickets):
        return "a ticket is listed twice"
    if len(action.tickets) < min(need, len(offered)):
        return f"you must keep at least {min(need, len(offered))} of the offered tickets"
    return "list the kept tickets in the order they were offered (as the legal actions list them)"


def why_take_illegal(
    action: TakeCard,
    market: Sequence[int],
    card_names: Sequence[str],
    wild: int,
    second_card: bool,
    wild_name: str = "locomotive",
) -> str:
    """Why taking face-up slot ``action.slot`` is refused (``market``: card indices, -1 = empty)."""
    if not 0 <= action.slot < len(market):
        return f"there is no face-up slot {action.slot} (slots are 0–{len(market) - 1})"
    card = market[action.slot]
    if card < 0:
        return f"face-up slot {action.slot} is empty"
    if card_names[card] != action.card:
        return f"face-up slot {action.slot} holds a {card_names[card]} card, not {action.card}"
    if card == wild and second_card:
        return f"a face-up {wild_name} can only be taken as the first card (it is then the whole turn)"
    return "this card cannot be taken now"


def why_turn_illegal(
    action: Action,
    *,
    game: str,
    over: bool,
    keep_need: int | None,
    offered: set[str],
    second_card: bool,
    market: Sequence[int],
    card_names: Sequence[str],
    wild: int,
    empty_deck: str,
) -> str | None:
    """Reasons shared by the one-deck games (classic, card game): game over, ticket choice,
    second card, draws, takes, tickets, pass. None: the variant's own actions must explain.

    ``keep_need`` is the keep minimum while the player chooses tickets, None otherwise.
    """
    if over:
        return "the game is over"
    if keep_need is not None:
        if not isinstance(action, KeepTickets):
            rule = f"at least {keep_need}" if keep_need else "any number, 'keep' keeps none"
            return f"you must first choose which tickets to keep ({rule})"
        return why_keep_illegal(action, offered, keep_need)
    if isinstance(action, KeepTickets):
        return "no tickets are being offered to you now"
    if second_card and not isinstance(action, (DrawCard, TakeCard)):
        return "you have taken one card and must take a second one"
    if isinstance(action, DrawCard):
        return f"the {game} has only one deck: use 'draw'" if action.deck else empty_deck
    if isinstance(action, TakeCard):
        if action.refill:
            return f"the {game} refills the face-up cards from its only deck: use 'take SLOT CARD'"
        return why_take_illegal(action, market, card_names, wild, second_card)
    if isinstance(action, DrawTickets):
        return "the ticket deck is empty"
    if isinstance(action, Pass):
        return "you can still act, so you may not pass"
    return None

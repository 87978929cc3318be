"""Shared reasons why a ticket keep or a face-up take is illegal (the wording players see)."""
from __future__ import annotations

from ..actions import KeepTickets, TakeCard


def why_keep_illegal(action: KeepTickets, offered: set[str], need: int) -> str:
    """Why keeping ``action.tickets`` out of ``offered`` (keeping at least ``need``) is refused."""
    bad = [t for t in action.tickets if t not in offered]
    if bad:
        return f"ticket {bad[0]} is not among the offered tickets ({', '.join(sorted(offered))})"
    if len(set(action.tickets)) != len(action.tickets):
        return "a ticket is listed twice"
    if len(action.tickets) < min(need, len(offered)):
        return f"you must keep at least {min(need, len(offered))} of the offered tickets"
    return "list the kept tickets in the order of the legal actions (ticket order)"


def why_take_illegal(action: TakeCard, market_names: list[str | None], is_wild: bool,
                     second_card: bool, wild_name: str = "locomotive") -> str:
    """Why taking face-up slot ``action.slot`` is refused (``market_names``: None = empty slot)."""
    if not 0 <= action.slot < len(market_names):
        return f"there is no face-up slot {action.slot} (slots are 0–{len(market_names) - 1})"
    card = market_names[action.slot]
    if card is None:
        return f"face-up slot {action.slot} is empty"
    if card != action.card:
        return f"face-up slot {action.slot} holds a {card} card, not {action.card}"
    if is_wild and second_card:
        return f"a face-up {wild_name} can only be taken as the first card (it is then the whole turn)"
    return "this card cannot be taken now"

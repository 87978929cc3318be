"""Rails & Sails: why an action is not legal now, in the words players see."""

from __future__ import annotations

from typing import Any

from ...actions import Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets, Pass, TakeCard
from ...mechanics.explain import why_keep_illegal
from ...mechanics.routes import cards_short, route_needs, why_route_unavailable
from .actions import BuildHarbor, ChoosePieces, ExchangePieces
from .rules import WorldRules
from .state import (
    CARD_INDEX,
    CARD_NAMES,
    COLORS,
    DECK_NAMES,
    DECK_OF,
    DOUBLE,
    HARBORS_PER_PLAYER,
    JOKER,
    KEEP_TICKETS,
    MARKET_SIZE,
    MAX_SHIPS,
    MAX_TRAINS,
    MIN_TRAINS,
    NCOLORS,
    OVER,
    PIECES_IN_PLAY,
    SECOND_CARD,
    SETUP_PIECES,
    SETUP_TICKETS,
    SHIP,
    SHIP_DECK,
    TICKETS_KEEP_AT_START,
    TICKETS_KEEP_LATER,
    TRAIN,
    TRAIN_DECK,
    WorldState,
)


class WorldExplain(WorldRules):
    """``why_illegal`` for every kind of action; what an exchange leaves in play."""

    def action_details(self, s: WorldState, action: Action) -> dict[str, Any]:
        """An exchange: the player's trains and ships in play after it (``pieces_after``)."""
        if not isinstance(action, ExchangePieces):
            return {}
        p = s.current
        n = action.count if action.want == "trains" else -action.count
        return {"pieces_after": {"trains": s.trains[p] + n, "ships": s.ships[p] - n}}

    # ------------------------------------------------------------------ explanations
    def route_needs(self, s: WorldState, route: str, seat: int) -> dict[str, Any] | None:
        unavailable = why_route_unavailable(
            self.board.route_index, s.owner, self.route_partner, route, seat, s.players
        )
        r = self.board.route_index.get(route, -1)
        hand = s.hands[seat]
        ship = self.route_ship[r]
        length, col = self.route_length[r], self.route_color[r]
        have = s.ships[seat] if ship else s.trains[seat]
        pays = unavailable is None and bool(self._pay_actions_for_route(r, hand))
        # What is short is counted in the route's plain cards (single ships, plain trains) of the
        # colors that may pay it (rough spaces take pairs of any color).
        colors = (col,) if col >= 0 and not self.route_rough[r] else range(NCOLORS)
        form = SHIP if ship else TRAIN
        short = (
            None
            if unavailable is not None or pays
            else cards_short(
                lambda h: bool(self._pay_actions_for_route(r, h)),
                hand,
                [4 * c + form for c in colors],
                length + self.route_rough[r],
            )
        )
        return route_needs(
            unavailable=unavailable,
            claimable=pays and have >= length,
            pieces="ships" if ship else "trains",
            need_pieces=length,
            have_pieces=have,
            short=short,
            card_names=CARD_NAMES,
        )

    def why_illegal(self, s: WorldState, action: Action) -> str:
        phase = s.phase
        if phase == OVER:
            return "the game is over"
        if phase in (SETUP_TICKETS, KEEP_TICKETS):
            need = TICKETS_KEEP_AT_START if phase == SETUP_TICKETS else TICKETS_KEEP_LATER
            if not isinstance(action, KeepTickets):
                return f"you must first choose which tickets to keep (at least {need})"
            offered = {self.board.tickets[t].id for t in s.offered[s.current]}
            return why_keep_illegal(action, offered, need)
        if phase == SETUP_PIECES:
            if not isinstance(action, ChoosePieces):
                return "you must first choose your pieces, e.g. 'pieces 20 40'"
            if action.trains + action.ships != PIECES_IN_PLAY:
                return f"choose {PIECES_IN_PLAY} pieces in all, not {action.trains + action.ships}"
            return f"at most {MAX_TRAINS} trains and {MAX_SHIPS} ships (so {MIN_TRAINS}–{MAX_TRAINS} trains)"
        if isinstance(action, ChoosePieces):
            return "the pieces are chosen only at the start of the game"
        if isinstance(action, KeepTickets):
            return "no tickets are being offered to you now"
        if phase == SECOND_CARD and not isinstance(action, (DrawCard, TakeCard)):
            return "you have taken one card and must take a second one"
        if isinstance(action, DrawCard):
            if action.deck not in DECK_NAMES:
                return "name the deck: 'draw train' or 'draw ship'"
            return f"the {action.deck} deck and its discard pile are empty"
        if isinstance(action, TakeCard):
            if not 0 <= action.slot < MARKET_SIZE:
                return f"there is no face-up slot {action.slot} (slots are 0–{MARKET_SIZE - 1})"
            c = s.market[action.slot]
            if c < 0:
                return f"face-up slot {action.slot} is empty"
            if CARD_NAMES[c] != action.card:
                return f"face-up slot {action.slot} holds {CARD_NAMES[c]}, not {action.card}"
            if c == JOKER and phase == SECOND_CARD:
                return "a face-up joker can only be taken as the first card"
            if action.refill not in DECK_NAMES:
                if self._has(s, TRAIN_DECK) or self._has(s, SHIP_DECK):
                    return "say which deck refills the slot, e.g. 'take 2 red-train ship'"
                return "this card cannot be taken now"
            if not self._has(s, DECK_NAMES.index(action.refill)):
                return f"the {action.refill} deck and its discard pile are empty: refill from the other deck"
            return "this card cannot be taken now"
        if isinstance(action, DrawTickets):
            return "the ticket deck is empty"
        if isinstance(action, Pass):
            return "you can still act, so you may not pass"
        if isinstance(action, ClaimRoute):
            return self._why_claim_illegal(s, action)
        if isinstance(action, BuildHarbor):
            return self._why_harbor_illegal(s, action)
        if isinstance(action, ExchangePieces):
            p = s.current
            box = s.box_trains[p] if action.want == "trains" else s.box_ships[p]
            give = s.ships[p] if action.want == "trains" else s.trains[p]
            other = "ships" if action.want == "trains" else "trains"
            if action.count > box:
                return f"your box holds only {box} {action.want}"
            if action.count > give:
                return f"you have only {give} {other} to give back"
            return "this exchange is not possible"
        return "it is not an action of Rails & Sails"

    @staticmethod
    def _check_names(cards: tuple[tuple[str, int], ...]) -> str:
        seen = set()
        for name, _ in cards:
            if name not in CARD_INDEX:
                return (
                    f"unknown card {name!r} (cards are named like 'red-train', 'red-train-h', "
                    f"'red-ship', 'red-double', 'joker')"
                )
            if name in seen:
                return f"card {name} is listed twice"
            seen.add(name)
        return ""

    @staticmethod
    def _check_hand(s: WorldState, cards: tuple[tuple[str, int], ...]) -> str:
        for name, n in cards:
            have = s.hands[s.current][CARD_INDEX[name]]
            if have < n:
                return f"you have {have} {name} card(s), not {n}"
        return ""

    def _why_claim_illegal(self, s: WorldState, action: ClaimRoute) -> str:
        unavailable = why_route_unavailable(
            self.board.route_index, s.owner, self.route_partner, action.route, s.current, s.players
        )
        if unavailable is not None:
            return unavailable
        p, r = s.current, self.board.route_index[action.route]
        length, ship = self.route_length[r], self.route_ship[r]
        if ship and s.ships[p] < length:
            return f"route {action.route} needs {length} ships and you have {s.ships[p]}"
        if not ship and s.trains[p] < length:
            return f"route {action.route} needs {length} trains and you have {s.trains[p]}"
        bad = self._check_names(action.cards)
        if bad:
            return bad
        pay = self._payment(action)
        kinds = {DECK_OF[c] for c, _ in pay if c != JOKER}
        if ship and TRAIN_DECK in kinds:
            return "a ship route is paid with ship cards (and jokers), never train cards"
        if not ship and SHIP_DECK in kinds:
            return "a train route is paid with train cards (and jokers), never ship cards"
        colors = {c // 4 for c, _ in pay if c != JOKER}
        need = self.route_color[r]
        if need >= 0 and colors - {need}:
            return f"route {action.route} is {COLORS[need]}; it cannot be paid with {COLORS[min(colors - {need})]}"
        bad = self._check_hand(s, action.cards)
        if bad:
            return bad
        if ship:
            cover = sum(n * (2 if c % 4 == DOUBLE and c != JOKER else 1) for c, n in pay)
            if cover < length:
                return f"the payment covers {cover} of the {length} spaces"
            if len(colors) > 1:
                return "a route is paid with cards of one color (plus jokers)"
            smallest = min(2 if c % 4 == DOUBLE and c != JOKER else 1 for c, _ in pay)
            if cover - smallest >= length:
                return (
                    "a card in this payment is superfluous: the route would still be covered "
                    "without it (double ships count 2, jokers 1)"
                )
        else:
            total = sum(n for _, n in pay)
            rough = self.route_rough[r]
            if total != length + rough:
                if rough:
                    return (
                        f"route {action.route} has {rough} rough-terrain space(s): it costs "
                        f"{length + rough} cards (2 of one color per rough space), not {total}"
                    )
                return f"route {action.route} has length {length}; the payment has {total} cards"
            if not rough and len(colors) > 1:
                return "a route is paid with cards of one color (plus jokers)"
            if rough:
                jokers = sum(n for c, n in pay if c == JOKER)
                per: dict[int, int] = {}
                for c, n in pay:
                    if c != JOKER:
                        per[c // 4] = per.get(c // 4, 0) + n
                if jokers < sum(n & 1 for n in per.values()):
                    return "each rough-terrain space needs 2 cards of one color (a joker may replace either)"
        canon = self._pay_actions_for_route(r, s.hands[p])
        if canon:
            return (
                "this payment does not fit the route's spaces; pay as in the legal actions, "
                f"e.g. '{canon[0].text()}'"
            )
        return "you cannot pay for this route"

    def _why_harbor_illegal(self, s: WorldState, action: BuildHarbor) -> str:
        b = self.board
        p = s.current
        if action.city not in b.city_index:
            return f"there is no city {action.city!r}"
        city = b.city_index[action.city]
        if not b.cities[city].port:
            return f"{b.cities[city].name} is not a port city"
        if s.harbor_owner[city] >= 0:
            return f"{b.cities[city].name} already has a harbor"
        if s.harbors_left[p] == 0:
            return f"you have built all {HARBORS_PER_PLAYER} of your harbors"
        if not any(s.owner[r] == p for r in self.routes_at[city]):
            return f"you need a route of your own into {b.cities[city].name} first"
        bad = self._check_names(action.cards) or self._check_hand(s, action.cards)
        if bad:
            return bad
        pay = self._payment(action)
        trains = sum(n for c, n in pay if c != JOKER and DECK_OF[c] == TRAIN_DECK)
        ships = sum(n for c, n in pay if c != JOKER and DECK_OF[c] == SHIP_DECK)
        jokers = sum(n for c, n in pay if c == JOKER)
        if any(c != JOKER and c % 4 in (TRAIN, DOUBLE) for c, _ in pay):
            return "all harbor cards must carry the harbor symbol (train-h, single ships, or jokers)"
        if trains + ships + jokers != 4 or trains > 2 or ships > 2:
            return "a harbor costs 2 train cards and 2 ship cards (jokers may replace any)"
        if len({c // 4 for c, _ in pay if c != JOKER}) > 1:
            return "all 4 harbor cards must be of the same color"
        return "you cannot pay for a harbor"

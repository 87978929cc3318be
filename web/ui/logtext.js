// The game log in words: a turn's events grouped into one sentence each. Everything comes from
// the engine's event fields (pyengine/events.py; docs/engine.md "Log events"): where a turn ends,
// the slot, the card drawn blind and the tickets kept (for their owner), never from action texts.
import { t } from "../i18n.js";
import { cardName } from "./cards.js";

/** Groups log events into turns: [{player, turn, events, index}]; a turn ends where the engine
 *  says (`ends_turn`: after a second card, a ticket keep, a claim, ...). */
export function groupTurns(log) {
  const groups = [];
  for (const [index, ev] of log.entries()) {
    const last = groups.at(-1);
    if (last && last.events.at(-1).ends_turn === false) last.events.push(ev);
    else groups.push({ player: ev.player, turn: ev.turn, events: [ev], index });
  }
  return groups;
}

/** "Denver – Kansas City" for a route id. */
export function routeName(board, routeId) {
  const r = board.routeById.get(routeId);
  if (!r) return routeId;
  return `${board.cityName(r.a)} – ${board.cityName(r.b)}`;
}

/** "Denver – Kansas City"; an itinerary lists all its cities in order: "Lagos → Luanda → …". */
export function ticketName(board, ticket) {
  if (ticket.cities.length > 2) return ticket.cities.map((c) => board.cityName(c)).join(" → ");
  return `${board.cityName(ticket.cities[0])} – ${board.cityName(ticket.cities[1])}`;
}

function payment(cards) {
  return Object.entries(cards ?? {}).filter(([, n]) => n > 0)
    .map(([c, n]) => t("log.payPart", { n, card: cardName(c) })).join(" + ");
}

/**
 * Who a sentence is about, as its subject: the player's name, or "You"/"Du" when `seat` is `you`
 * (the person playing at this screen; null in the replay viewer and between hotseat turns).
 * `st` is set when the sentence is about "Du": German tells the person's own moves in the perfect
 * tense ("Du hast … genommen", not the stilted "Du nahmst") and ends a past tense with it
 * ("musste" → "musstest").
 */
export function subject(seat, { names, you = null }) {
  if (you !== null && you !== undefined && seat === you) return { name: t("log.you"), st: "st", you: true };
  return { name: names[seat] ?? `#${seat + 1}`, st: "", you: false };
}

/** One sentence for a turn group. `names[seat]` are the players' names; `viewer` may see own keeps;
 *  `you` is the seat told about in the second person (see subject). The turn that left its player
 *  low on pieces (the engine's `starts_final_round`) adds that the final round begins. */
export function describeTurn(group, opts) {
  const text = turnSentence(group, opts);
  if (!group.events.some((e) => e.starts_final_round)) return text;
  return `${text} ${t("log.finalRound", { n: opts.board.final_turns_each ?? 1 })}`;
}

function turnSentence(group, { names, board, viewer, you = null }) {
  const who = subject(group.player, { names, you });
  const { name } = who;
  const evs = group.events;
  const first = evs[0];
  // Two decks (Rails & Sails): the events name the deck drawn from or refilling the slot.
  if ((first.kind === "take" || first.kind === "draw") && evs.some((e) => "deck" in e || "refill" in e)) {
    return worldDraws(who, evs) + ownDraws(evs, group.player, viewer, who.you);
  }
  switch (first.kind) {
    case "take":
    case "draw": {
      const takes = evs.filter((e) => e.kind === "take").map((e) => e.card);
      const blind = evs.filter((e) => e.kind === "draw").length;
      const own = ownDraws(evs, group.player, viewer, who.you);
      if (takes.length === 1 && takes[0] === "loco" && blind === 0) return t("log.takeLoco", { name, st: who.st });
      if (takes.length === 2) {
        if (takes[0] === takes[1]) return t("log.takeTwoSame", { name, st: who.st, a: t(`cardAdj.${takes[0]}`) });
        return t("log.takeTwo", { name, st: who.st, a: t(`cardAdj.${takes[0]}`), b: t(`cardAdj.${takes[1]}`) });
      }
      if (takes.length === 1 && blind === 1) return t("log.takeAndDraw", { name, st: who.st, a: t(`cardAdj.${takes[0]}`) }) + own;
      if (takes.length === 1) return t("log.takeOne", { name, st: who.st, a: t(`cardAdj.${takes[0]}`) });
      return t("log.drawBlind", { name, st: who.st, n: blind }) + own;
    }
    case "claim":
      if (first.route_kind) return t(first.route_kind === "ship" ? "wlog.claimShip" : "wlog.claimTrain", { name, st: who.st, route: routeName(board, first.route), n: first.length, points: first.points, pay: payment(first.cards) });
      return t("log.claim", { name, st: who.st, route: routeName(board, first.route), n: first.length, points: first.points, pay: payment(first.cards) });
    case "tickets": {
      const keep = evs.find((e) => e.kind === "keep");
      if (!keep) return t("log.drawTickets", { name, st: who.st, n: first.count });
      return t("log.drawTicketsKept", { name, st: who.st, n: keep.offered ?? first.count, k: keep.count }) + ownKeep(keep, board, viewer, who.you);
    }
    case "keep":
      return t("log.keepSetup", { name, st: who.st, n: first.offered, k: first.count }) + ownKeep(first, board, viewer, who.you);
    case "pass":
      return t("log.pass", { name, st: who.st });
    case "harbor":
      return t("wlog.harbor", { name, st: who.st, city: board.cityName(first.city), pay: payment(first.cards) });
    case "exchange":
      return t(first.want === "trains" ? "wlog.exchangeTrains" : "wlog.exchangeShips", { name, st: who.st, n: first.count, penalty: -first.penalty });
    case "pieces":
      return t("wlog.pieces", { name, st: who.st });
    default:
      return t("log.unknown", { name, st: who.st, what: first.action ?? first.kind });
  }
}

/** Rails & Sails draws: "Ada took a red ship (refilled from the train deck) and drew from the ship deck." */
function worldDraws({ name, st }, evs) {
  const parts = evs.map((e) => {
    if (e.kind === "draw") return t(e.deck === "ship" ? "wlog.partDrawShip" : "wlog.partDrawTrain", { st });
    const refill = e.refill ? t(e.refill === "ship" ? "wlog.refillShip" : "wlog.refillTrain") : "";
    return t("wlog.partTake", { card: cardName(e.card), refill, st });
  });
  return t("wlog.draws", { name, st, list: parts.join(t("wlog.and")) });
}

/** For the drawer only: the cards they drew blind (the engine sends `private_card` to them alone),
 *  "You drew" when the sentence is about `you`, else only the cards (a replay or a hotseat game
 *  shows a seat's hand to a reader who is not that player). */
function ownDraws(evs, player, viewer, you) {
  if (player !== viewer) return "";
  const cards = evs.filter((e) => e.kind === "draw" && e.private_card).map((e) => cardName(e.private_card));
  return cards.length ? ` ${t(you ? "log.yourDraw" : "log.drawnCards", { list: cards.join(", ") })}` : "";
}

/** For their owner only: the tickets kept (`private_tickets`), worded as `ownDraws`. */
function ownKeep(ev, board, viewer, you) {
  if (ev.player !== viewer || !ev.private_tickets) return "";
  const names = ev.private_tickets.map((id) => {
    const tk = board.ticketById.get(id);
    return tk ? `${ticketName(board, tk)} (${tk.points})` : id;
  });
  return names.length ? ` ${t(you ? "log.yourKeep" : "log.keptTickets", { list: names.join(", ") })}` : "";
}

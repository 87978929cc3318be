// North America (the classic game, all its ways of play): its market (one deck, five face-up
// cards, the ticket deck), hand, tickets, player numbers and route tips, as panels the map screen
// (../core/mapscreen.js) composes. Every panel is built once and redrawn with update(view, legal).
import { h } from "../dom.js";
import { t } from "../../i18n.js";
import { cardName, symbolSvg, CARD_COLORS } from "../cards.js";
import { ticketName } from "../logtext.js";
import { MarketPanel } from "../core/market.js";
import { TicketsPanel } from "../core/tickets.js";
import { HandPanel } from "../core/hand.js";

/** The market: deck, five face-up cards, ticket deck (the shared one-deck market). */
export const Market = MarketPanel;

/** The hand: one group per card kind, in the board's card order. */
export class Hand extends HandPanel {
  content(me) {
    const items = this.screen.board.cards.filter((card) => me.hand[card]).map((card) => this.group(card, me.hand[card], "lg"));
    return items.length ? items : [h("p", { class: "hint", text: t("hand.empty") })];
  }
}

/** Tickets: cities, points, a tick when completed. */
export class Tickets extends TicketsPanel {
  constructor(screen) {
    const board = screen.board;
    super(screen, {
      content: (tk) => ({
        label: t(tk.completed ? "tickets.ariaDone" : "tickets.ariaOpen", { route: ticketName(board, tk), n: tk.points }),
        children: [h("span", { class: "ticket-cities", text: ticketName(board, tk) }),
          h("span", { class: "ticket-points", text: String(tk.points) }),
          h("span", { class: "ticket-state", text: tk.completed ? "✓" : "" })],
      }),
      summary: (tickets, over) => {
        const done = tickets.filter((tk) => tk.completed);
        const sum = (arr) => arr.reduce((s2, tk) => s2 + tk.points, 0);
        return t(over ? "tickets.summaryEnd" : "tickets.summary", { done: done.length, n: tickets.length, plus: sum(done), open: sum(tickets) - sum(done) });
      },
    });
  }
}

/** The classic game's page: its panels and wording (see ../core/mapscreen.js). */
export const usa = {
  Market, Hand, Tickets,
  /** The small numbers under a player's name. */
  playerStats: (p, stat) => [stat("train", p.trains, t("players.trains")), stat("cards", p.hand, t("players.cards")),
    stat("ticket", p.tickets, t("players.tickets"))],
  /** The route's length/colour line in its tip. */
  tipLine: (board, r) => h("span", { class: "tip-line" },
    h("span", { class: "chip", style: { "--chip": CARD_COLORS[r.color] ?? CARD_COLORS.gray } },
      r.color !== "gray" ? symbolSvg(r.color, { size: 12 }) : null),
    t("tip.length", { n: r.length, color: cardName(r.color), points: board.route_points[r.length] })),
  routesHelp: "routes.help",
};

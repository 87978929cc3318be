// The card game's final scores: tickets per half (with the cards used), penalties for tickets
// left in hand, big-city bonuses, total and winner.
import { h } from "../dom.js";
import { pointsText, t } from "../../i18n.js";
import { cardChips, cityPair } from "./parts.js";
import { playerDot } from "../seatmarks.js";
import { labelCells, winnersText } from "../endscreen.js";

/**
 * scores: the engine's scores(); players [{name, color}]; board: the card game board;
 * actions: {onNewGame, onSameDeal, onDownload, onViewTable}; extras: the statistics / review /
 * history tabs (endextras.js), or null; `you`: the one person playing against bots ("You win!").
 */
export function cardEndScreen({ scores, players, board, actions, extras = null, you = null }) {
  const halves = Math.max(...scores.map((sc) => sc.halves.length), 1);
  const order = scores.slice().sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const headline = winnersText(scores, players.map((p) => p.name), you);
  const cityName = (id) => board.bonus_cards.find((b) => b.city === id)?.name ?? board.cityName(id);
  const head = h("tr", {},
    h("th", { scope: "col", text: t("end.player") }),
    Array.from({ length: halves }, (_, i) => h("th", { scope: "col", text: halves > 1 ? t("cg.endHalf", { half: i + 1 }) : t("cg.endTickets") })),
    h("th", { scope: "col", text: t("cg.endPenalty") }),
    h("th", { scope: "col", text: t("cg.endBonus") }),
    h("th", { scope: "col", text: t("end.total") }));
  const rows = [];
  for (const sc of order) {
    const p = players[sc.seat];
    rows.push(h("tr", { class: ["end-row", sc.winner && "winner"], testid: `final-row-${sc.seat}`, dataset: { seat: sc.seat } },
      h("th", { scope: "row", class: "end-name" },
        h("span", { class: "rank", text: String(sc.rank) }),
        playerDot(p),
        h("span", { class: "end-player-name", text: p.name }),
        sc.winner ? h("span", { class: "crown", title: t("end.winnerShort"), "aria-label": t("end.winnerShort"), text: "♛" }) : null),
      Array.from({ length: halves }, (_, i) => {
        const half = sc.halves[i] ?? { points: 0, tickets: [] };
        return h("td", { class: "pos", testid: `final-half-${i + 1}-${sc.seat}` }, `+${half.points}`,
          h("small", { text: ` (${half.tickets.length})` }));
      }),
      h("td", { class: sc.tickets_lost ? "neg" : "", testid: `final-penalty-${sc.seat}`, text: sc.tickets_lost ? `−${sc.tickets_lost}` : "0" }),
      h("td", { class: sc.bonus_points ? "pos" : "", testid: `final-bonus-${sc.seat}`, text: sc.bonus_points ? `+${sc.bonus_points}` : "0" }),
      h("td", { class: "total", testid: `final-total-${sc.seat}`, text: pointsText(sc.total) })));
    // Details: which tickets, paid with which cards; tickets left in hand; bonus cities.
    const details = [];
    sc.halves.forEach((half) => {
      for (const tk of half.tickets) {
        details.push(h("li", { class: "done", dataset: { ticket: tk.id, half: half.half } },
          h("span", { class: "cg-end-mark", text: "✓" }),
          h("span", { class: "cg-end-route", text: cityPair(board, tk.cities) }),
          h("span", { class: "cg-end-pts", text: `+${tk.points}` }),
          halves > 1 ? h("span", { class: "cg-end-half", text: t("cg.endHalfShort", { half: half.half }) }) : null,
          tk.cards && Object.keys(tk.cards).length ? cardChips(tk.cards) : null));
      }
    });
    for (const tk of sc.uncompleted) {
      details.push(h("li", { class: "failed", dataset: { ticket: tk.id } },
        h("span", { class: "cg-end-mark", text: "✗" }),
        h("span", { class: "cg-end-route", text: cityPair(board, tk.cities) }),
        h("span", { class: "cg-end-pts", text: `−${tk.points}` }),
        cardChips(tk.need)));
    }
    const bonusText = sc.bonuses.length
      ? t("cg.endBonusList", { list: sc.bonuses.map((b) => `${cityName(b.city)} +${b.bonus}`).join(", ") })
      : t("cg.endBonusNone");
    rows.push(h("tr", { class: "cg-end-detail", testid: `final-detail-${sc.seat}` },
      h("td", { colspan: String(halves + 4) },
        h("details", { class: "end-details", open: order.length <= 2 ? true : null },
          h("summary", { text: t("end.ticketsN", { n: sc.completed + sc.uncompleted.length, done: sc.completed }) }),
          details.length ? h("ul", { class: "end-tickets cg-end-tickets" }, details) : h("p", { class: "hint", text: t("cg.halfNone") }),
          h("p", { class: "cg-end-bonus", text: bonusText })))));
  }
  labelCells(head, rows);  // on a phone each player is a card, as in the map games (game.css)
  const cities = h("div", { class: "cg-end-cities", testid: "final-cities" }, board.bonus_cards.map((b) => {
    const leaders = scores.filter((sc) => sc.bonuses.some((x) => x.city === b.city)).map((sc) => sc.seat);
    return h("div", { class: "cg-city", dataset: { city: b.city, leaders: leaders.join(",") } },
      h("span", { class: "cg-city-name", text: b.name }),
      h("span", { class: "cg-city-bonus", text: `+${b.bonus}` }),
      h("span", { class: "cg-city-leaders" }, leaders.length
        ? leaders.map((s) => playerDot(players[s], { title: players[s].name }))
        : h("span", { class: "cg-city-none", text: "—" })));
  }));
  return h("div", { class: "end-panel cg-end" },
    h("p", { class: "end-headline", testid: "winner", text: headline }),
    h("div", { class: "table-wrap" }, h("table", { class: "end-table end-scores", testid: "final-scores" }, h("thead", {}, head), h("tbody", {}, rows))),
    h("h3", { class: "end-sub", text: t("cg.endCities") }),
    cities,
    extras,
    h("div", { class: "dlg-actions end-actions" },
      h("button", { type: "button", class: "btn btn-ghost", testid: "view-board", text: t("cg.viewTable"), on: { click: actions.onViewTable } }),
      h("button", { type: "button", class: "btn btn-ghost", testid: "download-record", text: t("menu.download"), on: { click: actions.onDownload } }),
      actions.onShare ? h("button", { type: "button", class: "btn btn-ghost", testid: "end-share", text: t("menu.share"), on: { click: actions.onShare } }) : null,
      h("button", { type: "button", class: "btn btn-secondary", testid: "same-deal", text: t("end.sameDeal"), on: { click: actions.onSameDeal } }),
      h("button", { type: "button", class: "btn btn-primary", testid: "new-game", text: t("end.newGame"), on: { click: actions.onNewGame } })));
}

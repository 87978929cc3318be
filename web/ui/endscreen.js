// End of game: score breakdown, winner, score-over-time chart.
import { h, s } from "./dom.js";
import { pointsText, signedPoints as signed, t } from "../i18n.js";
import { ticketName } from "./logtext.js";
import { playerDot } from "./seatmarks.js";

/** Score of every seat after every turn, from the log's claim points, then the final totals. */
export function scoreSeries(log, scores) {
  const n = scores.length;
  const lastTurn = log.reduce((m, ev) => Math.max(m, ev.turn ?? 0), 0);
  const series = Array.from({ length: n }, () => [{ x: 0, y: 0 }]);
  const run = new Array(n).fill(0);
  const byTurn = new Map();
  for (const ev of log) {
    // Claims score at once; an exchange of pieces (world) costs points at once.
    if (ev.kind === "claim" || (ev.kind === "exchange" && ev.penalty)) byTurn.set(ev.turn, [...(byTurn.get(ev.turn) ?? []), ev]);
  }
  for (let turn = 0; turn <= lastTurn; turn++) {
    for (const ev of byTurn.get(turn) ?? []) {
      run[ev.player] += ev.kind === "claim" ? ev.points : ev.penalty;
      series[ev.player].push({ x: turn + 1, y: run[ev.player] });
    }
  }
  const end = lastTurn + 1;
  for (let p = 0; p < n; p++) {
    if (series[p].at(-1).x !== end) series[p].push({ x: end, y: run[p] });
    series[p].push({ x: end + Math.max(2, Math.round(end * 0.08)), y: scores[p].total, final: true });
  }
  return series;
}

function chart(series, colors, names) {
  // Drawn at about the width it is shown at (the end panel's width less its padding), so that its
  // 11 px labels stay 11 px: a 560-wide drawing shrunk into a phone's 315 px wrote them at 6 px.
  const W = Math.round(Math.min(560, Math.max(300, (window.innerWidth || 560) - 75)));
  const H = W < 420 ? 200 : 230, L = 38, R = 14, T = 14, B = 30;
  const xs = series.flat().map((p) => p.x), ys = series.flat().map((p) => p.y);
  const xMax = Math.max(...xs, 1);
  const yMin = Math.min(0, ...ys), yMax = Math.max(10, ...ys);
  const sx = (x) => L + (x / xMax) * (W - L - R);
  const sy = (y) => T + (1 - (y - yMin) / (yMax - yMin)) * (H - T - B);
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "score-chart", role: "img", "aria-label": t("end.chartAria"), testid: "score-chart" });
  const step = Math.max(10, Math.ceil((yMax - yMin) / 5 / 10) * 10);
  for (let y = Math.ceil(yMin / step) * step; y <= yMax; y += step) {
    svg.append(s("line", { x1: L, x2: W - R, y1: sy(y), y2: sy(y), class: y === 0 ? "axis" : "grid" }));
    svg.append(s("text", { x: L - 6, y: sy(y) + 4, "text-anchor": "end", class: "tick", text: String(y) }));
  }
  const finalX = series[0]?.at(-2)?.x ?? 0;
  svg.append(s("line", { x1: sx(finalX), x2: sx(finalX), y1: T, y2: H - B, class: "final-line" }));
  svg.append(s("text", { x: sx(finalX) + 4, y: H - B + 16, class: "tick", text: t("end.chartFinal") }));
  svg.append(s("text", { x: L, y: H - B + 16, class: "tick", text: t("end.chartTurns") }));
  series.forEach((pts, p) => {
    let d = "";
    pts.forEach((pt, i) => {
      if (i === 0) d += `M${sx(pt.x)},${sy(pt.y)}`;
      else d += `H${sx(pt.x)}V${sy(pt.y)}`;
    });
    const path = s("path", { d, class: "series", stroke: colors[p], fill: "none" });
    path.append(s("title", { text: names[p] }));
    svg.append(path);
    const last = pts.at(-1);
    svg.append(s("circle", { cx: sx(last.x), cy: sy(last.y), r: 4.5, fill: colors[p], class: "series-dot" }));
  });
  return svg;
}

/** Who took each end bonus in play, from the engine's score fields (North America). */
function bonusSummary(scores, players, bonuses) {
  const items = [];
  const names = (won) => scores.filter(won).map((sc) => players[sc.seat].name).join(" & ");
  if (bonuses.longest_path !== undefined && scores.some((sc) => sc.longest_bonus_won)) {
    const best = scores.find((sc) => sc.longest_bonus_won);
    items.push(h("li", { testid: "longest-winners", text: t("end.longestWon", { points: bonuses.longest_path, names: names((sc) => sc.longest_bonus_won), n: best.longest_path }) }));
  }
  if (bonuses.globetrotter !== undefined && scores.some((sc) => sc.globetrotter_won)) {
    const best = scores.find((sc) => sc.globetrotter_won);
    items.push(h("li", { testid: "globetrotter-winners", text: t("end.globetrotterWon", { points: bonuses.globetrotter, names: names((sc) => sc.globetrotter_won), n: best.completed }) }));
  }
  if (!items.length) items.push(h("li", { testid: "no-bonus", text: t("bonus.none") }));
  return h("ul", { class: "end-bonuses", testid: "end-bonuses" }, items);
}

/** The end's headline: "Ann wins!", "Shared victory: Ann & Bea!" for a tie, and "You win!" for
 *  `you` (the one person playing against bots) alone. `names` by seat. */
export function winnersText(scores, names, you = null) {
  const seats = scores.filter((sc) => sc.winner).map((sc) => sc.seat);
  if (seats.length === 1 && seats[0] === you) return t("end.youWin");
  const winners = seats.map((seat) => names[seat]);
  return winners.length > 1 ? t("end.tie", { names: winners.join(" & ") }) : t("end.winner", { name: winners[0] ?? "?" });
}

/**
 * Builds the end-of-game panel. `scores` from the engine; `players` [{name, color}];
 * `bonuses` the end bonuses in play (view.bonuses: {longest_path?, globetrotter?}), if the game has them;
 * actions: {onNewGame, onSameDeal, onDownload, onViewBoard, onHoverSeat(seat|null)};
 * extras: the statistics / review / history tabs (endextras.js), or null; `you` as `winnersText`'s.
 */
export function endScreen({ scores, players, log, board, actions, bonuses = null, extras = null, you = null }) {
  const order = scores.slice().sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const headline = winnersText(scores, players.map((p) => p.name), you);
  const world = scores[0]?.harbor_points !== undefined;
  const { head, rows } = world ? worldTable(order, players, board, actions) : classicTable(order, players, board, actions, bonuses ?? {});
  labelCells(head, rows);
  const colors = players.map((p) => p.color);
  return h("div", { class: ["end-panel", world && "end-world"] },
    h("p", { class: "end-headline", testid: "winner", text: headline }),
    bonuses ? bonusSummary(scores, players, bonuses) : null,
    h("div", { class: "table-wrap" }, h("table", { class: "end-table end-scores", testid: "final-scores" }, h("thead", {}, head), h("tbody", {}, rows))),
    world ? h("p", { class: "hint end-note", text: t("wend.note") }) : null,
    // The legend heads the chart: under it, it was cut by the button band or below the window
    // while the chart's dots were in view, unnamed.
    h("div", { class: "chart-head" },
      h("h3", { class: "end-sub", text: t("end.chartTitle") }),
      h("div", { class: "chart-legend", testid: "chart-legend" },
        players.map((p, seat) => h("span", { class: "legend-item", testid: `chart-legend-${seat}` }, playerDot(p), p.name)))),
    chart(scoreSeries(log, scores), colors, players.map((p) => p.name)),
    extras,
    h("div", { class: "dlg-actions end-actions" },
      h("button", { type: "button", class: "btn btn-ghost", testid: "view-board", text: t("end.viewBoard"), on: { click: actions.onViewBoard } }),
      h("button", { type: "button", class: "btn btn-ghost", testid: "download-record", text: t("menu.download"), on: { click: actions.onDownload } }),
      actions.onShare ? h("button", { type: "button", class: "btn btn-ghost", testid: "end-share", text: t("menu.share"), on: { click: actions.onShare } }) : null,
      h("button", { type: "button", class: "btn btn-secondary", testid: "same-deal", text: t("end.sameDeal"), on: { click: actions.onSameDeal } }),
      h("button", { type: "button", class: "btn btn-primary", testid: "new-game", text: t("end.newGame"), on: { click: actions.onNewGame } })));
}

/** Gives every score cell its column's name (`data-label`): on a phone each player's row becomes a
 *  card whose cells show their names, so no column (not even Total) needs sideways scrolling. */
export function labelCells(head, rows) {
  const names = [...head.children].map((th) => th.textContent.replaceAll("\u00ad", ""));
  for (const row of rows) [...row.children].forEach((cell, i) => { if (i > 0) cell.dataset.label = names[i]; });
}

function classicTable(order, players, board, actions, bonuses) {
  const globetrotter = bonuses.globetrotter !== undefined;  // USA 1910 and Mega Game
  const head = h("tr", {},
    h("th", { scope: "col", text: t("end.player") }),
    h("th", { scope: "col", text: t("end.routes") }),
    h("th", { scope: "col", text: t("end.ticketsWon") }),
    h("th", { scope: "col", text: t("end.ticketsLost") }),
    h("th", { scope: "col", text: t("end.longest") }),
    globetrotter ? h("th", { scope: "col", text: t("end.globetrotter") }) : null,
    h("th", { scope: "col", text: t("end.total") }));
  const rows = order.map((sc) => {
    const p = players[sc.seat];
    const ticketList = h("ul", { class: "end-tickets" }, sc.tickets.map((tk) =>
      h("li", { class: tk.completed ? "done" : "failed", text: `${tk.completed ? "✓" : "✗"} ${ticketName(board, tk)} ${tk.completed ? "+" : "−"}${tk.points}` })));
    return scoreRow(sc, p, ticketList, actions,
    h("td", { testid: `final-routes-${sc.seat}` }, String(sc.routes), routesClaimed(sc)),
    h("td", { class: sc.tickets_won ? "pos" : "", testid: `final-tickets-won-${sc.seat}`, text: signed(sc.tickets_won) }),
    h("td", { class: sc.tickets_lost ? "neg" : "", testid: `final-tickets-lost-${sc.seat}`, text: signed(-sc.tickets_lost) }),
    h("td", { testid: `final-longest-${sc.seat}` }, sc.longest_bonus ? h("span", { class: "pos", text: `+${sc.longest_bonus}` }) : "0",
      h("small", { text: ` (${t("end.trains", { n: sc.longest_path })})` })),
    globetrotter ? h("td", { testid: `final-globetrotter-${sc.seat}` },
      sc.globetrotter_bonus ? h("span", { class: "pos", text: `+${sc.globetrotter_bonus}` }) : "0",
      h("small", { text: ` (${t("end.completedN", { n: sc.completed })})` })) : null,
    h("td", { class: "total", testid: `final-total-${sc.seat}`, text: pointsText(sc.total) }));
  });
  return { head, rows };
}

/** One player's row: rank, colour, name, crown and their tickets (`details`: a list) in the
 *  row's header cell, then `cells`; hovering it shows their network on the map. */
function scoreRow(sc, p, details, actions, ...cells) {
  return h("tr", { class: ["end-row", sc.winner && "winner"], testid: `final-row-${sc.seat}`, dataset: { seat: sc.seat },
    on: { pointerenter: () => actions.onHoverSeat(sc.seat), pointerleave: () => actions.onHoverSeat(null) } },
  h("th", { scope: "row", class: "end-name" },
    h("span", { class: "rank", text: String(sc.rank) }),
    playerDot(p),
    h("span", { class: "end-player-name", text: p.name }),
    sc.winner ? h("span", { class: "crown", title: t("end.winnerShort"), "aria-label": t("end.winnerShort"), text: "♛" }) : null,
    h("details", { class: "end-details" }, h("summary", { text: t("end.ticketsN", { n: sc.tickets.length, done: sc.completed }) }), details)),
  cells);
}

/** The routes cell's count of routes, with its unit: "37 (17 routes)". */
const routesClaimed = (sc) => h("small", { text: ` (${t("end.routesN", { n: sc.routes_claimed })})` });

/** Rails & Sails: routes, tickets, itineraries, harbors, unbuilt harbors, exchanges, total. */
function worldTable(order, players, board, actions) {
  const head = h("tr", {},
    h("th", { scope: "col", text: t("end.player") }),
    h("th", { scope: "col", text: t("end.routes") }),
    h("th", { scope: "col", text: t("end.ticketsWon") }),
    h("th", { scope: "col", text: t("end.ticketsLost") }),
    h("th", { scope: "col", text: t("wend.itineraries") }),
    h("th", { scope: "col", text: t("wend.harbors") }),
    h("th", { scope: "col", text: t("wend.unbuilt") }),
    h("th", { scope: "col", text: t("wend.exchanges") }),
    h("th", { scope: "col", text: t("end.total") }));
  const rows = order.map((sc) => {
    const p = players[sc.seat];
    const list = h("ul", { class: "end-tickets" },
      sc.tickets.map((tk) => h("li", { class: tk.status === "failed" ? "failed" : tk.status === "connected" ? "partial" : "done",
        text: `${tk.status === "failed" ? "✗" : tk.status === "connected" ? "≈" : "✓"} ${ticketName(board, tk)} ${signed(tk.value)}` +
          (tk.itinerary ? ` (${t(`wtickets.status.${tk.status}`)})` : "") })),
      sc.harbors.map((hb) => h("li", { class: hb.value ? "done harbor" : "failed harbor",
        text: `⚓ ${board.cityName(hb.city)}: ${t("wend.harborLine", { n: hb.completed, points: hb.value })}` })));
    const cell = (key, value, cls, extra) => h("td", { class: value ? cls : null, testid: `final-${key}-${sc.seat}`, dataset: { value } }, signed(value), extra ?? null);
    return scoreRow(sc, p, list, actions,
    cell("routes", sc.routes, null, routesClaimed(sc)),
    cell("tickets-won", sc.tickets_won, "pos"),
    cell("tickets-lost", -sc.tickets_lost, "neg"),
    cell("itineraries", sc.itineraries, sc.itineraries >= 0 ? "pos" : "neg"),
    cell("harbors", sc.harbor_points, "pos", h("small", { text: ` (${sc.harbors.length})` })),
    cell("unbuilt", sc.unbuilt_penalty, "neg", sc.unbuilt_harbors ? h("small", { text: ` (${sc.unbuilt_harbors})` }) : null),
    cell("exchanges", sc.exchange_penalty, "neg", sc.exchanged ? h("small", { text: ` (${sc.exchanged})` }) : null),
    h("td", { class: "total", testid: `final-total-${sc.seat}`, dataset: { value: sc.total }, text: pointsText(sc.total) }));
  });
  return { head, rows };
}

// Still map pictures inside the map games' dialogs, drawn by the board renderer, so a choice is
// made with the map in view (issue 13): the person's own network with the tickets being chosen as
// numbered lines (the ticket dialog, the Rails & Sails piece mix), or the route being paid for.
// Everything shown comes from the engine's view (`routes`, the tickets' cities); nothing is decided.
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { BoardView } from "./board/index.js";
import { TICKET_LINE_COLORS } from "./board/ticketlines.js";
import { ticketName } from "./logtext.js";

/** The colour of the i-th ticket in a picture (the list beside it shows the same swatch). */
export const ticketColor = (i) => TICKET_LINE_COLORS[i % TICKET_LINE_COLORS.length];

/** The pictures on screen, for the tests (`window.__railtrip.pictures()`). */
const shown = new Set();

/** For tests: each picture on screen as {dialog: its dialog's test id, labels: its last frame's
 *  city names (BoardView.labels: boxes, hidden, markers)}. */
export function picturesShown() {
  return [...shown].map((v) => ({ dialog: v.el.closest("dialog")?.dataset.testid ?? null, labels: v.labels }));
}

function stillMap(screen, { frame = null, focus, label }) {
  const board = screen.board;
  const view = new BoardView(board, { frame, interactive: false });
  shown.add(view);
  const destroy = view.destroy.bind(view);
  view.destroy = () => { shown.delete(view); destroy(); };
  view.el.classList.add("dlg-map-board");
  if (!frame) {
    view.el.style.setProperty("aspect-ratio", `${board.width} / ${board.height}`);
    view.el.style.setProperty("--map-ratio", String(board.width / board.height));
  }
  view.update({ owners: screen.res.view.routes, playerColors: screen.colors, focus,
    harbors: screen.res.view.harbors ?? {} });
  const el = h("figure", { class: "dlg-map", testid: "dialog-map", role: "img", "aria-label": label }, view.el);
  return { el, view };
}

/**
 * The person's network (their claimed routes glow, the rest is dimmed) with `tickets` as numbered
 * lines. `show(chosenIds, activeId)` redraws them: ticked ones solid, the pointed-at one wider.
 * `legend`: also list the tickets under the map (the piece mix; the ticket dialog lists them itself).
 * `destroy()` when the dialog goes.
 */
export function ticketPicture(screen, tickets, { legend = false } = {}) {
  const own = screen._routesOf(screen.viewer);
  const { el, view } = stillMap(screen, { focus: { cities: new Set(), routes: own },
    label: t("dmap.tickets", { n: own.size }) });
  el.dataset.ownRoutes = String(own.size);
  el.dataset.tickets = tickets.map((tk) => tk.id).join(",");
  if (legend) {
    el.append(h("figcaption", { class: "dlg-map-legend" }, tickets.map((tk, i) => h("span", { class: "dlg-map-ticket", testid: `dialog-map-ticket-${tk.id}` },
      swatch(i), h("span", { text: ticketName(screen.board, tk) }),
      h("small", { text: tk.itinerary ? t("tickets.itineraryValues", { a: tk.values[0], b: tk.values[1], c: tk.values[2] }) : t("tickets.points", { n: tk.points }) })))));
  }
  const show = (chosen = new Set(tickets.map((tk) => tk.id)), active = null) => {
    view.update({ ticketLines: tickets.map((tk, i) => ({ cities: tk.cities, color: ticketColor(i), label: String(i + 1),
      chosen: chosen.has(tk.id), active: tk.id === active })) });
    el.dataset.chosen = [...chosen].join(",");
  };
  show();
  return { el, show, destroy: () => view.destroy() };
}

/** The numbered colour swatch of the i-th ticket (as on the map picture). */
export function swatch(i) {
  return h("span", { class: "ticket-swatch", style: { "--tc": ticketColor(i) }, "aria-hidden": "true", text: String(i + 1) });
}

/** The route being paid for, framed with its two cities, glowing; the others' trains around it. */
export function routePicture(screen, routeId) {
  const r = screen.board.routeById.get(routeId);
  const { el, view } = stillMap(screen, { frame: [r.a, r.b], focus: { cities: new Set([r.a, r.b]), routes: new Set([routeId]) },
    label: t("dmap.route") });
  el.classList.add("dlg-map-route");
  el.dataset.route = routeId;
  return { el, destroy: () => view.destroy() };
}

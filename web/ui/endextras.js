// The end screen's extra sections for every game: statistics per player (the engine's
// Game.stats: routes and their lengths, cards face up / blind, ticket draws, points by source),
// the review of the person's moves (the engine's review_move, asked one decision at a time so the
// page stays responsive and shows progress) and the local history (history.js). Every number here
// is an engine field; nothing is counted from the log or read from action texts.
import { h } from "./dom.js";
import { t, getLang, decimal, signedPoints as signed } from "../i18n.js";
import { playerDot } from "./seatmarks.js";
import { runReview } from "./reviewrun.js";

/**
 * The clock cap of one reviewed decision: 1.5 s, so a slow device finishes the review. A test on
 * a loaded machine sets `?reviewSeconds=S` (up to 600) so that no decision meets it and the steps
 * are those of an uncapped review.
 */
function reviewSeconds() {
  const q = Number(new URLSearchParams(location.search).get("reviewSeconds"));
  return q > 0 && q <= 600 ? q : 1.5;
}

const SOURCE_ORDER = ["routes", "tickets_completed", "tickets_failed", "itineraries", "longest_path",
  "globetrotter", "harbors", "unbuilt_harbors", "exchanges", "big_cities"];

/** Rows of statistics that apply to this game (a row is shown when any seat has a value). */
function statRows(stats, variant) {
  const rows = [];
  const any = (key) => stats.some((st) => st[key]);
  if (variant !== "cardgame") {
    rows.push(["routes", (st) => String(st.routes)]);
    rows.push(["avgLength", (st) => (st.routes ? decimal(st.average_length, 1, { fixed: true }) : "—")]);
    rows.push(["lengths", (st) => Object.entries(st.route_lengths).map(([len, n]) => `${len}: ${n}`).join(" · ") || "—"]);
  } else {
    rows.push(["plays", (st) => String(st.plays)]);
    if (any("raids")) rows.push(["raids", (st) => String(st.raids)]);
  }
  rows.push(["faceUp", (st) => (st.face_up_wild ? t("stats.faceUpWild", { n: st.face_up, wild: st.face_up_wild }) : String(st.face_up))]);
  rows.push(["blind", (st) => String(st.blind)]);
  rows.push(["ticketDraws", (st) => String(st.ticket_draws)]);
  rows.push(["ticketsKept", (st) => t("stats.keptOf", { kept: st.tickets_kept, offered: st.tickets_offered })]);
  if (any("harbors")) rows.push(["harbors", (st) => String(st.harbors)]);
  if (any("exchanges")) rows.push(["exchanges", (st) => String(st.exchanges)]);
  return rows;
}


/** The statistics table: a column per player (players in seat order), a row per figure. */
export function statsPanel(stats, players, variant) {
  const sources = SOURCE_ORDER.filter((src) => stats.some((st) => st.points.some((p) => p.source === src && p.points)));
  const head = h("tr", {}, h("th", { scope: "col", text: "" }), stats.map((st) => h("th", { scope: "col", class: "stats-player" },
    playerDot(players[st.seat]), h("span", { class: "end-player-name", text: players[st.seat].name }))));
  const body = statRows(stats, variant).map(([key, cell]) => h("tr", { testid: `stats-${key}` },
    h("th", { scope: "row", text: t(`stats.${key}`) }), stats.map((st) => h("td", { testid: `stats-${key}-${st.seat}`, text: cell(st) }))));
  const points = sources.map((src) => h("tr", { class: "stats-points", testid: `stats-points-${src}` },
    h("th", { scope: "row", text: t(`stats.src.${src}`) }),
    stats.map((st) => {
      const pts = st.points.find((p) => p.source === src)?.points ?? 0;
      return h("td", { class: pts > 0 ? "pos" : pts < 0 ? "neg" : "", testid: `stats-points-${src}-${st.seat}`, dataset: { value: pts }, text: signed(pts) });
    })));
  return h("section", { class: "end-stats", testid: "end-stats" },
    h("div", { class: "table-wrap" }, h("table", { class: "end-table stats-table" }, h("thead", {}, head),
      h("tbody", {}, body, h("tr", { class: "stats-sep" }, h("th", { scope: "row", text: t("stats.pointsBySource") }), h("td", { colspan: String(stats.length) })), points))));
}

/** A review line's words in the page's language (the engine writes both). */
const words = (reason) => reason?.[getLang()] ?? reason?.en ?? "";

/**
 * The review of `seat`'s moves: a button starts it; the engine is asked one decision at a time
 * (review_move; helper engines share the work where cores are spare: reviewrun.js), with a
 * progress bar; then the few moves where the bot disagreed most, with the
 * cost it estimated (or only which move it preferred, when its ranking gives no margin).
 * `hintsUsed`: how many hints the person asked for in this game (shown with the review).
 * `stored`: the steps of a review made before (shown at once); `onDone(steps)` keeps a new one.
 */
export function reviewPanel({ engine, gameId, seat, bot = "hard", hintsUsed = 0, limit = 5, stored = null, onDone = null }) {
  const out = h("div", { class: "review-out", testid: "review-out" });
  const bar = h("progress", { class: "review-progress", testid: "review-progress", max: "1", value: "0", hidden: true });
  const note = h("p", { class: "hint", testid: "review-note", text: t("review.intro") });
  const button = h("button", { type: "button", class: "btn btn-secondary btn-small", testid: "review-start", text: t("review.start"),
    on: { click: () => run() } });
  let cancelled = false;
  const panel = h("section", { class: "end-review", testid: "end-review" },
    h("h3", { class: "end-sub", text: t("review.title") }), note, button, bar, out,
    h("p", { class: "hint", testid: "hints-used", text: t("review.hintsUsed", { n: hintsUsed }) }));
  panel.cancel = () => { cancelled = true; };
  if (stored) {
    button.hidden = true;
    panel.dataset.done = "true";
    show(stored);
  }

  async function run() {
    button.hidden = true;
    bar.hidden = false;
    note.textContent = t("review.working");
    let steps;
    try {
      steps = await runReview({ engine, gameId, seat, bot, maxSeconds: reviewSeconds(), cancelled: () => cancelled,
        progress: (fraction) => { bar.value = fraction; }, engines: (n) => { panel.dataset.engines = String(n); } });
    } catch (err) {
      note.textContent = t("review.failed", { error: err.message });
      bar.hidden = true;
      return;
    }
    if (cancelled) return;
    bar.value = 1;
    bar.hidden = true;
    panel.dataset.done = "true";
    show(steps);
    onDone?.(steps);
  }

  function show(steps) {
    const differ = steps.filter((st) => !st.agree);
    const agreed = steps.length - differ.length;
    note.textContent = t("review.summary", { agreed, n: steps.length });
    // Measured losses first, largest first; then the close calls (cost 0) and the moves the bot
    // only preferred, weightiest first (the engine's weight: a route or ticket choice before a
    // card); shown in game order.
    const worst = differ.slice().sort((a, b) => (b.cost ?? -Infinity) - (a.cost ?? -Infinity)
      || (b.weight ?? 0) - (a.weight ?? 0) || a.ply - b.ply).slice(0, limit).sort((a, b) => a.ply - b.ply);
    if (!worst.length) {
      out.replaceChildren(h("p", { class: "review-none", testid: "review-none", text: t("review.none") }));
      return;
    }
    out.replaceChildren(h("ol", { class: "review-list", testid: "review-list" }, worst.map((st) => h("li", { class: "review-item", testid: "review-item", dataset: { ply: st.ply } },
      turnLabel(st),
      h("span", { class: "review-you", text: t("review.you", { move: words(st.played_reason) }) }),
      h("span", { class: "review-bot", text: t("review.bot", { move: words(st.reason) }) }),
      costLine(st)))));
  }
  return panel;
}

/** Which of the person's own turns a reviewed move was ("Your turn 23 of 51", or the start's
 *  ticket choice), counted by the engine; a review kept from before it counted them names none
 *  (the engine's turn counter counts every seat's turns and the setup, which nothing on screen does). */
function turnLabel(st) {
  if (!Number.isInteger(st.own_turn) || (st.own_turn > 0 && !Number.isInteger(st.own_turns))) return null;
  const text = st.own_turn > 0 ? t("review.turn", { n: st.own_turn, total: st.own_turns }) : t("review.setupTurn");
  return h("span", { class: "review-turn", text });
}

/** What a reviewed move cost by the bot's measure: "Your move cost about 12 points.", "Your move
 *  was about as good." (the bot measured no clear loss), or nothing from a bot that does not
 *  measure. Whole points: the cost is an estimate from a dozen sampled worlds (a tenth of a point
 *  claimed a precision it does not have); a measured loss is at least half a point, so "about 1". */
function costLine(st) {
  if (typeof st.cost !== "number") return null;
  return st.cost > 0
    ? h("span", { class: "review-cost neg", testid: "review-cost", text: t("review.cost", { n: Math.max(1, Math.round(st.cost)) }) })
    : h("span", { class: "review-cost even", testid: "review-even", text: t("review.even") });
}

/**
 * The end screen's tabbed extras: [Statistics | Review | History]. Each entry of `sections` is
 * {key, label, body}; the first is open.
 */
export function endTabs(sections) {
  const list = sections.filter(Boolean);
  const buttons = list.map((sec, i) => h("button", { type: "button", role: "tab", class: "tab", id: `end-tab-${sec.key}`,
    testid: `end-tab-${sec.key}`, "aria-selected": String(i === 0), "aria-controls": `end-panel-${sec.key}`, text: sec.label,
    on: { click: () => select(i) } }));
  const panels = list.map((sec, i) => h("div", { role: "tabpanel", id: `end-panel-${sec.key}`, class: "end-tab-panel",
    "aria-labelledby": `end-tab-${sec.key}`, hidden: i !== 0 }, sec.body));
  const select = (k) => list.forEach((_, i) => { buttons[i].setAttribute("aria-selected", String(i === k)); panels[i].hidden = i !== k; });
  return h("div", { class: "end-extras", testid: "end-extras" }, h("div", { class: "tabs end-tabs", role: "tablist", "aria-label": t("end.more") }, buttons), panels);
}

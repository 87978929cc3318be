// The local history across games: games played, games won and the best score per game and
// opponent level, kept in this browser's storage only (no server). Read back defensively: the text
// is bounded before parsing (safedata.js) and every field is checked and repaired on its own, so
// a damaged or hostile entry never breaks the page; a failed write only means this game is not
// counted (nothing else is ever deleted).
import { h } from "./dom.js";
import { t, tMaybe } from "../i18n.js";
import { readStoredJson, writeStoredJson } from "./core/storage.js";

const KEY = "railtrip.history.v1";
const MAX_COUNTED = 200;   // ids of the last games counted (a reload of the end never counts twice)
const MAX_ROWS = 60;
const MAX_COUNT = 1e9;
const rowKey = /^(usa|world|cardgame)\|(easy|normal|hard|people|other)$/;
const validId = (id) => typeof id === "string" && /^[0-9a-z-]{1,40}$/.test(id);
const count = (x) => (Number.isSafeInteger(x) && x >= 0 ? Math.min(x, MAX_COUNT) : 0);
const score = (x) => (Number.isSafeInteger(x) && Math.abs(x) < 1e6 ? x : null);

/** The history as stored, repaired field by field: {rows: {"usa|hard": {games, wins, best}}, counted: [ids]}. */
export function readHistory() {
  const empty = { rows: {}, counted: [] };
  const data = readStoredJson(KEY, { maxChars: 100_000, maxDepth: 6 }).value;
  if (!data || typeof data !== "object") return empty;
  const rows = {};
  if (data.rows && typeof data.rows === "object" && !Array.isArray(data.rows)) {
    for (const [key, row] of Object.entries(data.rows).slice(0, MAX_ROWS)) {
      if (!rowKey.test(key) || !row || typeof row !== "object") continue;
      const games = count(row.games);
      if (!games) continue;
      rows[key] = { games, wins: Math.min(count(row.wins), games), best: score(row.best) };
    }
  }
  const counted = Array.isArray(data.counted) ? data.counted.filter(validId).slice(-MAX_COUNTED) : [];
  return { rows, counted };
}

/** The opponents' level of a game: the strongest bot level at the table, "people" without bots. */
export function levelOf(seats) {
  const bots = (seats ?? []).filter((s) => s?.kind === "bot").map((s) => s.bot);
  if (!bots.length) return "people";
  for (const level of ["hard", "normal", "easy"]) if (bots.includes(level)) return level;
  return "other";
}

/**
 * Counts a finished game once (by its save id): `seat` is the person's seat, or null (a game of
 * bots only is not counted). Returns the history after it, or null when storage refused the write.
 */
export function recordResult({ id, variant, seats, seat, scores }) {
  const history = readHistory();
  if (!validId(id) || seat === null || seat === undefined || history.counted.includes(id)) return history;
  const key = `${variant}|${levelOf(seats)}`;
  if (!rowKey.test(key)) return history;
  const mine = scores.find((sc) => sc.seat === seat);
  if (!mine) return history;
  const row = history.rows[key] ?? { games: 0, wins: 0, best: null };
  const total = score(mine.total);
  history.rows[key] = { games: row.games + 1, wins: row.wins + (mine.winner ? 1 : 0),
    best: total === null ? row.best : row.best === null ? total : Math.max(row.best, total) };
  history.counted = [...history.counted, id].slice(-MAX_COUNTED);
  return writeStoredJson(KEY, history) ? history : null;
}

/** The history table (every game and level played in this browser), or a line saying why not. */
export function historyPanel(history, { variant } = {}) {
  const keys = Object.keys(history?.rows ?? {}).sort((a, b) => (a.startsWith(variant) ? -1 : 0) - (b.startsWith(variant) ? -1 : 0) || a.localeCompare(b));
  const body = keys.map((key) => {
    const [v, level] = key.split("|");
    const row = history.rows[key];
    return h("tr", { testid: `history-${v}-${level}`, class: v === variant ? "current" : null },
      h("th", { scope: "row", text: `${tMaybe(`variant.${v}.title`, v)} · ${t(`history.level.${level}`)}` }),
      h("td", { text: String(row.games) }),
      h("td", { text: `${row.wins} (${Math.round((100 * row.wins) / row.games)}%)` }),
      h("td", { text: row.best === null ? "—" : String(row.best) }));
  });
  return h("section", { class: "end-history", testid: "end-history" },
    h("h3", { class: "end-sub", text: t("history.title") }),
    history === null ? h("p", { class: "hint", testid: "history-unsaved", text: t("history.unsaved") }) : null,
    keys.length ? h("div", { class: "table-wrap" }, h("table", { class: "end-table history-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("history.game") }), h("th", { scope: "col", text: t("history.games") }),
        h("th", { scope: "col", text: t("history.wins") }), h("th", { scope: "col", text: t("history.best") }))),
      h("tbody", {}, body)))
      : h("p", { class: "hint", text: t("history.none") }),
    h("p", { class: "hint", text: t("history.local") }));
}

// Saved games in localStorage: one key per game ("railtrip.save.<id>" = {record, settings, turn,
// savedAt}), so a damaged entry never takes the others with it. The screens save after every
// action (saveGame); the new-game screen lists the saves (savedGamesPanel) with continue, export
// (the record as a .railtrip.json file) and delete, and imports such files.
// Everything read back from storage or a file is checked: its JSON text is bounded before parsing
// (safedata.js), the engine replays the record (which refuses impossible actions) and the seats
// are rebuilt from known values; names are only ever shown as text.
// Saving never deletes another save: when the storage is full or the list has MAX_SAVES games,
// saveGame says why it could not save, and the screen asks the player (savewarning.js).
import { h } from "./dom.js";
import { gameTitle, t, WordedError } from "../i18n.js";
import { PLAYER_COLOR_NAMES } from "./cards.js";
import { resolveBot } from "./newgame.js";
import { cleanName, isolate } from "./names.js";
import { parseBoundedJson, checkSeed, UnsafeDataError } from "./safedata.js";

const PREFIX = "railtrip.save.";
const CHOICE_PREFIX = "railtrip.choice.";
const REVIEW_PREFIX = "railtrip.review.";
const LEGACY_KEY = "railtrip.saved.v1";
const SESSION_KEY = "railtrip.session.game";
/** The most games kept; a new game beyond it is not saved until the player deletes one. */
export const MAX_SAVES = 30;
/** Larger files are not game records (a long 5-player game is well under 100 kB). */
export const MAX_FILE_BYTES = 2_000_000;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function newSaveId() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return `${Date.now().toString(36)}-${a[0].toString(36)}${a[1].toString(36)}`.slice(0, 32);
}

const validId = (id) => typeof id === "string" && /^[0-9a-z-]{1,40}$/.test(id);

/**
 * Saves the running game under settings.saveId (the screens call this after every action); a
 * finished game is saved once more with `finished` ({winners: [names], totals: [points]}) and
 * stays in the list as a replay.
 * Returns {ok: true} or {ok: false, reason}: "quota" (the storage is full), "limit" (MAX_SAVES
 * other games are saved and this one is new) or "unavailable" (no storage in this browser).
 * It never removes another save: freeing space is the player's choice.
 */
export function saveGame({ record, settings, turn, finished = null }) {
  const store = storage();
  if (!store || !validId(settings?.saveId)) return { ok: false, reason: "unavailable" };
  const key = PREFIX + settings.saveId;
  try {
    if (store.getItem(key) === null && saveKeys(store).length >= MAX_SAVES) return { ok: false, reason: "limit" };
    store.setItem(key, JSON.stringify({ record, settings, turn, savedAt: Date.now(), ...(finished ? { finished } : {}) }));
  } catch (err) {
    return { ok: false, reason: isQuotaError(err) ? "quota" : "unavailable" };
  }
  return { ok: true };
}

function isQuotaError(err) {
  return err?.name === "QuotaExceededError" || err?.name === "NS_ERROR_DOM_QUOTA_REACHED" || err?.code === 22 || err?.code === 1014;
}

function saveKeys(store) {
  return Object.keys(store).filter((k) => k.startsWith(PREFIX));
}

/** Forgets a save (a finished game, or the person deleted it), the choice begun in it and its review. */
export function removeSave(id) {
  for (const prefix of [PREFIX, CHOICE_PREFIX, REVIEW_PREFIX]) {
    try { storage()?.removeItem(prefix + id); } catch { /* ignore */ }
  }
}

/**
 * Calls `onDeleted()` when another tab deletes the save `id` (or clears the site's storage) while
 * this tab plays it, so the game is not quietly saved again; returns the function that stops
 * watching. `wasSaved()` says whether this tab had saved the game yet (a cleared storage then
 * means the save is gone; before, nothing was lost).
 */
export function watchSaveDeleted(id, { wasSaved, onDeleted }) {
  if (!validId(id)) return () => {};
  const key = PREFIX + id;
  const listener = (event) => {
    if (event.storageArea !== storage()) return;
    const gone = event.key === key ? event.newValue === null
      : event.key === null && wasSaved() && storage()?.getItem(key) === null;
    if (gone) onDeleted();
  };
  window.addEventListener("storage", listener);
  return () => window.removeEventListener("storage", listener);
}

// --- a choice begun but not made (ticked tickets, a face-up card waiting for its refill deck) ----
// Kept beside the save ("railtrip.choice.<id>" = {ply, seat, kind, ...}) so that a reload reopens
// the dialog as the person left it; it counts only at the same ply and seat.

/** Remembers the choice `seat` has begun at `ply` (null forgets it). */
export function keepChoice(id, { ply, seat, choice }) {
  const store = storage();
  if (!store || !validId(id)) return;
  try {
    if (choice) store.setItem(CHOICE_PREFIX + id, JSON.stringify({ ...choice, ply, seat }));
    else store.removeItem(CHOICE_PREFIX + id);
  } catch { /* a full storage only loses the half-made choice */ }
}

/** The choice of `kind` begun by `seat` at `ply` in save `id`, or null. */
export function pendingChoice(id, { ply, seat, kind }) {
  const store = storage();
  if (!store || !validId(id)) return null;
  try {
    const c = parseBoundedJson(store.getItem(CHOICE_PREFIX + id) ?? "null");
    return c && typeof c === "object" && c.ply === ply && c.seat === seat && c.kind === kind ? c : null;
  } catch {
    return null;
  }
}

// --- the review of a finished game ("railtrip.review.<id>" = {seat, plies, bot, steps}) ----------
// A review asks the engine about every decision of the person (a minute or more), so the finished
// review is kept beside the save: the end screen shows it again after a reload or a change of
// language without asking again. Only the fields the review shows are kept, checked when read.

const MAX_REASON_CHARS = 400;

/** Both languages' words of a move, as text; null when missing. */
function reviewWords(value) {
  if (!value || typeof value !== "object") return null;
  const text = (w) => (typeof w === "string" ? w.slice(0, MAX_REASON_CHARS) : "");
  return { en: text(value.en), de: text(value.de) };
}

/** One review step with only the fields the review shows, or null when it is not one. */
function reviewStep(step, plies) {
  if (!step || typeof step !== "object" || !Number.isInteger(step.ply) || step.ply < 0 || step.ply >= plies) return null;
  if (typeof step.agree !== "boolean") return null;
  const cost = step.cost === null || step.cost === undefined ? null : Number(step.cost);
  if (cost !== null && !Number.isFinite(cost)) return null;
  return {
    ply: step.ply,
    // Which of the person's turns it was (a review kept before these were counted names none).
    own_turn: Number.isInteger(step.own_turn) && step.own_turn >= 0 ? step.own_turn : null,
    own_turns: Number.isInteger(step.own_turns) && step.own_turns >= 0 ? step.own_turns : null,
    agree: step.agree,
    cost,
    weight: Number.isFinite(step.weight) ? Number(step.weight) : 0,
    played_reason: reviewWords(step.played_reason),
    reason: reviewWords(step.reason),
  };
}

/** Remembers the finished review of `seat`'s moves in save `id` (a game of `plies` actions);
 *  a full storage only means the review is asked for again next time. */
export function keepReview(id, { seat, plies, bot, steps }) {
  const store = storage();
  if (!store || !validId(id)) return;
  const kept = steps.map((st) => reviewStep(st, plies)).filter(Boolean);
  try {
    store.setItem(REVIEW_PREFIX + id, JSON.stringify({ seat, plies, bot, steps: kept }));
  } catch { /* not kept */ }
}

/** The steps of the review kept for `seat` in save `id` of a game of `plies` actions by `bot`,
 *  or null (none kept, another game or seat, or a damaged entry). */
export function storedReview(id, { seat, plies, bot }) {
  const store = storage();
  if (!store || !validId(id)) return null;
  try {
    const entry = parseBoundedJson(store.getItem(REVIEW_PREFIX + id) ?? "null");
    if (!entry || typeof entry !== "object" || entry.seat !== seat || entry.plies !== plies || entry.bot !== bot) return null;
    if (!Array.isArray(entry.steps) || entry.steps.length > plies) return null;
    const steps = entry.steps.map((st) => reviewStep(st, plies));
    return steps.every(Boolean) ? steps : null;
  } catch {
    return null;
  }
}

/** The old single save slot becomes an entry of the list (once). */
function migrateLegacy(store) {
  let raw;
  try { raw = store.getItem(LEGACY_KEY); } catch { return; }
  if (raw === null) return;
  try {
    const old = parseBoundedJson(raw);
    if (old && typeof old === "object" && old.record && old.settings) {
      const id = validId(old.settings.saveId) ? old.settings.saveId : newSaveId();
      store.setItem(PREFIX + id, JSON.stringify({ ...old, settings: { ...old.settings, saveId: id } }));
    }
  } catch { /* unreadable: nothing to keep */ }
  try { store.removeItem(LEGACY_KEY); } catch { /* ignore */ }
}

/**
 * Every save, newest first: {id, ok, entry?, variant, players, names, turn, savedAt, error?}.
 * A save that cannot be read is listed with ok=false (it can still be deleted).
 */
export function listSaves() {
  const store = storage();
  if (!store) return [];
  migrateLegacy(store);
  const out = [];
  let keys = [];
  try { keys = saveKeys(store); } catch { return []; }
  for (const key of keys) {
    const id = key.slice(PREFIX.length);
    if (!validId(id)) continue;
    let size = 0;
    try {
      const text = store.getItem(key) ?? "";
      size = text.length;
      const entry = parseBoundedJson(text);
      const rec = entry?.record;
      if (!rec || typeof rec !== "object" || !Array.isArray(rec.actions)) throw new Error("no record");
      const seats = Array.isArray(rec.meta?.seats) ? rec.meta.seats : entry.settings?.seats;
      out.push({
        id, ok: true, entry,
        variant: String(rec.variant ?? "?"),
        options: rec.options && typeof rec.options === "object" ? rec.options : null,
        players: Number(rec.players) || 0,
        names: Array.isArray(seats) ? seats.slice(0, 8).map((s) => cleanName(s?.name, "?")) : [],
        turn: Number.isFinite(entry.turn) ? entry.turn : null,
        moves: rec.actions.length,
        savedAt: Number(entry.savedAt) || 0,
        size,
        finished: finishedSummary(entry.finished),
      });
    } catch {
      out.push({ id, ok: false, variant: "?", players: 0, names: [], turn: null, moves: 0, savedAt: 0, size });
    }
  }
  return out.sort((a, b) => b.savedAt - a.savedAt);
}

/** A finished game's summary from storage, checked: {winners: [names]} or null (a running game). */
function finishedSummary(value) {
  if (!value || typeof value !== "object") return null;
  const winners = Array.isArray(value.winners) ? value.winners.slice(0, 8).map((n) => cleanName(n, "?")) : [];
  return { winners };
}

/** The newest game that can be continued (finished games are replays, not continued). */
export function latestSave() {
  return listSaves().find((s) => s.ok && !s.finished) ?? null;
}

export function getSave(id) {
  return listSaves().find((s) => s.id === id) ?? null;
}

// --- the game of this tab, so that a reload goes straight back to it ---------------------------

export function setSessionGame(id) {
  try {
    if (id) sessionStorage.setItem(SESSION_KEY, id);
    else sessionStorage.removeItem(SESSION_KEY);
  } catch { /* ignore */ }
}

export function sessionGame() {
  try { return sessionStorage.getItem(SESSION_KEY); } catch { return null; }
}

// --- records from outside: seats rebuilt from known values --------------------------------------

/** Seats for `players` seats from untrusted data: names are text, kinds/bots/colours known values.
 *  A game to play on needs a person at the table (`needHuman`: the first seat becomes one); a
 *  replay shows a game of bots alone as it was. */
export function sanitizeSeats(seats, players, bots, { needHuman = true } = {}) {
  const list = Array.isArray(seats) ? seats : [];
  const out = [];
  const used = new Set();
  for (let i = 0; i < players; i++) {
    const s = list[i] && typeof list[i] === "object" ? list[i] : {};
    const kind = s.kind === "human" || s.kind === "bot" ? s.kind : i === 0 ? "human" : "bot";
    let color = PLAYER_COLOR_NAMES.includes(s.color) && !used.has(s.color) ? s.color : null;
    color ??= PLAYER_COLOR_NAMES.find((c) => !used.has(c)) ?? PLAYER_COLOR_NAMES[i % PLAYER_COLOR_NAMES.length];
    used.add(color);
    const name = cleanName(s.name, kind === "human" ? t("newgame.seatName", { n: i + 1 }) : `Bot ${i}`);
    out.push({ name, kind, bot: kind === "bot" ? resolveBot(typeof s.bot === "string" ? s.bot : "normal", bots) : null, color });
  }
  if (needHuman && !out.some((s) => s.kind === "human") && out.length) out[0] = { ...out[0], kind: "human", bot: null };
  return out;
}

/** Settings for a screen from a (checked) record: the record decides variant, players and seed. */
export function settingsFromRecord(record, { bots, speed = "normal", saveId = newSaveId(), seats } = {}) {
  const players = Math.max(0, Math.min(8, Math.trunc(Number(record.players)) || 0));
  checkSeed(record.seed);
  const options = record.options && typeof record.options === "object" ? record.options : undefined;
  return {
    variant: record.variant, players, seed: record.seed, speed, options, saveId,
    seats: sanitizeSeats(seats ?? record.meta?.seats, players, bots),
  };
}

/** Reads a File as a record object; throws an Error with a message for the person. */
export async function readRecordFile(file) {
  if (file.size > MAX_FILE_BYTES) throw new WordedError("saves.fileTooBig");
  let data;
  try {
    data = parseBoundedJson(await file.text(), { maxChars: MAX_FILE_BYTES });
  } catch (err) {
    if (err instanceof UnsafeDataError) throw err;
    throw new WordedError("saves.fileNotJson");
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new WordedError("saves.fileNotRecord");
  return data.record && typeof data.record === "object" && !data.format ? data.record : data;
}

/** Offers `record` as a download named <variant>-<seed>-<date>.railtrip.json. */
export function downloadRecord(record) {
  const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const date = new Date().toISOString().slice(0, 10);
  const safe = (x) => String(x ?? "").replace(/[^A-Za-z0-9_-]+/g, "").slice(0, 24) || "game";
  const a = h("a", { href: url, download: `railtrip-${safe(record?.variant)}-${safe(record?.seed)}-${date}.railtrip.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

// --- the list on the new-game screen -------------------------------------------------------------

/** When a save was made, in the page's language ("" when unknown). */
export function savedWhen(ms) {
  if (!ms) return "";
  try {
    return new Date(ms).toLocaleString(document.documentElement.lang || undefined, { dateStyle: "medium", timeStyle: "short" });
  } catch {
    return new Date(ms).toISOString();
  }
}

/**
 * The "Saved games" section: a row per save (continue, export, delete) and "Import a game".
 * actions: {onOpen(save), onReplay(save) (a finished game), onDelete(save), onExport(save), onImport(File)}
 */
export function savedGamesPanel(saves, actions) {
  const fileInput = h("input", { type: "file", accept: ".json,.railtrip.json,application/json", hidden: true,
    testid: "import-file", on: { change: () => {
      const file = fileInput.files?.[0];
      fileInput.value = "";
      if (file) actions.onImport(file);
    } } });
  const rows = saves.map((s) => {
    const title = s.ok ? gameTitle(s.variant, s.options) : t("saves.damaged");
    const progress = s.finished ? t("saves.finished", { names: s.finished.winners.map(isolate).join(" & ") || "?" })
      : s.turn !== null ? t("saves.turn", { n: s.turn + 1 }) : null;
    const detail = s.ok ? [s.names.map(isolate).join(", "), progress, savedWhen(s.savedAt)]
      .filter(Boolean).join(" · ") : t("saves.damagedHint");
    return h("li", { class: ["save-row", !s.ok && "broken", s.finished && "finished"], testid: "save-row",
      dataset: { saveId: s.id, finished: s.finished ? "true" : "false" } },
      h("div", { class: "save-text" },
        h("span", { class: "save-title", text: title }),
        h("span", { class: "save-detail", text: detail })),
      h("div", { class: "save-actions" },
        s.ok && !s.finished ? h("button", { type: "button", class: "btn btn-secondary btn-small", testid: "save-open",
          text: t("saves.continue"), on: { click: () => actions.onOpen(s) } }) : null,
        s.ok && s.finished ? h("button", { type: "button", class: "btn btn-secondary btn-small", testid: "save-replay",
          text: t("saves.replay"), on: { click: () => actions.onReplay(s) } }) : null,
        s.ok ? h("button", { type: "button", class: "btn btn-ghost btn-small", testid: "save-export",
          text: t("saves.export"), "aria-label": t("saves.exportAria", { game: title }), on: { click: () => actions.onExport(s) } }) : null,
        h("button", { type: "button", class: "btn btn-ghost btn-small", testid: "save-delete",
          text: t("saves.delete"), "aria-label": t("saves.deleteAria", { game: title }), on: { click: () => actions.onDelete(s) } })));
  });
  return h("section", { class: "saved-games", testid: "saved-games", "aria-labelledby": "saved-games-title" },
    h("h2", { class: "section-title", id: "saved-games-title", text: t("saves.title") }),
    rows.length ? h("ul", { class: "save-list", testid: "save-list" }, rows)
      : h("p", { class: "hint", testid: "saves-empty", text: t("saves.none") }),
    h("div", { class: "saves-footer" },
      h("button", { type: "button", class: "btn btn-ghost btn-small", testid: "import-game", text: t("saves.import"),
        on: { click: () => fileInput.click() } }),
      h("span", { class: "hint", text: t("saves.importHint") }), fileInput));
}

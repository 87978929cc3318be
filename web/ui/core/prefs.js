// The player's preferences (Settings): how the page looks and asks, never anything about a game's
// rules. Kept in this browser's storage under one key, read back field by field: a damaged or
// hostile stored value falls back to that field's default (the others stay), and reading never
// throws. A write that storage refuses keeps the choice for this visit (nothing is lost, nothing
// else is deleted) and is reported to the caller, who can say so.
//
// A new preference is one entry in PREFERENCES (its default and its check) plus the strings
// `prefs.<name>` and `prefs.<name>.desc` (i18n-access.js); the Settings dialog (settings.js) lists
// every boolean preference by itself.
import { readStoredJson, writeStoredJson } from "./storage.js";

export const PREFS_KEY = "railtrip.prefs.v1";
/** Longest stored preferences text read back (they are a few dozen characters). */
const MAX_PREFS_CHARS = 4_000;

/**
 * @typedef {object} Prefs
 * @property {boolean} colorBlind  stronger player marks on the map (seatmarks.js says which)
 * @property {boolean} confirmClaims  a mouse click on a route only selects it; its tip then offers Claim
 */

/**
 * @template T
 * @typedef {object} Preference
 * @property {T} default
 * @property {(value: unknown) => boolean} valid  whether a stored value may be used as it is
 */

/** @type {{[K in keyof Prefs]: Preference<Prefs[K]>}} */
export const PREFERENCES = {
  colorBlind: { default: false, valid: (v) => typeof v === "boolean" },
  // On by default where the main pointer is a finger (a tap there always asks first anyway).
  confirmClaims: { default: coarsePointer(), valid: (v) => typeof v === "boolean" },
};

/** Whether this device's main pointer is coarse (a touch screen). */
export function coarsePointer() {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

/** The preferences a fresh browser has. @returns {Prefs} */
export function defaultPrefs() {
  return /** @type {Prefs} */ (Object.fromEntries(Object.entries(PREFERENCES).map(([k, p]) => [k, p.default])));
}

/** Each field of `raw` checked on its own (anything else falls back to the default). @returns {Prefs} */
export function sanitizePrefs(raw) {
  const src = raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  const out = defaultPrefs();
  for (const [name, pref] of Object.entries(PREFERENCES)) {
    if (Object.hasOwn(src, name) && pref.valid(src[name])) out[name] = src[name];
  }
  return out;
}

/** @type {Prefs | null} the preferences of this visit (null until first read) */
let current = null;
/** Whether the last write was refused by storage. */
let unsaved = false;
const listeners = new Set();

function load() {
  if (current === null) current = sanitizePrefs(readStoredJson(PREFS_KEY, { maxChars: MAX_PREFS_CHARS, maxDepth: 4 }).value);
  return current;
}

/** All preferences (a copy). @returns {Prefs} */
export function getPrefs() {
  return { ...load() };
}

/**
 * One preference.
 * @template {keyof Prefs} K
 * @param {K} name
 * @returns {Prefs[K]}
 */
export function getPref(name) {
  return load()[name];
}

/**
 * Changes one preference for this visit and stores it; tells the subscribers. An unknown name or a
 * value its check refuses changes nothing. Returns whether storage kept it (false: it holds for
 * this visit only).
 * @template {keyof Prefs} K
 * @param {K} name
 * @param {Prefs[K]} value
 * @returns {boolean}
 */
export function setPref(name, value) {
  const pref = PREFERENCES[name];
  if (!pref || !pref.valid(value)) return false;
  current = { ...load(), [name]: value };
  unsaved = !writeStoredJson(PREFS_KEY, current);
  notify(name);
  return !unsaved;
}

/** Whether the last change could not be stored (it holds for this visit only). */
export function prefsUnsaved() {
  return unsaved;
}

function notify(name) {
  for (const fn of listeners) {
    try {
      fn(getPrefs(), name);
    } catch (err) {
      console.error(err);  // one broken listener never stops the others
    }
  }
}

/**
 * Calls `fn(prefs, name)` after every change (`name` null: another tab changed them); returns the function that stops it.
 * @param {(prefs: Prefs, name: keyof Prefs | null) => void} fn
 * @returns {() => void}
 */
export function subscribe(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Another tab changed the preferences: read them again. */
if (typeof window !== "undefined") {
  window.addEventListener("storage", (ev) => {
    if (ev.key !== PREFS_KEY) return;
    current = null;
    notify(null);
  });
}

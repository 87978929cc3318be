// JSON kept in this browser's localStorage, read and written defensively: storage may be missing
// (private mode, a sandboxed frame), full, or hold text damaged by hand or by another program.
// Reading never throws (the text is bounded before parsing, see safedata.js) and says whether an
// entry was there; writing never throws and says whether it was kept. Each caller then checks its
// own fields (new-game form, history, preferences), so one bad field never costs the others.
import { parseBoundedJson } from "../safedata.js";

/** localStorage, or null where the browser refuses it. */
export function browserStorage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The stored JSON value under `key`: {found: false} when nothing is stored (or storage is refused),
 * {found: true, value, raw} otherwise; `value` is undefined when the text is not JSON or is too
 * large or deep for `limits` ({maxChars, maxDepth}, see parseBoundedJson).
 */
export function readStoredJson(key, limits = {}) {
  let raw = null;
  try {
    raw = browserStorage()?.getItem(key) ?? null;
  } catch {
    return { found: false };
  }
  if (raw === null) return { found: false };
  try {
    return { found: true, value: parseBoundedJson(raw, limits), raw };
  } catch {
    return { found: true, value: undefined, raw };
  }
}

/** Stores `value` as JSON under `key`; false when storage refused it (full, missing, forbidden). */
export function writeStoredJson(key, value) {
  try {
    const store = browserStorage();
    if (!store) return false;
    store.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

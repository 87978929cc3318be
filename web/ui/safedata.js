// Data from outside the page (share links, saves, imported files) before it reaches JSON.parse or
// the engine worker: a cheap scan bounds its nesting depth and size (a 38-character link nested
// 3,000 levels deep would otherwise overflow Pyodide's stack and kill the engine), seeds that a
// JavaScript number cannot hold exactly are refused, and a record is rebuilt from the fields the
// engine knows, with seats from sanitizeSeats (so no 100,000-character name rides along in
// every autosave). The engine checks everything again; this only keeps the worker alive and the
// saves small.
import { WordedError } from "../i18n.js";

/** Deepest nesting accepted (a record is 4 levels deep, a save entry 5). */
export const MAX_JSON_DEPTH = 32;
/** Largest JSON text accepted from a save, a file or a decoded link (a long game is < 100 kB). */
export const MAX_JSON_CHARS = 2_000_000;
/** Largest decoded share link (the engine's own limit). */
export const MAX_LINK_JSON_BYTES = 1_000_000;

/** The record fields the engine reads (docs/record-format.md); anything else is dropped. */
const RECORD_FIELDS = ["format", "version", "rules", "variant", "players", "seed", "start_player", "options", "setup", "actions"];

/** An error whose message is meant for the player. */
export class UnsafeDataError extends WordedError {
  constructor(key, params = {}) {
    super(key, params);
    this.name = "UnsafeDataError";
  }
}

/** Whether JSON text nests deeper than `max` (one pass, strings skipped; no parsing). */
export function jsonTooDeep(text, max = MAX_JSON_DEPTH) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** Depth of an already parsed value (iterative: safe on any input). */
export function valueDepth(value, max = MAX_JSON_DEPTH) {
  let deepest = 0;
  const stack = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop();
    if (v === null || typeof v !== "object") continue;
    const here = d + 1;
    if (here > deepest) deepest = here;
    if (deepest > max) return deepest;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, here]);
  }
  return deepest;
}

/**
 * JSON.parse with the bounds above: throws UnsafeDataError(`tooBig`/`tooDeep` message) before
 * parsing text that is too large or too deeply nested, and SyntaxError for text that is not JSON.
 */
export function parseBoundedJson(text, { maxChars = MAX_JSON_CHARS, maxDepth = MAX_JSON_DEPTH } = {}) {
  if (typeof text !== "string") throw new UnsafeDataError("safety.notText");
  if (text.length > maxChars) throw new UnsafeDataError("safety.tooBig");
  if (jsonTooDeep(text, maxDepth)) throw new UnsafeDataError("safety.tooDeep");
  return JSON.parse(text);
}

function base64UrlBytes(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Raw-deflate `bytes`, stopping at `limit` bytes of output (null when it cannot be inflated here). */
async function inflateCapped(bytes, limit) {
  if (typeof DecompressionStream !== "function") return null;
  let reader;
  try {
    reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    const parts = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      parts.push(value);
      if (size > limit) {
        reader.cancel().catch(() => {});
        throw new UnsafeDataError("safety.linkTooBig");
      }
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (const p of parts) { out.set(p, at); at += p.length; }
    return out;
  } catch (err) {
    if (err instanceof UnsafeDataError) throw err;
    return null; // broken data: the engine says what is wrong with it
  }
}

/**
 * Looks inside a share link (d1.… / g1.…) before it goes to the engine: throws UnsafeDataError
 * when its content is nested too deeply or too large. Links this page cannot read are left to
 * the engine, whose message says what is wrong with them.
 */
export async function precheckLink(link) {
  let text = String(link ?? "").trim();
  if (text.includes("#")) text = text.slice(text.indexOf("#") + 1);
  for (const prefix of ["deal=", "game=", "g=", "d="]) if (text.startsWith(prefix)) text = text.slice(prefix.length);
  const m = /^([dg])1\.(.*)$/s.exec(text);
  if (!m) return;
  let bytes = base64UrlBytes(m[2]);
  if (!bytes) return;
  if (m[1] === "g") bytes = await inflateCapped(bytes, MAX_LINK_JSON_BYTES);
  if (!bytes) return;
  if (bytes.length > MAX_LINK_JSON_BYTES) throw new UnsafeDataError("safety.linkTooBig");
  const json = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (jsonTooDeep(json)) throw new UnsafeDataError("safety.linkTooDeep");
}

/** Throws UnsafeDataError for a seed a JavaScript number cannot carry exactly (beyond 2^53). */
export function checkSeed(seed) {
  if (typeof seed === "number" && !Number.isSafeInteger(seed)) throw new UnsafeDataError("safety.seedTooBig");
}

/**
 * A record from outside, rebuilt from the fields the engine reads plus `meta.seats` = `seats`
 * (already sanitized). Throws UnsafeDataError for a record too deep to send or an inexact seed.
 */
export function cleanRecord(record, seats) {
  if (!record || typeof record !== "object" || Array.isArray(record)) throw new UnsafeDataError("saves.fileNotRecord");
  const out = {};
  for (const key of RECORD_FIELDS) if (key in record) out[key] = record[key];
  if (valueDepth(out) > MAX_JSON_DEPTH) throw new UnsafeDataError("safety.tooDeep");
  checkSeed(out.seed);
  out.meta = { seats: seats.map(({ name, kind, bot, color }) => ({ name, kind, bot, color })) };
  return out;
}

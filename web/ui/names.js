// Player names from anywhere (the form, stored settings, saves, links, files) pass through here:
// cut by characters (never inside an emoji or between a letter and its accent), without lone
// surrogates (which break the share link's UTF-8), control characters or bidi controls, and
// shown isolated (U+2068 … U+2069), so a right-to-left name cannot reorder the sentence around it.

/** Longest name in characters (Unicode code points, as the engine and Python count them). */
export const MAX_NAME_CHARS = 16;

// Lone surrogates: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// C0/C1 controls, and the explicit bidi embeddings, overrides and isolates (U+202A–U+202E,
// U+2066–U+2069): invisible, and they could close the isolate a name is shown in.
const UNWANTED = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

const segmenter = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** The text's user-perceived characters (grapheme clusters; code points where Intl.Segmenter is missing). */
function graphemes(text) {
  return segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);
}

/** `text` cut to at most `max` code points, never inside a grapheme cluster. */
export function cutChars(text, max = MAX_NAME_CHARS) {
  let out = "";
  let used = 0;
  for (const g of graphemes(text)) {
    const n = Array.from(g).length;
    if (used + n > max) break;
    out += g;
    used += n;
  }
  return out;
}

/** Whether `text` is already a clean name (what cleanName would return for it). */
export function isCleanName(text) {
  return typeof text === "string" && cleanName(text, null) === text;
}

/**
 * A name from untrusted data: text only, lone surrogates and invisible controls removed, spaces
 * trimmed, cut to MAX_NAME_CHARS characters; `fallback` when nothing is left.
 */
export function cleanName(value, fallback) {
  if (typeof value !== "string") return fallback;
  const text = cutChars(value.replace(LONE_SURROGATE, "").replace(UNWANTED, "").replace(/\s+/g, " ").trim()).trim();
  return text || fallback;
}

/** A name for running text: isolated so its direction stays inside it (FSI … PDI). */
export function isolate(name) {
  return `\u2068${String(name ?? "").replace(UNWANTED, "")}\u2069`;
}

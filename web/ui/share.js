// Share links in the URL fragment (#d1.… same deal, #g1.… whole game): the dialog that offers
// them with copy buttons, and reading one from the address. The engine encodes and decodes
// links (pyengine/links.py); this page only moves the strings. The fragment never reaches the
// server, so a static host never sees a shared game.
import { h } from "./dom.js";
import { decimal, t } from "../i18n.js";
import { modal, close } from "./core/modal.js";

/** The link in the address (the fragment without "#"), or null. */
export function linkFromLocation() {
  const hash = location.hash.slice(1);
  if (!hash) return null;
  try {
    return decodeURIComponent(hash).trim() || null;
  } catch {
    return hash.trim() || null;
  }
}

/** Removes the fragment (and nothing else) from the address, without a reload or history entry. */
export function clearLinkFromLocation() {
  if (!location.hash) return;
  history.replaceState(history.state, "", location.pathname + location.search);
}

/** The page's address with `link` as its fragment (no query: ?botDelay and such stay private). */
export function shareUrl(link) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = link;
  return url.href;
}

/** Copies text to the clipboard; falls back to selecting `input` and execCommand. */
async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input.focus();
    input.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    }
  }
}

function sizeText(n) {
  return n < 1000 ? t("share.chars", { n }) : t("share.kchars", { n: decimal(n / 1000, 1, { fixed: true }) });
}

/**
 * The share dialog of a running game: {engine, gameId, root, toast}.
 * Resolves once the dialog is open (or a toast said why it cannot).
 */
export async function openShareDialog({ engine, gameId, root, toast }) {
  let links;
  try {
    links = await engine.call("share_link", { game_id: gameId });
  } catch (err) {
    toast(t("share.failed", { message: err.message }), "error");
    return null;
  }
  let dlg;
  const row = (kind, link, title, explain) => {
    const url = shareUrl(link);
    const input = h("input", { type: "text", readonly: true, value: url, class: "share-url", testid: `share-${kind}-url`,
      "aria-label": title, spellcheck: "false", on: { focus: (e) => e.target.select() } });
    // Whether the copy worked is said in the dialog, beside the link: a toast stood behind the
    // dialog's backdrop, dimmed and blurred.
    const status = h("p", { class: "hint share-status", testid: `share-${kind}-status`, role: "status" });
    const copy = h("button", { type: "button", class: "btn btn-primary btn-small", testid: `share-${kind}-copy`, text: t("share.copy"),
      on: { click: async () => {
        const ok = await copyText(url, input);
        status.textContent = ok ? t("share.copied") : t("share.copyFailed");
        status.classList.toggle("warn", !ok);
        if (ok) { copy.textContent = t("share.copiedShort"); setTimeout(() => { copy.textContent = t("share.copy"); }, 1600); }
      } } });
    return h("section", { class: "share-row", testid: `share-${kind}` },
      h("h3", { class: "share-title", text: title }),
      h("p", { class: "dlg-sub", text: explain }),
      h("div", { class: "share-line" }, input, copy),
      h("p", { class: "hint share-size", text: sizeText(url.length) }), status);
  };
  dlg = modal(root, { testid: "share-dialog", title: t("share.title"), className: "dlg-share" },
    row("deal", links.deal, t("share.dealTitle"), t("share.dealExplain")),
    row("game", links.game, t("share.gameTitle"), t("share.gameExplain")),
    h("p", { class: "hint", text: t("share.private") }),
    h("div", { class: "dlg-actions" },
      h("button", { type: "button", class: "btn btn-ghost", testid: "share-close", text: t("share.close"), on: { click: () => close(dlg) } })));
  return dlg;
}

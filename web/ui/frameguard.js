// Railtrip refuses to run inside a frame of another page (clickjacking: a hidden frame could make
// a player click "Delete" on a saved game). `build.py serve` forbids framing with headers
// (frame-ancestors 'none', X-Frame-Options: DENY); static hosts such as GitHub Pages cannot send
// headers, and a <meta> CSP cannot set frame-ancestors, so the page checks for itself.
import { h } from "./dom.js";
import { t } from "../i18n.js";

/** Whether this page is shown inside a frame (a cross-origin parent counts as a frame too). */
export function isFramed() {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/** Replaces the app with a message and a link that opens Railtrip in a tab of its own. */
export function showFramed(root) {
  const url = new URL(location.href);
  url.hash = "";
  root.dataset.uiState = "framed";
  root.replaceChildren(h("section", { class: "framed", testid: "framed", role: "alert" },
    h("h1", { class: "brand", text: "Railtrip" }),
    h("h2", { class: "framed-title", text: t("frame.title") }),
    h("p", { text: t("frame.text") }),
    h("a", { class: "btn btn-primary", testid: "framed-open", href: url.href, target: "_blank", rel: "noopener noreferrer",
      text: t("frame.open") })));
}

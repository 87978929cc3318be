// The plain modal <dialog>, a yes/no question and toasts: what every screen needs, the start
// screen too (so nothing here may import the board or a game).
import { h } from "../dom.js";
import { t } from "../../i18n.js";

/** Opens a modal <dialog>; `cancellable` false ignores Escape. Returns the dialog element. */
export function modal(parent, { testid, title, className = "", cancellable = true, onCancel = () => {} }, ...body) {
  const titleId = `${testid}-title`;
  const dlg = h("dialog", { class: ["dlg", className], testid, "aria-labelledby": titleId },
    h("h2", { class: "dlg-title", id: titleId, text: title }), ...body);
  dlg.addEventListener("cancel", (ev) => {
    ev.preventDefault();
    if (cancellable) {
      close(dlg);
      onCancel();
    }
  });
  parent.append(dlg);
  dlg.showModal();
  bandRoom(dlg);
  return dlg;
}

/**
 * A dialog that scrolls keeps its buttons on a sticky band at its foot (game.css). Its height goes
 * to `--dlg-band`, the dialog's scroll padding: what is scrolled into view (a focused checkbox,
 * a tapped or clicked option) stops above the band instead of under it, as the band grows with
 * the reason it holds (a ticket dialog's total and hint on a phone).
 */
function bandRoom(dlg) {
  const band = dlg.querySelector(":scope > .dlg-actions");
  if (!band || typeof ResizeObserver === "undefined") return;
  const watch = new ResizeObserver(() => dlg.style.setProperty("--dlg-band", `${band.offsetHeight}px`));
  watch.observe(band);
  dlg.addEventListener("close", () => watch.disconnect(), { once: true });
}

export function close(dlg) {
  if (!dlg) return;
  if (dlg.open) dlg.close();
  dlg.remove();
}

/** Yes/no question. */
export function confirmDialog(parent, { title, text, yes, onYes }) {
  let dlg;
  dlg = modal(parent, { testid: "confirm-dialog", title, className: "dlg-confirm" },
    h("p", { class: "dlg-sub", text }),
    h("div", { class: "dlg-actions" },
      h("button", { type: "button", class: "btn btn-ghost", testid: "confirm-no", text: t("common.cancel"), on: { click: () => close(dlg) } }),
      h("button", { type: "button", class: "btn btn-primary", testid: "confirm-yes", text: yes, on: { click: () => { close(dlg); onYes(); } } })));
  return dlg;
}

/** Short message at the bottom of the screen. */
export function toast(container, message, kind = "info", ms = 4200) {
  const el = h("div", { class: ["toast", `toast--${kind}`], role: kind === "error" ? "alert" : "status", testid: "toast", text: message });
  container.append(el);
  setTimeout(() => el.classList.add("leaving"), ms - 400);
  setTimeout(() => el.remove(), ms);
  return el;
}

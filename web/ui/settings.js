// The Settings dialog (game menu and new-game screen): one row per preference of core/prefs.js,
// each a switch with a line saying what it does. A change applies at once (subscribers redraw);
// when storage refuses it, a note says it holds for this visit only.
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { modal, close } from "./core/modal.js";
import { PREFERENCES, getPrefs, setPref, prefsUnsaved } from "./core/prefs.js";

/** Opens the Settings dialog in `parent`; returns it. */
export function openSettings(parent) {
  let dlg;
  const note = h("p", { class: "dlg-hint warn", testid: "settings-unsaved", role: "status", hidden: !prefsUnsaved(), text: t("prefs.unsaved") });
  const prefs = getPrefs();
  const rows = Object.keys(PREFERENCES).filter((name) => typeof prefs[name] === "boolean").map((name) =>
    h("label", { class: "settings-row", testid: `settings-row-${name}` },
      h("input", { type: "checkbox", class: "settings-check", testid: `settings-${name}`, checked: prefs[name],
        "aria-describedby": `settings-${name}-desc`,
        on: { change: (e) => { note.hidden = setPref(name, e.target.checked); } } }),
      h("span", { class: "settings-text" },
        h("span", { class: "settings-name", text: t(`prefs.${name}`) }),
        h("span", { class: "settings-desc", id: `settings-${name}-desc`, text: t(`prefs.${name}.desc`) }))));
  dlg = modal(parent, { testid: "settings-dialog", title: t("prefs.title"), className: "dlg-settings" },
    h("div", { class: "settings-list" }, rows),
    note,
    h("p", { class: "dlg-hint", text: t("prefs.local") }),
    h("div", { class: "dlg-actions" },
      h("button", { type: "button", class: "btn btn-primary", testid: "settings-close", text: t("prefs.close"),
        on: { click: () => close(dlg) } })));
  dlg.querySelector("input")?.focus();
  return dlg;
}

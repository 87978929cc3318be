// When the running game cannot be saved (storage full, the save list at its limit, no storage at
// all): a lasting bar on the game screen says so and offers to download the game, or to free
// space by deleting saved games the player chooses. Nothing is ever deleted without that choice.
import { h } from "./dom.js";
import { gameTitle, t } from "../i18n.js";
import { modal, close } from "./dialogs.js";
import { listSaves, removeSave, downloadRecord, savedWhen, MAX_SAVES } from "./saves.js";
import { isolate } from "./names.js";

/**
 * The warning bar for `reason` ("quota" | "limit" | "unavailable" | "deletedElsewhere": another tab deleted
 * the save), or null when the game is saved.
 * `collapsed`: only a small "not saved" button is shown (the player hid the bar; it stays until
 * the game is saved). actions: {onDownload(), onManage(), onResave(), onToggle()}
 */
export function saveWarningBar(reason, { collapsed = false, onDownload, onManage, onResave, onToggle }) {
  if (!reason) return null;
  if (collapsed) {
    return h("button", { type: "button", class: "save-warning-pill", testid: "save-warning-show", dataset: { reason },
      "aria-label": t("savewarn.show"), title: t("savewarn.show"), on: { click: onToggle } },
    h("span", { "aria-hidden": "true", text: "⚠" }), t("savewarn.pill"));
  }
  return h("section", { class: "save-warning", testid: "save-warning", role: "alert", dataset: { reason } },
    h("div", { class: "save-warning-text" },
      h("strong", { class: "save-warning-title", text: t("savewarn.title") }), " ",
      h("span", { testid: "save-warning-message", text: t(`savewarn.${reason}`, { n: MAX_SAVES }) })),
    h("div", { class: "save-warning-actions" },
      h("button", { type: "button", class: "btn btn-primary btn-small", testid: "save-warning-download",
        text: t("savewarn.download"), on: { click: onDownload } }),
      reason === "deletedElsewhere" ? h("button", { type: "button", class: "btn btn-secondary btn-small",
        testid: "save-warning-resave", text: t("savewarn.resave"), on: { click: onResave } })
        : reason === "unavailable" ? null : h("button", { type: "button", class: "btn btn-secondary btn-small",
          testid: "save-warning-manage", text: t(reason === "limit" ? "savewarn.manageLimit" : "savewarn.manage"), on: { click: onManage } }),
      h("button", { type: "button", class: "btn btn-ghost btn-small save-warning-hide", testid: "save-warning-hide",
        "aria-label": t("savewarn.hide"), title: t("savewarn.hide"), text: "✕", on: { click: onToggle } })));
}

function kb(chars) {
  return t("savewarn.size", { n: Math.max(1, Math.round((chars * 2) / 1024)) });
}

/**
 * The dialog that lets the player delete chosen saves (never `keepId`, the running game), with an
 * export button on each. `onDeleted(ids)` runs after the chosen saves are removed.
 */
export function manageSavesDialog(parent, { keepId, reason, onDeleted }) {
  const saves = listSaves().filter((s) => s.id !== keepId);
  const chosen = new Set();
  const confirm = h("button", { type: "button", class: "btn btn-danger", testid: "manage-delete", disabled: true });
  const refresh = () => {
    confirm.disabled = chosen.size === 0;
    confirm.textContent = chosen.size ? t("savewarn.deleteN", { n: chosen.size }) : t("savewarn.deleteNone");
  };
  const rows = saves.map((s) => {
    const title = s.ok ? gameTitle(s.variant, s.options) : t("saves.damaged");
    const detail = [s.names.map(isolate).join(", "), s.turn !== null ? t("saves.turn", { n: s.turn + 1 }) : null, savedWhen(s.savedAt), kb(s.size)]
      .filter(Boolean).join(" · ");
    const box = h("input", { type: "checkbox", testid: `manage-check-${s.id}`, value: s.id,
      on: { change: () => { if (box.checked) chosen.add(s.id); else chosen.delete(s.id); refresh(); } } });
    return h("li", { class: "manage-row", testid: "manage-row", dataset: { saveId: s.id } },
      h("label", { class: "manage-pick" }, box,
        h("span", { class: "save-text" },
          h("span", { class: "save-title", text: title }),
          h("span", { class: "save-detail", text: detail }))),
      s.ok ? h("button", { type: "button", class: "btn btn-ghost btn-small", testid: "manage-export", text: t("saves.export"),
        "aria-label": t("saves.exportAria", { game: title }), on: { click: () => downloadRecord(s.entry.record) } }) : null);
  });
  refresh();
  let dlg;
  confirm.addEventListener("click", () => {
    const ids = [...chosen];
    for (const id of ids) removeSave(id);
    close(dlg);
    onDeleted(ids);
  });
  dlg = modal(parent, { testid: "manage-saves", title: t("savewarn.manageTitle"), className: "dlg-manage" },
    h("p", { class: "dlg-sub", text: t(reason === "limit" ? "savewarn.manageExplainLimit" : "savewarn.manageExplain", { n: MAX_SAVES }) }),
    rows.length ? h("ul", { class: "manage-list" }, rows) : h("p", { class: "hint", testid: "manage-empty", text: t("savewarn.nothingToDelete") }),
    h("div", { class: "dlg-actions" },
      h("button", { type: "button", class: "btn btn-ghost", testid: "manage-cancel", text: t("common.cancel"), on: { click: () => close(dlg) } }),
      confirm));
  return dlg;
}

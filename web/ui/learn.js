// "Learn to play" on the new-game screen: for every game the UI shows, its rules page and its
// interactive tutorial. ui.js passes what the buttons do.
import { h, reducedMotion } from "./dom.js";
import { t, tMaybe } from "../i18n.js";
import { UI_VARIANTS } from "./newgame.js";

/** The panel: one row per game with "Rules" and "Tutorial" buttons. */
export function learnPanel({ onRules, onTutorial, hasTutorial = () => true }) {
  return h("section", { class: "newgame learn-panel", testid: "learn-panel", "aria-labelledby": "learn-title" },
    h("h2", { class: "section-title", id: "learn-title", text: t("learn.title") }),
    h("ul", { class: "learn-list" }, UI_VARIANTS.map((variant) => h("li", { class: "learn-row", testid: `learn-${variant}` },
      h("span", { class: "learn-game", text: tMaybe(`variant.${variant}.title`, variant) }),
      h("span", { class: "learn-btns" },
        h("button", { type: "button", class: "btn btn-secondary btn-small", testid: `rules-${variant}`,
          text: t("learn.rules"), on: { click: () => onRules(variant) } }),
        hasTutorial(variant) ? h("button", { type: "button", class: "btn btn-secondary btn-small", testid: `tutorial-${variant}`,
          text: t("learn.tutorial"), on: { click: () => onTutorial(variant) } }) : null)))));
}

/** The top bar's "Learn to play": the panel stands under the new-game form, below the fold of a
 *  1280x800 window, where a newcomer did not find it; the button brings it into view and its
 *  first button into focus. */
export function learnButton(panel) {
  return h("button", { type: "button", class: "btn btn-secondary btn-small learn-open", testid: "open-learn",
    text: t("learn.title"), on: { click: () => {
      panel.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "start" });
      panel.querySelector("button")?.focus({ preventScroll: true });
    } } });
}

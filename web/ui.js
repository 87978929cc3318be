// Railtrip game UI entry point. main.js calls startUI(engine, root) once the engine is loaded:
//   engine  the Engine from engine-client.js: `await engine.call(name, args)`
//   root    <main id="app">, empty and visible
// Test hooks are documented in docs/ui-testing.md (data-testid, data-ui-state, window.__railtrip*).

import { h } from "./ui/dom.js";
import { t, initLang, getLang, setLang, LANGS, onLangChange } from "./i18n.js";
import { renderNewGame } from "./ui/newgame.js";
import { GameScreen, loadSaved } from "./ui/game.js";
import { CardGameScreen } from "./ui/cardgame/screen.js";
import { WorldScreen } from "./ui/world.js";
import { toast as showToast } from "./ui/dialogs.js";

function loadStylesheet(href) {
  return new Promise((resolve) => {
    const link = h("link", { rel: "stylesheet", href });
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
    document.head.append(link);
  });
}

/** Board data plus lookups the panels need. */
function prepareBoard(b) {
  const cities = new Map(b.cities.map((c) => [c.id, c]));
  return {
    ...b,
    routeById: new Map((b.routes ?? []).map((r) => [r.id, r])),
    ticketById: new Map(b.tickets.map((tk) => [tk.id, tk])),
    cityName: (id) => cities.get(id)?.name ?? id,
  };
}

export async function startUI(engine, root) {
  await loadStylesheet(new URL("./game.css", import.meta.url).href);
  await loadStylesheet(new URL("./cardgame.css", import.meta.url).href);
  await loadStylesheet(new URL("./world.css", import.meta.url).href);
  initLang();
  const version = await engine.call("version");
  const boards = new Map();
  const getBoard = async (variant) => {
    if (!boards.has(variant)) boards.set(variant, prepareBoard(await engine.call("board", { variant })));
    return boards.get(variant);
  };

  const shell = h("div", { class: "shell" });
  const toasts = h("div", { class: "toasts", testid: "toasts", "aria-live": "polite" });
  root.classList.add("rt-root");
  root.replaceChildren(shell, toasts);
  let game = null;

  const toast = (message, kind = "info", ms) => showToast(toasts, message, kind, ms);

  function langSwitch() {
    return h("div", { class: "lang-switch", role: "group", "aria-label": t("lang.label") },
      LANGS.map((lang) => h("button", { type: "button", class: "lang-btn", testid: `lang-${lang}`, lang,
        "aria-pressed": String(getLang() === lang), title: t(`lang.${lang}`), text: lang.toUpperCase(),
        on: { click: () => setLang(lang) } })));
  }

  function clearGameAttrs() {
    for (const key of ["currentPlayer", "myTurn", "viewer", "busy", "ply", "phase"]) delete root.dataset[key];
    root.dataset.myTurn = "false";
  }

  function showNewGame(initial = null) {
    game?.destroy();
    game = null;
    delete window.__railtripRecord;
    clearGameAttrs();
    root.dataset.uiState = "new-game";
    const saved = loadSaved();
    const page = h("div", { class: "newgame-page" }, h("div", { class: "newgame-top" }, langSwitch()));
    shell.replaceChildren(page);
    renderNewGame(page.appendChild(h("div")), {
      version, initial,
      onStart: (settings) => startGame(settings),
      saved: saved ? {
        label: t("newgame.savedLabel", { names: saved.settings.seats.map((s) => s.name).join(", "), turn: (saved.turn ?? 0) + 1 }),
        onContinue: () => startGame(saved.settings, saved.record),
      } : null,
    });
    document.title = "Railtrip";
  }

  async function startGame(settings, record = null) {
    game?.destroy();
    let board;
    try {
      board = await getBoard(settings.variant);
    } catch (err) {
      toast(t("error.start", { message: err.message }), "error");
      return showNewGame();
    }
    const Screen = settings.variant === "cardgame" ? CardGameScreen : settings.variant === "world" ? WorldScreen : GameScreen;
    game = new Screen({ engine, root, board, version, toast, langSwitch,
      onNewGame: () => showNewGame(), startGame: (s) => startGame(s) }, settings);
    shell.replaceChildren(game.el);
    document.title = `Railtrip · ${board.name}`;
    await game.start(record);
  }

  onLangChange(() => {
    document.documentElement.lang = getLang();
    if (game) game.relocalize();
    else showNewGame();
  });

  window.__railtripNewGame = (settings) => startGame(settings);
  showNewGame();
}

// Railtrip game UI entry point. main.js calls startUI(engine, root, {version, reveal}) at once:
//   engine   a LoadingEngine from engine-client.js: `await engine.call(name, args)` (waits for the
//            engine while it loads; `engine.ready` says whether it has)
//   root     <main id="app">, empty
//   version  the engine's answer to "version" as build.py wrote it (engine-info.js)
//   reveal   shows root once it has a screen (the new-game form at once; a game from a link or a
//            reload once the engine has it)
// Test hooks are documented in docs/ui-testing.md (data-testid, data-ui-state, window.__railtrip*).

import { h } from "./ui/dom.js";
import { gameTitle, t, initLang, getLang, setLang, LANGS, onLangChange, errorText, WordedError } from "./i18n.js";
import { renderNewGame } from "./ui/newgame.js";
import { confirmDialog, toast as showToast } from "./ui/core/modal.js";
import { UI_VARIANTS, loadPrefs } from "./ui/newgame.js";
import { latestSave, listSaves, removeSave, newSaveId, setSessionGame, sessionGame, getSave, settingsFromRecord,
  sanitizeSeats, readRecordFile, downloadRecord, savedGamesPanel } from "./ui/saves.js";
import { linkFromLocation, clearLinkFromLocation, openShareDialog } from "./ui/share.js";
import { learnButton, learnPanel } from "./ui/learn.js";
import { precheckLink, cleanRecord } from "./ui/safedata.js";
import { cleanName, isolate } from "./ui/names.js";
import { openSettings } from "./ui/settings.js";
import { helperPool, helpersFor } from "./ui/core/ponder.js";
import { watchPageScroll } from "./ui/pagescroll.js";

/**
 * A game's screen class. The screens (board, panels, dialogs) load only when a game or a replay
 * opens, so the start screen draws from a fraction of the modules; startUI warms them up once the
 * engine is up or the person touches the page, so a game still opens at once.
 */
const loadScreenClass = (variant) => importPart(() => import("./ui/screens.js")).then((m) => m.screenClass(variant));

/**
 * Imports one of the page's own modules when it is first needed. A failed fetch (a dropped
 * connection, an update between visits) becomes a sentence a player understands; the browser's
 * own words, which name a URL, go to the console.
 */
function importPart(load) {
  return load().catch((err) => {
    console.warn("Railtrip: a part of the page could not load:", err);
    throw Object.assign(new Error(t("error.partMissing")), { partMissing: true });
  });
}

/** Why a game could not start, for a toast (a missing part says so in its own words). */
const startFailure = (err) => (err.partMissing ? err.message : t("error.start", { message: err.message }));

/** Loads the screens' modules in the background (errors show when a game opens). */
function warmUpScreens() {
  for (const load of [() => import("./ui/screens.js"), () => import("./ui/replay.js")]) load().catch(() => {});
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

export async function startUI(engine, root, { version, reveal = () => {} }) {
  initLang();
  root.classList.add("rt-root");
  watchPageScroll(root);
  const boards = new Map();
  const getBoard = async (variant) => {
    if (!boards.has(variant)) boards.set(variant, prepareBoard(await engine.call("board", { variant })));
    return boards.get(variant);
  };

  const shell = h("div", { class: "shell" });
  const toasts = h("div", { class: "toasts", testid: "toasts", "aria-live": "polite" });
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

  let newGameArgs = [];
  let newGameForm = null;  // the new-game form on screen: a language switch keeps what it holds
  function showNewGame(initial = null, notice = null) {
    game?.destroy();
    game = null;
    newGameArgs = [initial, notice];
    delete window.__railtripRecord;
    clearGameAttrs();
    setSessionGame(null);
    if (notice?.kind !== "deal") clearLinkFromLocation();
    root.dataset.uiState = "new-game";
    const saved = latestSave();
    const settingsBtn = h("button", { type: "button", class: "btn btn-secondary btn-small settings-open", testid: "open-settings",
      text: t("prefs.open"), on: { click: () => openSettings(root) } });
    const learn = learnPanel({ onRules: (variant) => openRules(variant), onTutorial: (variant) => startTutorial(variant) });
    const page = h("div", { class: "newgame-page" },
      h("div", { class: "newgame-top" }, learnButton(learn), settingsBtn, langSwitch()));
    shell.replaceChildren(page);
    if (notice) page.append(noticeBox(notice));
    newGameForm = renderNewGame(page.appendChild(h("div")), {
      version, initial,
      onStart: (settings) => startGame(settings),
      onLineup: (table) => helperPool.want(helpersFor(table), engine.loaded),
      saved: saved ? {
        label: t("newgame.savedLabel", { names: saved.names.map(isolate).join(", "), turn: (saved.turn ?? 0) + 1 }),
        onContinue: () => openSave(saved),
      } : null,
    });
    page.append(learn);
    const savesSlot = page.appendChild(h("div", { class: "newgame saves-wrap" }));
    const drawSaves = () => savesSlot.replaceChildren(savedGamesPanel(listSaves(), {
      onOpen: (s) => openSave(s),
      onReplay: (s) => showReplay(s.entry.record),
      onExport: (s) => downloadRecord(s.entry.record),
      // Asked first (one click beside Export deleted a game for good); the Continue button goes
      // with the game it continues (it brought a deleted game back).
      onDelete: (s) => confirmDialog(root, { title: t("saves.deleteTitle"), yes: t("saves.deleteYes"),
        text: s.ok ? t("saves.deleteText", { game: gameTitle(s.variant, s.options), names: s.names.map(isolate).join(", ") })
          : t("saves.deleteDamaged"),
        onYes: () => {
          removeSave(s.id);
          if (saved?.id === s.id) page.querySelector("[data-testid=continue-game]")?.remove();
          drawSaves();
          toast(t("saves.deleted"));
        } }),
      onImport: (file) => importFile(file),
    }));
    drawSaves();
    document.title = "Railtrip";
    reveal();
  }

  /** While the engine loads, the button the player pressed says that its action will follow. */
  function markWaiting(testid) {
    if (engine.ready) return;
    const button = shell.querySelector(`[data-testid="${testid}"]`);
    if (!button) return;
    button.classList.add("is-waiting");
    button.setAttribute("aria-busy", "true");
    button.replaceChildren(t("load.startWhenReady"));
  }

  /** A message above the new-game form: a link or file that could not be opened, or a shared deal.
   *  Its title and text are functions, worded anew when the language changes. */
  function noticeBox(notice) {
    if (notice.kind === "deal") {
      return h("section", { class: "notice notice-deal", testid: "deal-notice", role: "status" },
        h("h2", { class: "notice-title", text: t("link.dealTitle") }),
        h("p", { text: notice.text() }),
        h("div", { class: "notice-actions" },
          h("button", { type: "button", class: "btn btn-primary", testid: "play-deal", text: t("link.playDeal"), on: { click: notice.onPlay } }),
          h("span", { class: "hint", text: t("link.orChange") })));
    }
    return h("section", { class: "notice notice-error", testid: notice.testid ?? "open-error", role: "alert" },
      h("h2", { class: "notice-title", text: notice.title() }),
      h("p", { class: "notice-message", testid: "open-error-message", text: sentence(notice.text()) }));
  }

  /** The rules page of `variant` (from the new-game screen or a game's menu). */
  async function openRules(variant) {
    let board = null;
    try {
      board = await getBoard(variant);
    } catch { /* the text alone, without pictures */ }
    let showRules;
    try {
      ({ showRules } = await importPart(() => import("./ui/rules.js")));
    } catch (err) {
      return toast(err.message, "error");
    }
    showRules(root, variant, board, { closeLabel: t("learn.close") });
  }

  /** Starts the interactive tutorial of `variant` (web/tutorials/). */
  async function startTutorial(variant) {
    let tutorial, tutorialSettings;
    try {
      const part = await importPart(() => import("./ui/tutorial.js"));
      tutorialSettings = part.tutorialSettings;
      tutorial = await part.loadTutorial(variant);
    } catch (err) {
      return toast(startFailure(err), "error");
    }
    return startGame(tutorialSettings(tutorial, version.bots), null, tutorial);
  }

  /** An engine message as a sentence: it starts with a capital letter. */
  const sentence = (text) => String(text ?? "").replace(/^\p{Ll}/u, (c) => c.toUpperCase());

  /** Replays a record in the engine (which checks every action); returns the final state. */
  async function checkRecord(record) {
    const res = await engine.call("load", { record, player: null });
    engine.call("drop", { game_id: res.game_id }).catch(() => {});
    if (!UI_VARIANTS.includes(res.variant)) throw new WordedError("link.variantMissing", { variant: res.variant });
    return res;
  }

  async function openSave(save) {
    const entry = save.entry;
    markWaiting("continue-game");
    let settings;
    let rec;
    try {
      settings = settingsFromRecord(entry.record, { bots: version.bots, speed: entry.settings?.speed ?? loadPrefs()?.speed,
        saveId: save.id, seats: entry.record.meta?.seats ?? entry.settings?.seats });
      rec = cleanRecord(entry.record, settings.seats);
      await checkRecord(rec);
      const hints = entry.settings?.hintsUsed;  // how many hints were asked for (the end screen says)
      if (Number.isSafeInteger(hints) && hints > 0) settings.hintsUsed = Math.min(hints, 10_000);
    } catch (err) {
      return showNewGame(null, { title: () => t("saves.cannotOpenTitle"), text: () => t("saves.cannotOpen", { message: errorText(err) }) });
    }
    return startGame(settings, rec);
  }

  async function importFile(file) {
    let record;
    let settings;
    let res;
    let raw;
    try {
      raw = await readRecordFile(file);
      settings = settingsFromRecord(raw, { bots: version.bots, speed: loadPrefs()?.speed });
      record = cleanRecord(raw, settings.seats);
      res = await checkRecord(record);
    } catch (err) {
      return showNewGame(null, { title: () => t("saves.importFailedTitle"), text: () => t("saves.importFailed", { message: errorText(err) }) });
    }
    if (res.over) return showReplay(asPlayed(record, raw));
    return startGame(settings, record);
  }

  /** `record` (checked) for the replay viewer, its seats as `raw` had them: a game of bots alone
   *  (a tournament's record from the command line) is not shown with a person at the table. */
  function asPlayed(record, raw) {
    return cleanRecord(record, sanitizeSeats(raw?.meta?.seats, Number(record.players), version.bots, { needHuman: false }));
  }

  /** Opens a share link: a deal goes to the new-game screen, a whole game to the replay viewer. */
  async function openLink(link) {
    let res;
    let settings;
    let record;
    const prefs = loadPrefs() ?? {};
    try {
      // Look inside first: a link nested thousands of levels deep would crash the engine's parser.
      await precheckLink(link);
      res = await engine.call("open_link", { link });
      if (!UI_VARIANTS.includes(res.variant)) throw new WordedError("link.variantMissing", { variant: res.variant });
      settings = settingsFromRecord(res.record, { bots: version.bots, speed: prefs.speed });
      record = cleanRecord(res.record, settings.seats);
    } catch (err) {
      return showNewGame(null, { testid: "link-error", title: () => t("link.brokenTitle"), text: () => errorText(err) });
    }
    if (res.kind === "game") return showReplay(asPlayed(record, res.record));
    const names = () => settings.seats.map((s) => (s.kind === "bot" ? t("link.botName", { name: isolate(s.name) }) : isolate(s.name))).join(", ");
    const initial = { ...prefs, variant: settings.variant, opponents: settings.players - 1, seats: settings.seats,
      seed: String(settings.seed), keepSeed: true, lookPile: Boolean(settings.options?.look_at_own_pile),
      tickets: settings.options?.tickets };  // a deal of North America carries its way of play
    return showNewGame(initial, { kind: "deal", onPlay: () => startGame(settings, record),
      text: () => t("link.dealText", { game: gameTitle(settings.variant, settings.options), names: names() }) });
  }

  async function showReplay(record) {
    game?.destroy();
    game = null;
    clearGameAttrs();
    setSessionGame(null);
    let board, ReplayScreen, Screen;
    try {
      board = await getBoard(record.variant);
    } catch (err) {
      return showNewGame(null, { title: () => t("link.brokenTitle"), text: () => errorText(err) });
    }
    try {
      [{ ReplayScreen }, Screen] = await Promise.all([importPart(() => import("./ui/replay.js")), loadScreenClass(record.variant)]);
    } catch (err) {
      toast(startFailure(err), "error");
      return showNewGame();
    }
    const replay = new ReplayScreen({ engine, root, version, toast, langSwitch,
      onNewGame: () => showNewGame(), startGame: (s, r) => startGame(s, r) }, { record, Screen, board });
    game = replay;
    shell.replaceChildren(replay.el);
    reveal();
    document.title = `Railtrip · ${t("replay.title")}`;
    await replay.start();
  }

  // Only the latest request to start a game goes ahead once the engine is ready.
  let startRequest = 0;
  async function startGame(settings, record = null, tutorial = null) {
    const request = ++startRequest;
    if (!engine.ready) {
      markWaiting("start-game");
      try {
        await engine.loaded;
      } catch {
        return; // main.js shows the load error.
      }
      if (request !== startRequest) return;
    }
    game?.destroy();
    game = null;
    if (record || tutorial) helperPool.want(0);  // the form's spare helpers are for a new game's setup
    // A new game gets a save slot of its own; a continued one keeps its slot. Names are cleaned
    // (the test hook and the replay's take-over pass seats of their own) and a record carries
    // exactly these seats.
    const seats = (settings.seats ?? []).map((s, i) => ({ ...s, name: cleanName(s?.name, t("newgame.seatName", { n: i + 1 })) }));
    settings = { ...settings, seats, saveId: record && settings.saveId ? settings.saveId : newSaveId() };
    if (record) {
      try {
        record = cleanRecord(record, seats);
      } catch (err) {
        return showNewGame(null, { title: () => t("saves.cannotOpenTitle"), text: () => errorText(err) });
      }
    }
    setSessionGame(settings.saveId);
    clearLinkFromLocation();
    // The board comes from the engine, the screen's code from the network (a lost connection or
    // an update between visits can fail it): either failing puts the player back on the form.
    let board, Screen;
    try {
      [board, Screen] = await Promise.all([getBoard(settings.variant), loadScreenClass(settings.variant)]);
    } catch (err) {
      toast(startFailure(err), "error");
      return showNewGame();
    }
    game = new Screen({ engine, root, board, version, toast, langSwitch,
      onNewGame: () => showNewGame(), startGame: (s) => startGame(s), tutorial,
      showRules: () => openRules(settings.variant),
      share: (screen) => openShareDialog({ engine, gameId: screen.gameId, root, toast }) }, settings);
    shell.replaceChildren(game.el);
    reveal();
    document.title = `Railtrip · ${board.name}`;
    await game.start(record);
  }

  onLangChange(() => {
    document.documentElement.lang = getLang();
    if (game) game.relocalize();
    else showNewGame(newGameForm?.formPrefs({ withSeed: true }) ?? newGameArgs[0], newGameArgs[1]);
  });

  window.__railtripNewGame = (settings) => startGame(settings);
  window.__railtripSpareHelpers = () => helperPool.spares.length;
  // A link in the address opens it; a reload goes back to this tab's game; else the new-game screen.
  window.addEventListener("hashchange", () => {
    const link = linkFromLocation();
    if (link) openLink(link);
  });
  const link = linkFromLocation();
  const current = sessionGame() && getSave(sessionGame());
  if (link) await openLink(link);
  else if (current?.ok) await openSave(current);
  else showNewGame();
  // The screens' modules load once the engine is up (on a first visit they would compete with
  // Python's start for the two threads' time), or as soon as the person touches the page.
  let warmed = false;
  const warm = () => { if (!warmed) { warmed = true; setTimeout(warmUpScreens, 0); } };
  root.addEventListener("pointerdown", warm, { once: true });
  root.addEventListener("keydown", warm, { once: true });
  engine.loaded.then(warm, warm);
}

// Page entry point: draws the start screen at once from static data (engine-info.js, written by
// build.py from the engine's own answer) while the engine worker loads behind it.
//
// Page state lives on <html data-app-state="loading|ready|error|framed"> (document.documentElement):
// "ready" once the engine has loaded and the first screen is drawn. While the engine loads, the
// start screen already takes clicks (a game starts the moment the engine is ready) and
// #engine-status shows the progress. <html data-engine-start="snapshot|cold"> says how Python
// started (see worker.js). startUI(engine, root, {version, reveal}) from ui.js runs at once with
// root = <main id="app">; the #loading screen stays until it has something to show.

import { startEngine, LoadingEngine } from "./engine-client.js";
import { decimal, initLang, onLangChange, t } from "./i18n.js";
import { isFramed, showFramed } from "./ui/frameguard.js";
import engineInfo from "./engine-info.js";

const root = document.documentElement;
const $ = (id) => document.getElementById(id);

function setState(state) {
  root.dataset.appState = state;
}

let lastProgress = { step: "download", fraction: 0 };

function progressLabel({ step, loaded, total }) {
  if (step === "ready") return t("load.ready");
  if (step === "start") return t("load.start");
  if (total) return t("load.download", { loaded: decimal(loaded / 1e6, 1, { fixed: true }), total: decimal(total / 1e6, 1, { fixed: true }) });
  return t("load.downloadShort");
}

function showProgress(progress = lastProgress) {
  lastProgress = progress;
  const percent = Math.round(progress.fraction * 100);
  const label = progressLabel(progress);
  // The small status over the start screen says the percentage, not the megabytes.
  const short = progress.step === "download" ? `${t("load.downloadShort")} ${percent} %` : label;
  for (const [barId, textId, text] of [["load-progress", "load-step", label], ["engine-progress", "engine-step", short]]) {
    const bar = $(barId);
    bar.style.setProperty("--progress", String(percent));
    bar.setAttribute("aria-valuenow", String(percent));
    bar.setAttribute("aria-valuetext", label);
    bar.setAttribute("aria-label", t("load.label"));
    $(textId).textContent = text;
  }
}

/** Shows the error screen; `message` says what failed in words a player can act on. */
export function showError(message, detail = "") {
  $("loading").hidden = true;
  $("app").hidden = true;
  $("engine-status").hidden = true;
  $("load-error").hidden = false;
  $("load-error-message").textContent = message;
  $("load-error-detail").textContent = detail || message;
  $("load-error-details").hidden = !detail;
  setState("error");
}

async function boot() {
  $("load-retry").addEventListener("click", () => location.reload());
  initLang();
  if (isFramed()) {
    // Inside another site's frame the page only says so: no engine download, no service worker.
    $("loading").hidden = true;
    $("engine-status").hidden = true;
    $("app").hidden = false;
    $("app").classList.add("rt-root");
    showFramed($("app"));
    setState("framed");
    return;
  }
  showProgress();
  onLangChange(() => showProgress());
  const engine = new LoadingEngine(startEngine({ onProgress: showProgress }));
  // For the console and the browser tests: railtrip.engine.call("version").then(console.log)
  globalThis.railtrip = { engine };
  let failed = false;
  engine.loaded.then((loaded) => {
    root.dataset.engineStart = loaded.start;
  }, (err) => {
    failed = true;
    console.warn("Railtrip: engine load failed:", err);
    showError(`Could not load the game engine: ${err.message}`, err.detail ?? err.stack ?? "");
  });

  const app = $("app");
  const reveal = () => {
    if (failed || !app.hidden) return;
    $("loading").hidden = true;
    app.hidden = false;
    $("engine-status").hidden = engine.ready;
  };
  try {
    // Loaded only now, so that a broken UI module cannot hide the loading screen.
    const { startUI } = await import("./ui.js");
    await startUI(engine, app, { version: engineInfo, reveal });
    reveal();
  } catch (err) {
    if (failed) return;
    console.error("Railtrip: the game UI failed to start:", err);
    showError(`The game could not start: ${err.message}`, err.stack ?? "");
    return;
  }
  try {
    await engine.loaded;
  } catch {
    return; // The error screen is up.
  }
  $("engine-status").hidden = true;
  setState("ready");
  // Offline play: cache the app for the next visit (never in the way of the game).
  import("./offline.js").then((m) => m.registerServiceWorker()).catch((err) => console.warn("Railtrip: offline mode:", err));
}

boot();

// Page entry point: shows loading progress, starts the engine worker, then hands over to the UI.
//
// Page state lives on <html data-app-state="loading|ready|error"> (document.documentElement).
// Once the engine is ready, startUI(engine, root) from ui.js runs with root = <main id="app">.

import { startEngine } from "./engine-client.js";

const root = document.documentElement;
const $ = (id) => document.getElementById(id);

function setState(state) {
  root.dataset.appState = state;
}

function showProgress({ label, fraction }) {
  const percent = Math.round(fraction * 100);
  const bar = $("load-progress");
  bar.style.setProperty("--progress", String(percent));
  bar.setAttribute("aria-valuenow", String(percent));
  bar.setAttribute("aria-valuetext", label);
  $("load-step").textContent = label;
}

/** Shows the error screen; `message` says what failed in words a player can act on. */
export function showError(message, detail = "") {
  $("loading").hidden = true;
  $("app").hidden = true;
  $("load-error").hidden = false;
  $("load-error-message").textContent = message;
  $("load-error-detail").textContent = detail || message;
  $("load-error-details").hidden = !detail;
  setState("error");
}

async function boot() {
  $("load-retry").addEventListener("click", () => location.reload());
  let engine;
  try {
    engine = await startEngine({ onProgress: showProgress });
  } catch (err) {
    console.warn("Railtrip: engine load failed:", err);
    showError(`Could not load the game engine: ${err.message}`, err.detail ?? err.stack ?? "");
    return;
  }
  // For the console and the browser tests: railtrip.engine.call("version").then(console.log)
  globalThis.railtrip = { engine };
  const app = $("app");
  try {
    // Loaded only now, so that a broken UI module cannot hide the loading screen.
    const { startUI } = await import("./ui.js");
    $("loading").hidden = true;
    app.hidden = false;
    await startUI(engine, app);
  } catch (err) {
    console.error("Railtrip: the game UI failed to start:", err);
    showError(`The game could not start: ${err.message}`, err.stack ?? "");
    return;
  }
  setState("ready");
  // Offline play: cache the app for the next visit (never in the way of the game).
  import("./offline.js").then((m) => m.registerServiceWorker()).catch((err) => console.warn("Railtrip: offline mode:", err));
}

boot();

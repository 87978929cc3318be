// Offline play: registers the service worker (sw.js, built by build.py at the root of dist/) with
// a URL and scope relative to the page, so it works at a domain root and under a subpath.
// When a new deploy has been downloaded, a small bar offers "Update": the new worker takes over
// and the page reloads, so a page never runs on a mix of two builds.
//
// Test hooks: <html data-offline="ready"> once the app is cached (a later visit works offline);
// "unsupported" or "off" (?sw=0) when there is no service worker.
import { t } from "./i18n.js";

const root = document.documentElement;

function showUpdateBar(registration) {
  if (document.getElementById("update-bar")) return;
  const bar = document.createElement("div");
  bar.id = "update-bar";
  bar.className = "update-bar";
  bar.dataset.testid = "update-bar";
  bar.setAttribute("role", "status");
  const text = document.createElement("span");
  text.textContent = t("update.ready");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "btn btn-primary btn-small";
  button.dataset.testid = "update-reload";
  button.textContent = t("update.reload");
  button.addEventListener("click", () => {
    button.disabled = true;
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    registration.waiting?.postMessage({ type: "skip-waiting" });
  });
  bar.append(text, button);
  document.body.append(bar);
}

/** Registers sw.js; call once the app has loaded (so that its files are in the HTTP cache). */
export async function registerServiceWorker() {
  if (new URLSearchParams(location.search).get("sw") === "0") {
    root.dataset.offline = "off";
    return null;
  }
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) {
    root.dataset.offline = "unsupported";
    return null;
  }
  let registration;
  try {
    registration = await navigator.serviceWorker.register("./sw.js", { scope: "./" });
  } catch (err) {
    // No offline play (private mode, a host without sw.js); the game itself is not affected.
    console.warn("Railtrip: no offline mode:", err.message);
    root.dataset.offline = "failed";
    return null;
  }
  if (!registration) {  // a browser that blocks service workers resolves with nothing (Playwright's "block")
    root.dataset.offline = "failed";
    return null;
  }
  const watch = (worker) => {
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) showUpdateBar(registration);
    });
  };
  if (registration.waiting && navigator.serviceWorker.controller) showUpdateBar(registration);
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  await navigator.serviceWorker.ready;
  root.dataset.offline = "ready";
  root.dataset.swScope = registration.scope;
  return registration;
}

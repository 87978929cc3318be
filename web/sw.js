// Railtrip service worker: the whole app (page, web files, engine wheel, Pyodide) is cached on the
// first visit, so later visits start from the cache and work offline.
//
// build.py copies this file to the root of dist/ (its scope is the app's directory, also under a
// subpath) and fills in the generated part below: the build id and every file of the build.
// The cache is named after the scope and the build, so a new deploy gets a new cache:
//   install   fills the new cache (files under app-*/ and pyodide-*/ have content-hashed URLs, so
//             they are copied from an older cache when it has them; the rest is fetched again)
//   activate  deletes this scope's older caches
// A new worker waits until the page asks it to take over (main.js offers "Update" when one is
// waiting), so a page never mixes files of two builds; the very first install takes over at once.
/* eslint-env serviceworker */

// @generated-by-build.py-begin
const BUILD = null;
const PRECACHE = [];
// @generated-by-build.py-end

const SCOPE = self.registration.scope;
const PREFIX = `railtrip:${SCOPE}:`;
const CACHE = `${PREFIX}${BUILD}`;
const IMMUTABLE = /^(app|pyodide)-[^/]+\//;

async function precache() {
  if (!BUILD) throw new Error("sw.js was not built by build.py");
  const cache = await caches.open(CACHE);
  const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  await Promise.all(PRECACHE.map(async (path) => {
    const url = new URL(path, SCOPE).href;
    if (await cache.match(url)) return;
    if (IMMUTABLE.test(path)) {
      for (const name of older) {
        const hit = await (await caches.open(name)).match(url);
        if (hit) return cache.put(url, hit);
      }
    }
    // Hashed files may come from the HTTP cache; the others are revalidated.
    const response = await fetch(url, { cache: IMMUTABLE.test(path) ? "default" : "no-cache" });
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${path}`);
    return cache.put(url, response);
  }));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    await precache();
    // First install: nothing older to mix with, take over now.
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  const navigate = request.mode === "navigate";
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Pages of the scope are the one index.html (query and fragment do not matter).
    const hit = navigate ? await cache.match(SCOPE) : await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    return fetch(request);
  })());
});

// Railtrip engine worker (module worker): starts Python, puts the engine wheel in place and answers
// engine calls in order. Talk to it through engine-client.js, not directly.
//
// Two ways to start, decided per load:
//   snapshot  build.py's memory snapshot of Pyodide with the engine already imported
//             (engine.snapshot.gz, keyed on the engine wheel and the Pyodide build): restored
//             in place of Python's own start-up and the engine import. Used when the service
//             worker has cached it (repeat visits, offline). A first visit does not download it
//             (5.6 MB more than the runtime itself, which on most connections costs more time
//             than restoring saves) unless build-config.js says snapshot.firstVisit; the service
//             worker caches it after the game is ready, for the next visit;
//   cold      Python starts and imports the engine (compiled .pyc from the wheel).
// A snapshot that is missing, damaged, of another build or refused by Pyodide means a cold start,
// never a failed load. The wheel is unpacked in both cases (the bots and the maps' data are
// imported and read lazily, after the start); it downloads in parallel with Pyodide.
//
// Messages to the page:
//   {type: "progress", step, label, fraction, loaded, total}    step: download | start
//   {type: "ready", version, pyodideVersion, timings, start}    start: "snapshot" | "cold"
//   {type: "load-error", message, step, detail}
//   {type: "result", id, json}            json: the engine's '{"ok": ...}' / '{"error": ...}' text
//   {type: "result", id, error: {type, message}}   the call could not run at all
//   {type: "warmed", ms, ok}              the bots were warmed up while the page was idle
// Messages from the page:
//   {type: "call", id, name, args}        args: a JSON text

// Each step fills its part of the bar; the parts are roughly what the steps take on a fast
// connection (downloads dominate on a slow one, and report their bytes).
// The labels are English fallbacks; the page shows its own words for each step.
const STEPS = {
  download: { start: 0.0, end: 0.6, label: "Downloading the game" },
  start: { start: 0.6, end: 1.0, label: "Starting the game engine" },
};
// The first bytes of the decompressed snapshot: "railtrip-snapshot <key>\n", zero-padded.
const SNAPSHOT_HEADER = 256;

class LoadError extends Error {
  constructor(message, detail = "") {
    super(message);
    this.name = "LoadError";
    this.detail = detail;
  }
}

const t0 = performance.now();
const timings = {};
let currentStep = "download";
let failLoad; // Rejects the load from outside the main sequence (a failed download, say).
const loadFailed = new Promise((_, reject) => { failLoad = reject; });
loadFailed.catch(() => {});

function baseName(url) {
  return new URL(url, self.location.href).pathname.split("/").pop();
}

function mb(bytes) {
  return (bytes / 1e6).toFixed(1);
}

function progress(step, within = 0, extra = {}) {
  if (step !== currentStep) {
    timings[currentStep] = Math.round(performance.now() - t0);
    currentStep = step;
  }
  const { start, end, label } = STEPS[step];
  const fraction = start + (end - start) * Math.min(Math.max(within, 0), 1);
  self.postMessage({ type: "progress", step, label: extra.label ?? `${label}…`, fraction, ...extra });
}

// --- downloads with byte progress ---------------------------------------------------------

// Expected (uncompressed) size of each file we track, by absolute URL; build-config.js gives them.
const tracked = new Map();
const loadedBytes = new Map();

// Files that count for the download step's bar.
const barFiles = new Set();

function reportDownload() {
  if (currentStep !== "download") return;
  let total = 0;
  let loaded = 0;
  for (const url of barFiles) {
    const size = tracked.get(url);
    total += size;
    loaded += Math.min(loadedBytes.get(url) ?? 0, size);
  }
  if (total && loaded >= total) {
    startingPython();
    return;
  }
  progress("download", total ? loaded / total : 0, {
    label: `${STEPS.download.label}… ${mb(loaded)} / ${mb(total)} MB`,
    loaded,
    total,
  });
}

// Python's start-up reports nothing until it is done: creep towards the end of the step
// (about 2/3 of it after 2.5 s, or 0.5 s when restoring a snapshot) so that the bar never
// looks frozen.
let startTimescale = 2300;
function startingPython() {
  if (currentStep !== "download") return;
  const begun = performance.now();
  progress("start", 0);
  const timer = setInterval(() => {
    if (currentStep !== "start" || ready) {
      clearInterval(timer);
      return;
    }
    progress("start", 0.95 * (1 - Math.exp(-(performance.now() - begun) / startTimescale)));
  }, 150);
}
let ready = false;

// Counts the bytes of a response body as it streams through, without reading it twice.
function countedResponse(url, response) {
  if (!response.body) return response;
  const counter = new TransformStream({
    transform(chunk, controller) {
      loadedBytes.set(url, (loadedBytes.get(url) ?? 0) + chunk.byteLength);
      reportDownload();
      controller.enqueue(chunk);
    },
  });
  const counted = new Response(response.body.pipeThrough(counter), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperty(counted, "url", { value: response.url });
  return counted;
}

// Pyodide fetches the wasm and the standard library itself: wrap fetch to watch them.
// A file the load cannot do without fails the load; an optional one (the snapshot) does not.
const realFetch = self.fetch.bind(self);

// build.py ships the standard library as an uncompressed zip, gzipped as a whole
// (python_stdlib.zip.gz; gzip across the archive squeezes it ~11% more than the zip's own
// per-file compression): Pyodide asks for python_stdlib.zip and gets the .gz's unpacked bytes.
const gzipped = new Map(); // URL Pyodide asks for -> URL of its gzipped file
async function unpackedFetch(gzUrl, init) {
  const response = await trackingFetch(gzUrl, init);
  if (!response.ok) return response;
  let bytes;
  try {
    bytes = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  } catch (err) {
    failLoad(new LoadError(`${baseName(gzUrl)} is damaged (it does not unpack)`, String(err)));
    throw err;
  }
  return new Response(bytes, { status: 200, headers: { "Content-Type": "application/zip" } });
}

async function trackingFetch(input, init, { optional = false } = {}) {
  const url = new URL(input instanceof Request ? input.url : String(input), self.location.href).href;
  if (gzipped.has(url)) return unpackedFetch(gzipped.get(url), init);
  if (!tracked.has(url)) return realFetch(input, init);
  let response;
  try {
    response = await realFetch(input, init);
  } catch (err) {
    if (!optional) failLoad(new LoadError(`network error while downloading ${baseName(url)}`, String(err)));
    throw err;
  }
  if (!response.ok) {
    if (!optional) failLoad(new LoadError(`HTTP ${response.status} for ${baseName(url)}`, url));
    return response;
  }
  return countedResponse(url, response);
}

// Pyodide reports some failures (a wasm that does not compile, a package that does not install)
// only on the console: turn those into load errors instead of waiting forever.
const realConsole = { warn: console.warn.bind(console), error: console.error.bind(console) };
let restoringSnapshot = false;
function watchConsole(level) {
  const recent = [];
  console[level] = (...args) => {
    realConsole[level](...args);
    const text = args.map((a) => (a instanceof Error ? a.message : String(a))).join(" ");
    recent.push(text);
    // (Not while restoring a snapshot: that attempt falls back to a cold start by itself.)
    if (/wasm instantiation failed/i.test(text) && !restoringSnapshot) {
      setTimeout(() => failLoad(new LoadError("the Python runtime (WebAssembly) could not be started",
        recent.slice(-3).join("\n"))), 0);
    }
  };
  return recent;
}

async function importModule(url, what) {
  try {
    return await import(url);
  } catch (err) {
    let reason = err.message;
    try {
      const head = await realFetch(url, { method: "HEAD", cache: "no-store" });
      if (!head.ok) reason = `HTTP ${head.status} for ${baseName(url)}`;
    } catch { /* Keep the import error. */ }
    throw new LoadError(`${what} could not be loaded: ${reason}`, `${url}\n${err.stack ?? err}`);
  }
}

async function fetchBytes(url) {
  const response = await trackingFetch(url);
  if (!response.ok) throw new LoadError(`HTTP ${response.status} for ${baseName(url)}`, url);
  return new Uint8Array(await response.arrayBuffer());
}

// --- loading ------------------------------------------------------------------------------

/** The snapshot from the service worker's cache, or (if firstVisit) from the network. */
async function snapshotResponse(url, firstVisit) {
  let cached;
  try {
    cached = await caches.match(url);
  } catch { /* No CacheStorage here (an opaque origin, say). */ }
  if (cached) {
    barFiles.delete(url); // Local: nothing to wait for on the bar.
    return cached;
  }
  if (!firstVisit) throw new Error("not cached yet (first visit)");
  return trackingFetch(url, undefined, { optional: true });
}

/** The snapshot's memory image from `response`; rejects (the reason in timings.snapshot) if it
 *  cannot be used: not downloadable, not gzip, or made for another engine or Pyodide. */
async function decodeSnapshot(response, key) {
  try {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const plain = response.body.pipeThrough(new DecompressionStream("gzip"));
    const bytes = new Uint8Array(await new Response(plain).arrayBuffer());
    const label = new TextDecoder().decode(bytes.subarray(0, SNAPSHOT_HEADER)).split("\n")[0];
    if (label !== `railtrip-snapshot ${key}`) throw new Error(`made for another build (${label.slice(0, 60)})`);
    return bytes.subarray(SNAPSHOT_HEADER);
  } catch (err) {
    timings.snapshot = `not used: ${err.message ?? err}`;
    throw err;
  }
}

/** Starts Python from `snapshot` (a promise of its bytes, or null); cold if that fails. The
 *  snapshot is passed as a promise so that Pyodide's own downloads start at once, beside it. */
async function startPython(loadPyodide, pyodideBase, snapshot) {
  const options = {
    indexURL: pyodideBase,
    stdout: (line) => console.log(`[python] ${line}`),
    stderr: (line) => realConsole.warn(`[python] ${line}`),
  };
  if (snapshot) {
    restoringSnapshot = true;
    try {
      return { pyodide: await loadPyodide({ ...options, _loadSnapshot: snapshot }), start: "snapshot" };
    } catch (err) {
      // Pyodide checks its own build id and the snapshot's layout: start cold instead.
      timings.snapshot ??= `refused: ${lastLine(err.message ?? err)}`;
      realConsole.warn(`Railtrip: starting cold (snapshot ${timings.snapshot})`);
    } finally {
      restoringSnapshot = false;
    }
  }
  try {
    return { pyodide: await loadPyodide(options), start: "cold" };
  } catch (err) {
    throw new LoadError(`Python could not start: ${err.message}`, err.stack ?? String(err));
  }
}

async function load() {
  progress("download", 0);
  const configUrl = new URL("./build-config.js", import.meta.url).href;
  const config = (await importModule(configUrl, "The build configuration")).default;
  const pyodideBase = new URL(config.pyodide, configUrl).href;
  const wheelUrl = new URL(config.engineWheel, configUrl).href;
  const snapshotUrl = config.snapshot ? new URL(config.snapshot.file, configUrl).href : null;
  if (config.stdlib) gzipped.set(`${pyodideBase}python_stdlib.zip`, new URL(config.stdlib, configUrl).href);
  for (const [path, size] of Object.entries(config.downloadSizes ?? {})) {
    const url = new URL(path, configUrl).href;
    if (url.endsWith(".mjs")) continue; // .mjs files come through import(), not fetch.
    tracked.set(url, size);
    barFiles.add(url);
  }
  self.fetch = trackingFetch;
  watchConsole("warn");

  // The engine wheel and the snapshot download while Pyodide's own files do.
  const wheelBytes = fetchBytes(wheelUrl);
  wheelBytes.catch((err) => failLoad(err));
  const pyodideModule = importModule(`${pyodideBase}pyodide.mjs`, "Pyodide");
  pyodideModule.catch(() => {}); // Awaited below.

  // Whether there is a snapshot to restore is known before Python starts (a look into the cache),
  // so that a first visit never starts Pyodide's downloads twice.
  let snapshotBytes = null;
  if (!snapshotUrl) {
    timings.snapshot = "not built";
  } else {
    try {
      snapshotBytes = decodeSnapshot(await snapshotResponse(snapshotUrl, config.snapshot.firstVisit), config.snapshot.key);
      snapshotBytes.then(() => { startTimescale = 500; }, () => {
        barFiles.delete(snapshotUrl);
        reportDownload();
      });
    } catch (err) {
      timings.snapshot = `not used: ${err.message ?? err}`;
      barFiles.delete(snapshotUrl);
    }
  }

  const { loadPyodide } = await pyodideModule;
  let { pyodide, start } = await startPython(loadPyodide, pyodideBase, snapshotBytes);
  const wheel = await wheelBytes;
  // The wheel goes where build.py's snapshot had it (site-packages), also after a restore: the
  // file system is not part of the snapshot, and the bots and map data are read lazily.
  const install = (py) => {
    const sitePackages = py.runPython("import os, sysconfig; os.path.normpath(sysconfig.get_path('purelib'))");
    py.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  };
  let api;
  try {
    install(pyodide);
    api = pyodide.pyimport("pyengine.api");
  } catch (err) {
    if (start !== "snapshot") {
      throw new LoadError(`the engine could not be started: ${lastLine(err.message)}`, err.message);
    }
    // A restored interpreter that does not work is a snapshot problem: start cold instead.
    timings.snapshot = `broken after restore: ${lastLine(err.message)}`;
    ({ pyodide, start } = await startPython(loadPyodide, pyodideBase, null));
    try {
      install(pyodide);
      api = pyodide.pyimport("pyengine.api");
    } catch (err2) {
      throw new LoadError(`the engine could not be started: ${lastLine(err2.message)}`, err2.message);
    }
  }
  if (start === "snapshot") timings.snapshot = "restored";
  const callApi = (name, argsJson) => api.call(name, argsJson);
  self.fetch = realFetch;
  Object.assign(console, realConsole);
  ready = true;
  timings[currentStep] = Math.round(performance.now() - t0);
  timings.ready = Math.round(performance.now() - t0);
  return { pyodide, callApi, start, pyodideVersion: pyodide.version };
}

function lastLine(text) {
  const lines = String(text).trim().split("\n");
  return lines[lines.length - 1];
}

// --- calls --------------------------------------------------------------------------------

const engine = Promise.race([load(), loadFailed]);

engine.then(
  ({ start, pyodideVersion }) => self.postMessage({ type: "ready", start, pyodideVersion, timings }),
  (err) => {
    self.fetch = realFetch;
    Object.assign(console, realConsole);
    const message = err instanceof LoadError ? err.message : `${err.name ?? "Error"}: ${err.message ?? err}`;
    const detail = err instanceof LoadError ? err.detail : err.stack ?? "";
    self.postMessage({ type: "load-error", step: currentStep, message, detail });
  },
);

// Calls run one at a time, in the order they arrive (the engine is synchronous Python).
let queue = engine.catch(() => {});
let lastCall = 0; // performance.now() of the last call from the page
let callsWaiting = 0;

// The first bot move after a load was slow: the bots are imported lazily (most of a start-up's
// import time), and the browser compiles the interpreter's hot code on first use (a first hard
// opening keep took 1.5 s, the next ones 0.9 s). Once the page has sent nothing for
// WARM_UP_IDLE_MS, the worker asks the engine to "warm_up": it imports the bots and runs one
// search capped at 0.25 s (0.35-0.7 s in all). A call that arrives first goes first; one that
// arrives during the warm-up waits for it, at most that long.
const WARM_UP_IDLE_MS = 150;
// Calls that run a bot warm it up themselves: once one has come, no warm-up is needed.
const BOT_CALLS = new Set(["bot_move", "ponder", "hint", "review_move"]);
let botsWarm = false;
function warmUpWhenIdle() {
  setTimeout(() => {
    if (botsWarm) return;
    if (callsWaiting > 0 || performance.now() - lastCall < WARM_UP_IDLE_MS) {
      warmUpWhenIdle();
      return;
    }
    queue = queue.then(async () => {
      const { callApi } = await engine;
      const started = performance.now();
      const ok = callApi("warm_up", "{}").startsWith('{"ok"');
      self.postMessage({ type: "warmed", ms: Math.round(performance.now() - started), ok });
    }).catch(() => {}); // A failed warm-up changes nothing: the first bot move imports the bots.
  }, WARM_UP_IDLE_MS);
}
engine.then(warmUpWhenIdle, () => {});

self.onmessage = (event) => {
  const msg = event.data;
  if (msg?.type !== "call") return;
  lastCall = performance.now();
  if (BOT_CALLS.has(msg.name)) botsWarm = true;
  callsWaiting += 1;
  queue = queue.then(async () => {
    let reply;
    try {
      const { callApi } = await engine;
      reply = { type: "result", id: msg.id, json: callApi(msg.name, msg.args) };
    } catch (err) {
      const type = err instanceof LoadError ? "EngineNotLoaded" : err.type ?? err.name ?? "Error";
      reply = { type: "result", id: msg.id, error: { type, message: lastLine(err.message ?? err) } };
    }
    callsWaiting -= 1;
    self.postMessage(reply);
  });
};

// Railtrip engine worker (module worker): loads Pyodide, installs the engine wheel with micropip
// and answers engine calls in order. Talk to it through engine-client.js, not directly.
//
// Messages to the page:
//   {type: "progress", step, label, fraction, loaded, total}
//   {type: "ready", version, pyodideVersion, timings}
//   {type: "load-error", message, step, detail}
//   {type: "result", id, json}            json: the engine's '{"ok": ...}' / '{"error": ...}' text
//   {type: "result", id, error: {type, message}}   the call could not run at all
// Messages from the page:
//   {type: "call", id, name, args}        args: a JSON text

// Each step fills its part of the bar; the parts are roughly what the steps take on a fast
// connection (downloads dominate on a slow one, and report their bytes).
const STEPS = {
  download: { start: 0.0, end: 0.5, label: "Downloading Pyodide" },
  start: { start: 0.5, end: 0.88, label: "Starting Python" },
  micropip: { start: 0.88, end: 0.9, label: "Installing micropip" },
  engine: { start: 0.9, end: 0.96, label: "Installing the game engine" },
  import: { start: 0.96, end: 1.0, label: "Importing the game engine" },
};

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

// Files that count for the download step's bar (micropip arrives after Python has started).
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
// (about 2/3 of it after 2.5 s) so that the bar never looks frozen.
function startingPython() {
  if (currentStep !== "download") return;
  const begun = performance.now();
  progress("start", 0);
  const timer = setInterval(() => {
    if (currentStep !== "start") {
      clearInterval(timer);
      return;
    }
    progress("start", 0.95 * (1 - Math.exp(-(performance.now() - begun) / 2300)));
  }, 250);
}

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

// Pyodide fetches the wasm, the standard library and micropip itself: wrap fetch to watch them.
const realFetch = self.fetch.bind(self);
async function trackingFetch(input, init) {
  const url = new URL(input instanceof Request ? input.url : String(input), self.location.href).href;
  if (!tracked.has(url)) return realFetch(input, init);
  let response;
  try {
    response = await realFetch(input, init);
  } catch (err) {
    failLoad(new LoadError(`network error while downloading ${baseName(url)}`, String(err)));
    throw err;
  }
  if (!response.ok) {
    failLoad(new LoadError(`HTTP ${response.status} for ${baseName(url)}`, url));
    return response;
  }
  return countedResponse(url, response);
}

// Pyodide reports some failures (a wasm that does not compile, a package that does not install)
// only on the console: turn those into load errors instead of waiting forever.
const realConsole = { warn: console.warn.bind(console), error: console.error.bind(console) };
function watchConsole(level) {
  const recent = [];
  console[level] = (...args) => {
    realConsole[level](...args);
    const text = args.map((a) => (a instanceof Error ? a.message : String(a))).join(" ");
    recent.push(text);
    if (/wasm instantiation failed/i.test(text)) {
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

async function load() {
  progress("download", 0);
  const configUrl = new URL("./build-config.js", import.meta.url).href;
  const config = (await importModule(configUrl, "The build configuration")).default;
  const pyodideBase = new URL(config.pyodide, configUrl).href;
  const wheelUrl = new URL(config.engineWheel, configUrl).href;
  for (const [path, size] of Object.entries(config.downloadSizes ?? {})) {
    const url = new URL(path, configUrl).href;
    if (url.endsWith(".mjs")) continue; // .mjs files come through import(), not fetch.
    tracked.set(url, size);
    if (!url.includes("/micropip-")) barFiles.add(url);
  }
  self.fetch = trackingFetch;
  const warnings = watchConsole("warn");
  const errors = watchConsole("error");

  // The engine wheel downloads while Pyodide starts.
  const wheelBytes = fetchBytes(wheelUrl);
  wheelBytes.catch((err) => failLoad(err));

  const { loadPyodide } = await importModule(`${pyodideBase}pyodide.mjs`, "Pyodide");
  const pyodide = await loadPyodide({
    indexURL: pyodideBase,
    packages: ["micropip"],
    stdout: (line) => console.log(`[python] ${line}`),
    stderr: (line) => realConsole.warn(`[python] ${line}`),
  }).catch((err) => {
    throw new LoadError(`Python could not start: ${err.message}`, err.stack ?? String(err));
  });

  progress("micropip", 0);
  if (!pyodide.loadedPackages.micropip) {
    throw new LoadError("micropip could not be installed", [...errors, ...warnings].slice(-5).join("\n"));
  }
  const micropip = pyodide.pyimport("micropip");

  progress("engine", 0);
  const wheelName = baseName(wheelUrl);
  const wheelPath = `/tmp/${wheelName}`;
  pyodide.FS.writeFile(wheelPath, await wheelBytes);
  try {
    await micropip.install(`emfs:${wheelPath}`);
  } catch (err) {
    throw new LoadError(`the engine wheel ${wheelName} could not be installed: ${lastLine(err.message)}`, err.message);
  } finally {
    micropip.destroy();
  }

  progress("import", 0);
  let api;
  try {
    api = pyodide.pyimport("pyengine.api");
  } catch (err) {
    throw new LoadError(`the engine could not be imported: ${lastLine(err.message)}`, err.message);
  }
  const callApi = (name, argsJson) => api.call(name, argsJson);
  const version = JSON.parse(callApi("version", "{}"));
  if (!("ok" in version)) {
    throw new LoadError(`the engine does not answer: ${version.error?.message}`, JSON.stringify(version));
  }
  self.fetch = realFetch;
  Object.assign(console, realConsole);
  progress("import", 1);
  timings.import = Math.round(performance.now() - t0);
  return { pyodide, callApi, version: version.ok, pyodideVersion: pyodide.version };
}

function lastLine(text) {
  const lines = String(text).trim().split("\n");
  return lines[lines.length - 1];
}

// --- calls --------------------------------------------------------------------------------

const engine = Promise.race([load(), loadFailed]);

engine.then(
  ({ version, pyodideVersion }) => self.postMessage({ type: "ready", version, pyodideVersion, timings }),
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

self.onmessage = (event) => {
  const msg = event.data;
  if (msg?.type !== "call") return;
  queue = queue.then(async () => {
    let reply;
    try {
      const { callApi } = await engine;
      reply = { type: "result", id: msg.id, json: callApi(msg.name, msg.args) };
    } catch (err) {
      const type = err instanceof LoadError ? "EngineNotLoaded" : err.type ?? err.name ?? "Error";
      reply = { type: "result", id: msg.id, error: { type, message: lastLine(err.message ?? err) } };
    }
    self.postMessage(reply);
  });
};

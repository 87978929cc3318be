// Promise-based client for the engine worker (worker.js).
//
//   import { startEngine, LoadingEngine } from "./engine-client.js";
//   const engine = await startEngine({ onProgress: (p) => console.log(p.label, p.fraction) });
//   const view = await engine.call("view", { game_id: 1 });   // resolves with the "ok" value
//
//   const early = new LoadingEngine(startEngine());   // usable at once: calls wait for the load
//
// engine.call(name, args) sends args as JSON to pyengine.api.call(name, args_json) in the worker.
// Calls run one at a time in the order they were made. A call that fails rejects with an
// EngineError whose .type is the Python exception type (e.g. "ValueError") and whose .message is
// the engine's message. startEngine() rejects with an EngineLoadError if the engine cannot load.

/** How many more engines (workers, each its own Python runtime) this device has room for beside
 *  the page's: one per spare core, at most two, one on a device that says it has under 4 GB of
 *  memory. Helpers that think ahead on a setup turn and helpers that share a review use it. */
export function spareEngines() {
  const cores = navigator.hardwareConcurrency || 1;
  const most = (navigator.deviceMemory ?? 8) < 4 ? 1 : 2;
  return Math.max(0, Math.min(cores - 1, most));
}

/** The engine answered a call with an error: `message` in the engine's English; `code` and
 *  `params` (a bad link or record, pyengine/errors.py) for the page to say it in its language. */
export class EngineError extends Error {
  constructor(type, message, call, code = "", params = {}) {
    super(message);
    this.name = "EngineError";
    this.type = type;
    this.call = call;
    this.code = typeof code === "string" ? code : "";
    this.params = params && typeof params === "object" ? params : {};
  }
}

/** The engine could not be loaded; .step says where ("download" or "start"). */
export class EngineLoadError extends Error {
  constructor(message, step = "", detail = "") {
    super(message);
    this.name = "EngineLoadError";
    this.step = step;
    this.detail = detail;
  }
}

/** Fails the load if the worker sends nothing for this long (a hung download, say). */
const STALL_TIMEOUT_MS = 120_000;

/**
 * Starts the engine worker and resolves once the engine is imported and answers (`signal`, an
 * AbortSignal, stops a start that is no longer wanted: the promise then rejects).
 * @param {{onProgress?: (p: {step: string, label: string, fraction: number,
 *          loaded?: number, total?: number}) => void, workerUrl?: string|URL,
 *          signal?: AbortSignal}} options
 * @returns {Promise<Engine>}
 */
export function startEngine({ onProgress = () => {}, workerUrl, signal } = {}) {
  const url = workerUrl ?? new URL("./worker.js", import.meta.url);
  const worker = new Worker(url, { type: "module", name: "railtrip-engine" });
  return new Promise((resolve, reject) => {
    let step = "download";
    let stallTimer;
    const armStallTimer = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        worker.terminate();
        reject(new EngineLoadError(`loading stopped making progress (step: ${step})`, step));
      }, STALL_TIMEOUT_MS);
    };
    armStallTimer();

    const fail = (error) => {
      clearTimeout(stallTimer);
      worker.terminate();
      reject(error);
    };
    // An aborted start stops the worker at once (a helper engine no longer needed, say).
    signal?.addEventListener("abort", () => fail(new EngineLoadError("the engine's start was stopped", step)), { once: true });

    worker.onerror = (event) => {
      event.preventDefault?.();
      const where = event.filename ? ` (${event.filename.split("/").pop()}:${event.lineno})` : "";
      const message = event.message
        ? `the engine worker crashed: ${event.message}${where}`
        : `the engine worker could not be started (${String(url).split("/").pop()} did not load)`;
      fail(new EngineLoadError(message, step));
    };

    worker.onmessage = ({ data: msg }) => {
      if (msg.type === "progress") {
        step = msg.step;
        armStallTimer();
        onProgress({ step: msg.step, label: msg.label, fraction: msg.fraction, loaded: msg.loaded, total: msg.total });
      } else if (msg.type === "load-error") {
        fail(new EngineLoadError(msg.message, msg.step, msg.detail));
      } else if (msg.type === "ready") {
        clearTimeout(stallTimer);
        onProgress({ step: "ready", label: "Ready", fraction: 1 });
        resolve(new Engine(worker, msg));
      }
    };
  });
}

/** A loaded engine. Use startEngine() to get one. */
export class Engine {
  #worker;
  #pending = new Map();
  #nextId = 1;
  #dead = null;

  constructor(worker, info) {
    this.#worker = worker;
    this.pyodideVersion = info.pyodideVersion;
    /** How Python started: "snapshot" (build.py's memory snapshot) or "cold". */
    this.start = info.start;
    /** Milliseconds from worker start to the end of each loading step (and `warmUp`: how long
     *  the bots' warm-up took once the page was idle, when it has run; worker.js). */
    this.timings = info.timings;
    worker.onmessage = ({ data: msg }) => this.#onResult(msg);
    worker.onerror = (event) => {
      event.preventDefault?.();
      this.#die(new EngineError("WorkerError", `the engine worker crashed: ${event.message ?? "unknown error"}`));
    };
  }

  /**
   * Calls engine API function `name` with `args` (a JSON-serialisable object).
   * @returns {Promise<any>} the "ok" value of the engine's answer
   */
  call(name, args = {}) {
    if (this.#dead) return Promise.reject(this.#dead);
    let argsJson;
    try {
      argsJson = JSON.stringify(args);
    } catch (err) {
      return Promise.reject(new EngineError("TypeError", `arguments of ${name} are not JSON: ${err.message}`, name));
    }
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, name });
      this.#worker.postMessage({ type: "call", id, name, args: argsJson });
    });
  }

  /** Stops the worker; pending and later calls reject. */
  terminate() {
    this.#worker.terminate();
    this.#die(new EngineError("Terminated", "the engine was stopped"));
  }

  #onResult(msg) {
    if (msg.type === "warmed") this.timings.warmUp = msg.ms; // worker.js: the bots' idle warm-up
    if (msg.type !== "result") return;
    const pending = this.#pending.get(msg.id);
    if (!pending) return;
    this.#pending.delete(msg.id);
    if (msg.error) {
      pending.reject(new EngineError(msg.error.type, msg.error.message, pending.name));
      return;
    }
    let answer;
    try {
      answer = JSON.parse(msg.json);
    } catch (err) {
      pending.reject(new EngineError("ProtocolError", `the engine's answer is not JSON: ${err.message}`, pending.name));
      return;
    }
    if (answer && "ok" in answer) {
      pending.resolve(answer.ok);
    } else {
      const error = answer?.error ?? {};
      pending.reject(new EngineError(error.type ?? "Error", error.message ?? "unknown engine error", pending.name,
        error.code, error.params));
    }
  }

  #die(error) {
    this.#dead ??= error;
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }
}

/**
 * The engine while it is still loading, so that the page can draw and take clicks at once:
 * call() waits for the load (calls keep their order) and rejects with the EngineLoadError if it
 * fails. `.ready` says whether it has loaded; `.loaded` resolves with the Engine.
 */
export class LoadingEngine {
  #engine = null;

  /** @param {Promise<Engine>} loading what startEngine() returned */
  constructor(loading) {
    this.ready = false;
    this.loaded = loading.then((engine) => {
      this.#engine = engine;
      this.ready = true;
      return engine;
    });
    this.loaded.catch(() => {}); // The page reports a failed load once, where it waits for it.
  }

  call(name, args = {}) {
    return this.#engine ? this.#engine.call(name, args) : this.loaded.then((engine) => engine.call(name, args));
  }

  get start() { return this.#engine?.start; }
  get timings() { return this.#engine?.timings; }
  get pyodideVersion() { return this.#engine?.pyodideVersion; }

  terminate() {
    this.loaded.then((engine) => engine.terminate(), () => {});
  }
}

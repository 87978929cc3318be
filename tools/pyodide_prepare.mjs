// Build step run by build.py under Node: the engine as the browser's Pyodide will run it.
//
//   node tools/pyodide_prepare.mjs <pyodide-dir> <engine.whl> <out-dir> <snapshot-key>
//
// 1. Compiles the wheel's modules with Pyodide's own Python (a .pyc is only used by the Python
//    version that wrote it; the build machine's CPython is another one) into <out-dir>/pyc/,
//    each next to its module (pyengine/api.pyc): build.py ships them in place of the sources,
//    which the browser never needs (a .pyc is 2-3 times bigger, so shipping both would cost
//    ~0.15 MB more). tools/pyc_compile.py leaves the docstrings out (asserts stay), and this
//    interpreter runs with PYTHONNODEBUGRANGES: the code keeps its line numbers but not the
//    column ranges behind a traceback's ^^^ marks (a third of a .pyc's size).
// 2. In a second, fresh interpreter laid out as the browser's (the compiled modules without
//    their sources), imports pyengine.api, preloads the bots and games (api.preload) and writes a
//    memory snapshot of the interpreter to
//    <out-dir>/engine.snapshot.gz (gzip, which browsers decompress natively), preceded inside the
//    gzip by a header line "railtrip-snapshot <key>\n" padded to SNAPSHOT_HEADER bytes, so that
//    the worker can tell a snapshot of another build from its own before handing it to Pyodide.
//    Freed memory is zeroed first (see zeroFreeMemory): it compresses to nothing. The host's
//    entropy and clocks are pinned while it runs (see pinHost), so the same wheel and Pyodide
//    give the same snapshot byte for byte, and so the same build id: a rebuild of unchanged
//    sources (a deploy of a docs change) offers returning players no "Update" and no 6 MB.
// Prints one JSON line with what it did. Exits non-zero on failure (build.py then ships no
// snapshot and no .pyc; the page starts cold).
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { createRequire } from "node:module";

const SNAPSHOT_HEADER = 256;

const [pyodideDir, wheelPath, outDir, key] = process.argv.slice(2);
if (!key) {
  console.error("usage: node tools/pyodide_prepare.mjs <pyodide-dir> <engine.whl> <out-dir> <snapshot-key>");
  process.exit(2);
}
const now = performance.now.bind(performance); // The real clock, also while pinHost runs.
const started = now();
const phases = {};
let phaseStart = started;
const phase = (name) => {
  phases[name] = Math.round(now() - phaseStart) / 1000;
  phaseStart = now();
};
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const wheel = new Uint8Array(readFileSync(wheelPath));
const sitePackagesOf = (py) => py.runPython("import os, sysconfig; os.path.normpath(sysconfig.get_path('purelib'))");

// 1. Compile (in an interpreter of its own: PYTHONNODEBUGRANGES must not reach the snapshot).
const compiler = await loadPyodide({ indexURL: pyodideDir + "/", env: { PYTHONNODEBUGRANGES: "1" } });
const sitePackages = sitePackagesOf(compiler);
// Where the worker unpacks the wheel too (unpackArchive's default is the working directory).
compiler.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
phase("start");
compiler.runPython(readFileSync(new URL("./pyc_compile.py", import.meta.url), "utf8"));
const compiled = compiler.globals.get("compile_package")(sitePackages, "pyengine").toJs();
const pycFiles = new Map(compiled.map((rel) => [rel, compiler.FS.readFile(`${sitePackages}/${rel}`)]));
for (const [rel, data] of pycFiles) {
  const target = join(outDir, "pyc", rel);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, data);
}
phase("compile");

// 2. The snapshot: the shipped layout, the engine imported, nothing else.
const unpinHost = pinHost();
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", _makeSnapshot: true });
if (sitePackagesOf(pyodide) !== sitePackages) throw new Error("site-packages moved between interpreters");
pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
for (const [rel, data] of pycFiles) {
  pyodide.FS.writeFile(`${sitePackages}/${rel}`, data);
  pyodide.FS.unlink(`${sitePackages}/${rel.slice(0, -1)}`);
}
const api = pyodide.pyimport("pyengine.api");
const preloadResult = api.preload();
const preloaded = preloadResult.toJs({ dict_converter: Object.fromEntries });
preloadResult.destroy();
api.destroy();
pyodide.runPython("import gc; gc.collect()");
const zeroed = zeroFreeMemory(pyodide._module);
phase("import");
const memory = pyodide.makeMemorySnapshot();
unpinHost();
const header = new Uint8Array(SNAPSHOT_HEADER);
const label = new TextEncoder().encode(`railtrip-snapshot ${key}\n`);
if (label.length > SNAPSHOT_HEADER) throw new Error("snapshot key too long");
header.set(label);
const whole = new Uint8Array(SNAPSHOT_HEADER + memory.length);
whole.set(header);
whole.set(memory, SNAPSHOT_HEADER);
phase("snapshot");
const gz = gzipSync(whole, { level: 9 });
writeFileSync(join(outDir, "engine.snapshot.gz"), gz);
phase("gzip");
console.log(JSON.stringify({
  pyc: compiled.length,
  preloaded,
  snapshotBytes: memory.length,
  snapshotGzipBytes: gz.length,
  zeroedBytes: zeroed,
  python: pyodide.runPython("import sys; sys.version.split()[0]"),
  seconds: Math.round(now() - started) / 1000,
  phases,
}));

/** Zeroes the memory that C's allocator holds free (below the heap's current end): freed memory
 *  keeps whatever it held (the wheel's bytes, unpacked files, import garbage), which gzip
 *  cannot squeeze, while zeros cost nothing in the snapshot. Each free block is allocated (the
 *  biggest first, each size halved until 64 bytes), filled with zeros and freed again; a block
 *  reaching past the heap's end (new memory, already zero) is freed at once and stops that size.
 *  Nothing grows the memory: the first size tried fits between the heap's end and the memory's.
 *  Returns the bytes zeroed. */
function zeroFreeMemory(module) {
  const heapEnd = module._sbrk(0);
  const blocks = [];
  let zeroed = 0;
  let size = 1 << 24;
  while (size > module.HEAPU8.length - heapEnd - 65536) size >>= 1;
  for (; size >= 64; size >>= 1) {
    for (;;) {
      const block = module._malloc(size);
      if (!block) break;
      if (block + size > heapEnd) {
        module._free(block);
        break;
      }
      blocks.push(block);
      module.HEAPU8.fill(0, block, block + size);
      zeroed += size;
    }
  }
  for (const block of blocks) module._free(block);
  return zeroed;
}

/** Pins what an interpreter reads from the host while it starts, imports and is snapshotted:
 *  entropy (Python's hash secret, the random module's and tempfile's generators, the C
 *  library's own) comes from a fixed stream, the wall clock (file times, which the import
 *  system caches) steps one second a call from 2000-01-01, the monotonic clock one millisecond
 *  a call, and the program's name is Emscripten's own, as in the browser (under Node it
 *  would be this script's path, which differs between checkouts). Every visitor restores the same snapshot anyway, so a fixed secret costs nothing;
 *  the engine draws its randomness from each game's own seeded generator. Returns a function
 *  that gives the host its own back. */
function pinHost() {
  const nodeCrypto = createRequire(import.meta.url)("node:crypto");
  const saved = { fill: nodeCrypto.randomFillSync, values: globalThis.crypto.getRandomValues,
    date: Date.now, perf: performance.now };
  let state = 0x9e3779b9;
  const fill = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      bytes[i] = state & 255;
    }
    return view;
  };
  const argv = process.argv;
  let wallClock = Date.UTC(2000, 0, 1);
  let monotonic = 0;
  nodeCrypto.randomFillSync = fill;
  Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fill, configurable: true, writable: true });
  Date.now = () => (wallClock += 1000);
  performance.now = () => (monotonic += 1);
  process.argv = argv.slice(0, 1);
  return () => {
    process.argv = argv;
    nodeCrypto.randomFillSync = saved.fill;
    Object.defineProperty(globalThis.crypto, "getRandomValues", { value: saved.values, configurable: true, writable: true });
    Date.now = saved.date;
    performance.now = saved.perf;
  };
}

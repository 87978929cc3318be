// Build step run by build.py under Node: the engine as the browser's Pyodide will run it.
//
//   node tools/pyodide_prepare.mjs <pyodide-dir> <engine.whl> <out-dir> <snapshot-key>
//
// 1. Compiles the wheel's modules with Pyodide's own Python (a .pyc is only used by the Python
//    version that wrote it; the build machine's CPython is another one) into <out-dir>/pyc/,
//    each next to its module (pyengine/api.pyc): build.py ships them in place of the sources,
//    which the browser never needs (a .pyc is 2-3 times bigger, so shipping both would cost
//    ~0.15 MB more).
// 2. Imports pyengine.api and writes a memory snapshot of the interpreter to
//    <out-dir>/engine.snapshot.gz (gzip, which browsers decompress natively), preceded inside the
//    gzip by a header line "railtrip-snapshot <key>\n" padded to SNAPSHOT_HEADER bytes, so that
//    the worker can tell a snapshot of another build from its own before handing it to Pyodide.
// Prints one JSON line with what it did. Exits non-zero on failure (build.py then ships no
// snapshot and no .pyc; the page starts cold).
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const SNAPSHOT_HEADER = 256;

const [pyodideDir, wheelPath, outDir, key] = process.argv.slice(2);
if (!key) {
  console.error("usage: node tools/pyodide_prepare.mjs <pyodide-dir> <engine.whl> <out-dir> <snapshot-key>");
  process.exit(2);
}
const started = performance.now();
const phases = {};
let phaseStart = started;
const phase = (name) => {
  phases[name] = Math.round(performance.now() - phaseStart) / 1000;
  phaseStart = performance.now();
};
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", _makeSnapshot: true });
// Where the worker unpacks the wheel too (unpackArchive's default is the working directory).
const sitePackages = pyodide.runPython("import os, sysconfig; os.path.normpath(sysconfig.get_path('purelib'))");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: sitePackages });
phase("start");

// Compile with Pyodide's Python; list the .pyc files relative to site-packages.
const compiled = pyodide.runPython(`
import compileall, pathlib, py_compile
site = pathlib.Path(${JSON.stringify(sitePackages)})
ok = compileall.compile_dir(str(site / "pyengine"), quiet=1, workers=1, legacy=True,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise RuntimeError("compileall failed")
"\\n".join(sorted(str(p.relative_to(site)) for p in (site / "pyengine").rglob("*.pyc")))
`).split("\n").filter(Boolean);
for (const rel of compiled) {
  const target = join(outDir, "pyc", rel);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, pyodide.FS.readFile(`${sitePackages}/${rel}`));
}

phase("compile");
// The state the page needs before its first call: the engine imported, nothing else.
pyodide.pyimport("pyengine.api");
pyodide.runPython("import gc; gc.collect()");
phase("import");
const memory = pyodide.makeMemorySnapshot();
const header = new Uint8Array(SNAPSHOT_HEADER);
const label = new TextEncoder().encode(`railtrip-snapshot ${key}\n`);
if (label.length > SNAPSHOT_HEADER) throw new Error("snapshot key too long");
header.set(label);
const whole = new Uint8Array(SNAPSHOT_HEADER + memory.length);
whole.set(header);
whole.set(memory, SNAPSHOT_HEADER);
phase("snapshot");
const gz = gzipSync(whole, { level: 6 });
writeFileSync(join(outDir, "engine.snapshot.gz"), gz);
phase("gzip");
console.log(JSON.stringify({
  pyc: compiled.length,
  snapshotBytes: memory.length,
  snapshotGzipBytes: gz.length,
  python: pyodide.runPython("import sys; sys.version.split()[0]"),
  seconds: Math.round(performance.now() - started) / 1000,
  phases,
}));

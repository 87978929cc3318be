// Placeholder game UI: the UI replaces this file.
//
// main.js calls startUI(engine, root) once the engine is loaded:
//   engine  the Engine from engine-client.js: `await engine.call(name, args)`
//   root    <main id="app">, empty and visible
// The page switches to data-app-state="ready" when the returned promise resolves.

export async function startUI(engine, root) {
  const { engine: version } = await engine.call("version");
  const box = document.createElement("div");
  box.className = "placeholder";
  const title = document.createElement("h1");
  title.className = "brand";
  title.textContent = "Railtrip";
  const status = document.createElement("p");
  status.id = "engine-status";
  status.textContent = `Engine ready (version ${version})`;
  box.append(title, status);
  root.replaceChildren(box);
}

// The new-game screen: game, opponents (computer or human, hotseat), names, colours, seed.
import { h } from "./dom.js";
import { t, tMaybe, LANGS, STRINGS } from "../i18n.js";
import { PLAYER_COLORS, PLAYER_COLOR_NAMES } from "./cards.js";
import { cleanName, cutChars, MAX_NAME_CHARS } from "./names.js";
import { readStoredJson, writeStoredJson } from "./core/storage.js";

const PREFS_KEY = "railtrip.newgame.v1";
export const LEVELS = ["easy", "normal", "hard"];
/** Variants this UI can show; others the engine lists appear as "coming soon". */
export const UI_VARIANTS = ["usa", "world", "cardgame"];
export const SPEEDS = { slow: 1100, normal: 650, fast: 250, instant: 0 };

/** Wall-clock cap (seconds) on one bot decision: searching bots stop sampling once it passes,
 *  so a slow phone still gets a move in time (the engine's step budget is the usual limit). */
export const BOT_MAX_SECONDS = 1.2;
/** ... on a decision of the setup (the opening ticket keep, Rails & Sails' piece mix): made once a
 *  game and planned around for the whole of it, so the strongest bots search it longer (classic
 *  hard at 4 players plays about ten whole games per keep it weighs). */
export const BOT_SETUP_MAX_SECONDS = 2.5;

/** The wall-clock cap for a bot deciding in this engine phase. */
export function botMaxSeconds(phase) {
  return String(phase ?? "").startsWith("setup_") ? BOT_SETUP_MAX_SECONDS : BOT_MAX_SECONDS;
}

/** The bot names the strength selector offers: the levels the engine has, else all its bots. */
export function botChoices(bots) {
  const levels = LEVELS.filter((l) => bots.includes(l));
  return levels.length ? levels : bots.slice();
}

/** A bot name the engine knows for a wished level. */
export function resolveBot(wish, bots) {
  if (bots.includes(wish)) return wish;
  const choices = botChoices(bots);
  return choices.includes("normal") ? "normal" : choices[Math.floor(choices.length / 2)] ?? "random";
}

/** A random seed (the engine takes any integer). */
export function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] % 1_000_000_000;
}

/** Longest stored settings text read back (they are well under 1 kB). */
const MAX_PREFS_CHARS = 20_000;

/**
 * The stored new-game settings, each field checked on its own: a field of the wrong shape falls
 * back to its default, the rest is kept (a damaged entry must never stop the app from starting).
 */
export function sanitizePrefs(raw) {
  const p = raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  const out = {};
  if (typeof p.variant === "string" && p.variant.length <= 40) out.variant = p.variant;
  if (Number.isInteger(p.opponents) && p.opponents >= 1 && p.opponents <= 7) out.opponents = p.opponents;
  if (typeof p.speed === "string" && Object.hasOwn(SPEEDS, p.speed)) out.speed = p.speed;
  if (typeof p.lookPile === "boolean") out.lookPile = p.lookPile;
  if (typeof p.tickets === "string" && p.tickets.length <= 40) out.tickets = p.tickets;  // checked against the engine's ways
  if (p.keepSeed === true && (typeof p.seed === "string" || Number.isSafeInteger(p.seed))) {
    out.keepSeed = true;
    out.seed = String(p.seed).slice(0, 64);
  }
  if (Array.isArray(p.seats)) {
    out.seats = p.seats.slice(0, 5).map((x) => {
      const seat = x && typeof x === "object" ? x : {};
      return {
        name: cleanName(seat.name, null),
        kind: seat.kind === "human" || seat.kind === "bot" ? seat.kind : null,
        bot: typeof seat.bot === "string" && seat.bot.length <= 40 ? seat.bot : null,
        color: PLAYER_COLOR_NAMES.includes(seat.color) ? seat.color : null,
      };
    });
  }
  return out;
}

/** The last new-game settings (checked; a repaired entry is written back), or null. */
export function loadPrefs() {
  const stored = readStoredJson(PREFS_KEY, { maxChars: MAX_PREFS_CHARS });
  if (!stored.found) return null;
  const prefs = sanitizePrefs(stored.value);
  if (JSON.stringify(prefs) !== stored.raw) savePrefs(prefs);
  return prefs;
}

/** Keeps the form's settings (private mode: nothing is kept, and nothing else changes). */
function savePrefs(prefs) {
  writeStoredJson(PREFS_KEY, prefs);
}

function defaultSeats(bots) {
  const names = t("newgame.botNames").split(",");
  const seats = [{ name: t("newgame.defaultName"), kind: "human", bot: null, color: "red" }];
  for (let i = 1; i < 5; i++) {
    seats.push({ name: names[i - 1] ?? `Bot ${i}`, kind: "bot", bot: resolveBot("normal", bots), color: PLAYER_COLOR_NAMES[i] });
  }
  return seats;
}

/**
 * Renders the form into `container`; `onStart(settings)` gets
 * {variant, players, seed, seats:[{name, kind, bot, color}], speed}.
 * `saved` is {label, onContinue} for a game that can be continued, or null. `onLineup({variant,
 * humans, hardBots})` hears the table the form shows now, each time it changes (the page warms
 * helper engines up for a table of several `hard` bots).
 */
export function renderNewGame(container, { version, onStart, saved = null, initial = null, onLineup = () => {} }) {
  const bots = version.bots ?? [];
  const variants = (version.variants ?? []).slice().sort((a, b) =>
    (UI_VARIANTS.includes(a.name) ? UI_VARIANTS.indexOf(a.name) : 99) - (UI_VARIANTS.includes(b.name) ? UI_VARIANTS.indexOf(b.name) : 99));
  const playable = (name) => UI_VARIANTS.includes(name);
  const prefs = sanitizePrefs(initial ?? loadPrefs());
  const seats = defaultSeats(bots);
  (prefs.seats ?? []).forEach((p, i) => {
    if (i >= seats.length) return;
    const known = Object.fromEntries(Object.entries(p).filter(([, v]) => v !== null));
    seats[i] = { ...seats[i], ...known, bot: p.bot ? resolveBot(p.bot, bots) : seats[i].bot };
  });
  seats[0].kind = "human";
  // The default name of one language is the default of the one shown now ("Player" -> "Spieler").
  if (LANGS.some((lang) => STRINGS[lang]["newgame.defaultName"] === seats[0].name)) seats[0].name = t("newgame.defaultName");
  let variant = playable(prefs.variant) && variants.some((v) => v.name === prefs.variant) ? prefs.variant
    : variants.find((v) => playable(v.name))?.name;
  const vinfo = () => variants.find((v) => v.name === variant) ?? { min_players: 2, max_players: 5 };
  let opponents = Math.min(vinfo().max_players - 1, Math.max(vinfo().min_players - 1, prefs.opponents ?? 1));
  let speed = SPEEDS[prefs.speed] !== undefined ? prefs.speed : "normal";
  let lookPile = Boolean(prefs.lookPile);
  // North America's ways of play: the engine's `tickets` option (its values come from the engine).
  const usaWays = () => variants.find((v) => v.name === "usa")?.options?.tickets ?? null;
  let ticketsWay = usaWays()?.values.includes(prefs.tickets) ? prefs.tickets : usaWays()?.default ?? null;

  const form = h("form", { class: "newgame-form", testid: "new-game-form", novalidate: true });
  const seatList = h("div", { class: "seat-list" });
  const oppGroup = h("div", { class: "segmented", role: "radiogroup", "aria-label": t("newgame.opponents"), testid: "opponents" });

  function colorSwatches(i) {
    const wrap = h("div", { class: "swatches", role: "radiogroup", "aria-label": t("newgame.color"), testid: `seat-${i}-color` });
    for (const name of PLAYER_COLOR_NAMES) {
      const input = h("input", { type: "radio", name: `seat-${i}-color`, value: name, checked: seats[i].color === name,
        "aria-label": t(`pcolor.${name}`), testid: `seat-${i}-color-${name}`,
        on: { change: () => setColor(i, name) } });
      wrap.append(h("label", { class: "swatch", title: t(`pcolor.${name}`), style: { "--swatch": PLAYER_COLORS[name] } },
        input, h("span", { class: "swatch-dot" })));
    }
    return wrap;
  }

  function setColor(i, name) {
    const other = seats.findIndex((s, j) => j !== i && j <= opponents && s.color === name);
    if (other >= 0) seats[other].color = seats[i].color;
    seats[i].color = name;
    drawSeats();
  }

  function drawSeats() {
    // Colours stay unique among the seats in play.
    const used = new Set();
    for (let i = 0; i <= opponents; i++) {
      if (used.has(seats[i].color)) seats[i].color = PLAYER_COLOR_NAMES.find((c) => !used.has(c));
      used.add(seats[i].color);
    }
    const rows = [];
    for (let i = 0; i <= opponents; i++) {
      const seat = seats[i];
      // Cut by characters (maxlength would count UTF-16 units and allow half an emoji).
      const nameInput = h("input", { type: "text", value: seat.name, autocomplete: "off", spellcheck: "false",
        id: `seat-${i}-name`, testid: i === 0 ? "player-name" : `seat-${i}-name`, "aria-label": i === 0 ? t("newgame.yourName") : t("newgame.seatName", { n: i }),
        on: { input: (e) => {
          if (!e.isComposing) {
            const cut = cutChars(e.target.value, MAX_NAME_CHARS);
            if (cut !== e.target.value) e.target.value = cut;
          }
          seat.name = e.target.value;
        } } });
      const row = h("div", { class: ["seat-row", seat.kind === "human" && "is-human"], testid: `seat-${i}` },
        h("span", { class: "seat-badge", style: { "--swatch": PLAYER_COLORS[seat.color] } }, String(i + 1)),
        h("div", { class: "seat-main" },
          h("label", { class: "field-label", for: `seat-${i}-name`, text: i === 0 ? t("newgame.you") : t("newgame.opponent", { n: i }) }),
          nameInput),
      );
      if (i > 0) {
        const kind = h("select", { testid: `seat-${i}-kind`, "aria-label": t("newgame.kind", { n: i }),
          on: { change: (e) => { seat.kind = e.target.value; drawSeats(); } } },
        h("option", { value: "bot", selected: seat.kind === "bot", text: t("newgame.computer") }),
        h("option", { value: "human", selected: seat.kind === "human", text: t("newgame.human") }));
        // A person has no strength: the kind takes the row ("Person (same device)" was cut beside it).
        const level = h("select", { testid: `seat-${i}-bot`, "aria-label": t("newgame.strength", { n: i }), hidden: seat.kind !== "bot",
          on: { change: (e) => { seat.bot = e.target.value; lineupChanged(); } } },
        botChoices(bots).map((b) => h("option", { value: b, selected: seat.bot === b, text: tMaybe(`level.${b}`, b) })));
        row.append(h("div", { class: "seat-opts" }, kind, level));
      }
      row.append(colorSwatches(i));
      rows.push(row);
    }
    seatList.replaceChildren(...rows);
    const humans = seats.slice(0, opponents + 1).filter((s) => s.kind === "human").length;
    hotseatNote.hidden = humans < 2;
    lineupChanged();
  }

  function lineupChanged() {
    const table = seats.slice(0, opponents + 1);
    onLineup({ variant, humans: table.filter((s) => s.kind === "human").length,
      hardBots: table.filter((s) => s.kind === "bot" && resolveBot(s.bot, bots) === "hard").length });
  }

  function drawOpponents() {
    oppGroup.replaceChildren();
    for (let n = vinfo().min_players - 1; n <= vinfo().max_players - 1; n++) {
      const input = h("input", { type: "radio", name: "opponents", value: n, checked: n === opponents, testid: `opponents-${n}`,
        on: { change: () => { opponents = n; drawSeats(); } } });
      oppGroup.append(h("label", { class: "seg" }, input, h("span", { text: String(n) })));
    }
  }

  const variantCards = h("div", { class: "variant-list", role: "radiogroup", "aria-label": t("newgame.game"), testid: "variant" },
    variants.map((v) => h("label", { class: ["variant-card", !playable(v.name) && "soon"] },
      h("input", { type: "radio", name: "variant", value: v.name, checked: v.name === variant, testid: `variant-${v.name}`,
        disabled: !playable(v.name),
        on: { change: () => { variant = v.name; opponents = Math.min(opponents, vinfo().max_players - 1); drawOpponents(); drawSeats(); cardOptions.hidden = variant !== "cardgame"; waysBox.hidden = variant !== "usa" || !usaWays(); } } }),
      h("span", { class: "variant-title", text: tMaybe(`variant.${v.name}.title`, v.title) }),
      h("span", { class: "variant-desc", text: tMaybe(`variant.${v.name}.desc`, t("newgame.players", { min: v.min_players, max: v.max_players })) }),
      playable(v.name) ? null : h("span", { class: "soon-badge", text: t("newgame.soon") }))));

  const seedInput = h("input", { type: "text", id: "seed", testid: "seed", inputmode: "numeric", autocomplete: "off",
    placeholder: t("newgame.seedRandom"), value: prefs.keepSeed ? prefs.seed ?? "" : "" });
  const speedSelect = h("select", { id: "bot-speed", testid: "bot-speed", on: { change: (e) => { speed = e.target.value; } } },
    Object.keys(SPEEDS).map((k) => h("option", { value: k, selected: k === speed, text: t(`speed.${k}`) })));
  const hotseatNote = h("p", { class: "hint hotseat-note", testid: "hotseat-note", text: t("newgame.hotseatNote"), hidden: true });
  const error = h("p", { class: "form-error", role: "alert", testid: "new-game-error" });
  // Options of the card game only.
  const cardOptions = h("fieldset", { class: "card-options", testid: "cardgame-options", hidden: variant !== "cardgame" },
    h("legend", { class: "section-title", text: t("newgame.cardOptions") }),
    h("label", { class: "check-row" },
      h("input", { type: "checkbox", testid: "option-look-pile", checked: lookPile, on: { change: (e) => { lookPile = e.target.checked; } } }),
      h("span", { text: t("newgame.lookPile") })));

  // One radio card per way of play, each with its one-line explanation.
  const waysBox = h("fieldset", { class: "card-options usa-ways", testid: "usa-ways", hidden: variant !== "usa" || !usaWays() },
    h("legend", { class: "section-title", text: t("ways.title") }),
    h("div", { class: "way-list", role: "radiogroup", "aria-label": t("ways.title") },
      (usaWays()?.values ?? []).map((way) => h("label", { class: "way-card" },
        h("input", { type: "radio", name: "tickets", value: way, checked: way === ticketsWay, testid: `way-${way}`,
          on: { change: () => { ticketsWay = way; } } }),
        h("span", { class: "way-title", text: tMaybe(`way.${way}.title`, way) }),
        h("span", { class: "way-desc", testid: `way-desc-${way}`, text: tMaybe(`way.${way}.desc`, "") })))));

  form.append(
    h("h2", { class: "section-title", text: t("newgame.game") }), variantCards, cardOptions, waysBox,
    h("h2", { class: "section-title", text: t("newgame.opponents") }), oppGroup,
    h("h2", { class: "section-title", text: t("newgame.players.title") }), seatList, hotseatNote,
    h("details", { class: "more-options" },
      h("summary", { testid: "more-options", text: t("newgame.moreOptions") }),
      h("div", { class: "option-grid" },
        h("label", { for: "seed", text: t("newgame.seed") }), seedInput,
        h("label", { for: "bot-speed", text: t("newgame.speed") }), speedSelect)),
    error,
    h("div", { class: "form-actions" },
      saved ? h("button", { type: "button", class: "btn btn-secondary btn-continue", testid: "continue-game",
        on: { click: saved.onContinue } }, t("newgame.continue"), h("small", { text: saved.label })) : null,
      h("button", { type: "submit", class: "btn btn-primary btn-big", testid: "start-game", text: t("newgame.start") })),
  );

  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const chosen = seats.slice(0, opponents + 1).map((s, i) => ({
      name: cleanName(s.name, i === 0 ? t("newgame.defaultName") : t("newgame.seatName", { n: i })),
      kind: i === 0 ? "human" : s.kind,
      bot: s.kind === "bot" && i > 0 ? resolveBot(s.bot, bots) : null,
      color: s.color,
    }));
    const seedText = seedInput.value.trim();
    let seed;
    if (seedText === "") seed = randomSeed();
    // A whole number a JavaScript number holds exactly is a number seed (a deal link's seed stays
    // the same shuffle); anything else, larger numbers included, is a text seed.
    else if (/^-?\d{1,16}$/.test(seedText) && Number.isSafeInteger(Number(seedText))) seed = Number(seedText);
    else seed = seedText.slice(0, 64);
    savePrefs(formPrefs());
    const ways = usaWays();
    const options = variant === "cardgame" ? { look_at_own_pile: lookPile }
      : variant === "usa" && ways && ticketsWay !== ways.default ? { tickets: ticketsWay } : undefined;
    onStart({ variant, players: chosen.length, seed, seats: chosen, speed, options });
  });

  drawOpponents();
  drawSeats();
  /** What the form holds now, in the shape of the saved preferences (also `initial`'s shape);
   *  `withSeed` keeps a typed seed too (a redrawn form, not the preferences of the next game). */
  function formPrefs({ withSeed = false } = {}) {
    const seed = seedInput.value.trim();
    return sanitizePrefs({ variant, opponents, speed, lookPile, tickets: ticketsWay,
      seats: seats.map(({ name, kind, bot, color }) => ({ name, kind, bot, color })),
      ...(withSeed && seed ? { keepSeed: true, seed } : {}) });
  }
  const panel = h("section", { class: "newgame", "aria-labelledby": "newgame-title" },
    h("div", { class: "newgame-hero" },
      h("h1", { class: "brand newgame-brand", id: "newgame-title", text: "Railtrip" }),
      h("p", { class: "tagline", text: t("newgame.tagline") })),
    form);
  container.replaceChildren(panel);
  return { el: panel, formPrefs };
}

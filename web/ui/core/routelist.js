// The Routes tab's list of the routes a player can claim now: one row per route, its name whole
// (a native select cut "San Francisco – Salt Lake City · 5 orange · 10 points" to its first words
// in a side column 200–330 px wide), its colour, length and points on a second line. A listbox:
// a click, the arrow keys or a city's first letters choose a route (it glows on the map), Enter, a
// double click or the Claim button claim it -- two steps, as a tap on a phone while scrolling must
// not claim. No row is chosen until the person (or the Hint, or a tutorial step) chooses one: a
// first row chosen by default left Claim enabled, and one press claimed a route nobody had picked.
import { h } from "../dom.js";
import { t, getLang } from "../../i18n.js";
import { CARD_COLORS, cardName, symbolSvg } from "../cards.js";
import { routeName } from "../logtext.js";

export class RouteList {
  /**
   * board: the page's board (routeById, route_points); note(route): what the route's cost has
   * beyond its length and colour, as its tip on the map says it (the game's `routeNote`), or null;
   * onChoose(id|null): a route chosen by the person (null: none); onClaim(id): claim it.
   */
  constructor(board, { note = () => null, onChoose, onClaim }) {
    this.board = board;
    this.note = note;
    this.onChoose = onChoose;
    this.onClaim = onClaim;
    this.ids = [];       // one per row: the first of the routes it stands for
    this.rowFor = new Map();  // every listed route's id -> its row's id
    this.chosen = null;  // the selected route's id (none until the person chooses)
    this.label = h("p", { id: "routes-label", class: "field-label", text: t("routes.label") });
    this.list = h("ul", { class: "route-list", role: "listbox", testid: "route-list", "aria-labelledby": "routes-label",
      on: { keydown: (ev) => this.#onKey(ev) } });
    this.claim = h("button", { type: "button", class: "btn btn-primary", testid: "route-claim", text: t("routes.claim"),
      on: { click: () => this.chosen && this.onClaim(this.chosen) } });
    this.count = h("p", { class: "hint route-count", testid: "route-count", "aria-live": "polite" });
    // While no row is chosen Claim is disabled; this line says why (and goes once one is chosen).
    this.prompt = h("p", { class: "route-prompt", id: "route-prompt", testid: "route-prompt", text: t("routes.choose") });
    this.claim.setAttribute("aria-describedby", "route-prompt");
    this.bar = h("div", { class: "route-bar" }, h("div", { class: "route-bar-text" }, this.count, this.prompt), this.claim);
    this.el = h("div", { class: "route-pick" }, this.label, this.bar, this.list);
  }

  /** The routes claimable now (the engine's legal claims), by name as a person looks one up (the
   *  engine's order follows city codes: "Al-Qahira – Tehran" came under C); redrawn only when
   *  they change. Twin tracks alike in all but their id (a double route's two gray tracks) make
   *  one row: a player may claim only one of them, and either is the same claim. `over`: the
   *  game is over, and the list says so instead of "no route can be claimed now". */
  update(ids, over = false) {
    const key = over ? "over" : ids.join(",");
    if (this.list.dataset.key === key) return;
    this.list.dataset.key = key;
    const rows = new Map();  // twin key -> ids
    const names = new Map(ids.map((id) => [id, routeName(this.board, id)]));
    const order = ids.slice().sort((a, b) => names.get(a).localeCompare(names.get(b), getLang()));
    for (const id of order) {
      const r = this.board.routeById.get(id);
      const twin = [[r.a, r.b].sort().join("|"), r.color, r.length, r.kind ?? "", r.rough ?? 0].join("/");
      rows.set(twin, [...(rows.get(twin) ?? []), id]);
    }
    this.ids = [...rows.values()].map((group) => group[0]);
    this.rowFor = new Map([...rows.values()].flatMap((group) => group.map((id) => [id, group[0]])));
    if (!this.ids.includes(this.chosen)) {
      const kept = this.rowFor.get(this.chosen) ?? null;  // its twin track, if that one is left
      if (!kept && this.chosen) this.onChoose(null);  // claimed or gone: its glow goes
      this.chosen = kept;
    }
    const items = [...rows.values()].map((group) => this.#row(group));
    if (!items.length) items.push(h("li", { class: "route-none hint", role: "presentation", testid: "route-none", text: t(over ? "routes.over" : "routes.none") }));
    this.list.replaceChildren(...items);
    this.list.setAttribute("aria-disabled", String(!ids.length));
    this.#showChosen();
    this.bar.hidden = !ids.length;  // nothing to count or claim: the list's own line says so
    this.count.textContent = ids.length ? t("routes.count", { n: this.ids.length }) : "";
  }

  /** Chooses `id` if it is in the list (the Hint or the tutorial points at it), scrolled into the
   *  list's own view (never the page's: the screen decides that); returns its row, or null when
   *  it is not there. */
  show(routeId) {
    const id = this.rowFor.get(routeId);
    if (!id) return null;
    this.#select(id, { byPerson: false });
    const row = this.#rowOf(id);
    if (row) this.#reveal(row);
    return row;
  }

  /** The chosen row (the Hint's route, say) scrolled into the list's view: the Routes tab opened
   *  after the Hint showed the top of a long list, the row out of sight. */
  revealChosen() {
    if (this.chosen) this.#reveal(this.#rowOf(this.chosen));
  }

  /** Scrolls `row` into the view of the box the list scrolls in (the Routes tab), clear of the
   *  count and Claim bar that sticks at its top, and scrolls nothing else. scrollIntoView scrolled
   *  the page as well: on a phone a Hint pressed at the top of the page took it ~650 px down to
   *  the row (under the floating hint), away from the map where the route glowed; and a row
   *  reached upwards stopped under the sticky bar. */
  #reveal(row) {
    if (!row) return;
    let box = this.list.parentElement;
    while (box && box !== document.body) {
      const { overflowY } = getComputedStyle(box);
      if ((overflowY === "auto" || overflowY === "scroll") && box.scrollHeight > box.clientHeight) break;
      box = box.parentElement;
    }
    if (!box || box === document.body) return;
    const r = row.getBoundingClientRect();
    const frame = box.getBoundingClientRect();
    const top = Math.max(frame.top + box.clientTop, this.bar.hidden ? -Infinity : this.bar.getBoundingClientRect().bottom);
    const bottom = frame.top + box.clientTop + box.clientHeight;
    if (r.top < top) box.scrollTop -= top - r.top;
    else if (r.bottom > bottom) box.scrollTop += Math.min(r.bottom - bottom, r.top - top);
  }

  #row([id, ...twins]) {
    const r = this.board.routeById.get(id);
    const colour = r.kind ? cardName(`${r.color}-${r.kind}`) : cardName(r.color);
    const note = this.note(r);
    const selected = id === this.chosen;
    // The row Tab reaches: the chosen one, else the first (focus alone chooses nothing).
    const tabStop = this.chosen ? selected : id === this.ids[0];
    return h("li", { class: "route-opt", role: "option", id: `route-opt-${id}`, testid: "route-option",
      dataset: { route: id, routes: [id, ...twins].join(" ") }, "aria-selected": String(selected), tabindex: tabStop ? "0" : "-1",
      style: { "--rc": CARD_COLORS[r.color] ?? CARD_COLORS.gray },
      on: { click: () => this.#select(id), dblclick: () => this.onClaim(id) } },
    h("span", { class: "route-swatch", "aria-hidden": "true" }, symbolSvg(r.color, { size: 11 })),
    h("span", { class: "route-opt-name", text: routeName(this.board, id) }),
    h("span", { class: "route-opt-info",
      text: t(r.kind ? "routes.infoKind" : "routes.info", { n: r.length, color: colour, points: this.board.route_points[r.length] }) }),
    note ? h("span", { class: "route-opt-note", testid: "route-note", text: note }) : null);
  }

  /** Claim is enabled exactly while a row is chosen; until then the bar says to choose one. */
  #showChosen() {
    this.claim.disabled = !this.chosen;
    this.prompt.hidden = Boolean(this.chosen);
  }

  #rowOf(id) {
    return [...this.list.children].find((el) => el.dataset.route === id) ?? null;
  }

  /** Selects `id`; chosen by the person (not pointed at by the Hint), it takes the focus and glows. */
  #select(id, { byPerson = true } = {}) {
    this.chosen = id;
    this.#showChosen();
    for (const el of this.list.children) {
      const on = el.dataset.route === id;
      el.setAttribute("aria-selected", String(on));
      if (el.dataset.route) el.tabIndex = on ? 0 : -1;
    }
    if (!byPerson) return;
    this.#rowOf(id)?.focus();
    this.onChoose(id);
  }

  #onKey(ev) {
    if (!this.ids.length || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const at = this.ids.indexOf(this.chosen);  // -1: none chosen yet, the first arrow key chooses the first row
    const to = at < 0 ? { ArrowDown: 0, ArrowUp: 0, Home: 0, End: this.ids.length - 1, PageDown: 0, PageUp: 0 }[ev.key]
      : { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: this.ids.length - 1, PageDown: at + 8, PageUp: at - 8 }[ev.key];
    if (to !== undefined) {
      ev.preventDefault();
      ev.stopPropagation();
      const id = this.ids[Math.min(this.ids.length - 1, Math.max(0, to))];
      this.#select(id);
      this.#reveal(this.#rowOf(id));
    } else if (ev.key === "Enter" || (ev.key === " " && !this.#typing(ev.timeStamp))) {
      ev.preventDefault();
      ev.stopPropagation();
      if (this.chosen) this.onClaim(this.chosen);
    } else if (ev.key.length === 1 && (/\p{L}/u.test(ev.key) || ev.key === " ")) {
      // Type-ahead, as in any listbox: a letter here looks a route up; the game's letter keys
      // (D draws, T takes tickets) act outside the list, where they cannot be typed by mistake.
      ev.preventDefault();
      ev.stopPropagation();
      this.#typeAhead(ev.key, ev.timeStamp);
    }
  }

  /** Whether a type-ahead search is under way: a space then belongs to the name ("New York"),
   *  it does not claim the row reached so far. */
  #typing(time) {
    return time - (this.typedAt ?? -Infinity) < TYPE_AHEAD_MS;
  }

  /** Chooses the next row whose name starts with the letters typed in quick succession ("sa"
   *  finds "Saint Louis – …", then "Salt Lake City – …"); one letter typed again steps on
   *  through the rows that start with it. Accents and case do not matter. */
  #typeAhead(key, time) {
    this.typed = this.#typing(time) ? (this.typed ?? "") + key : key;
    this.typedAt = time;
    const typed = fold(this.typed);
    const repeat = [...typed].every((c) => c === typed[0]);
    const prefix = repeat ? typed[0] : typed;
    const at = this.ids.indexOf(this.chosen);  // -1: none chosen yet
    const n = this.ids.length;
    const from = repeat ? at + 1 : Math.max(0, at);  // a new search may stay on the chosen row, a repeat moves on
    for (let i = 0; i < n; i++) {
      const id = this.ids[(from + i) % n];
      if (fold(routeName(this.board, id)).startsWith(prefix)) {
        this.#select(id);
        this.#reveal(this.#rowOf(id));
        return;
      }
    }
  }
}

/** Letters typed within this many milliseconds make one search. */
const TYPE_AHEAD_MS = 800;

/** A name as type-ahead compares it: lower case, without accents ("Zürich" -> "zurich"). */
function fold(text) {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase(getLang());
}

// The interactive tutorials: a scripted first game from an explicit setup (web/tutorials/<game>.json).
// The engine deals from the setup and lists the legal moves as always; the coach only narrows
// them to the step's move: it points at what to click, refuses any other move with a friendly
// line, plays the computer's scripted answers through the engine, and when the script ends the
// game goes on as a free game against a computer player. No rule is decided here.
//
// A script: {variant, seed, bot, name:{en,de}, setup, steps:[...], done:{en,de}} where a step is
//   {say:{en,de}, play:"<action text>", any?:true, target?:[testid...], route?:"<route id>"}
//   (the person's move; `any`: every legal move of the same kind is accepted, e.g. which tickets
//   to keep) or {bot:"<action text>"} (the computer's scripted move).
import { h } from "./dom.js";
import { t, getLang } from "../i18n.js";
import { resolveBot } from "./newgame.js";

/** Reads the script of `variant`. */
export async function loadTutorial(variant) {
  const res = await fetch(new URL(`../tutorials/${variant}.json`, import.meta.url));
  if (!res.ok) throw new Error(`no tutorial for ${variant}`);
  return res.json();
}

/** New-game settings for a tutorial: you against one computer player, dealt from the setup. */
export function tutorialSettings(tutorial, bots) {
  const lang = getLang();
  return {
    variant: tutorial.variant, players: 2, seed: tutorial.seed, setup: tutorial.setup, speed: "normal",
    seats: [{ name: t("tutorial.you"), kind: "human", bot: null, color: "red" },
      { name: tutorial.name?.[lang] ?? tutorial.name?.en ?? t("tutorial.bot"), kind: "bot", bot: resolveBot(tutorial.bot ?? "easy", bots), color: "blue" }],
    tutorial: tutorial.variant,
  };
}

const say = (text) => text?.[getLang()] ?? text?.en ?? "";

/** Whether two boxes (getBoundingClientRect) share any area. */
const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Walks a screen (TurnScreen) through a script. */
export class Coach {
  constructor(screen, tutorial) {
    this.screen = screen;
    this.script = tutorial;
    this.steps = tutorial.steps;
    this.index = 0;
    this.active = true;
    this.refused = false;
    this.marked = [];
    this.text = h("p", { class: "coach-text", testid: "coach-text" });
    this.refuseEl = h("p", { class: "coach-refuse", testid: "coach-refuse", role: "alert", hidden: true });
    this.counter = h("span", { testid: "coach-step" });
    this.actions = h("div", { class: "dlg-actions" });
    this.el = h("aside", { class: "coach", testid: "coach", "aria-live": "polite", dataset: { step: 0 } },
      h("div", { class: "coach-head" }, h("span", { text: t("tutorial.badge") }), this.counter,
        h("button", { type: "button", class: "btn btn-ghost btn-small", testid: "coach-skip", text: t("tutorial.skip"),
          on: { click: () => this.finish() } })),
      this.text, this.refuseEl, this.actions);
    // The page may scroll a target under the coach: its place is checked again (once a frame).
    // So may its own size or the top bar's (on a phone) change after a step is shown.
    this.queued = new Set();
    this.onScroll = () => this.#soon("place", () => this.#place());
    window.addEventListener("scroll", this.onScroll, { passive: true });
    this.sizeObserver = new ResizeObserver(this.onScroll);
    this.sizeObserver.observe(this.el);
    // How often the person has clicked each of the step's targets (the Routes tab before its
    // claim button; red three times, then the locomotive): the coach keeps clear of what is left
    // to use. Counted by test id, as a panel may draw a target again after each click.
    this.clicks = new Map();
    this.clicksStep = 0;
    this.onClick = (ev) => {
      const el = ev.target instanceof Element ? ev.target.closest(".coach-target") : null;
      if (!el) return;
      this.clicks.set(el.dataset.testid, (this.clicks.get(el.dataset.testid) ?? 0) + 1);
      this.#soon("settle", () => this.#settle());
    };
    document.addEventListener("click", this.onClick, true);
    // A panel may draw its part of the screen again on its own (the card game's hand after each
    // tap, to show what is selected): the step's targets are then marked again, so the glow stays
    // on what is left to tap and the coach keeps clear of it.
    this.redrawObserver = new MutationObserver(() => {
      if (this.marked.some((el) => !el.isConnected)) this.#soon("remark", () => this.update());
    });
    this.redrawObserver.observe(screen.ctx.root, { childList: true, subtree: true });
  }

  /** Runs `fn` at the next frame, once however often it is asked for (layout settled by then). */
  #soon(key, fn) {
    if (this.queued.has(key)) return;
    this.queued.add(key);
    requestAnimationFrame(() => { this.queued.delete(key); if (this.active) fn(); });
  }

  get step() {
    return this.active ? this.steps[this.index] ?? null : null;
  }

  /** Whether the person may send `text` now (any move once the script is over). */
  allows(text) {
    const step = this.step;
    if (!step) return true;
    if (!step.play) return false;
    if (text === step.play) return true;
    if (!step.any) return false;
    const legal = this.screen.res?.legal ?? [];
    const kind = (x) => legal.find((a) => a.text === x)?.kind;
    return kind(text) !== undefined && kind(text) === kind(step.play);
  }

  /** A refused move: say why, and reopen the step's dialog if the move came from one. */
  refuse() {
    this.refused = true;
    this.refuseEl.textContent = t("tutorial.refuse");
    this.refuseEl.hidden = false;
  }

  /** The computer's scripted move now, or null (the engine's bot plays once the script is over). */
  botAction() {
    const step = this.step;
    return step?.bot ?? null;
  }

  /** A move was applied (`text`): the script goes on. */
  applied(text) {
    const step = this.step;
    if (!step) return;
    if (step.bot ? step.bot === text : this.allows(text)) {
      this.index += 1;
      this.refused = false;
      this.refuseEl.hidden = true;
      if (this.index >= this.steps.length) this.#done();
    }
  }

  #done() {
    this.counter.textContent = "";
    this.text.replaceChildren(h("strong", { text: t("tutorial.freeTitle") }), " ", say(this.script.done) || t("tutorial.free"));
    this.el.dataset.step = "done";
    this.actions.replaceChildren(h("button", { type: "button", class: "btn btn-primary btn-small", testid: "coach-play-on",
      text: t("tutorial.playOn"), on: { click: () => this.finish() } }));
  }

  /** Stops watching the page and takes the coach box away (the tutorial ends, or its screen goes). */
  dispose() {
    this.active = false;
    this.#unmark();
    this.topbarObserver?.disconnect();
    window.removeEventListener("scroll", this.onScroll);
    document.removeEventListener("click", this.onClick, true);
    this.sizeObserver.disconnect();
    this.redrawObserver.disconnect();
    this.el.remove();
    delete this.screen.ctx.root.dataset.tutorial;
  }

  /** Ends the tutorial: the game goes on free (the coach box goes away). */
  finish() {
    this.dispose();
    this.screen._coachRoute?.(null);
    this.screen.ctx.root.dataset.tutorial = "over";
    this.screen._coachDone?.();
  }

  /**
   * On a phone the coach sits at the top, just below the top bar (`--topbar-bottom`,
   * ui/pagescroll.js), whose height changes with the status text (it wraps there): when the bar
   * grows, the coach checks again what it covers.
   */
  #watchTopbar(root) {
    const bar = root.querySelector(".topbar");
    if (!bar || this.topbar === bar) return;
    this.topbarObserver?.disconnect();
    this.topbar = bar;
    this.topbarObserver = new ResizeObserver(this.onScroll);
    this.topbarObserver.observe(bar);
  }

  #unmark() {
    for (const el of this.marked) el.classList.remove("coach-target");
    this.marked = [];
  }

  /** Shows the step and marks what to click (called whenever the screen changes). */
  update() {
    if (!this.active) return;
    const root = this.screen.ctx.root;
    // A modal dialog sits above everything else: the coach then speaks from inside it.
    const dialog = [...root.querySelectorAll("dialog[open]")].at(-1) ?? null;
    if (dialog) {
      if (this.el.parentElement !== dialog) dialog.insertBefore(this.el, dialog.children[1] ?? null);
    } else if (this.el.parentElement !== root) root.append(this.el);
    this.el.classList.toggle("coach--in-dialog", Boolean(dialog));
    this.#watchTopbar(root);
    root.dataset.tutorial = this.step ? String(this.index) : "done";
    this.#unmark();
    const step = this.step;
    if (!step?.route) this.screen._coachRoute?.(null);
    if (!step) return;
    this.el.dataset.step = String(this.index);
    if (this.clicksStep !== this.index) {
      this.clicks = new Map();
      this.clicksStep = this.index;
    }
    const humanSteps = this.steps.filter((s) => s.play);
    const n = humanSteps.indexOf(step) + 1;
    if (step.bot) {
      this.text.textContent = say(step.say) || t("status.botThinking", { name: this.screen.names[1] });
      this.counter.textContent = "";
      return;
    }
    this.counter.textContent = t("tutorial.step", { n, total: humanSteps.length });
    this.text.textContent = say(step.say);
    const mark = (el) => { if (el) { el.classList.add("coach-target"); this.marked.push(el); } };
    for (const id of step.target ?? []) {
      for (const el of root.querySelectorAll(`[data-testid="${id}"]`)) mark(el);
    }
    if (step.route) this.screen._coachRoute?.(step.route);
    this.#soon("settle", () => this.#settle());
  }

  #settle() {
    // A panel that drew its targets again (the card game's hand after a tap) is marked again
    // first: judged on the rest alone, the coach would scroll away to the play button.
    if (this.marked.some((el) => !el.isConnected)) {
      this.update();
      return;
    }
    this.#place();
    this.#bringIntoView();
  }

  /** Whether the person has clicked `el` as often as the step lists it. */
  #used(el) {
    const id = el.dataset.testid;
    const times = (this.step?.target ?? []).filter((x) => x === id).length || 1;
    return (this.clicks.get(id) ?? 0) >= times;
  }

  /** The step's targets still to use, as shown on the page (all of them once each was used). */
  #pending() {
    const shown = this.marked.filter((el) => el.getClientRects().length && !el.closest("dialog"));
    const left = shown.filter((el) => !this.#used(el));
    return left.length ? left : shown;
  }

  /**
   * The coach moves to the other end of the window while at its own place it would cover more of
   * what the step asks to use than there (on a phone, where it sits under the top bar, the card
   * game's face-up cards are right there; at 900 px the play button); in a dialog it speaks from
   * inside, in the flow.
   */
  #place() {
    const flip = (on) => this.el.classList.toggle("coach--other-end", on);
    flip(false);
    if (!this.active || this.el.classList.contains("coach--in-dialog")) return;
    const targets = this.#pending().map((el) => el.getBoundingClientRect());
    const covered = () => {
      const a = this.el.getBoundingClientRect();
      return targets.filter((b) => overlap(a, b)).length;
    };
    const here = covered();
    if (!here) return;
    flip(true);
    if (covered() >= here) flip(false);
  }

  /**
   * Where the page scrolls (a phone, a short window), a step's targets can be out of sight (the
   * harbor button above the window, the play button below it) or under the coach. When none of
   * them is clear, the first is scrolled to the middle of what the top bar and the coach leave
   * free; never while one is clear, so the page does not jump away from cards the person is
   * still picking, nor from the map where a step's route glows. In a dialog taller than the
   * window, its target is scrolled into its view.
   */
  #bringIntoView() {
    const inDialog = this.marked.find((el) => el.closest("dialog") && !this.#used(el));
    if (inDialog) {  // a long dialog scrolls inside (the card game's six tickets in a short window)
      const dialog = inDialog.closest("dialog");
      const r = inDialog.getBoundingClientRect();
      const frame = dialog.getBoundingClientRect();
      // Its buttons' band stays at its foot, over what scrolls under it (game.css).
      const band = [...dialog.children].find((el) => el.classList.contains("dlg-actions") && !el.contains(inDialog));
      const bottom = band ? Math.min(frame.bottom, band.getBoundingClientRect().top) : frame.bottom;
      if (r.top >= frame.top && r.bottom <= bottom) return;
      if (dialog.scrollHeight > dialog.clientHeight) dialog.scrollBy({ top: (r.top + r.bottom) / 2 - (frame.top + bottom) / 2 });
      else inDialog.scrollIntoView({ block: "center" });
      return;
    }
    const shown = this.#pending();
    if (!shown.length) return;
    const coach = this.el.getBoundingClientRect();
    const barBottom = this.topbar?.getBoundingClientRect().bottom ?? 0;
    const coachOnTop = coach.top < window.innerHeight / 2;
    const zoneTop = Math.max(barBottom, coachOnTop ? coach.bottom : 0);
    const zoneBottom = coachOnTop ? window.innerHeight : coach.top;
    // Clear: its middle, where a tap lands, in the window below the top bar, and the coach off it
    // (a card whose top edge alone shows at the window's foot is not).
    const clear = (el) => {
      const r = el.getBoundingClientRect();
      const middle = (r.top + r.bottom) / 2;
      return middle > barBottom && middle < window.innerHeight && !overlap(r, coach);
    };
    if (shown.some(clear)) return;
    // A route to claim glows on the map, which is as good a place to claim it as the Routes tab.
    const board = this.step?.route ? this.screen.ctx.root.querySelector(".board-area") : null;
    if (board) {
      const b = board.getBoundingClientRect();
      if (Math.min(b.bottom, window.innerHeight) - Math.max(b.top, barBottom) >= 0.4 * b.height) return;
    }
    const r = shown[0].getBoundingClientRect();
    const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollBy({ top: (r.top + r.bottom) / 2 - (zoneTop + zoneBottom) / 2, behavior: calm ? "auto" : "smooth" });
  }
}

// The Hint button: asks the engine which move the strongest bot would make for the person to
// move (api "hint": from that seat's view only, with a one-line reason in English and German),
// shows the reason (its box heads the screen's side column; on narrow screens it floats at the
// bottom) and lets the screen point the move out (a route on the map, a card). The person still
// plays the move themselves. Off in tutorials (the coach guides there).
import { h } from "./dom.js";
import { t, getLang } from "../i18n.js";

export class HintControl {
  /** screen: a TurnScreen; it may define _pointOut(action) to show the move. */
  constructor(screen) {
    this.screen = screen;
    this.asking = false;
    this.button = h("button", { type: "button", class: "btn btn-secondary btn-small hint-btn", testid: "hint", hidden: true,
      title: t("hint.title"), text: t("hint.button"), on: { click: () => this.ask() } });
    this.box = h("div", { class: "hint-box", testid: "hint-box", role: "status", hidden: true },
      h("span", { class: "hint-label", text: t("hint.label") }),
      this.text = h("span", { class: "hint-text", testid: "hint-text" }),
      h("button", { type: "button", class: "hint-close", testid: "hint-close", "aria-label": t("hint.close"), text: "×",
        on: { click: () => this.clear() } }));
    this.ply = null;
  }

  /** Shown when a person is to move and may choose (not in a tutorial, not while busy). */
  update() {
    const s = this.screen;
    this.button.hidden = !this.available();
    this.button.disabled = this.asking || s.busy;
    if (this.ply !== null && s.res?.ply !== this.ply) this.clear();  // a hint is for one position
  }

  /** Whether a hint may be asked: a person is to move and may choose, outside a tutorial. */
  available() {
    const s = this.screen;
    const r = s.res;
    return Boolean(r && !r.over && s._legal().length > 1 && !s._isBot(r.current) && !s.coach?.active);
  }

  /** The Hint for a dialog that covers the top bar's button (dialogs.js `dialogHint`): the move
   *  it proposes, `{ action, reason }` (the reason in the page's language), or `{ error }`. */
  async forDialog() {
    await this.ask();
    const action = this.current();
    return action ? { action, reason: this.text.textContent } : { error: this.text.textContent };
  }

  clear() {
    this.box.hidden = true;
    this.ply = null;
    this.screen._pointOut?.(null);
  }

  async ask() {
    const s = this.screen;
    if (this.asking || !s.res || s.res.over) return;
    this.asking = true;
    this.update();
    this.text.textContent = t("hint.thinking");
    this.box.hidden = false;
    const ply = s.res.ply;
    try {
      const hint = await s.engine.call("hint", { game_id: s.gameId, player: s.res.current, bot: "hard", max_seconds: 2 });
      if (!s.alive || s.res?.ply !== ply) return;
      s.settings.hintsUsed = (s.settings.hintsUsed ?? 0) + 1;
      this.ply = ply;
      this.hint = hint;
      this.show();
      s._pointOut?.(hint.action);
    } catch (err) {
      this.text.textContent = t("hint.failed", { error: err.message });
    } finally {
      this.asking = false;
      this.update();
    }
  }

  /** The shown hint's move (the engine's action JSON, a claim's cards in it) while it is for the
   *  position on screen, else null. */
  current() {
    const ply = this.screen.res?.ply;
    return this.hint && this.ply !== null && this.ply === ply ? this.hint.action : null;
  }

  /** A language switch rebuilds the screen: the new control takes over the shown hint of
   *  `previous` (same position), in the new language, and points its move out again. */
  adopt(previous) {
    if (!previous?.hint || previous.ply === null || previous.ply !== this.screen.res?.ply) return;
    this.hint = previous.hint;
    this.ply = previous.ply;
    this.show();
    this.screen._pointOut?.(this.hint.action);
  }

  /**
   * Where the page scrolls (a phone), the hint floats over the window's foot, so the move it points
   * out can lie under it or out of the window. `targets` are the move's places as rectangles in
   * the window, best first (null where not shown). While one of them is in view, between the top
   * bar and the floating hint, the page stays where the person has it; else the first is scrolled
   * to the middle of that band. (On a phone the Routes tab's row was scrolled ~650 px down the
   * page, under the hint, away from the map where the route glowed.) Layout only.
   */
  keepInView(targets) {
    const shown = targets.filter((r) => r && r.bottom > r.top);
    if (!shown.length || !document.documentElement.classList.contains("page-scrolls")) return;
    const top = this.screen.el?.querySelector(".topbar")?.getBoundingClientRect().bottom ?? 0;
    const floats = !this.box.hidden && getComputedStyle(this.box).position === "fixed";
    const bottom = floats ? this.box.getBoundingClientRect().top : window.innerHeight;
    if (shown.some((r) => r.top >= top - 1 && r.bottom <= bottom + 1)) return;
    const [first] = shown;
    window.scrollBy({ top: (first.top + first.bottom) / 2 - (top + bottom) / 2 });
  }

  /** The reason in the page's language (after a language change too). */
  show() {
    if (!this.hint || this.ply === null) return;
    this.text.textContent = this.hint.reason?.[getLang()] ?? this.hint.reason?.en ?? this.hint.action.text;
    this.box.hidden = false;
  }
}

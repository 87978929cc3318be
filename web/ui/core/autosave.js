// The running game's save in this browser (saves.js): saved after every move from the record the
// session keeps, saved once more when it ends (a replay in the saved list), with the choice the
// person has begun and the end's review beside it. When the game cannot be saved (the storage is
// full, the list at its limit, no storage at all, or another tab deleted it) a lasting bar at the
// window's foot says so and offers what can be done (savewarning.js); nothing is deleted unasked.
import { t } from "../../i18n.js";
import { close } from "../dialogs.js";
import { saveGame, keepChoice, pendingChoice, keepReview, storedReview, watchSaveDeleted } from "../saves.js";
import { saveWarningBar, manageSavesDialog } from "../savewarning.js";

export class Autosave {
  /** `screen`: the game's TurnScreen (its settings, seats, session record, engine answer). */
  constructor(screen) {
    this.screen = screen;
    this.problem = null;   // why the game is not saved ("quota" | "limit" | "unavailable" | "deletedElsewhere"), or null
    this.saved = false;    // whether this tab has saved the game yet
    this.bar = null;
    this.collapsed = false;
    this.room = null;
    this.manageDialog = null;
    this.stopWatching = () => {};
  }

  /** A tutorial is kept only once it has become a free game; a replay is never saved. */
  get #off() {
    return Boolean(this.screen.coach?.active || this.screen.frozen);
  }

  get #deleted() {
    return this.problem === "deletedElsewhere";
  }

  get #id() {
    return this.screen.settings.saveId;
  }

  /** From the game's start: another tab deleting this save stops the saving (see #deletedElsewhere). */
  watch() {
    this.stopWatching = watchSaveDeleted(this.#id, { wasSaved: () => this.saved, onDeleted: () => this.#deletedElsewhere() });
  }

  /** After every action (no engine call); a failure shows the lasting bar, and the game goes on. */
  save() {
    const s = this.screen;
    const rec = s.session.record;
    if (this.#off || !rec || !s.alive || s.res?.over || this.#deleted) return;
    this.#done(saveGame({ record: rec, settings: { ...s.settings, seats: s.seats }, turn: s.res.view.turn }));
  }

  /** The finished game saved as a replay, with its winners and totals for the saved list. */
  saveFinished(res) {
    const s = this.screen;
    const rec = s.session.record;  // kept by the session, the last move included
    if (this.#off || !rec || this.#deleted) return;
    const winners = res.scores.filter((sc) => sc.winner).map((sc) => s.seats[sc.seat]?.name ?? "?");
    this.#done(saveGame({ record: rec, settings: { ...s.settings, seats: s.seats }, turn: res.view.turn,
      finished: { winners, totals: res.scores.map((sc) => sc.total) } }));
  }

  /** Keeps the choice the person has begun (ticked tickets, a card waiting for its refill deck;
   *  null: none) with the save, so that a reload reopens it as it was. */
  keepChoice(choice) {
    const s = this.screen;
    if (this.#off || !s.res || this.#deleted) return;
    keepChoice(this.#id, { ply: s.res.ply, seat: s.viewer, choice });
  }

  /** The choice of `kind` begun at this very position before a reload, or null. */
  pendingChoice(kind) {
    const s = this.screen;
    if (this.#off || !s.res) return null;
    return pendingChoice(this.#id, { ply: s.res.ply, seat: s.viewer, kind });
  }

  /** The end's review kept with the save (`key`: {seat, plies, bot}), and read back. */
  storedReview(key) {
    return storedReview(this.#id, key);
  }

  keepReview(key, steps) {
    if (!this.#deleted) keepReview(this.#id, { ...key, steps });
  }

  /** Shows, updates or removes the bar (`reason` as `problem`; null: the game is saved). */
  show(reason) {
    const was = this.problem;
    this.problem = reason;
    this.bar?.remove();
    if (!reason) this.collapsed = false;
    this.bar = saveWarningBar(reason, { collapsed: this.collapsed, onDownload: () => this.screen.download(),
      onManage: () => this.#manage(), onResave: () => this.#resave(),
      onToggle: () => { this.collapsed = !this.collapsed; this.show(this.problem); } });
    if (this.bar) this.screen.ctx.root.append(this.bar);
    else if (was) this.screen.ctx.toast(t("savewarn.savedAgain"));
    this.#makeRoom(this.bar);
  }

  dispose() {
    this.stopWatching();
    close(this.manageDialog);
    this.bar?.remove();
    this.#makeRoom(null);
  }

  /** After a save: the bar says whether it worked. */
  #done(result) {
    if (result.ok) this.saved = true;
    this.show(result.ok ? null : result.reason);
  }

  /** Another tab deleted this game's save: it is no longer saved after each move (that would
   *  bring the deleted game back unasked); the bar says so and offers to save it again. */
  #deletedElsewhere() {
    if (!this.screen.alive || this.#off) return;
    this.show("deletedElsewhere");
  }

  /** "Save it again": the person keeps the game the other tab deleted. */
  #resave() {
    this.problem = null;
    const res = this.screen.res;
    if (res?.over) this.saveFinished(res);
    else this.save();
  }

  /** The player picks saves to delete; then this game is saved again. */
  #manage() {
    const s = this.screen;
    close(this.manageDialog);
    this.manageDialog = manageSavesDialog(s.ctx.root, { keepId: this.#id, reason: this.problem,
      onDeleted: (ids) => {
        this.manageDialog = null;
        if (ids.length) s.ctx.toast(t("savewarn.deleted", { n: ids.length }));
        this.save();
      } });
  }

  /**
   * The bar (or its pill) stays at the window's foot: what floats there too (the hint, where the
   * page scrolls) sits above it, and the page ends with room for it (`--save-room`).
   */
  #makeRoom(bar) {
    const root = this.screen.ctx.root;
    this.room?.disconnect();
    this.room = null;
    if (!bar) {
      root.style.removeProperty("--save-room");
      return;
    }
    this.room = new ResizeObserver(() => {
      if (!bar.isConnected) return;
      root.style.setProperty("--save-room", `${Math.ceil(window.innerHeight - bar.getBoundingClientRect().top)}px`);
    });
    this.room.observe(bar);
  }
}

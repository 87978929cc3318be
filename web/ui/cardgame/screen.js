// The card game on screen: its panels (panels.js: opponents' rail yards, big cities, your rail
// yard and on-the-way pile, your hand and play bar, your tickets, the log; the shared one-deck
// market of core/market.js), each built once and redrawn with update(view, legal), composed with
// the flow every game shares (../turnscreen.js): status line, dialogs for tickets, the end of a
// half and the final scores, animations and keys. Everything legal comes from the engine's `legal`
// list; the page never decides a rule.
import { h, reducedMotion } from "../dom.js";
import { t } from "../../i18n.js";
import { cardName } from "../cards.js";
import { close } from "../dialogs.js";
import { TurnScreen } from "../turnscreen.js";
import { MarketPanel } from "../core/market.js";
import { COLORS, cityPair, halvesKey } from "./parts.js";
import { logEntries } from "./logtext.js";
import { cardTicketDialog, halfEndDialog } from "./dialogs.js";
import { cardEndScreen } from "./endscreen.js";
import { Opponents, Cities, MyYard, Hand, Tickets, Log } from "./panels.js";

export class CardGameScreen extends TurnScreen {
  /**
   * ctx: {engine, root, board, version, toast(msg, kind), langSwitch(), onNewGame(), startGame(settings)}
   * settings: {variant: "cardgame", players, seed, seats:[{name, kind, bot, color}], speed, options}
   */
  constructor(ctx, settings) {
    super(ctx, settings, settings.seats.map((s) => ({ ...s })));
    this.halvesShown = 0;
    this.pendingFx = [];
    this._build();
  }

  /** A loaded or replayed game: the ends of halves already in its log were seen before. */
  _afterStart(res, loaded) {
    if (loaded) this.halvesShown = this.#halfEnds(res.view.log).length;
  }

  _reopen(kind) {
    if (kind === "choose-tickets") this.#openTickets();
    else if (kind === "half-end") this._handle(this.res);
    else return super._reopen(kind);
    return true;
  }

  // ------------------------------------------------------------------ building
  _build() {
    this.halfBadge = h("span", { class: "cg-half-badge", testid: "half", hidden: true });
    const top = this._topbar({ badges: [this.halfBadge] });

    // The panels, in the order they are redrawn.
    this.panels = { opponents: new Opponents(this), market: new MarketPanel(this, { className: "cg-market", slotsClass: "cg-slots" }),
      cities: new Cities(this), yard: new MyYard(this), hand: new Hand(this), tickets: new Tickets(this), log: new Log(this) };
    const p = this.panels;
    this.discardEl = h("span", { class: "cg-discard", testid: "discard" });
    this.mine = h("section", { class: "cg-mine", testid: "my-area", "aria-label": t("hand.area") },
      p.yard.el, p.hand.el,
      h("div", { class: "cg-mine-tickets" }, h("h2", { class: "mini-title", dataset: { ownTitle: "tickets" }, text: this._ownTitle("tickets") }), p.tickets.el));
    this.side = h("aside", { class: "cg-side" }, this.hintCtl.box,
      h("div", { class: "cg-block cg-cities-block" }, h("h2", { class: "mini-title", text: t("cg.cities") }), p.cities.el),
      h("div", { class: "cg-block cg-log-block" }, h("h2", { class: "mini-title", text: t("log.title") }), h("div", { class: "tab-panel" }, p.log.el)));

    this.el = h("div", { class: "cg-game", testid: "cardgame" }, top, p.opponents.el,
      h("div", { class: "cg-center" }, p.market.el, this.discardEl), this.mine, this.side);
    this.keyHandler = (ev) => this.#onKey(ev);
    document.addEventListener("keydown", this.keyHandler);
  }

  // ------------------------------------------------------------------ the flow
  #halfEnds(log) {
    const out = [];
    for (const ev of log ?? []) for (const a of ev.auto ?? []) if (a.kind === "half_end") out.push(a);
    return out;
  }

  /** A half that just ended is shown first; the game goes on when the person continues. */
  _interrupt(res) {
    const ends = this.#halfEnds(res.view.log);
    if (ends.length <= this.halvesShown) return false;
    this.render();
    this.#showHalfEnd(ends[this.halvesShown], res.over);
    return true;
  }

  _prompt(legal) {
    if (legal.some((a) => a.kind === "keep")) this.#openTickets();
  }

  #showHalfEnd(ev, last) {
    this.finalToast?.remove();  // "the deck is empty" is over once the half is scored
    this.finalToast = null;
    this.dialogKind = "half-end";
    this.dialog = halfEndDialog(this.ctx.root, {
      ev, halves: this.res.view.halves, board: this.board, names: this.names, colors: this.colors, marks: this.marks, viewer: this.viewer, last,
      onContinue: () => {
        this.dialog = null;
        this.dialogKind = null;
        this.halvesShown += 1;
        this._handle(this.res);
      },
    });
    this.render();  // the status line must not tell the result behind the dialog
  }

  _newViewer() {
    this.panels.hand.sel = {};
  }

  /** An open dialog (a half's end, passing the device, the scores) holds the table; the ticket
   * dialog is the person's move itself, so it is still their turn (data-my-turn stays true). */
  _dialogBlocks() {
    return Boolean(this.dialogKind) && this.dialogKind !== "choose-tickets";
  }

  #openTickets() {
    const me = this.res.view.me;
    const keeps = this.res.legal.filter((a) => a.kind === "keep");
    this.dialogKind = "choose-tickets";
    this.dialog = cardTicketDialog(this.ctx.root, {
      offered: me.offered, keeps, minKeep: me.min_keep, halves: this.res.view.halves, board: this.board, setup: this.res.phase === "setup_tickets",
      chosen: this.autosave.pendingChoice("tickets")?.ids, onChange: (ids) => this.autosave.keepChoice({ kind: "tickets", ids }),
      onConfirm: (text) => { this.dialog = null; this.dialogKind = null; this._updateRoot(); this.act(text); }, hand: me.hand,
      askHint: this.hintCtl.available() ? () => this.hintCtl.forDialog() : null,
    });
    this._updateRoot();
  }

  /** The Hint's play is selected in the hand (the Play button then plays it); its draws are
   *  pointed out in the market as in every game. */
  _pointOut(action) {
    super._pointOut(action);
    if (action?.kind !== "play" || !action.cards) return;
    this.panels.hand.choose(action.cards);
    this.hintCtl.keepInView([this.panels.hand.playBar.getBoundingClientRect()]);
  }

  _showEnd() {
    const res = this.res;
    if (!res?.scores) return;
    close(this.dialog);
    const players = this._players();
    const panel = cardEndScreen({
      scores: res.scores, players, board: this.board, extras: this._endExtras(), you: this.you, actions: {
        onNewGame: () => this.ctx.onNewGame(),
        onSameDeal: () => this._playSameDeal(),
        onDownload: () => this.download(),
        onShare: this.ctx.share ? () => this.ctx.share(this) : null,
        onViewTable: () => this._closeEnd(),
      },
    });
    this._openEndDialog(panel, "dlg-end cg-dlg-end");
  }

  // ------------------------------------------------------------------ rendering
  render() {
    const r = this.res;
    if (!r || !this.alive) return;
    const v = r.view;
    const legal = this._legal();
    this.#renderStatus(r, legal);
    for (const panel of Object.values(this.panels)) panel.update(v, legal);
    this._renderOwnTitles();
    this.discardEl.textContent = t("cg.discard", { n: v.discard });
    this.el.classList.toggle("is-my-turn", legal.length > 0);
    this.el.classList.toggle("is-busy", this.busy);
    this._updateRoot();
    const fx = this.pendingFx;
    this.pendingFx = [];
    for (const fn of fx) fn();
  }

  #renderStatus(r, legal) {
    const v = r.view;
    const scoring = this.dialogKind === "half-end";
    this.statusMain.textContent = scoring ? t(halvesKey("cg.status.scoring", v.halves)) : this._turnStatus(r, legal, "cg.status.yourTurn", "cg.status.yourTurnName");
    this.statusMain.parentElement.style.setProperty("--pc", r.over ? "transparent" : this.colors[r.current]);
    const entries = logEntries(v.log, { names: this.names, board: this.board, viewer: this.viewer, you: this.you, halves: v.halves });
    // At the end the status says who won; the log's last line ("Game over: …") would say it twice.
    this.statusLast.textContent = scoring || r.over ? "" : entries.at(-1)?.text ?? "";
    this.halfBadge.hidden = v.halves < 2;
    this.halfBadge.textContent = t("cg.halfOf", { half: v.half, halves: v.halves });
    this.finalBadge.hidden = !v.final_round || r.over;
    this.finalBadge.textContent = t("status.finalRound", { n: v.final_turns_left });
    if (v.final_round && !this.finalAnnounced && !r.over) {
      this.finalAnnounced = true;
      this.finalToast = this.ctx.toast(t("cg.finalToast"), "warn", 6000);
    }
    if (!v.final_round) this.finalAnnounced = false;
    this.passBtn.hidden = !legal.some((a) => a.kind === "pass");
  }

  // ------------------------------------------------------------------ animation
  #flash(target, color) {
    if (!target || reducedMotion()) return;
    target.style.setProperty("--pc", color);
    target.classList.remove("flash");
    void target.offsetWidth;
    target.classList.add("flash");
    setTimeout(() => target.classList.remove("flash"), 900);
  }

  _animateEvent(ev) {
    if (!ev) return;
    const color = this.colors[ev.player];
    this.#flash(this.panels.market.source(ev), color);
    if (ev.kind === "play") {
      const color0 = ev.color ?? null;  // a set of one colour (the engine names it)
      // Raided rows fly off the table before the screen shows the new state.
      for (const r of ev.raids ?? []) {
        const row = this.el.querySelector(`[data-testid=yard-${r.victim}-${r.color}]`);
        if (row && !reducedMotion()) {
          const box = row.getBoundingClientRect();
          const ghost = row.cloneNode(true);
          ghost.removeAttribute("data-testid");
          ghost.classList.add("raid-ghost");
          Object.assign(ghost.style, { left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px` });
          document.body.append(ghost);
          setTimeout(() => ghost.remove(), 1300);
        }
        if (r.victim === this.viewer || ev.player === this.viewer) {
          // Speak to the person on the device: "Ada raided you", "You raided Ada".
          const key = this.humans > 1 ? "cg.raidToast" : r.victim === this.viewer ? "cg.raidToastYou" : "cg.raidToastMine";
          this.ctx.toast(t(key, { name: this.names[ev.player], victim: this.names[r.victim], color: cardName(r.color), n: r.discarded }), "warn", 5000);
        }
      }
      this.pendingFx.push(() => {
        const cols = color0 ? [color0] : COLORS.filter((c) => ev.cards[c]);
        for (const c of cols) this.el.querySelector(`[data-testid=yard-${ev.player}-${c}]`)?.classList.add("cg-new");
        for (const r of ev.raids ?? []) {
          const panel = this.el.querySelector(r.victim === this.viewer ? ".cg-mine-yard" : `[data-testid=player-${r.victim}]`);
          if (!panel) continue;
          const burst = h("span", { class: "raid-burst", testid: "raid-burst", dataset: { victim: r.victim, color: r.color },
            text: t("cg.raidBurst", { name: this.names[ev.player], n: r.discarded, color: cardName(r.color) }) });
          panel.classList.add("raided");
          panel.append(burst);
          setTimeout(() => { burst.remove(); panel.classList.remove("raided"); }, 2600);
        }
      });
    }
    for (const a of ev.auto ?? []) {
      if (a.kind !== "phase1") continue;
      this.pendingFx.push(() => {
        const pile = this.el.querySelector(`[data-testid=pile-${a.player}]`);
        if (!pile || reducedMotion()) return;
        pile.classList.add("cg-pile-bump");
        pile.append(h("span", { class: "cg-pile-plus", text: `+${a.cards}` }));
        setTimeout(() => pile.classList.remove("cg-pile-bump"), 1000);
      });
    }
  }

  #onKey(ev) {
    if (this.dialogKind || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const tag = document.activeElement?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const hand = this.panels.hand;
    if (this.panels.market.key(ev.key)) { /* taken, drawn or tickets asked for */ }
    else if (ev.key === "p" || ev.key === "P") hand.play();
    else if (ev.key === "Escape" && hand.selecting()) hand.clear();
    else return;
    ev.preventDefault();
  }
}

export { cityPair };

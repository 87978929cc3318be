// A map game on screen (North America, Rails & Sails): board, market, hand, tickets, players, log,
// routes list, dialogs, bots. What differs per game comes in as its page configuration (usa/panels.js,
// world/panels.js): the Market, Hand and Tickets panels (each built once, `update(view, legal)`),
// the player numbers, the route tip line, status wording, keys and extra prompts.
import { h, reducedMotion } from "../dom.js";
import { pointsText, t, tMaybe } from "../../i18n.js";
import { BoardView } from "../board/index.js";
import { cardName } from "../cards.js";
import { groupTurns, describeTurn, routeName } from "../logtext.js";
import { ticketDialog, paymentDialog, close } from "../dialogs.js";
import { endScreen } from "../endscreen.js";
import { endOverlay } from "../board/endgame.js";
import { icon } from "../icons.js";
import { TurnScreen } from "../turnscreen.js";
import { seatSymbol } from "../seatmarks.js";
import { confirmClaims } from "../claimconfirm.js";
import { picturesShown, routePicture, ticketPicture } from "../mappicture.js";
import { RouteList } from "./routelist.js";
import { coarsePointer } from "./prefs.js";

/** The words for the engine's route_needs answer (null: nothing to say). */
export function needsText(needs) {
  if (!needs) return "";
  if (needs.reason === "pieces") return t(`tip.needs.${needs.pieces}`, { need: needs.need, have: needs.have });
  if (needs.cards.length > 3) return t("tip.needsAny", { n: needs.more });
  return t("tip.needsCards", { n: needs.more, cards: needs.cards.map((c) => cardName(c)).join(t("tip.or")) });
}

export class GameScreen extends TurnScreen {
  /**
   * ctx: {engine, root, board, version, toast(msg, kind), langSwitch(), onNewGame(), startGame(settings)}
   * settings: {variant, players, seed, seats:[{name, kind, bot, color}], speed}
   * game: the game's page configuration {Market, Hand, Tickets, playerStats, tipLine, routesHelp,
   *   handAreaClass?, statusText?, prompts?} (see usa/panels.js)
   */
  constructor(ctx, settings, game) {
    super(ctx, settings);
    this.game = game;
    this.focus = null;            // {cities:Set, routes:Set} shown on the map
    this.pinnedTicket = null;
    this.endShown = false;
    this._build();
  }

  _testInfo() {
    return { board: this.boardView, pictures: picturesShown };
  }

  _unbuild() {
    this.boardView.destroy();
    super._unbuild();
  }

  // ------------------------------------------------------------------ building the screen
  _build() {
    const b = this.board;
    this.boardView = new BoardView(b, {
      onRouteActivate: (id, { direct }) => {  // not direct: the route is selected, its tip offers Claim
        if (direct && this._claimsFor(id).length) this.claimRoute(id);
      },
      confirmClicks: confirmClaims,
      describeRoute: (id, opts) => this._routeTip(id, opts),
      onEmptyTap: () => { this.pinnedTicket = null; this._setFocus(null); },
    });

    const top = this._topbar();

    this.panels = { market: new this.game.Market(this), hand: new this.game.Hand(this), tickets: new this.game.Tickets(this) };
    // The end bonuses in play (North America's ways of play, from the engine's view), shown from the start.
    this.bonusEl = h("p", { class: "bonus-line", testid: "bonuses-in-play", hidden: true });
    const handArea = h("section", { class: ["hand-area", this.game.handAreaClass], "aria-label": t("hand.area") },
      h("div", { class: "hand-block" }, h("h2", { class: "mini-title", dataset: { ownTitle: "hand" }, text: this._ownTitle("hand") }), this.panels.hand.el),
      h("div", { class: "tickets-block" }, h("h2", { class: "mini-title", dataset: { ownTitle: "tickets" }, text: this._ownTitle("tickets") }), this.panels.tickets.el, this.bonusEl));

    // Side: players, then tabs (log / routes).
    this.playersEl = h("ol", { class: "players", testid: "players", "aria-label": t("players.title") });
    this.logEl = h("ol", { class: "log", testid: "game-log", "aria-label": t("log.title") });
    this.routeList = new RouteList(b, {
      note: (r) => this.game.routeNote?.(r) ?? null,
      onChoose: (id) => this._chooseRoute(id),
      onClaim: (id) => this.claimRoute(id),
    });
    // A finger taps a route and then Claim, and has no keys to press: its own tip.
    this.routesHelp = h("p", { class: "hint", testid: "routes-help", text: t(coarsePointer() ? "routes.helpTouch" : this.game.routesHelp) });
    const routesPanel = h("div", { class: "routes-panel", testid: "routes-panel" }, this.routeList.el, this.routesHelp);
    const tabs = [["log", t("tabs.log"), this.logEl], ["routes", t("tabs.routes"), routesPanel]];
    const tabBtns = tabs.map(([key, label], i) => h("button", { type: "button", role: "tab", id: `tab-${key}`, class: "tab",
      testid: `tab-${key}`, "aria-selected": i === 0 ? "true" : "false", "aria-controls": `panel-${key}`, text: label,
      on: { click: () => select(key) } }));
    const panels = tabs.map(([key, , body], i) => h("div", { role: "tabpanel", id: `panel-${key}`, class: "tab-panel",
      "aria-labelledby": `tab-${key}`, hidden: i !== 0 }, body));
    const select = (key) => {
      tabs.forEach(([k], i) => { tabBtns[i].setAttribute("aria-selected", String(k === key)); panels[i].hidden = k !== key; });
      if (key === "routes") this.routeList.revealChosen();
    };
    // The hint's reason heads the side column, clear of the map and the card piles it may point to.
    this.side = h("aside", { class: "side" }, this.hintCtl.box, this.playersEl,
      h("div", { class: "tabs", role: "tablist", "aria-label": t("tabs.label") }, tabBtns), panels);

    this.el = h("div", { class: ["game", `game--${this.settings.variant}`], testid: "game", dataset: { variant: this.settings.variant } }, top,
      h("section", { class: "board-area", "aria-label": t("board.title"), dataset: { noticesOver: "" } }, this.boardView.el),
      this.panels.market.el, handArea, this.side);

    this.keyHandler = (ev) => this._onKey(ev);
    document.addEventListener("keydown", this.keyHandler);
  }

  // ------------------------------------------------------------------ the flow
  /** Opens the dialog a pending choice needs: tickets to keep, or a game's own (its `prompts`:
   *  {actionKind: {dialog, open(screen, actions)}}, e.g. the world's secret piece mix). */
  _prompt(legal) {
    for (const [kind, prompt] of Object.entries(this.game.prompts ?? {})) {
      const acts = legal.filter((a) => a.kind === kind);
      if (acts.length) return prompt.open(this, acts);
    }
    if (this.game.resume?.open(this)) return;  // a question left open before a reload
    const keeps = legal.filter((a) => a.kind === "keep");
    if (keeps.length) this._openTickets(keeps);
  }

  /** Reopens a dialog after a language change; returns whether `kind` was handled. */
  _reopen(kind) {
    const own = Object.entries(this.game.prompts ?? {}).find(([, p]) => p.dialog === kind);
    if (own) own[1].open(this, this.res.legal.filter((a) => a.kind === own[0]));
    else if (kind === "choose-tickets") this._openTickets(this.res.legal.filter((a) => a.kind === "keep"));
    else if (kind === this.game.resume?.dialog) return this.game.resume.open(this);
    else return super._reopen(kind);
    return true;
  }

  /** A face-up card chosen (a click, a key): the market may ask how (the world's refill deck). */
  _takeSlot(i) {
    if (this.panels.market.takeSlot) this.panels.market.takeSlot(i);
    else super._takeSlot(i);
  }

  _claimsFor(routeId) {
    return this._legal().filter((a) => a.kind === "claim" && a.route === routeId);
  }

  /** Claims a route: directly if one payment is legal, else through the payment chooser (which
   *  offers the current Hint's payment first when the hint claims this route). */
  claimRoute(routeId) {
    const options = this._claimsFor(routeId);
    if (!options.length) {
      this.ctx.toast(t("routes.cannot", { route: routeName(this.board, routeId) }), "info");
      return;
    }
    if (options.length === 1) {
      this.act(options[0].text);
      return;
    }
    this.dialogKind = "choose-payment";
    this.dialog = paymentDialog(this.ctx.root, {
      title: t("pay.title", { route: routeName(this.board, routeId) }), options,
      hand: this.res.view.me?.hand ?? null, picture: routePicture(this, routeId), hinted: this.hintCtl.current()?.text,
      onChoose: (text) => { this.dialog = null; this.dialogKind = null; this._updateRoot(); this.act(text); },
      onCancel: () => { this.dialog = null; this.dialogKind = null; this._updateRoot(); },
    });
    this._updateRoot();
  }

  _openTickets(keeps) {
    const me = this.res.view.me;
    const ticked = this.autosave.pendingChoice("tickets")?.ids;
    this.choiceSoFar = likelyKeep(keeps, ticked ?? []);
    this.dialogKind = "choose-tickets";
    this.dialog = ticketDialog(this.ctx.root, {
      offered: me.offered, keeps, minKeep: me.min_keep, board: this.board, setup: this.res.phase === "setup_tickets",
      picture: ticketPicture(this, me.offered),
      onHover: (tk) => this._setFocus(tk ? { cities: new Set(tk.cities), routes: this._routesOf(this.viewer) } : null),
      chosen: ticked,
      onChange: (ids) => { this.choiceSoFar = likelyKeep(keeps, ids); this.autosave.keepChoice({ kind: "tickets", ids }); },
      onConfirm: (text) => { this.dialog = null; this.dialogKind = null; this._updateRoot(); this.act(text); },
      askHint: this.hintCtl.available() ? () => this.hintCtl.forDialog() : null,
    });
    this._updateRoot();
  }

  /** A tutorial step points at a route: it glows on the map and is chosen in the Routes tab. */
  _coachRoute(id) {
    const r = id ? this.board.routeById.get(id) : null;
    if (!r) {  // the step is done: its glow goes
      if (this.coachFocus && this.focus === this.coachFocus) this._setFocus(null);
      this.coachFocus = null;
      return;
    }
    if (this.focus?.routes?.has(id) !== true) {
      this.coachFocus = { cities: new Set([r.a, r.b]), routes: new Set([id]) };
      this._setFocus(this.coachFocus);
    }
    this.routeList.show(id);
  }

  _redrawEnd() {
    if (this.endMap) this.boardView.update({ ...this.endMap, longestT0: null, endSeat: null });  // drawn at once, not again
  }

  _leaveEnd() {
    if (!this.endMap) return;
    this.endMap = null;
    this.boardView.update({ longest: null, longestOrder: [], longestLabel: null, endTickets: null, endSeat: null });
  }

  _showEnd() {
    const res = this.res;
    if (!res?.scores) return;
    this.finalToast?.remove();  // the final round is over
    close(this.dialog);
    const players = this._players();
    // The longest path draws itself once per game; reopening the scores keeps it drawn.
    this.endMap ??= endOverlay(res.scores, this.names, this.colors);
    const longest = this.endMap.longest;
    this.boardView.update({ ...this.endMap, endSeat: null });
    const panel = endScreen({
      scores: res.scores, players, log: res.view.log, board: this.board, bonuses: res.view.bonuses ?? null, you: this.you,
      extras: this._endExtras(), actions: {
        onNewGame: () => this.ctx.onNewGame(),
        onSameDeal: () => this._playSameDeal(),
        onDownload: () => this.download(),
        onShare: this.ctx.share ? () => this.ctx.share(this) : null,
        onViewBoard: () => this._closeEnd(),
        onHoverSeat: (seat) => this.boardView.update({ endSeat: seat,
          longest: seat === null ? longest : new Set(res.scores[seat].longest_path_routes ?? this._routesOf(seat)) }),
      },
    });
    this._openEndDialog(panel, "dlg-end");
  }

  // ------------------------------------------------------------------ rendering
  _beforeAct() {
    this.boardView.hideTip();
  }

  render() {
    const r = this.res;
    if (!r || !this.alive) return;
    const v = r.view;
    const legal = this._legal();
    this._renderStatus(r, legal);
    this.panels.market.update(v, legal);
    this.panels.hand.update(v);
    this.panels.tickets.update(v);
    this._renderOwnTitles();
    this._renderBonuses(v);
    this._renderPlayers(v, r);
    this.#renderLog(v);
    this.#renderRoutes(legal, r.over);
    this.boardView.update({
      owners: v.routes, playerColors: this.colors, playerMarks: this.marks,
      bigCities: new Set(this.board.ticket_options?.[v.tickets_option]?.big_cities ?? []),
      claimable: new Set(legal.filter((a) => a.kind === "claim").map((a) => a.route)),
      focus: this.focus,
    });
    this.el.classList.toggle("is-my-turn", legal.length > 0);
    this.el.classList.toggle("is-busy", this.busy);
    this._updateRoot();
  }

  _renderStatus(r, legal) {
    const v = r.view;
    this.statusMain.textContent = this.game.statusText?.(this, r, legal) || this._turnStatus(r, legal);  // the variant's own wording first
    this.statusMain.parentElement.style.setProperty("--pc", r.over ? "transparent" : this.colors[r.current]);
    const groups = groupTurns(v.log);
    const last = groups.at(-1);
    this.statusLast.textContent = last ? describeTurn(last, { names: this.names, board: this.board, viewer: this.viewer, you: this.you }) : "";
    this.finalBadge.hidden = !v.final_round || r.over;
    // Rails & Sails' end is two rounds: "Final rounds" while more than one round of turns is left.
    const rounds = v.final_turns_left > v.players.length ? "status.finalRounds" : "status.finalRound";
    this.finalBadge.textContent = t(rounds, { n: v.final_turns_left });
    if (v.final_round && !this.finalAnnounced && !r.over) {
      this.finalAnnounced = true;
      this.finalToast = this.ctx.toast(t("status.finalToast", { n: this.board.final_turns_each ?? 1 }), "warn", 6000);
    }
    this.passBtn.hidden = !legal.some((a) => a.kind === "pass");
  }

  _renderBonuses(v) {
    if (!this.bonusEl || !v.bonuses) return;
    const list = Object.entries(v.bonuses).map(([kind, n]) => t(`bonus.${kind}`, { n }));
    this.bonusEl.textContent = list.length ? t("bonus.inPlay", { list: list.join(" · ") }) : t("bonus.none");
    this.bonusEl.hidden = false;
  }

  _routesOf(seat) {
    const owners = this.res?.view.routes ?? {};
    return new Set(Object.keys(owners).filter((id) => owners[id] === seat));
  }

  /** The Hint button points out its move: a route on the map (it glows) and in the Routes tab (it
   *  is chosen); the page keeps one of the two in view (the row when its tab is open, else the map). */
  _pointOut(action) {
    super._pointOut(action);
    if (this.hintFocus && this.focus === this.hintFocus) this._setFocus(null);
    this.hintFocus = null;
    if (action?.kind === "claim") {
      const r = this.board.routeById.get(action.route);
      if (r) this._setFocus(this.hintFocus = { cities: new Set([r.a, r.b]), routes: new Set([r.id]) });
      const row = this.routeList.show(action.route);
      this.hintCtl.keepInView([row?.getBoundingClientRect(), this.#routeOnMap(action.route)]);
    }
  }

  /** The middle of a route's track as a small rectangle in the window, or null while it is off the
   *  map's shown part (zoomed in elsewhere). */
  #routeOnMap(id) {
    const p = this.boardView.routePoint(id);
    const c = this.boardView.canvas.getBoundingClientRect();
    if (!p || p.x < 0 || p.y < 0 || p.x > c.width || p.y > c.height) return null;
    const x = c.left + p.x, y = c.top + p.y;
    return { left: x - 8, right: x + 8, top: y - 8, bottom: y + 8 };
  }

  _setFocus(focus) {
    this.focus = focus;
    this.boardView.update({ focus });
  }

  _renderPlayers(v, r) {
    const items = v.players.map((p) => {
      const seat = this.seats[p.seat];
      const active = !r.over && r.current === p.seat;
      const sc = r.over ? r.scores?.[p.seat] : null;
      const stat = (name, value, label) => h("span", { class: "stat", title: label, "aria-label": `${label}: ${value}` },
        icon(name, 15), h("span", { text: String(value) }));
      return h("li", { class: ["player", active && "active", p.seat === this.viewer && "me"], testid: `player-${p.seat}`,
        dataset: { seat: p.seat, score: p.score, trains: p.trains }, style: { "--pc": this.colors[p.seat] },
        "aria-current": active ? "true" : null,
        on: {
          pointerenter: (e) => e.pointerType === "mouse" && this._setFocus({ cities: new Set(), routes: this._routesOf(p.seat) }),
          pointerleave: () => this._setFocus(this.pinnedTicket ? this.focus : null),
        } },
      h("span", { class: "player-color" }, seatSymbol(this.marks[p.seat], 11)),
      h("span", { class: "player-name" },
        h("span", { class: "pname", text: seat.name }),
        h("span", { class: "pkind", text: seat.kind === "bot" ? t("players.bot", { level: tMaybe(`level.${seat.bot}`, seat.bot) }) : t("players.human") }),
        this._thinkingDots(r, p.seat)),
      h("span", { class: "player-score", testid: `player-score-${p.seat}`, title: t("players.score"),
        text: pointsText(sc ? sc.total : p.score) }),
      h("span", { class: "player-stats" }, this.game.playerStats(p, stat)));
    });
    this.playersEl.replaceChildren(...items);
  }

  #renderLog(v) {
    if (v.log.length === this.lastLogLength) return;
    this.lastLogLength = v.log.length;
    const groups = groupTurns(v.log);
    const items = groups.slice().reverse().slice(0, 200).map((g) => h("li", { class: "log-entry", testid: "log-entry",
      dataset: { player: g.player, kind: g.events[0].kind }, style: { "--pc": this.colors[g.player] } },
    h("span", { class: "log-dot", "aria-hidden": "true" }, seatSymbol(this.marks[g.player], 8)),
    h("span", { text: describeTurn(g, { names: this.names, board: this.board, viewer: this.viewer, you: this.you }) })));
    if (!items.length) items.push(h("li", { class: "log-entry hint", text: t("log.empty") }));
    this.logEl.replaceChildren(...items);
  }

  /** The Routes tab: the claims legal now; once the game is over it says so (its tip, how to
   *  claim, goes). */
  #renderRoutes(legal, over) {
    this.routeList.update([...new Set(legal.filter((a) => a.kind === "claim").map((a) => a.route))], over);
    this.routesHelp.hidden = Boolean(over);
  }

  /** A route chosen in the Routes tab glows on the map (as the Hint's does). */
  _chooseRoute(id) {
    const r = id ? this.board.routeById.get(id) : null;
    if (this.chosenFocus && this.focus === this.chosenFocus) this._setFocus(null);
    this.chosenFocus = r ? { cities: new Set([r.a, r.b]), routes: new Set([r.id]) } : null;
    if (this.chosenFocus) this._setFocus(this.chosenFocus);
  }

  _routeTip(id, { pinned }) {
    const r = this.board.routeById.get(id);
    if (!r || !this.res) return null;
    const owner = this.res.view.routes[id];
    const claims = this._claimsFor(id);
    const lines = [
      h("strong", { class: "tip-title", text: routeName(this.board, id) }),
      this.game.tipLine(this.board, r),
    ];
    if (owner !== undefined) lines.push(h("span", { class: "tip-owner", style: { "--pc": this.colors[owner] }, text: t("tip.owner", { name: this.names[owner] }) }));
    else if (claims.length) {
      if (pinned) {
        lines.push(h("button", { type: "button", class: "btn btn-primary btn-small", testid: "tip-claim", text: t("routes.claim"),
          on: { click: (e) => { e.stopPropagation(); this.boardView.hideTip(); this.claimRoute(id); } } }));
      } else {
        lines.push(h("span", { class: "tip-hint", text: t(confirmClaims() ? "tip.clickToSelect" : "tip.clickToClaim") }));
      }
    } else if (this.res.view.closed_routes?.[id]) {
      // The engine says why the double-route rule closes this track (twin_taken | twin_yours).
      const why = this.res.view.closed_routes[id] === "twin_yours" ? "tip.twinYours" : "tip.doubleTaken";
      lines.push(h("span", { class: "tip-hint", text: t(why) }));
    } else if (this.viewer !== null && !this.frozen && !this.res.over) {
      lines.push(this.#needsLine(id));
    }
    return h("div", { class: "tip" }, lines);
  }

  /** "Needs 2 more blue cards": what the person lacks for a route, as the engine works it out
   * (route_needs); the line fills in when the answer comes, remembered until the next move. */
  #needsLine(id) {
    const line = h("span", { class: "tip-hint tip-needs", testid: "route-needs" });
    const ply = this.res.ply;
    if (this.needsCache?.ply !== ply || this.needsCache.viewer !== this.viewer) this.needsCache = { ply, viewer: this.viewer, answers: new Map() };
    const cache = this.needsCache.answers;
    if (!cache.has(id)) cache.set(id, this.engine.call("route_needs", { game_id: this.gameId, route: id, player: this.viewer }).catch(() => null));
    cache.get(id).then((res) => {
      const text = needsText(res?.needs);
      line.textContent = text;
      line.hidden = !text;
      line.dataset.ready = "true";
    });
    return line;
  }

  _animateEvent(ev, mine = false) {
    if (!ev) return;
    const color = this.colors[ev.player];
    if (ev.kind === "claim") this.boardView.flash(ev.route, mine ? "rgba(255,255,255,0.95)" : color);
    const target = this.panels.market.source(ev);
    if (target && !reducedMotion()) {
      target.style.setProperty("--pc", color);
      target.classList.remove("flash");
      void target.offsetWidth;
      target.classList.add("flash");
      setTimeout(() => target.classList.remove("flash"), 900);
    }
  }

  _onKey(ev) {
    if (this.dialogKind || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const tag = document.activeElement?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (this.panels.market.key(ev.key)) ev.preventDefault();
  }
}

/** The legal keep with the fewest tickets that holds every ticket ticked so far (from the engine's
 *  list), or null while none is ticked: what the bots' pondering works on first. */
function likelyKeep(keeps, ids) {
  if (!ids.length) return null;
  const fits = keeps.filter((k) => ids.every((id) => k.tickets.includes(id)));
  fits.sort((a, b) => a.tickets.length - b.tickets.length);
  return fits[0]?.text ?? null;
}

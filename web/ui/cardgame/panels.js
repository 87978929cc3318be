// The card game's panels, composed by its screen (screen.js) as the map games' panels are by the
// map screen: each is built once from the screen (names, colours, the seat shown, its actions) and
// redrawn with update(view, legal). Everything legal comes from the engine's `legal` list: the hand
// matches a selection against the "play" entries, it never decides a rule.
import { fillList, h } from "../dom.js";
import { t, tMaybe } from "../../i18n.js";
import { cardFace, cardName } from "../cards.js";
import { icon } from "../icons.js";
import { COLORS, CARD_ORDER, cardChips, cardsText, cardCount, yardView, pileView, ticketCard, halvesKey } from "./parts.js";
import { logEntries } from "./logtext.js";
import { TicketList } from "../core/tickets.js";
import { playerDot, seatSymbol } from "../seatmarks.js";

/** Same cards in both {card: n} maps (zero counts ignored). */
function sameCards(a, b) {
  for (const c of CARD_ORDER) if ((a?.[c] ?? 0) !== (b?.[c] ?? 0)) return false;
  return true;
}

/** The others' seats: name, numbers, rail yard and on-the-way pile. */
export class Opponents {
  constructor(screen) {
    this.screen = screen;
    // Notices float below these panels on a phone (ui/pagescroll.js): a raid's notice hid the yard it told about.
    this.el = h("section", { class: "cg-opps", testid: "opponents-area", "aria-label": t("cg.opponents"), dataset: { noticesBelow: "" } });
  }

  #playerHead(p, r) {
    const s = this.screen;
    const seat = s.seats[p.seat];
    const stat = (name, value, label, testid) => h("span", { class: "stat", title: label, "aria-label": `${label}: ${value}`, testid },
      icon(name, 15), h("span", { text: String(value) }));
    return h("div", { class: "cg-phead" },
      h("span", { class: "player-color" }, seatSymbol(s.marks[p.seat], 11)),
      h("span", { class: "player-name" },
        h("span", { class: "pname", text: seat.name }),
        h("span", { class: "pkind", text: seat.kind === "bot" ? t("players.bot", { level: tMaybe(`level.${seat.bot}`, seat.bot) }) : t("players.human") }),
        s._thinkingDots(r, p.seat)),
      h("span", { class: "player-stats" },
        stat("cards", p.hand, t("players.cards"), `player-hand-${p.seat}`),
        stat("ticket", p.tickets, t("players.tickets"), `player-tickets-${p.seat}`),
        p.completed.length ? stat("star", `${p.completed.length} · ${p.completed_points}`, t("cg.completedStat"), `player-completed-${p.seat}`) : null));
  }

  update(v) {
    const s = this.screen;
    const r = s.res;
    const others = v.players.filter((p) => p.seat !== s.viewer);
    const panels = others.map((p) => {
      const active = !r.over && r.current === p.seat;
      return h("article", { class: ["cg-opp", "player", active && "active"], testid: `player-${p.seat}`,
        dataset: { seat: p.seat, hand: p.hand, tickets: p.tickets, pile: p.pile }, style: { "--pc": s.colors[p.seat] },
        "aria-current": active ? "true" : null, "aria-label": s.names[p.seat] },
      this.#playerHead(p, r),
      h("div", { class: "cg-opp-body" }, yardView(p.seat, p.yard), pileView(p.seat, p.pile, { label: true })));
    });
    this.el.replaceChildren(...panels);
    this.el.dataset.count = String(others.length);
  }
}

/** The big cities' bonus cards and who leads each. */
export class Cities {
  constructor(screen) {
    this.screen = screen;
    this.el = h("div", { class: "cg-cities", testid: "bonus-cards", role: "list", "aria-label": t("cg.cities") });
  }

  update(v) {
    const s = this.screen;
    const items = v.bonus_cards.map((b) => {
      const info = s.board.bonus_cards.find((x) => x.city === b.city);
      return h("div", { class: ["cg-city", b.leaders.includes(s.viewer) && "mine"], role: "listitem", testid: `bonus-${b.city}`,
        dataset: { city: b.city, leaders: b.leaders.join(",") },
        "aria-label": t("cg.cityAria", { city: info?.name ?? b.city, n: b.bonus,
          who: b.leaders.length ? b.leaders.map((q) => s.names[q]).join(", ") : t("cg.nobody") }) },
      h("span", { class: "cg-city-name", text: info?.name ?? b.city }),
      h("span", { class: "cg-city-bonus", text: `+${b.bonus}` }),
      h("span", { class: "cg-city-leaders", title: t("cg.leaders") }, b.leaders.length
        ? b.leaders.map((q) => playerDot({ color: s.colors[q], mark: s.marks[q] }, { title: s.names[q] }))
        : h("span", { class: "cg-city-none", text: "—" })));
    });
    this.el.replaceChildren(...items);
  }
}

/** The shown seat's rail yard and on-the-way pile. */
export class MyYard {
  constructor(screen) {
    this.screen = screen;
    this.yardEl = h("div", { class: "cg-my-yard" });
    this.pileEl = h("div", { class: "cg-my-pile" });
    this.el = h("div", { class: "cg-mine-yard" },
      h("div", { class: "cg-block" }, h("h2", { class: "mini-title", dataset: { ownTitle: "yard" }, text: screen._ownTitle("yard") }), this.yardEl),
      h("div", { class: "cg-block cg-block-pile" }, h("h2", { class: "mini-title", text: t("cg.onTheWay") }), this.pileEl));
  }

  update(v) {
    const s = this.screen;
    const seat = s.viewer;
    // Nobody's cards are shown (a replay with no hand chosen, a hotseat game while the device
    // passes): the rail yards and piles are public (the view gives them to every seat) and stand
    // with every player's name above, so this block goes; the hand alone says it is hidden (this
    // block said so too, as if the yard were secret).
    this.el.hidden = seat === null;
    if (seat === null) {
      this.yardEl.replaceChildren();
      this.pileEl.replaceChildren();
      return;
    }
    const p = v.players[seat];
    this.yardEl.replaceChildren(yardView(seat, p.yard, { size: "lg", empty: t(s.frozen ? "cg.yardEmpty" : "cg.myYardEmpty") }));
    const pile = v.me?.pile;
    this.pileEl.replaceChildren(pileView(seat, p.pile, { contents: v.look_at_own_pile && pile ? pile : null }),
      h("p", { class: "hint cg-pile-hint", text: t(halvesKey(v.look_at_own_pile ? "cg.pileLook" : "cg.pileSecret", v.halves)) }));
  }
}

/** The hand: select cards (a tap adds one, − takes one back), then play them; the play bar says
 *  whether the selection is a legal play (and whom it raids) and suggests legal plays with it. */
export class Hand {
  constructor(screen) {
    this.screen = screen;
    this.sel = {};
    this.handEl = h("div", { class: "hand cg-hand", testid: "hand", role: "list", dataset: { ownLabel: "hand" },
      "aria-label": screen._ownTitle("hand") });
    this.selEl = h("div", { class: "cg-sel", testid: "play-selection" });
    this.verdictEl = h("p", { class: "cg-verdict", testid: "play-verdict", "aria-live": "polite" });
    this.suggestEl = h("div", { class: "cg-suggest", testid: "play-suggestions" });
    this.clearBtn = h("button", { type: "button", class: "btn btn-ghost btn-small", testid: "play-clear", text: t("cg.clear"),
      on: { click: () => this.clear() } });
    this.playBtn = h("button", { type: "button", class: "btn btn-primary", testid: "play-cards", text: t("cg.play"),
      on: { click: () => this.play() } });
    this.playBar = h("div", { class: "cg-playbar" }, this.selEl, this.verdictEl, h("div", { class: "cg-play-btns" }, this.clearBtn, this.playBtn));
    this.el = h("div", { class: "cg-mine-hand" },
      h("h2", { class: "mini-title", dataset: { ownTitle: "hand" }, text: screen._ownTitle("hand") }), this.handEl,
      this.playBar, this.suggestEl);
  }

  /** Whether any card is selected. */
  selecting() {
    return cardCount(this.sel) > 0;
  }

  /** Selects exactly `cards` ({kind: n}: the Hint's play), as a suggestion's button does. */
  choose(cards) {
    this.sel = { ...cards };
    this.update();
  }

  /** Forget the selection (another seat is shown, or Escape). */
  clear() {
    this.sel = {};
    this.update();
  }

  /** The legal play that is exactly the selection, or undefined. */
  #matchingPlay() {
    return this.screen._legal().find((a) => a.kind === "play" && sameCards(a.cards, this.sel));
  }

  /** Plays the selection when it is a legal play. */
  play() {
    const play = this.#matchingPlay();
    if (!play) return;
    this.sel = {};
    this.screen.act(play.text);
  }

  update() {
    const s = this.screen;
    const me = s.res?.view.me;
    // Nothing to play where the hand is only shown (a replay) or hidden (a device passed on).
    this.playBar.hidden = s.frozen || !me || Boolean(s.res?.over);  // nothing is played after the end
    if (!me) {
      fillList(this.handEl, [h("p", { class: "hand-hidden", testid: "hand-hidden", text: t(s.frozen ? "hand.hiddenReplay" : "hand.hidden") })]);
      this.selEl.replaceChildren();
      this.verdictEl.textContent = "";
      this.suggestEl.replaceChildren();
      this.playBtn.disabled = true;
      this.clearBtn.hidden = true;
      s.prevHand = {};
      return;
    }
    // Keep the selection within the hand.
    for (const c of Object.keys(this.sel)) {
      const n = Math.min(this.sel[c], me.hand[c] ?? 0);
      if (n > 0) this.sel[c] = n; else delete this.sel[c];
    }
    const items = [];
    for (const card of CARD_ORDER) {
      const n = me.hand[card] ?? 0;
      if (!n) continue;
      if (s.frozen) {  // the cards only, not buttons to select a play with
        items.push(h("div", { class: "cg-hand-slot", role: "listitem", "aria-label": t("hand.group", { n, card: cardName(card) }) },
          h("div", { class: ["hand-group", "cg-hand-card", "is-shown"], testid: `hand-${card}`, dataset: { card, count: n } },
            cardFace(card, { count: n, size: "lg" }))));
        continue;
      }
      const chosen = this.sel[card] ?? 0;
      const bump = n > (s.prevHand[card] ?? 0) && Object.keys(s.prevHand).length > 0;
      const btn = h("button", { type: "button", class: ["hand-group", "cg-hand-card", chosen && "chosen", bump && "bump"], testid: `hand-${card}`,
        dataset: { card, count: n, selected: chosen },
        "aria-label": t("cg.handAria", { n, card: cardName(card), k: chosen }), "aria-pressed": String(chosen > 0),
        on: { click: () => this.#select(card, ((this.sel[card] ?? 0) + 1) % (n + 1)) } },
      cardFace(card, { count: n, size: "lg" }),
      chosen ? h("span", { class: "cg-chosen", "aria-hidden": "true", text: `✓${chosen}` }) : null);
      const minus = chosen ? h("button", { type: "button", class: "cg-minus", testid: `hand-${card}-minus`,
        "aria-label": t("cg.unselect", { card: cardName(card) }), text: "−",
        on: { click: () => this.#select(card, chosen - 1) } }) : null;
      items.push(h("div", { class: "cg-hand-slot", role: "listitem" }, btn, minus));
    }
    if (!items.length) items.push(h("p", { class: "hint", text: t("hand.empty") }));
    fillList(this.handEl, items);
    s.prevHand = { ...me.hand };
    this.#renderPlayBar();
  }

  #select(card, n) {
    if (n > 0) this.sel[card] = n; else delete this.sel[card];
    this.update();
    this.handEl.querySelector(`[data-testid=hand-${card}]`)?.focus();
  }

  #renderPlayBar() {
    const s = this.screen;
    const legal = s._legal();
    const plays = legal.filter((a) => a.kind === "play");
    const n = cardCount(this.sel);
    const match = this.#matchingPlay();
    this.selEl.replaceChildren(n ? cardChips(this.sel) : h("span", { class: "cg-sel-empty", text: t("cg.selectHint") }));
    this.playBtn.disabled = !match;
    this.clearBtn.hidden = !n;
    let verdict = "";
    let cls = "";
    const raids = match?.raids ?? [];  // whom a play raids: the engine lists it on the legal action
    if (!n) {
      verdict = plays.length ? t("cg.playsAvailable", { n: plays.length }) : legal.length ? t("cg.noPlays") : "";
    } else if (match) {
      verdict = match.set === "one_color"
        ? t("cg.legalSet", { cards: cardsText(match.cards) }) : t("cg.legalThree", { cards: cardsText(match.cards) });
      for (const r of raids) verdict += ` ${t("cg.raidsWho", { name: s.names[r.victim], color: cardName(r.color), n: r.discarded })}`;
      cls = raids.length ? "raid" : "ok";
    } else if (!legal.length) {
      verdict = t("cg.notYourTurn");
      cls = "wait";
    } else {
      verdict = t("cg.notLegal");
      cls = "bad";
    }
    this.verdictEl.textContent = verdict;
    this.verdictEl.className = ["cg-verdict", cls].filter(Boolean).join(" ");
    this.verdictEl.dataset.legal = String(Boolean(match));
    this.verdictEl.dataset.raids = raids.map((r) => r.victim).join(",");
    this.playBtn.textContent = raids.length ? t("cg.playRaid") : t("cg.play");
    // Suggestions: legal plays with the selected colours (from the legal list only).
    const picked = COLORS.filter((c) => this.sel[c]);
    const wantsLoco = (this.sel.loco ?? 0) > 0;
    let sugg = [];
    if (n && !match) {
      sugg = plays.filter((a) => picked.every((c) => a.cards[c]) && (!wantsLoco || a.cards.loco)).slice(0, 6);
    }
    this.suggestEl.replaceChildren(...(sugg.length ? [h("span", { class: "hint", text: t("cg.suggest") }),
      ...sugg.map((a, i) => h("button", { type: "button", class: "cg-sugg", testid: `play-suggestion-${i}`, dataset: { action: a.text },
        "aria-label": t("cg.suggestAria", { cards: cardsText(a.cards) }),
        on: { click: () => this.choose(a.cards) } }, cardChips(a.cards)))] : []));
  }
}

/** The shown seat's tickets (open, then completed) and the cards they still need. */
export class Tickets extends TicketList {
  constructor(screen) {
    super(screen, "cg-my-tickets");
  }

  items(v, me) {
    const s = this.screen;
    const items = me.tickets.map((tk) => ticketCard(s.board, tk, { testid: `my-ticket-${tk.id}` }));
    const done = v.players[s.viewer]?.completed ?? [];
    for (const tk of done) items.push(ticketCard(s.board, tk, { testid: `my-done-${tk.id}`, cards: tk.cards, cls: "done" }));
    if (!items.length) items.push(h("p", { class: "hint", text: t("tickets.none") }));
    const open = me.tickets.reduce((sum, tk) => sum + tk.points, 0);
    const need = {};
    for (const tk of me.tickets) for (const [c, k] of Object.entries(tk.need)) need[c] = (need[c] ?? 0) + k;
    // (replaceChildren would write a null out as the text "null")
    if (me.tickets.length) {
      items.push(h("p", { class: "ticket-sum cg-need-sum", testid: "ticket-sum", "aria-hidden": "true" },
        h("span", { text: t("cg.ticketSum", { n: me.tickets.length, points: open }) }), cardChips(need)));
    }
    return items;
  }
}

/** The game's log, newest first (redrawn when it grew, or when the screen asks: lastLogLength -1). */
export class Log {
  constructor(screen) {
    this.screen = screen;
    this.el = h("ol", { class: "log", testid: "game-log", "aria-label": t("log.title") });
  }

  update(v) {
    const s = this.screen;
    if (v.log.length === s.lastLogLength) return;
    s.lastLogLength = v.log.length;
    const entries = logEntries(v.log, { names: s.names, board: s.board, viewer: s.viewer, you: s.you, halves: v.halves });
    const items = entries.slice().reverse().slice(0, 250).map((e) => h("li", {
      class: ["log-entry", e.auto && "auto", e.raid && "raid"], testid: "log-entry",
      dataset: { player: e.player ?? "", kind: e.kind }, style: { "--pc": e.player === null ? "#888" : s.colors[e.player] } },
    h("span", { class: "log-dot", "aria-hidden": "true" }, e.player === null ? null : seatSymbol(s.marks[e.player], 8)),
    h("span", { text: e.text })));
    if (!items.length) items.push(h("li", { class: "log-entry hint", text: t("log.empty") }));
    this.el.replaceChildren(...items);
  }
}

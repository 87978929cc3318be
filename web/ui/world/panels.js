// Rails & Sails (the world map) on the map screen (../core/mapscreen.js): a market with two decks and six
// face-up cards (the player picks the deck that refills a taken slot), harbor and exchange
// buttons, a hand split into train and ship cards with the pieces in play, itinerary tickets,
// and the secret piece mix asked for at the start. Everything offered comes from the engine's
// legal actions and view; nothing here decides a rule.
import { h, listRole } from "../dom.js";
import { signedPoints, t, tMaybe } from "../../i18n.js";
import { cardFace, cardName, symbolSvg, CARD_COLORS } from "../cards.js";
import { ticketName } from "../logtext.js";
import { icon } from "../icons.js";
import { ticketPile, renderTicketPile } from "../core/market.js";
import { TicketsPanel } from "../core/tickets.js";
import { HandPanel } from "../core/hand.js";
import { chooseRefill, openHarbor, openExchange, openPieces, reopenRefill, slotTakes } from "./dialogs.js";

const DECKS = ["train", "ship"];

export class Market {
  constructor(screen) {
    this.screen = screen;
    const pile = (deck) => h("button", { type: "button", class: ["pile", "deck-pile", `deck-${deck}`], testid: `deck-${deck}`,
      dataset: { deck }, on: { click: () => this.#draw(deck) } },
    h("span", { class: ["pile-art", "deck-art", `deck-art-${deck}`] }, icon(deck, 24)),
    h("span", { class: "pile-label", text: t(`wmarket.deck.${deck}`) }), h("span", { class: "pile-count" }));
    this.deckBtns = { train: pile("train"), ship: pile("ship") };
    this.takeBtns = [];
    this.slots = [0, 1, 2, 3, 4, 5].map((i) => {
      const cardBtn = h("button", { type: "button", class: "slot-card", testid: `market-card-${i}`,
        on: { click: () => chooseRefill(screen, i) } });
      const refill = DECKS.map((deck) => h("button", { type: "button", class: ["refill-btn", `refill-${deck}`],
        testid: `market-take-${i}-${deck}`, dataset: { refill: deck }, on: { click: () => this.#take(i, deck) } },
      icon(deck, 14), h("span", { class: "refill-arrow", "aria-hidden": "true", text: "↻" })));
      this.takeBtns[i] = { card: cardBtn, train: refill[0], ship: refill[1] };
      return h("div", { class: "slot wslot", testid: `market-slot-${i}`, dataset: { slot: i } },
        cardBtn, h("div", { class: "refill-row" }, refill));
    });
    this.ticketBtn = ticketPile(() => screen._actKind("tickets"), icon("ticket", 24));
    this.harborBtn = h("button", { type: "button", class: "wact", testid: "build-harbor",
      on: { click: () => openHarbor(screen) } }, icon("anchor", 18), h("span", { text: t("wact.harbor") }));
    this.exchangeBtn = h("button", { type: "button", class: "wact", testid: "exchange-pieces",
      on: { click: () => openExchange(screen) } }, icon("exchange", 18), h("span", { text: t("wact.exchange") }));
    this.el = h("section", { class: "market wmarket", testid: "market", "aria-label": t("market.title") },
      h("div", { class: "wdecks" }, this.deckBtns.train, this.deckBtns.ship),
      h("div", { class: "wslots-wrap" },
        h("p", { class: "wslots-hint", id: "wslots-hint", text: t("wmarket.hint") }),
        h("div", { class: "slots wslots", "aria-describedby": "wslots-hint" }, this.slots)),
      h("div", { class: "wmore" }, this.ticketBtn, h("div", { class: "wacts" }, this.harborBtn, this.exchangeBtn)));
  }

  #draw(deck) {
    const a = this.screen._legal().find((x) => x.kind === "draw" && x.deck === deck);
    if (a) this.screen.act(a.text);
  }

  #take(slot, deck) {
    const takes = slotTakes(this.screen, slot);
    const a = takes.find((x) => (x.refill ?? null) === deck) ?? takes.find((x) => !x.refill);
    if (a) this.screen.act(a.text);
  }

  /** A face-up card chosen (a click, a key): taken at once, or the refill deck asked for. */
  takeSlot(i) {
    chooseRefill(this.screen, i);
  }

  update(v, legal) {
    const takes = legal.filter((a) => a.kind === "take");
    v.market.forEach((card, i) => {
      const slot = this.slots[i];
      const mine = takes.filter((a) => a.slot === i);
      const btns = this.takeBtns[i];
      slot.dataset.card = card ?? "";
      slot.classList.toggle("can-take", mine.length > 0);
      const key = `${card}|${mine.length > 0}`;
      if (btns.card.dataset.key !== key) {
        btns.card.dataset.key = key;
        btns.card.replaceChildren(card ? cardFace(card, { size: "md" }) : h("span", { class: "slot-empty", text: t("market.empty") }));
      }
      btns.card.disabled = !mine.length;
      btns.card.setAttribute("aria-label", card ? (mine.length ? t("market.take", { card: cardName(card) }) : t("market.cannotTake", { card: cardName(card) })) : t("market.empty"));
      for (const deck of DECKS) {
        const a = mine.find((x) => x.refill === deck) ?? (deck === "train" ? mine.find((x) => !x.refill) : null);
        btns[deck].disabled = !a;
        btns[deck].dataset.action = a?.text ?? "";
        const label = card ? t(`wmarket.takeRefill.${deck}`, { card: cardName(card) }) : t("market.empty");
        btns[deck].setAttribute("aria-label", label);
        btns[deck].title = label;
      }
    });
    for (const deck of DECKS) {
      const btn = this.deckBtns[deck];
      btn.disabled = !legal.some((a) => a.kind === "draw" && a.deck === deck);
      btn.querySelector(".pile-count").textContent = String(v.decks[deck]);
      btn.setAttribute("aria-label", t(`wmarket.drawAria.${deck}`, { n: v.decks[deck], d: v.discards[deck] }));
      btn.title = t("market.discardInfo", { d: v.discards[deck] });
    }
    renderTicketPile(this.ticketBtn, v, legal);
    this.harborBtn.disabled = !legal.some((a) => a.kind === "harbor");
    this.exchangeBtn.disabled = !legal.some((a) => a.kind === "exchange");
    const viewer = this.screen.viewer;
    const me = viewer === null ? null : v.players[viewer];
    this.harborBtn.querySelector("span").textContent = me ? t("wact.harborN", { n: me.harbors_left }) : t("wact.harbor");
    this.screen.boardView.update({ harbors: v.harbors });
  }

  /** The element an event came from (it flashes in the player's colour). */
  source(ev) {
    if (ev.kind === "take") return this.slots[ev.slot];
    if (ev.kind === "draw") return this.deckBtns[ev.deck] ?? null;
    if (ev.kind === "tickets") return this.ticketBtn;
    return null;
  }

  /** Keys 1–6 take a face-up card, D / S draw from the train / ship deck, T draws tickets. */
  key(key) {
    const deck = { d: "train", s: "ship" }[key.toLowerCase()];
    if (deck) this.#draw(deck);
    else if (key >= "1" && key <= String(this.slots.length)) this.takeSlot(Number(key) - 1);
    else if (key === "t" || key === "T") this.screen._actKind("tickets");
    else return false;
    return true;
  }
}

/** The hand in two rows (train cards, ship cards) and the pieces in play and in the box. */
export class Hand extends HandPanel {
  content(me) {
    const cards = this.screen.board.cards, info = this.screen.board.card_info;
    const rows = DECKS.map((deck) => {
      const mine = cards.filter((card) => me.hand[card] && info?.[card]?.deck === deck);
      const total = mine.reduce((sum, card) => sum + me.hand[card], 0);
      const spaces = mine.reduce((sum, card) => sum + me.hand[card] * (info?.[card]?.spaces ?? 1), 0);  // a double ship counts 2
      const items = mine.map((card) => this.group(card, me.hand[card], "sm"));
      if (!items.length) items.push(h("span", { class: "hint whand-empty", text: t("whand.none") }));
      return h("div", { class: ["whand-row", `whand-${deck}`], testid: `hand-${deck}`, dataset: { count: total } },
        h("span", { class: "whand-label", title: t(`whand.${deck}`, { n: total }) },
          h("span", { class: "whand-count" }, icon(deck, 16), h("b", { text: String(total) })),
          h("span", { class: "whand-caption", text: t(`whand.${deck}Cards`) }),
          deck === "ship" ? h("span", { class: "whand-spaces", testid: "ship-spaces", dataset: { spaces }, text: t("whand.spaces", { n: spaces }) }) : null),
        h("div", { class: "whand-cards", role: listRole(items), "aria-label": t(`whand.${deck}`, { n: total }) }, items));
    });
    const pieces = me.pieces;
    const mix = pieces ? h("p", { class: "whand-pieces", testid: "my-pieces" },
      icon("train", 15), h("span", { text: String(pieces.trains) }), icon("ship", 15), h("span", { text: String(pieces.ships) }),
      h("small", { text: t("whand.box", { bt: pieces.box_trains, bs: pieces.box_ships }) })) : null;
    return [...rows, mix ?? ""];
  }
}

/** Tickets, itineraries with their stops and their status (in order, connected, failed). */
export class Tickets extends TicketsPanel {
  constructor(screen) {
    const board = screen.board;
    super(screen, {
      content: (tk) => {
        const status = tk.status ?? (tk.completed ? "done" : "failed");
        const state = status === "in_order" || status === "done" ? "✓" : status === "connected" ? "≈" : "";
        const name = ticketName(board, tk);
        const cities = tk.itinerary
          ? h("span", { class: "ticket-cities itin" }, tk.cities.map((c, i) => [i ? h("span", { class: "itin-arrow", text: "→" }) : null,
            h("span", { class: "itin-stop", text: board.cityName(c) })]))
          : h("span", { class: "ticket-cities", text: name });
        return {
          cls: [status === "connected" && "partial", tk.itinerary && "itinerary"],
          dataset: { status },
          label: t(`wtickets.aria.${status}`, { route: name, n: tk.value ?? tk.points }),
          title: tk.itinerary ? t("wtickets.itinTitle", { a: tk.values[0], b: tk.values[1], c: tk.values[2] }) : null,
          children: [cities,
            h("span", { class: "ticket-points", text: tk.itinerary ? `${tk.values[0]}/${tk.values[1]}/${tk.values[2]}` : String(tk.points) }),
            h("span", { class: "ticket-state", text: state }),
            tk.itinerary ? h("span", { class: "ticket-status", testid: `my-ticket-status-${tk.id}`, text: t(`wtickets.status.${status}`) }) : null],
        };
      },
      summary: (tickets, over) => {
        const done = tickets.filter((tk) => tk.completed);
        const sum = tickets.reduce((s2, tk) => s2 + (tk.value ?? 0), 0);
        return t(over ? "wtickets.summaryEnd" : "wtickets.summary", { done: done.length, n: tickets.length, sum: signedPoints(sum) });
      },
    });
  }
}

/** What a route costs beyond its length and colour: rough-terrain spaces take 2 cards each. The
 *  map's tip and the Routes tab's row both say it (the row read "1 × gray train" alone, for a
 *  route no one can claim with fewer than 2 cards). */
function routeNote(r) {
  return r.rough ? t("wtip.rough", { n: r.rough }) : null;
}

/** Rails & Sails's page: its panels, wording and the piece-mix prompt (see ../core/mapscreen.js). */
export const world = {
  Market, Hand, Tickets,
  handAreaClass: "whand-area",
  playerStats: (p, stat) => {
    const q = (x) => (x === null || x === undefined ? "?" : x);
    return [
      stat("train", q(p.trains), t("wplayers.trains")),
      stat("ship", q(p.ships), t("wplayers.ships")),
      stat("cards", `${p.train_cards}+${p.ship_cards}`, t("wplayers.cards")),
      stat("ticket", p.tickets, t("players.tickets")),
      stat("anchor", `${p.harbors.length}/${p.harbors.length + p.harbors_left}`, t("wplayers.harbors")),
    ];
  },
  tipLine: (board, r) => {
    const kind = r.kind === "ship" ? "ship" : "train";
    const note = routeNote(r);
    return h("span", { class: "tip-lines" },
      h("span", { class: "tip-line" },
        h("span", { class: ["chip", kind === "ship" && "chip-ship"], style: { "--chip": CARD_COLORS[r.color] ?? CARD_COLORS.gray } },
          r.color !== "gray" ? symbolSvg(r.color, { size: 12 }) : null),
        t(`wtip.${kind}`, { n: r.length, color: tMaybe(`card.${r.color}`, r.color), points: board.route_points[r.length] })),
      note ? h("span", { class: "tip-hint tip-rough", testid: "route-note", text: note }) : null,
      r.wraps ? h("span", { class: "tip-hint tip-wrap", text: t("wtip.wraps") }) : null);
  },
  /** The status line on the person's own turn (null: the map screen's wording). */
  statusText: (screen, r, legal) => {
    if (r.over || screen._isBot(r.current) || r.current !== screen.viewer) return null;
    if (r.phase === "setup_pieces") return t("wstatus.pieces");
    if (r.phase === "second_card") return t("wstatus.secondCard");
    if (r.phase === "main" && !legal.some((a) => a.kind === "pass")) {
      return screen.humans > 1 ? t("wstatus.yourTurnName", { name: screen.names[r.current] }) : t("wstatus.yourTurn");
    }
    return null;
  },
  routeNote,
  routesHelp: "wroutes.help",
  /** Choices the engine asks for besides tickets: the secret piece mix (dialog kind choose-pieces). */
  prompts: { pieces: { dialog: "choose-pieces", open: openPieces } },
  resume: { dialog: "choose-refill", open: reopenRefill },
};

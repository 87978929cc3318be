// The person's own tickets beside the hand (the map games): a button per ticket that shows its
// cities and one's routes on the map while hovered or pinned. A game gives the button's content
// and the summary line; everything it shows comes from the engine's view.
import { fillList, h } from "../dom.js";
import { t } from "../../i18n.js";

/** The shown seat's tickets as a list (a game says what its items are: `items(view, me)`);
 *  without a seat (a spectator) one line saying they are hidden. */
export class TicketList {
  constructor(screen, className) {
    this.screen = screen;
    this.el = h("div", { class: className, testid: "my-tickets", role: "list", dataset: { ownLabel: "tickets" },
      "aria-label": screen._ownTitle("tickets") });
  }

  update(v) {
    fillList(this.el, v.me ? this.items(v, v.me) : [h("p", { class: "hint", text: t("tickets.hidden") })]);
    // The summary line under the tickets describes the list; it is not one of its items.
    const sum = this.el.querySelector("[data-testid=ticket-sum]");
    if (sum) {
      sum.id = "my-tickets-sum";
      this.el.setAttribute("aria-describedby", sum.id);
    } else {
      this.el.removeAttribute("aria-describedby");
    }
  }
}

export class TicketsPanel extends TicketList {
  /** `screen`: the map screen (focus on the map, the pinned ticket); `game`: {content(tk) ->
   *  {label, cls, dataset, title, children}, summary(tickets, over) -> text} (`over`: the game has
   *  ended, and open tickets are missed). */
  constructor(screen, game) {
    super(screen, "my-tickets");
    this.game = game;
    // Overlay scrollbars (a Mac, a touch screen) do not show that the list goes on: the summary
    // line says how many tickets are out of sight, and a click on it scrolls to them.
    this.el.addEventListener("scroll", () => this.#markHidden(), { passive: true });
    new ResizeObserver(() => this.#markHidden()).observe(this.el);
  }

  update(v) {
    super.update(v);
    this.#markHidden();
  }

  /** The tickets the box cuts off, below the summary line or above the box: "↓ 2 more". */
  #markHidden() {
    const sum = this.el.querySelector(".ticket-sum");
    if (!sum) return;
    const box = this.el.getBoundingClientRect(), foot = sum.getBoundingClientRect().top;
    const rows = [...this.el.querySelectorAll(".ticket")].map((el) => el.getBoundingClientRect());
    const below = rows.filter((r) => r.bottom > foot + 1).length, above = rows.filter((r) => r.top < box.top - 1).length;
    let more = sum.querySelector(".ticket-more");
    if (!below && !above) {
      more?.remove();
      return;
    }
    more ??= sum.appendChild(h("button", { type: "button", class: "ticket-more", testid: "tickets-more", tabindex: "-1",
      on: { click: () => this.el.scrollBy({ top: Number(more.dataset.way) * this.el.clientHeight, behavior: "smooth" }) } }));
    more.dataset.way = below ? "1" : "-1";  // read at the click: the same button points up once scrolled down
    more.textContent = below ? t("tickets.moreBelow", { n: below }) : t("tickets.moreAbove", { n: above });
  }

  items(v, me) {
    const s = this.screen;
    if (!me.tickets.length) return [h("p", { class: "hint", text: t("tickets.none") })];
    const mine = s._routesOf(s.viewer);
    const items = me.tickets.map((tk) => {
      const focusOn = () => s._setFocus({ cities: new Set(tk.cities), routes: mine });
      const focusOff = () => { if (s.pinnedTicket !== tk.id) s._setFocus(s.pinnedTicket ? s.focus : null); };
      const c = this.game.content(tk);
      return h("button", { type: "button", class: ["ticket", tk.completed && "done", ...(c.cls ?? []), s.pinnedTicket === tk.id && "pinned"],
        role: "listitem", testid: `my-ticket-${tk.id}`, dataset: { completed: String(tk.completed), ...(c.dataset ?? {}) },
        "aria-pressed": String(s.pinnedTicket === tk.id), "aria-label": c.label, title: c.title ?? null,
        on: {
          pointerenter: (e) => e.pointerType === "mouse" && focusOn(), pointerleave: focusOff, focus: focusOn, blur: focusOff,
          click: () => {
            s.pinnedTicket = s.pinnedTicket === tk.id ? null : tk.id;
            if (s.pinnedTicket) focusOn(); else s._setFocus(null);
            this.update(s.res.view);
          },
        } }, c.children);
    });
    // The summary's words, and beside them (markHidden) the count of tickets out of sight.
    return [...items, h("p", { class: "ticket-sum", "aria-hidden": "true" },
      h("span", { testid: "ticket-sum", text: this.game.summary(me.tickets, Boolean(s.res?.over)) }))];
  }
}

// The own hand (the map games): hidden while nobody's hand is shown, a group per card kind, a
// group that grew since the last view bumps. A game lays the groups out (`content`).
import { fillList, h } from "../dom.js";
import { t } from "../../i18n.js";
import { cardFace, cardName } from "../cards.js";

export class HandPanel {
  constructor(screen) {
    this.screen = screen;
    this.el = h("div", { class: "hand", testid: "hand", role: "list", dataset: { ownLabel: "hand" },
      "aria-label": screen._ownTitle("hand") });
  }

  update(v) {
    const s = this.screen;
    const me = v.me;
    if (!me) {
      fillList(this.el, [h("p", { class: "hand-hidden", testid: "hand-hidden", text: t(s.frozen ? "hand.hiddenReplay" : "hand.hidden") })]);
      s.prevHand = {};
      return;
    }
    fillList(this.el, this.content(me));
    s.prevHand = { ...me.hand };
  }

  /** The hand's elements (a game's layout); `group` draws one card kind. */
  content(me) {
    void me;
    return [];
  }

  /** `n` cards of `card` as one group (bumped when there are more than in the last view). */
  group(card, n, size) {
    const prev = this.screen.prevHand;
    const bump = n > (prev[card] ?? 0) && Object.keys(prev).length > 0;
    return h("div", { class: ["hand-group", bump && "bump"], role: "listitem", testid: `hand-${card}`,
      dataset: { card, count: n }, "aria-label": t("hand.group", { n, card: cardName(card) }) },
    cardFace(card, { count: n, size }));
  }
}

// The card game's log in words. Draws, tickets and passes read like the map game (shared
// sentences from ../logtext.js); plays, raids and the automatic steps (phase 1, final round,
// end of a half, second half, game over) have their own sentences.
import { t } from "../../i18n.js";
import { groupTurns, describeTurn, subject } from "../logtext.js";
import { cardName } from "../cards.js";
import { cardsText, halvesKey } from "./parts.js";

/** One sentence for a play event (with its raids); `you` as in ../logtext.js subject(). */
export function describePlay(ev, { names, you = null }) {
  const { name, st } = subject(ev.player, { names, you });
  const cards = cardsText(ev.cards);
  let text = t(ev.set === "three_colors" ? "cg.log.playThree" : "cg.log.playSet", { name, st, cards });
  for (const r of ev.raids ?? []) {
    const victim = subject(r.victim, { names, you });
    text += ` ${t("cg.log.raid", { victim: victim.name, st: victim.st, color: cardName(r.color), n: r.discarded, played: r.played })}`;
  }
  return text;
}

/** One sentence for an automatic event; `halves`: the view's number of halves in this game. */
export function describeAuto(ev, { names, board, you = null, halves = 1 }) {
  const { name, st, you: isYou } = ev.player == null ? { name: "", st: "", you: false } : subject(ev.player, { names, you });
  switch (ev.kind) {
    case "phase1":
      return t("cg.log.phase1", { name, you: isYou, n: ev.cards, rows: ev.rows.map((row, i) => {
        const card = ev.moved?.[i] ?? row;  // the card the row gave: its color, or a locomotive from its top
        return card === row ? cardName(row) : t("cg.log.rowCard", { card: cardName(card), row: cardName(row) });
      }).join(", ") });
    case "final_round":
      return t("cg.log.finalRound", { name, st });
    case "half_end": {
      const parts = ev.results.map((r) => t("cg.log.halfPart", { name: names[r.seat], n: r.completed.length, points: r.points }));
      return t(halvesKey("cg.log.halfEnd", halves), { half: ev.half, list: parts.join("; ") });
    }
    case "second_half":
      return t("cg.log.secondHalf", { ...subject(ev.start, { names, you }), n: ev.cards_each });
    case "game_over":
      return ev.winners.length > 1
        ? t("cg.log.gameOverTie", { names: ev.winners.map((s) => names[s]).join(" & ") })
        : t("cg.log.gameOver", subject(ev.winners[0], { names, you }));
    default:
      void board;
      return t("log.unknown", { name, st, what: ev.kind });
  }
}

/**
 * The log as entries, oldest first: [{player, kind, text, auto, raid}] (`ctx.halves`: the view's). A turn's draws form one
 * entry (as in the map game); each automatic event after an action is an entry of its own.
 */
export function logEntries(log, ctx) {
  const out = [];
  for (const g of groupTurns(log)) {
    const first = g.events[0];
    const text = first.kind === "play" ? describePlay(first, ctx) : describeTurn(g, { ...ctx, viewer: ctx.viewer });
    out.push({ player: g.player, kind: first.kind, text, raid: (first.raids ?? []).length > 0 });
    for (const ev of g.events) {
      for (const a of ev.auto ?? []) {
        out.push({ player: a.player ?? a.start ?? null, kind: a.kind, text: describeAuto(a, ctx), auto: true });
      }
    }
  }
  return out;
}

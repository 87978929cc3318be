// Strings for choosing with the map in view (issue 13): the map pictures in the ticket, piece-mix
// and payment dialogs, and claiming a route in two steps ("confirm claims"). English and German;
// i18n.js merges them into its tables.

export const CHOICES_STRINGS = {
  en: {
    "tip.clickToSelect": "Click to select it, then Claim",
    "dmap.tickets": (p) => `The map: your ${p.n === 1 ? "route" : `${p.n} routes`} and the tickets as numbered lines`,
    "dmap.route": "The map: the route you pay for",
    "pay.left": "Left in hand: {list}",
    "pay.leftNone": "No cards left in hand",
  },
  de: {
    "tip.clickToSelect": "Klicken zum Auswählen, dann Bauen",
    "dmap.tickets": (p) => `Die Karte: ${p.n === 1 ? "deine Strecke" : `deine ${p.n} Strecken`} und die Aufträge als nummerierte Linien`,
    "dmap.route": "Die Karte: die Strecke, die du bezahlst",
    "pay.left": "Bleibt auf der Hand: {list}",
    "pay.leftNone": "Keine Karten mehr auf der Hand",
  },
};

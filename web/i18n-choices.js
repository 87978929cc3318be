// Strings for choosing with the map in view (issue 13): the map pictures in the ticket, piece-mix
// and payment dialogs, and claiming a route in two steps ("confirm claims"). English and German;
// i18n.js merges them into its tables.

export const CHOICES_STRINGS = {
  en: {
    "tip.clickToSelect": "Click to select it, then Claim",
  },
  de: {
    "tip.clickToSelect": "Klicken zum Auswählen, dann Bauen",
  },
};

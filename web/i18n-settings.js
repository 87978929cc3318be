// Strings of the Settings dialog (web/ui/settings.js, preferences in web/ui/core/prefs.js),
// English and German; i18n.js merges them into its tables.

export const SETTINGS_STRINGS = {
  en: {
    "prefs.title": "Settings",
    "prefs.open": "Settings",
    "prefs.close": "Done",
    "prefs.local": "Kept in this browser only.",
    "prefs.unsaved": "This browser does not keep settings: the change holds until you close the page.",
    "prefs.colorBlind": "Colour-blind mode",
    "prefs.confirmClaims": "Confirm claims",
    "prefs.confirmClaims.desc": "A click on a route first selects it; its tip then offers Claim. A tap on a touch screen always asks first.",
    "prefs.colorBlind.desc": "Every player's trains, ships and harbors carry that player's symbol on the map, with a bolder outline, so players never differ by colour alone.",
  },
  de: {
    "prefs.title": "Einstellungen",
    "prefs.open": "Einstellungen",
    "prefs.close": "Fertig",
    "prefs.local": "Nur in diesem Browser gespeichert.",
    "prefs.unsaved": "Dieser Browser speichert keine Einstellungen: Die Änderung gilt, bis du die Seite schließt.",
    "prefs.colorBlind": "Farbenblind-Modus",
    "prefs.confirmClaims": "Bauen bestätigen",
    "prefs.confirmClaims.desc": "Ein Klick auf eine Strecke wählt sie erst aus; ihr Hinweis bietet dann „Bauen“ an. Ein Tippen auf einem Touchscreen fragt immer erst.",
    "prefs.colorBlind.desc": "Züge, Schiffe und Häfen tragen auf der Karte das Symbol ihres Spielers, mit kräftigerem Rand – Spieler unterscheiden sich nie nur durch die Farbe.",
  },
};

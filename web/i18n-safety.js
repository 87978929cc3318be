// Strings of the page's storage and hostile-data safety (web/ui/savewarning.js, safedata.js,
// frameguard.js, names.js), English and German; i18n.js merges them into its tables.

const plural = (one, many) => (p) => (p.n === 1 ? one : many).replaceAll("{n}", String(p.n));

export const SAFETY_STRINGS = {
  en: {
    "safety.notText": "the data is not text",
    "safety.tooBig": "the data is far too large to be a Railtrip game",
    "safety.tooDeep": "the data is nested far too deeply to be a Railtrip game",
    "safety.linkTooBig": "the link's game is too large to be a real game",
    "safety.linkTooDeep": "the link is damaged (its content is nested far too deeply to be a game)",
    "safety.seedTooBig": "its seed is a number too large for this browser to keep exactly, so it would not be the same shuffle",

    "savewarn.title": "This game is not saved.",
    "savewarn.quota": "The browser's storage is full: if this page is closed or reloaded, the moves since the last save are lost. Download the game to keep it, or delete saved games you no longer need.",
    "savewarn.limit": "Railtrip keeps at most {n} saved games, and the list is full. Delete a saved game you no longer need (export it first if you like), or download this game.",
    "savewarn.unavailable": "This browser does not let Railtrip store games (private mode?): if this page is closed or reloaded, the game is lost. Download it to keep it.",
    "savewarn.download": "Download this game",
    "savewarn.manage": "Free space…",
    "savewarn.manageLimit": "Choose games to delete…",
    "savewarn.manageTitle": "Delete saved games",
    "savewarn.manageExplain": "Choose the saved games you no longer need. Nothing is deleted until you confirm; export a game first to keep it as a file. The game you are playing is not in this list.",
    "savewarn.manageExplainLimit": "Railtrip keeps at most {n} saved games. Choose the ones you no longer need. Nothing is deleted until you confirm; export a game first to keep it as a file.",
    "savewarn.nothingToDelete": "There are no other saved games. Download this game to keep it.",
    "savewarn.deleteNone": "Delete",
    "savewarn.deleteN": plural("Delete 1 saved game", "Delete {n} saved games"),
    "savewarn.deleted": plural("1 saved game deleted", "{n} saved games deleted"),
    "savewarn.savedAgain": "This game is saved again.",
    "savewarn.size": "{n} kB",

    "error.notYourTurn": "It is not your turn: wait for your turn to move.",

    "frame.title": "Railtrip cannot run inside another page",
    "frame.text": "To keep your games safe, Railtrip only runs in its own tab.",
    "frame.open": "Open Railtrip in a new tab",
  },
  de: {
    "safety.notText": "die Daten sind kein Text",
    "safety.tooBig": "die Daten sind viel zu groß für ein Railtrip-Spiel",
    "safety.tooDeep": "die Daten sind viel zu tief verschachtelt für ein Railtrip-Spiel",
    "safety.linkTooBig": "das Spiel im Link ist zu groß für ein echtes Spiel",
    "safety.linkTooDeep": "der Link ist beschädigt (sein Inhalt ist viel zu tief verschachtelt für ein Spiel)",
    "safety.seedTooBig": "sein Startwert ist eine Zahl, die dieser Browser nicht genau halten kann – es wäre nicht dieselbe Mischung",

    "savewarn.title": "Dieses Spiel ist nicht gespeichert.",
    "savewarn.quota": "Der Speicher des Browsers ist voll: Wird die Seite geschlossen oder neu geladen, sind die Züge seit dem letzten Speichern verloren. Lade das Spiel herunter oder lösche gespeicherte Spiele, die du nicht mehr brauchst.",
    "savewarn.limit": "Railtrip hebt höchstens {n} gespeicherte Spiele auf, und die Liste ist voll. Lösche ein gespeichertes Spiel, das du nicht mehr brauchst (exportiere es vorher, wenn du willst), oder lade dieses Spiel herunter.",
    "savewarn.unavailable": "Dieser Browser lässt Railtrip keine Spiele speichern (privater Modus?): Wird die Seite geschlossen oder neu geladen, ist das Spiel verloren. Lade es herunter, um es zu behalten.",
    "savewarn.download": "Spiel herunterladen",
    "savewarn.manage": "Platz schaffen …",
    "savewarn.manageLimit": "Spiele zum Löschen wählen …",
    "savewarn.manageTitle": "Gespeicherte Spiele löschen",
    "savewarn.manageExplain": "Wähle die gespeicherten Spiele, die du nicht mehr brauchst. Gelöscht wird erst, wenn du bestätigst; exportiere ein Spiel vorher, um es als Datei zu behalten. Das laufende Spiel steht nicht in dieser Liste.",
    "savewarn.manageExplainLimit": "Railtrip hebt höchstens {n} gespeicherte Spiele auf. Wähle die, die du nicht mehr brauchst. Gelöscht wird erst, wenn du bestätigst; exportiere ein Spiel vorher, um es als Datei zu behalten.",
    "savewarn.nothingToDelete": "Es gibt keine anderen gespeicherten Spiele. Lade dieses Spiel herunter, um es zu behalten.",
    "savewarn.deleteNone": "Löschen",
    "savewarn.deleteN": plural("1 gespeichertes Spiel löschen", "{n} gespeicherte Spiele löschen"),
    "savewarn.deleted": plural("1 gespeichertes Spiel gelöscht", "{n} gespeicherte Spiele gelöscht"),
    "savewarn.savedAgain": "Dieses Spiel ist wieder gespeichert.",
    "savewarn.size": "{n} kB",

    "error.notYourTurn": "Du bist nicht am Zug: Warte, bis du dran bist.",

    "frame.title": "Railtrip läuft nicht innerhalb einer anderen Seite",
    "frame.text": "Damit deine Spiele sicher bleiben, läuft Railtrip nur in einem eigenen Tab.",
    "frame.open": "Railtrip in einem neuen Tab öffnen",
  },
};

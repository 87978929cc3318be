// Strings of the start-up (main.js): what the page says while the game engine loads behind the
// start screen, English and German; i18n.js merges them into its tables.

export const LOADING_STRINGS = {
  en: {
    "load.label": "Loading the game",
    "load.download": "Downloading the game… {loaded} / {total} MB",
    "load.downloadShort": "Downloading the game…",
    "load.start": "Setting up the game…",
    "load.ready": "Ready to play",
    "load.startWhenReady": "Starting as soon as the game is ready…",
  },
  de: {
    "load.label": "Das Spiel wird geladen",
    "load.download": "Das Spiel wird geladen… {loaded} / {total} MB",
    "load.downloadShort": "Das Spiel wird geladen…",
    "load.start": "Das Spiel wird vorbereitet…",
    "load.ready": "Bereit zum Spielen",
    "load.startWhenReady": "Startet, sobald das Spiel bereit ist…",
  },
};

// Every string of the game UI, in English and German. t(key, params) fills {name} placeholders;
// a value may also be a function of the params (plurals). The language comes from the browser
// (navigator.languages) unless the player picked one (kept in localStorage).

import { CARDGAME_STRINGS } from "./i18n-cardgame.js";
import { WORLD_STRINGS } from "./i18n-world.js";
import { USA1910_STRINGS } from "./i18n-usa1910.js";
import { SHARE_STRINGS } from "./i18n-share.js";
import { SAFETY_STRINGS } from "./i18n-safety.js";
import { LOADING_STRINGS } from "./i18n-loading.js";
import { LEARN_STRINGS } from "./i18n-learn.js";
import { ENDGAME_STRINGS } from "./i18n-endgame.js";
import { SETTINGS_STRINGS } from "./i18n-settings.js";
import { CHOICES_STRINGS } from "./i18n-choices.js";

const LANG_KEY = "railtrip.lang";
export const LANGS = ["en", "de"];

const plural = (one, many) => (p) => (p.n === 1 ? one : many).replaceAll("{n}", String(p.n));

const en = {
  "lang.label": "Language",
  "lang.en": "English",
  "lang.de": "Deutsch",
  "common.cancel": "Cancel",

  "card.red": "red", "card.orange": "orange", "card.yellow": "yellow", "card.green": "green",
  "card.blue": "blue", "card.purple": "purple", "card.black": "black", "card.white": "white",
  "card.loco": "locomotive", "card.gray": "gray", "card.locoShort": "loco",
  "cardAdj.red": "red", "cardAdj.orange": "orange", "cardAdj.yellow": "yellow", "cardAdj.green": "green",
  "cardAdj.blue": "blue", "cardAdj.purple": "purple", "cardAdj.black": "black", "cardAdj.white": "white",
  "cardAdj.loco": "locomotive",
  "pcolor.red": "Red", "pcolor.blue": "Blue", "pcolor.green": "Green", "pcolor.yellow": "Yellow", "pcolor.black": "Black",
  "level.easy": "easy", "level.normal": "normal", "level.hard": "hard", "level.random": "random",
  "level.greedy": "greedy", "level.null": "",
  "speed.slow": "Slow", "speed.normal": "Normal", "speed.fast": "Fast", "speed.instant": "Instant",
  "variant.usa.title": "North America",
  "variant.usa.desc": "The classic: 36 cities, 2–5 players, 45 trains each.",
  "variant.world.title": "Rails & Sails",
  "variant.world.desc": "The world map with trains and ships.",
  "variant.cardgame.title": "The card game",
  "variant.cardgame.desc": "Routes and tickets with cards only.",

  "newgame.tagline": "Claim routes across North America, around the world or with cards alone: connect your destinations before the trains run out.",
  "newgame.game": "Game",
  "newgame.soon": "coming soon",
  "newgame.opponents": "Opponents",
  "newgame.players.title": "Players",
  "newgame.players": "{min}–{max} players",
  "newgame.you": "You",
  "newgame.yourName": "Your name",
  "newgame.defaultName": "Player",
  "newgame.botNames": "Ada,Bruno,Clara,Dmitri",
  "newgame.opponent": "Opponent {n}",
  "newgame.seatName": "Player {n}",
  "newgame.kind": "Opponent {n}: computer or person",
  "newgame.strength": "Opponent {n}: strength",
  "newgame.computer": "Computer",
  "newgame.human": "Person (same device)",
  "newgame.color": "Train colour",
  "newgame.hotseatNote": "Several people share this device: before each person's turn, a screen hides the previous hand so you can pass the device.",
  "newgame.moreOptions": "More options",
  "newgame.seed": "Seed (same seed, same deal)",
  "newgame.seedRandom": "random",
  "newgame.speed": "Computer speed",
  "newgame.start": "Start game",
  "newgame.continue": "Continue game",
  "newgame.savedLabel": "{names} · turn {turn}",

  "board.title": "Map",
  "board.aria": "Map of the routes. Use the Routes tab to claim a route with the keyboard.",
  "board.zoomIn": "Zoom in",
  "board.zoomOut": "Zoom out",
  "board.zoomReset": "Show the whole map",

  "market.title": "Cards on the table",
  "market.deck": "Deck",
  "market.tickets": "Tickets",
  "market.take": "Take the face-up {card} card",
  "market.cannotTake": "Face-up {card} card (cannot be taken now)",
  "market.empty": "empty",
  "market.drawAria": "Draw a card from the deck ({n} left, {d} discarded)",
  "market.discardInfo": "Discard pile: {d}",
  "market.ticketsAria": "Draw destination tickets ({n} left)",

  "hand.area": "Your cards and tickets",
  "hand.title": "Your cards",
  "hand.titleOf": "{name}'s cards",
  "hand.titleNone": "Cards",
  "hand.group": (p) => `${p.n} ${p.card} card${p.n === 1 ? "" : "s"}`,
  "hand.hidden": "Hands are hidden while others play.",
  "hand.empty": "No cards yet.",

  "tickets.mine": "Your tickets",
  "tickets.titleOf": "{name}'s tickets",
  "tickets.titleNone": "Tickets",
  "tickets.none": "No tickets yet.",
  "tickets.moreBelow": "↓ {n} more",
  "tickets.moreAbove": "↑ {n} more",
  "tickets.hidden": "Hidden.",
  "tickets.points": plural("{n} point", "{n} points"),
  "tickets.ariaDone": "{route}, {n} points, completed",
  "tickets.ariaOpen": "{route}, {n} points, not yet connected",
  "tickets.summary": "{done}/{n} done · +{plus} · {open} open",
  "tickets.summaryEnd": "{done}/{n} done · +{plus} · −{open} missed",
  "tickets.title": "Choose destination tickets",
  "tickets.titleSetup": "Your first destination tickets",
  "tickets.explain": "Connect both cities with your own trains by the end of the game to score the ticket; a ticket you miss counts against you.",
  "tickets.keepN": plural("Keep {n} ticket", "Keep {n} tickets"),
  "tickets.chooseFirst": "Choose tickets",
  "tickets.keepAtLeast": plural("Keep at least {n} ticket.", "Keep at least {n} tickets."),

  "pay.title": "Pay for {route}",
  "pay.explain": "Choose which cards to pay with.",
  "pay.option": "Pay {list}",
  "pay.optionCheapest": "Pay {list} (cheapest)",
  "pay.cheapest": "cheapest",
  "pay.hinted": "Hint",
  "pay.optionHinted": "Pay {list} (as the hint says)",

  "pass.title": "Pass the device to {name}",
  "pass.explain": "The other players should look away now. {name}, tap the button when you are ready.",
  "pass.ready": "I'm {name}: show my cards",

  "players.title": "Players",
  "players.bot": "computer · {level}",
  "players.human": "person",
  "players.score": "Points",
  "players.trains": "Trains left",
  "players.cards": "Cards in hand",
  "players.tickets": "Tickets",

  "tabs.label": "Game information",
  "tabs.log": "Log",
  "tabs.routes": "Routes",
  "routes.label": "Routes you can claim now",
  "routes.claim": "Claim",
  "routes.choose": "Choose a route to claim",
  "routes.none": "No route can be claimed now",
  "routes.over": "The game is over: no more routes are claimed.",
  "routes.count": plural("{n} route can be claimed.", "{n} routes can be claimed."),
  "routes.info": (p) => `${p.n} ${p.color} · ${p.points} point${p.points === 1 ? "" : "s"}`,
  "routes.infoKind": (p) => `${p.n} × ${p.color} · ${p.points} point${p.points === 1 ? "" : "s"}`,
  "routes.helpTouch": "Tip: tap a glowing route on the map or here in the list, then Claim.",
  "routes.help": "Tip: click a glowing route on the map to claim it. Keys: 1–5 take a face-up card, D draws from the deck, T draws tickets. In the list, a city's first letters find its route.",
  "routes.cannot": "You cannot claim {route} now.",

  "tip.length": (p) => `${p.n} × ${p.color} · ${p.points} point${p.points === 1 ? "" : "s"}`,
  "tip.owner": "Claimed by {name}",
  "tip.clickToClaim": "Click to claim",
  "tip.doubleTaken": "The parallel track is taken.",
  "tip.twinYours": "You own the parallel track (no one may claim both).",
  "tip.needsCards": (p) => `Needs ${p.n} more ${p.cards} card${p.n === 1 ? "" : "s"}`,
  "tip.needsAny": (p) => `Needs ${p.n} more card${p.n === 1 ? "" : "s"} of one colour`,
  "tip.or": " or ",
  "tip.needs.trains": (p) => `Needs ${p.need} trains; you have ${p.have}`,
  "tip.needs.ships": (p) => `Needs ${p.need} ships; you have ${p.have}`,

  "status.yourTurn": "Your turn: draw cards, claim a route or draw tickets",
  "status.yourTurnName": "{name}, your turn: draw cards, claim a route or draw tickets",
  "status.secondCard": "Take a second card (not a face-up locomotive)",
  "status.chooseTickets": "Choose the tickets you keep",
  "status.mustPass": "You cannot do anything this turn: pass",
  "status.botThinking": "{name} is thinking…",
  "status.replayTurn": "Replay: {name} to move",
  "status.waitingHuman": "{name}'s turn",
  "status.over": "Game over",
  "status.overWon": "Game over · {headline}",
  "status.finalRound": plural("Final round · {n} turn left", "Final round · {n} turns left"),
  "status.finalRounds": "Final rounds · {n} turns left",
  "status.finalToast": (p) => (p.n === 2 ? "Final rounds! Every player gets two more turns." : "Final round! Every player gets one more turn."),
  "game.pass": "Pass",

  "log.title": "Game log",
  "log.empty": "Nothing has happened yet.",
  "log.you": "You",
  "log.takeLoco": "{name} took a face-up locomotive.",
  "log.takeTwo": "{name} took face-up {a} and {b} cards.",
  "log.takeTwoSame": "{name} took two face-up {a} cards.",
  "log.takeOne": "{name} took a face-up {a} card.",
  "log.takeAndDraw": "{name} took a face-up {a} card and a card from the deck.",
  "log.drawBlind": (p) => (p.n === 1 ? `${p.name} drew a card from the deck.` : `${p.name} drew ${p.n === 2 ? "two" : p.n} cards from the deck.`),
  "log.claim": (p) => `${p.name} claimed ${p.route} (${p.n} train${p.n === 1 ? "" : "s"}, ${p.points} point${p.points === 1 ? "" : "s"}) with ${p.pay}.`,
  "log.payPart": "{n} × {card}",
  "log.drawTickets": "{name} drew {n} tickets.",
  "log.drawTicketsKept": "{name} drew {n} tickets and kept {k}.",
  "log.keepSetup": "{name} kept {k} of {n} starting tickets.",
  "log.finalRound": (p) => (p.n === 2 ? "The final rounds begin: every player gets two more turns." : "The final round begins: every player gets one more turn."),
  "log.yourKeep": "(Only you see them: {list}.)",
  "log.keptTickets": "(Kept: {list}.)",
  "log.yourDraw": "(Only you see them: {list}.)",
  "log.drawnCards": "(Drawn: {list}.)",
  "log.pass": "{name} passed.",
  "log.unknown": "{name}: {what}",

  "menu.title": "Menu",
  "menu.newGame": "New game",
  "menu.newGameConfirm": "Leave this game and start a new one?",
  "menu.newGameYes": "Start a new game",
  "menu.download": "Download record",
  "menu.speed": "Computer speed",

  "end.title": "Final scores",
  "end.winner": "{name} wins!",
  "end.youWin": "You win!",
  "end.tie": "Shared victory: {names}!",
  "end.winnerShort": "Winner",
  "end.player": "Player",
  "end.routes": "Routes",
  "end.ticketsWon": "Tickets +",
  "end.ticketsLost": "Tickets −",
  "end.longest": "Longest path",
  "end.total": "Total",
  "end.trains": plural("{n} train", "{n} trains"),
  "end.routesN": plural("{n} route", "{n} routes"),
  "end.ticketsN": "{done} of {n} tickets",
  "end.chartTitle": "Score over the game",
  "end.chartAria": "Chart of every player's score turn by turn, then the final score with tickets and bonus.",
  "end.chartTurns": "turns →",
  "end.chartFinal": "final",
  "end.viewBoard": "View the map",
  "end.showScores": "Show scores",
  "end.sameDeal": "Same deal again",
  "end.newGame": "New game",

  "error.start": "The game could not start: {message}",
  "error.partMissing": "Part of the game could not be loaded. Check your connection and try again.",
  "error.bot": "{name} could not move: {message}",
};

const de = {
  "lang.label": "Sprache",
  "lang.en": "English",
  "lang.de": "Deutsch",
  "common.cancel": "Abbrechen",

  "card.red": "Rot", "card.orange": "Orange", "card.yellow": "Gelb", "card.green": "Grün",
  "card.blue": "Blau", "card.purple": "Lila", "card.black": "Schwarz", "card.white": "Weiß",
  "card.loco": "Lokomotive", "card.gray": "Grau", "card.locoShort": "Lok",
  "cardAdj.red": "rote", "cardAdj.orange": "orange", "cardAdj.yellow": "gelbe", "cardAdj.green": "grüne",
  "cardAdj.blue": "blaue", "cardAdj.purple": "lila", "cardAdj.black": "schwarze", "cardAdj.white": "weiße",
  "cardAdj.loco": "Lokomotiv-",
  "pcolor.red": "Rot", "pcolor.blue": "Blau", "pcolor.green": "Grün", "pcolor.yellow": "Gelb", "pcolor.black": "Schwarz",
  "level.easy": "leicht", "level.normal": "mittel", "level.hard": "schwer", "level.random": "zufällig",
  "level.greedy": "gierig", "level.null": "",
  "speed.slow": "Langsam", "speed.normal": "Normal", "speed.fast": "Schnell", "speed.instant": "Sofort",
  "variant.usa.title": "Nordamerika",
  "variant.usa.desc": "Der Klassiker: 36 Städte, 2–5 Spieler, je 45 Waggons.",
  "variant.world.title": "Schienen & Segel",
  "variant.world.desc": "Die Weltkarte mit Zügen und Schiffen.",
  "variant.cardgame.title": "Das Kartenspiel",
  "variant.cardgame.desc": "Strecken und Aufträge nur mit Karten.",

  "newgame.tagline": "Baue Strecken quer durch Nordamerika, rund um die Welt oder nur mit Karten: Verbinde deine Ziele, bevor die Waggons ausgehen.",
  "newgame.game": "Spiel",
  "newgame.soon": "demnächst",
  "newgame.opponents": "Gegner",
  "newgame.players.title": "Mitspieler",
  "newgame.players": "{min}–{max} Spieler",
  "newgame.you": "Du",
  "newgame.yourName": "Dein Name",
  "newgame.defaultName": "Spieler",
  "newgame.botNames": "Ada,Bruno,Clara,Dmitri",
  "newgame.opponent": "Gegner {n}",
  "newgame.seatName": "Spieler {n}",
  "newgame.kind": "Gegner {n}: Computer oder Mensch",
  "newgame.strength": "Gegner {n}: Spielstärke",
  "newgame.computer": "Computer",
  "newgame.human": "Mensch (gleiches Gerät)",
  "newgame.color": "Zugfarbe",
  "newgame.hotseatNote": "Mehrere Personen teilen sich dieses Gerät: Vor jedem Zug verdeckt ein Bildschirm die Karten des Vorgängers, damit ihr das Gerät weitergeben könnt.",
  "newgame.moreOptions": "Weitere Optionen",
  "newgame.seed": "Startwert (gleicher Wert, gleiches Blatt)",
  "newgame.seedRandom": "zufällig",
  "newgame.speed": "Computer-Tempo",
  "newgame.start": "Spiel starten",
  "newgame.continue": "Spiel fortsetzen",
  "newgame.savedLabel": "{names} · Zug {turn}",

  "board.title": "Karte",
  "board.aria": "Streckenkarte. Mit dem Reiter „Strecken“ kannst du per Tastatur eine Strecke bauen.",
  "board.zoomIn": "Vergrößern",
  "board.zoomOut": "Verkleinern",
  "board.zoomReset": "Ganze Karte zeigen",

  "market.title": "Offene Karten",
  "market.deck": "Stapel",
  "market.tickets": "Aufträge",
  "market.take": "Offene Karte {card} nehmen",
  "market.cannotTake": "Offene Karte {card} (jetzt nicht nehmbar)",
  "market.empty": "leer",
  "market.drawAria": "Karte vom Stapel ziehen ({n} übrig, {d} abgelegt)",
  "market.discardInfo": "Ablagestapel: {d}",
  "market.ticketsAria": "Zielaufträge ziehen ({n} übrig)",

  "hand.area": "Deine Karten und Aufträge",
  "hand.title": "Deine Karten",
  "hand.titleOf": "Karten von {name}",
  "hand.titleNone": "Karten",
  "hand.group": (p) => `${p.n} × ${p.card}`,
  "hand.hidden": "Die Handkarten sind verdeckt, während andere spielen.",
  "hand.empty": "Noch keine Karten.",

  "tickets.mine": "Deine Aufträge",
  "tickets.titleOf": "Aufträge von {name}",
  "tickets.titleNone": "Aufträge",
  "tickets.none": "Noch keine Aufträge.",
  "tickets.moreBelow": "↓ {n} weitere",
  "tickets.moreAbove": "↑ {n} weitere",
  "tickets.hidden": "Verdeckt.",
  "tickets.points": plural("{n} Punkt", "{n} Punkte"),
  "tickets.ariaDone": "{route}, {n} Punkte, erfüllt",
  "tickets.ariaOpen": "{route}, {n} Punkte, noch nicht verbunden",
  "tickets.summary": "{done}/{n} erfüllt · +{plus} · {open} offen",
  "tickets.summaryEnd": "{done}/{n} erfüllt · +{plus} · −{open} nicht erfüllt",
  "tickets.title": "Zielaufträge wählen",
  "tickets.titleSetup": "Deine ersten Zielaufträge",
  "tickets.explain": "Verbinde beide Städte bis zum Spielende mit deinen eigenen Waggons, um die Punkte zu bekommen; ein verfehlter Auftrag zählt als Minuspunkte.",
  "tickets.keepN": plural("{n} Auftrag behalten", "{n} Aufträge behalten"),
  "tickets.chooseFirst": "Aufträge wählen",
  "tickets.keepAtLeast": plural("Behalte mindestens {n} Auftrag.", "Behalte mindestens {n} Aufträge."),

  "pay.title": "{route} bezahlen",
  "pay.explain": "Wähle, mit welchen Karten du bezahlst.",
  "pay.option": "Bezahlen mit {list}",
  "pay.optionCheapest": "Bezahlen mit {list} (am günstigsten)",
  "pay.cheapest": "am günstigsten",
  "pay.hinted": "Tipp",
  "pay.optionHinted": "Bezahlen mit {list} (wie im Tipp)",

  "pass.title": "Gib das Gerät an {name} weiter",
  "pass.explain": "Die anderen schauen jetzt bitte weg. {name}, tippe auf den Knopf, wenn du bereit bist.",
  "pass.ready": "Ich bin {name}: Karten zeigen",

  "players.title": "Spieler",
  "players.bot": "Computer · {level}",
  "players.human": "Mensch",
  "players.score": "Punkte",
  "players.trains": "Waggons übrig",
  "players.cards": "Handkarten",
  "players.tickets": "Aufträge",

  "tabs.label": "Spielinformationen",
  "tabs.log": "Verlauf",
  "tabs.routes": "Strecken",
  "routes.label": "Strecken, die du jetzt bauen kannst",
  "routes.claim": "Bauen",
  "routes.choose": "Wähle erst eine Strecke",
  "routes.none": "Jetzt kann keine Strecke gebaut werden",
  "routes.over": "Das Spiel ist vorbei: Es werden keine Strecken mehr gebaut.",
  "routes.count": plural("{n} Strecke kann gebaut werden.", "{n} Strecken können gebaut werden."),
  "routes.info": (p) => `${p.n} ${p.color} · ${p.points} ${p.points === 1 ? "Punkt" : "Punkte"}`,
  "routes.infoKind": (p) => `${p.n} × ${p.color} · ${p.points} ${p.points === 1 ? "Punkt" : "Punkte"}`,
  "routes.helpTouch": "Tipp: Tippe auf eine leuchtende Strecke auf der Karte oder hier in der Liste, dann auf „Bauen“.",
  "routes.help": "Tipp: Klicke auf eine leuchtende Strecke auf der Karte, um sie zu bauen. Tasten: 1–5 nimmt eine offene Karte, D zieht vom Stapel, T zieht Aufträge. In der Liste findest du eine Strecke mit den ersten Buchstaben ihrer Stadt.",
  "routes.cannot": "Du kannst {route} jetzt nicht bauen.",

  "tip.length": (p) => `${p.n} × ${p.color} · ${p.points} ${p.points === 1 ? "Punkt" : "Punkte"}`,
  "tip.owner": "Gebaut von {name}",
  "tip.clickToClaim": "Klicken zum Bauen",
  "tip.doubleTaken": "Die Parallelstrecke ist belegt.",
  "tip.twinYours": "Die Parallelstrecke gehört dir (niemand darf beide belegen).",
  "tip.needsCards": (p) => `${p.n === 1 ? "Es fehlt 1 Karte" : `Es fehlen ${p.n} Karten`}: ${p.cards}`,
  "tip.needsAny": (p) => `${p.n === 1 ? "Es fehlt 1 Karte" : `Es fehlen ${p.n} Karten`} einer Farbe`,
  "tip.or": " oder ",
  "tip.needs.trains": (p) => `Braucht ${p.need} Züge; du hast ${p.have}`,
  "tip.needs.ships": (p) => `Braucht ${p.need} Schiffe; du hast ${p.have}`,

  "status.yourTurn": "Du bist dran: Karten ziehen, Strecke bauen oder Aufträge ziehen",
  "status.yourTurnName": "{name}, du bist dran: Karten ziehen, Strecke bauen oder Aufträge ziehen",
  "status.secondCard": "Nimm eine zweite Karte (keine offene Lokomotive)",
  "status.chooseTickets": "Wähle die Aufträge, die du behältst",
  "status.mustPass": "Du kannst in diesem Zug nichts tun: passe",
  "status.botThinking": "{name} überlegt …",
  "status.replayTurn": "Wiederholung: {name} ist am Zug",
  "status.waitingHuman": "{name} ist dran",
  "status.over": "Spielende",
  "status.overWon": "Spielende · {headline}",
  // "Spielzug", "dran": in Rails & Sails "Züge" are also the pieces.
  "status.finalRound": plural("Letzte Runde · noch {n} Spielzug", "Letzte Runde · noch {n} Spielzüge"),
  "status.finalRounds": "Letzte Runden · noch {n} Spielzüge",
  "status.finalToast": (p) => (p.n === 2 ? "Letzte Runden! Jeder ist noch zweimal dran." : "Letzte Runde! Jeder ist noch einmal dran."),
  "game.pass": "Passen",

  "log.title": "Spielverlauf",
  "log.empty": "Noch ist nichts passiert.",
  "log.you": "Du",
  // The person's own moves in the perfect tense ("Du hast … genommen"), the others' in the past
  // ("Ann nahm …"): "Du nahmst", "Du behieltst" read stilted (`st`: the sentence is about "Du").
  "log.takeLoco": (p) => (p.st ? "Du hast eine offene Lokomotive genommen." : `${p.name} nahm eine offene Lokomotive.`),
  "log.takeTwo": (p) => (p.st ? `Du hast eine offene ${p.a} und eine offene ${p.b} Karte genommen.` : `${p.name} nahm eine offene ${p.a} und eine offene ${p.b} Karte.`),
  "log.takeTwoSame": (p) => (p.st ? `Du hast zwei offene ${p.a} Karten genommen.` : `${p.name} nahm zwei offene ${p.a} Karten.`),
  "log.takeOne": (p) => (p.st ? `Du hast eine offene ${p.a} Karte genommen.` : `${p.name} nahm eine offene ${p.a} Karte.`),
  "log.takeAndDraw": (p) => (p.st ? `Du hast eine offene ${p.a} Karte und eine Karte vom Stapel genommen.` : `${p.name} nahm eine offene ${p.a} Karte und eine Karte vom Stapel.`),
  "log.drawBlind": (p) => {
    const cards = p.n === 1 ? "eine Karte" : `${p.n === 2 ? "zwei" : p.n} Karten`;
    return p.st ? `Du hast ${cards} vom Stapel gezogen.` : `${p.name} zog ${cards} vom Stapel.`;
  },
  "log.claim": (p) => {
    const what = `${p.route} (${p.n} ${p.n === 1 ? "Waggon" : "Waggons"}, ${p.points} ${p.points === 1 ? "Punkt" : "Punkte"}) mit ${p.pay}`;
    return p.st ? `Du hast ${what} gebaut.` : `${p.name} baute ${what}.`;
  },
  "log.payPart": "{n} × {card}",
  "log.drawTickets": (p) => (p.st ? `Du hast ${p.n} Aufträge gezogen.` : `${p.name} zog ${p.n} Aufträge.`),
  "log.drawTicketsKept": (p) => (p.st ? `Du hast ${p.n} Aufträge gezogen und ${p.k} behalten.` : `${p.name} zog ${p.n} Aufträge und behielt ${p.k}.`),
  "log.keepSetup": (p) => (p.st ? `Du hast ${p.k} von ${p.n} Startaufträgen behalten.` : `${p.name} behielt ${p.k} von ${p.n} Startaufträgen.`),
  "log.finalRound": (p) => (p.n === 2 ? "Die letzten Runden beginnen: Jeder ist noch zweimal dran." : "Die letzte Runde beginnt: Jeder ist noch einmal dran."),
  "log.yourKeep": "(Nur du siehst sie: {list}.)",
  "log.keptTickets": "(Behalten: {list}.)",
  "log.yourDraw": "(Nur du siehst sie: {list}.)",
  "log.drawnCards": "(Gezogen: {list}.)",
  "log.pass": (p) => (p.st ? "Du hast gepasst." : `${p.name} passte.`),
  "log.unknown": "{name}: {what}",

  "menu.title": "Menü",
  "menu.newGame": "Neues Spiel",
  "menu.newGameConfirm": "Dieses Spiel verlassen und ein neues beginnen?",
  "menu.newGameYes": "Neues Spiel beginnen",
  "menu.download": "Partie herunterladen",
  "menu.speed": "Computer-Tempo",

  "end.title": "Endwertung",
  "end.winner": "{name} gewinnt!",
  "end.youWin": "Du gewinnst!",
  "end.tie": "Geteilter Sieg: {names}!",
  "end.winnerShort": "Sieger",
  "end.player": "Spieler",
  "end.routes": "Strecken",
  "end.ticketsWon": "Aufträge +",
  "end.ticketsLost": "Aufträge −",
  "end.longest": "Längster Weg",
  "end.total": "Summe",
  "end.trains": plural("{n} Waggon", "{n} Waggons"),
  "end.routesN": plural("{n} Strecke", "{n} Strecken"),
  "end.ticketsN": "{done} von {n} Aufträgen",
  "end.chartTitle": "Punkte im Spielverlauf",
  "end.chartAria": "Diagramm der Punkte aller Spieler Zug für Zug, dann die Endwertung mit Aufträgen und Bonus.",
  "end.chartTurns": "Züge →",
  "end.chartFinal": "Ende",
  "end.viewBoard": "Karte ansehen",
  "end.showScores": "Wertung zeigen",
  "end.sameDeal": "Gleiches Blatt nochmal",
  "end.newGame": "Neues Spiel",

  "error.start": "Das Spiel konnte nicht starten: {message}",
  "error.partMissing": "Ein Teil des Spiels konnte nicht geladen werden. Bitte die Verbindung prüfen und es erneut versuchen.",
  "error.bot": "{name} konnte nicht ziehen: {message}",
};

// The card game's strings live in their own block (i18n-cardgame.js).
Object.assign(en, CARDGAME_STRINGS.en);
Object.assign(de, CARDGAME_STRINGS.de);
// Rails & Sails (world map) strings: i18n-world.js.
Object.assign(en, WORLD_STRINGS.en);
Object.assign(de, WORLD_STRINGS.de);
// North America's ways of play (the `tickets` option): i18n-usa1910.js.
Object.assign(en, USA1910_STRINGS.en);
Object.assign(de, USA1910_STRINGS.de);
Object.assign(en, SHARE_STRINGS.en);
Object.assign(de, SHARE_STRINGS.de);
Object.assign(en, SAFETY_STRINGS.en);
Object.assign(de, SAFETY_STRINGS.de);
Object.assign(en, LOADING_STRINGS.en);
Object.assign(de, LOADING_STRINGS.de);
Object.assign(en, LEARN_STRINGS.en);
Object.assign(de, LEARN_STRINGS.de);
Object.assign(en, ENDGAME_STRINGS.en);
Object.assign(de, ENDGAME_STRINGS.de);
Object.assign(en, SETTINGS_STRINGS.en);
Object.assign(de, SETTINGS_STRINGS.de);
Object.assign(en, CHOICES_STRINGS.en);
Object.assign(de, CHOICES_STRINGS.de);

export const STRINGS = { en, de };

let lang = "en";
const listeners = new Set();

function detect() {
  try {
    const stored = localStorage.getItem(LANG_KEY);
    if (LANGS.includes(stored)) return stored;
  } catch { /* no storage */ }
  for (const l of navigator.languages ?? [navigator.language ?? "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

/** Picks the language from storage or the browser; call once at start. */
export function initLang() {
  lang = detect();
  document.documentElement.lang = lang;
  return lang;
}

export function getLang() {
  return lang;
}

export function setLang(next) {
  if (!LANGS.includes(next) || next === lang) return;
  lang = next;
  try { localStorage.setItem(LANG_KEY, next); } catch { /* no storage */ }
  for (const fn of listeners) fn(lang);
}

export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function fill(value, params) {
  if (typeof value === "function") return value(params);
  return value.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** `x` with up to `digits` decimals (exactly `digits` when `fixed`) as the page's language
 *  writes it: 22.1 in English, 22,1 in German. */
/** A whole number of points as text, a negative one with a minus sign ("−29", not "-29"), as the
 *  score tables write their numbers. */
export function pointsText(n) {
  return n < 0 ? `\u2212${-n}` : String(n);
}

/** Points won or lost, with their sign: "+12", "−7", "0". */
export function signedPoints(n) {
  return n > 0 ? `+${n}` : pointsText(n);
}

export function decimal(x, digits = 1, { fixed = false } = {}) {
  return new Intl.NumberFormat(lang === "de" ? "de-DE" : "en-GB",
    { maximumFractionDigits: digits, minimumFractionDigits: fixed ? digits : 0, useGrouping: false }).format(x);
}

/** The string for `key` in the current language (English as a fallback, else the key). */
export function t(key, params = {}) {
  const value = STRINGS[lang][key] ?? en[key];
  if (value === undefined) {
    console.warn(`i18n: missing string ${key}`);
    return key;
  }
  return fill(value, params);
}

/** An error whose message is a string of these tables: `key` and `params` word it again in
 *  another language (a notice on screen follows a language switch). */
export class WordedError extends Error {
  constructor(key, params = {}) {
    super(t(key, params));
    this.name = "WordedError";
    this.key = key;
    this.params = params;
  }
}

/** What an error says, in the page's language now: a WordedError's string; a bad link's or
 *  record's trouble by the engine's code where this language words it (German); else the
 *  error's own message (the engine's English). */
export function errorText(err) {
  if (err?.key) return t(err.key, err.params);
  const key = `engineError.${err?.code}`;
  if (err?.code && key in STRINGS[lang]) {
    const params = Object.fromEntries(Object.entries(err.params ?? {}).map(([k, v]) => [k, String(v)]));
    return fill(STRINGS[lang][key], params);
  }
  return err?.message ?? String(err);
}

/** Like t() but returns `fallback` when no language has the key. */
export function tMaybe(key, fallback, params = {}) {
  return key in STRINGS[lang] || key in en ? t(key, params) : fallback;
}

/** A game's name as the lists and notices show it: "North America", with its way of play when it
 *  is not the classic one ("North America (Mega Game)"); `options` are the record's. */
export function gameTitle(variant, options = null) {
  const title = tMaybe(`variant.${variant}.title`, String(variant));
  const way = typeof options?.tickets === "string" ? options.tickets : "classic";
  return way === "classic" ? title : `${title} (${tMaybe(`way.${way}.title`, way)})`;
}

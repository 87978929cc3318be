// Rails & Sails (the world map) in short, English and German. Source: rules/world.md.
// Each section is {title, items}; web/ui/rules.js adds the pictures (by section key).

export const WORLD_RULES = {
  en: {
    title: "Rails & Sails: how to play",
    intro: "Travel the world by train and by ship: claim routes, build harbors and complete your tickets.",
    sections: {
      setup: { title: "Start", items: [
        "You get 3 train cards, 7 ship cards and 5 tickets, of which you keep at least 3.",
        "Then choose your 60 pieces in secret: 10–25 trains and the rest ships (20 trains / 40 ships is a good start). The other 15 wait in your box.",
      ] },
      turn: { title: "Your turn: one of five actions", items: [
        "Take transport cards, claim a route, draw tickets, build a harbor, or exchange pieces.",
      ] },
      cards: { title: "Transport cards", items: [
        "Take 2 cards: face up from the 6 in the market, or blind from the train deck or the ship deck.",
        "After a face-up card you choose which deck refills its place.",
        "A face-up joker is your whole turn. 3 face-up jokers: the market is dealt anew.",
      ] },
      claim: { title: "Claim a route", items: [
        "Train routes (rectangles) take train cards and trains; ship routes (ovals) take ship cards and ships. Never mixed; jokers replace any card.",
        "A double-ship card counts 2 spaces, but you may not overpay with a card you don't need.",
        "A rough-terrain space (marked) costs 2 cards of one colour. Points: length 1–8 gives 1/2/4/7/10/15/18/21.",
      ] },
      harbor: { title: "Build a harbor", items: [
        "In a port city where you have a route, and only one harbor per city.",
        "Pay 2 train and 2 ship cards of one colour, all with the anchor; jokers replace any of them.",
        "At the end a harbor scores 20/30/40 for 1/2/3 of your completed tickets naming its city; each unbuilt harbor costs 4 points.",
      ] },
      exchange: { title: "Exchange pieces", items: [
        "Swap trains for ships (or back) with your box: −1 point per piece. That is your whole turn.",
      ] },
      tickets: { title: "Tickets", items: [
        "Draw 4, keep at least 1. A two-city ticket scores its value if connected, else loses it.",
        "An itinerary names several cities: the high value if you can travel them in order, the middle one if all are connected, else the penalty.",
      ] },
      end: { title: "End", items: [
        "When someone ends a turn with 6 or fewer pieces, everyone has two more turns.",
        "Score: routes − exchanges ± tickets + harbors. There is no longest-path bonus.",
      ] },
    },
    captions: {
      cards: "Train, train with anchor, single ship (with anchor), double ship, joker.",
      claim: "A ship route (ovals) and a train route (rectangles) around Hamburg; Casablanca – Marseille crosses rough terrain.",
      harbor: "A harbor in Hamburg, paid with 2 train and 2 ship cards of one colour, all with the anchor.",
      tickets: "An itinerary: its cities are numbered in travel order.",
    },
  },
  de: {
    title: "Rails & Sails: So wird gespielt",
    intro: "Reise mit Zügen und Schiffen um die Welt: baue Strecken und Häfen und erfülle deine Aufträge.",
    sections: {
      setup: { title: "Start", items: [
        "Du bekommst 3 Zugkarten, 7 Schiffskarten und 5 Aufträge, von denen du mindestens 3 behältst.",
        "Dann wählst du geheim deine 60 Figuren: 10–25 Züge, der Rest Schiffe (20 Züge / 40 Schiffe ist ein guter Anfang). Die übrigen 15 warten in deiner Schachtel.",
      ] },
      turn: { title: "Dein Zug: eine von fünf Aktionen", items: [
        "Transportkarten nehmen, eine Strecke bauen, Aufträge ziehen, einen Hafen bauen oder Figuren tauschen.",
      ] },
      cards: { title: "Transportkarten", items: [
        "Nimm 2 Karten: offen aus den 6 der Auslage oder verdeckt vom Zug- oder vom Schiffsstapel.",
        "Nach einer offenen Karte wählst du, von welchem Stapel ihr Platz aufgefüllt wird.",
        "Ein offener Joker ist dein ganzer Zug. Liegen 3 Joker offen, wird die Auslage neu gelegt.",
      ] },
      claim: { title: "Eine Strecke bauen", items: [
        "Zugstrecken (Rechtecke) kosten Zugkarten und Züge, Schiffsstrecken (Ovale) Schiffskarten und Schiffe. Nie gemischt; Joker ersetzen jede Karte.",
        "Eine Doppelschiff-Karte zählt 2 Felder, aber du darfst nicht mit einer unnötigen Karte überzahlen.",
        "Ein unwegsames Feld (markiert) kostet 2 Karten einer Farbe. Punkte: Länge 1–8 bringt 1/2/4/7/10/15/18/21.",
      ] },
      harbor: { title: "Einen Hafen bauen", items: [
        "In einer Hafenstadt, an der du eine Strecke hast, und nur ein Hafen je Stadt.",
        "Zahle 2 Zug- und 2 Schiffskarten einer Farbe, alle mit Anker; Joker ersetzen jede davon.",
        "Am Ende bringt ein Hafen 20/30/40 für 1/2/3 deiner erfüllten Aufträge mit seiner Stadt; jeder nicht gebaute Hafen kostet 4 Punkte.",
      ] },
      exchange: { title: "Figuren tauschen", items: [
        "Tausche Züge gegen Schiffe (oder umgekehrt) mit deiner Schachtel: −1 Punkt je Figur. Das ist dein ganzer Zug.",
      ] },
      tickets: { title: "Aufträge", items: [
        "Ziehe 4, behalte mindestens 1. Ein Auftrag mit zwei Städten zählt plus, wenn verbunden, sonst minus.",
        "Eine Reiseroute nennt mehrere Städte: den hohen Wert, wenn du sie der Reihe nach bereisen kannst, den mittleren, wenn alle verbunden sind, sonst die Strafe.",
      ] },
      end: { title: "Ende", items: [
        "Hat jemand am Ende seines Spielzugs 6 oder weniger Figuren, ist jede Person noch zweimal dran.",
        "Wertung: Strecken − Tausch ± Aufträge + Häfen. Einen Bonus für den längsten Weg gibt es nicht.",
      ] },
    },
    captions: {
      cards: "Zug, Zug mit Anker, Einzelschiff (mit Anker), Doppelschiff, Joker.",
      claim: "Eine Schiffsstrecke (Ovale) und eine Zugstrecke (Rechtecke) bei Hamburg; Casablanca – Marseille führt durch Gelände.",
      harbor: "Ein Hafen in Hamburg, bezahlt mit 2 Zug- und 2 Schiffskarten einer Farbe, alle mit Anker.",
      tickets: "Eine Reiseroute: ihre Städte sind in Reiseordnung nummeriert.",
    },
  },
};

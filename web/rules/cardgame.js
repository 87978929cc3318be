// The card game in short, English and German. Source: rules/cardgame.md.
// Each section is {title, items}; web/ui/rules.js adds the pictures (by section key).

export const CARDGAME_RULES = {
  en: {
    title: "The card game: how to play",
    intro: "Lay train cards in your rail yard, send them on the way, and use them to complete tickets.",
    sections: {
      goal: { title: "Goal", items: [
        "Tickets show two cities, points and the coloured cards they need. Cards in your on-the-way pile pay for them when the deck runs out.",
        "You start with 1 locomotive, 7 cards and 6 tickets, of which you keep at least 1.",
      ] },
      move: { title: "First: send cards on the way", items: [
        "If your rail yard has rows, move the top card of each row to your face-down on-the-way pile.",
      ] },
      turn: { title: "Then one of three actions", items: [
        "Draw 2 cards (face up or blind; a face-up locomotive is your only card), or play cards to your yard, or draw 4 tickets and keep any of them.",
      ] },
      play: { title: "Play cards", items: [
        "2 or more cards of one colour (locomotives may join them, on top), or exactly 3 cards of 3 different colours.",
        "You can't play a colour you already have a row of.",
      ] },
      raid: { title: "Raid", items: [
        "A colour lying in another player's yard may only be played with more cards than their row holds.",
        "Then that player discards their whole row of that colour.",
      ] },
      end: { title: "End and scoring", items: [
        "When the deck is empty, everyone has one more turn. Then your on-the-way pile pays for tickets; each card serves one ticket, locomotives any colour.",
        "Completed tickets score, the others in hand count minus. Most tickets naming a big city win its bonus. With 4 players a second half follows.",
      ] },
    },
    captions: {
      goal: "A ticket: the cities, its points and the cards it needs.",
      move: "The top card of each row goes to the on-the-way pile.",
      play: "A red row of 3 with a locomotive on top.",
      raid: "3 blue cards raid a blue row of 2: that row is discarded.",
    },
  },
  de: {
    title: "Das Kartenspiel: So wird gespielt",
    intro: "Lege Wagenkarten in deinen Bahnhof, schicke sie auf die Reise und erfülle damit Aufträge.",
    sections: {
      goal: { title: "Ziel", items: [
        "Aufträge zeigen zwei Städte, Punkte und die Farbkarten, die sie brauchen. Die Karten deines Unterwegs-Stapels bezahlen sie, wenn der Nachziehstapel leer ist.",
        "Du beginnst mit 1 Lok, 7 Karten und 6 Aufträgen, von denen du mindestens 1 behältst.",
      ] },
      move: { title: "Zuerst: Karten auf die Reise schicken", items: [
        "Hat dein Bahnhof Reihen, kommt die oberste Karte jeder Reihe auf deinen verdeckten Unterwegs-Stapel.",
      ] },
      turn: { title: "Dann eine von drei Aktionen", items: [
        "2 Karten ziehen (offen oder verdeckt; eine offene Lok ist deine einzige Karte), Karten in den Bahnhof legen oder 4 Aufträge ziehen und beliebig viele behalten.",
      ] },
      play: { title: "Karten legen", items: [
        "2 oder mehr Karten einer Farbe (Loks dürfen dazu, sie liegen oben) oder genau 3 Karten in 3 verschiedenen Farben.",
        "Eine Farbe, von der du schon eine Reihe hast, darfst du nicht legen.",
      ] },
      raid: { title: "Überfall", items: [
        "Eine Farbe, die im Bahnhof einer anderen Person liegt, darfst du nur mit mehr Karten legen, als deren Reihe hat.",
        "Dann wirft diese Person ihre ganze Reihe dieser Farbe ab.",
      ] },
      end: { title: "Ende und Wertung", items: [
        "Ist der Nachziehstapel leer, ist jede Person noch einmal dran. Dann bezahlt dein Unterwegs-Stapel Aufträge; jede Karte dient einem Auftrag, Loks ersetzen jede Farbe.",
        "Erfüllte Aufträge zählen, die übrigen auf der Hand minus. Wer die meisten Aufträge zu einer Großstadt erfüllt, bekommt ihren Bonus. Zu viert folgt eine zweite Hälfte.",
      ] },
    },
    captions: {
      goal: "Ein Auftrag: die Städte, seine Punkte und die Karten, die er braucht.",
      move: "Die oberste Karte jeder Reihe kommt auf den Unterwegs-Stapel.",
      play: "Eine rote Reihe mit 3 Karten und einer Lok obenauf.",
      raid: "3 blaue Karten überfallen eine blaue Reihe mit 2: sie wird abgeworfen.",
    },
  },
};

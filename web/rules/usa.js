// The classic game (North America) in short, English and German. Source: rules/usa.md.
// Each section is {title, items}; web/ui/rules.js adds the pictures (by section key).

export const USA_RULES = {
  en: {
    title: "North America: how to play",
    intro: "Claim railway routes between cities, connect the cities on your tickets, and score the most points.",
    sections: {
      goal: { title: "Goal", items: [
        "Each player has 45 trains. Routes score when you claim them: length 1/2/3/4/5/6 gives 1/2/4/7/10/15 points.",
        "Tickets name two cities: connect them with your own routes for their points, or lose them at the end.",
      ] },
      turn: { title: "Your turn: one of three actions", items: [
        "Draw train cards, or claim one route, or draw destination tickets.",
        "At the start you get 4 cards and 3 tickets, of which you keep at least 2.",
      ] },
      cards: { title: "Draw train cards", items: [
        "Take 2 cards: each one face up from the market or blind from the deck.",
        "A face-up locomotive is wild, but taking it is your whole turn (1 card), and it can't be your second card.",
        "A locomotive drawn blind counts as a normal card. 3 face-up locomotives: the market is dealt anew.",
      ] },
      claim: { title: "Claim a route", items: [
        "Pay as many cards as the route is long, all of the route's colour; a gray route takes any one colour. Locomotives stand in for any colour.",
        "You need that many trains left. Any free route anywhere may be claimed, connected to yours or not.",
      ] },
      doubles: { title: "Double routes", items: [
        "No player may claim both routes of a pair.",
        "With 2 or 3 players only one of the pair is used: once one is claimed, the other is closed.",
      ] },
      tickets: { title: "Draw tickets", items: [
        "Draw 3 tickets and keep at least 1; the others go under the pile.",
        "Kept tickets are secret until the end.",
      ] },
      end: { title: "End and scoring", items: [
        "When someone ends a turn with 0, 1 or 2 trains, everyone (that player too) has one more turn.",
        "Completed tickets add their value, open ones subtract it. The longest continuous path gets 10 points.",
        "Most points wins; ties go to more completed tickets, then the longest path.",
      ] },
    },
    captions: {
      goal: "Denver – Kansas City, 4 orange spaces: 7 points.",
      cards: "The market: five face-up cards beside the blind deck.",
      claim: "3 orange cards and a locomotive pay for the orange route of 4.",
      doubles: "Kansas City – Saint Louis: one claimed, the other closed with 2–3 players.",
      tickets: "A ticket and the way its two cities lie on the map.",
    },
  },
  de: {
    title: "Nordamerika: So wird gespielt",
    intro: "Baue Bahnstrecken zwischen Städten, verbinde die Städte deiner Aufträge und sammle die meisten Punkte.",
    sections: {
      goal: { title: "Ziel", items: [
        "Jede Person hat 45 Waggons. Strecken zählen sofort: Länge 1/2/3/4/5/6 bringt 1/2/4/7/10/15 Punkte.",
        "Aufträge nennen zwei Städte: Verbinde sie mit eigenen Strecken für ihre Punkte, sonst werden sie am Ende abgezogen.",
      ] },
      turn: { title: "Dein Zug: eine von drei Aktionen", items: [
        "Wagenkarten ziehen, eine Strecke bauen oder Aufträge ziehen.",
        "Zu Beginn bekommst du 4 Karten und 3 Aufträge, von denen du mindestens 2 behältst.",
      ] },
      cards: { title: "Wagenkarten ziehen", items: [
        "Nimm 2 Karten: jede offen aus der Auslage oder verdeckt vom Stapel.",
        "Eine offene Lok ist ein Joker, aber sie ist dein ganzer Zug (1 Karte) und nie die zweite Karte.",
        "Eine verdeckt gezogene Lok zählt wie eine normale Karte. Liegen 3 Loks offen, wird die Auslage neu gelegt.",
      ] },
      claim: { title: "Eine Strecke bauen", items: [
        "Zahle so viele Karten, wie die Strecke lang ist, alle in ihrer Farbe; eine graue Strecke in einer beliebigen Farbe. Loks ersetzen jede Farbe.",
        "Du brauchst so viele Waggons. Jede freie Strecke darf gebaut werden, ob sie an deine anschließt oder nicht.",
      ] },
      doubles: { title: "Doppelstrecken", items: [
        "Niemand darf beide Strecken eines Paares bauen.",
        "Zu zweit oder dritt wird nur eine davon genutzt: Ist eine gebaut, ist die andere gesperrt.",
      ] },
      tickets: { title: "Aufträge ziehen", items: [
        "Ziehe 3 Aufträge und behalte mindestens 1; die übrigen kommen unter den Stapel.",
        "Behaltene Aufträge bleiben bis zum Ende geheim.",
      ] },
      end: { title: "Ende und Wertung", items: [
        "Beendet jemand einen Zug mit 0, 1 oder 2 Waggons, hat jede Person (auch sie) noch genau einen Zug.",
        "Erfüllte Aufträge zählen plus, offene minus. Der längste durchgehende Weg bringt 10 Punkte.",
        "Die meisten Punkte gewinnen; bei Gleichstand mehr erfüllte Aufträge, dann der längste Weg.",
      ] },
    },
    captions: {
      goal: "Denver – Kansas City, 4 orange Felder: 7 Punkte.",
      cards: "Die Auslage: fünf offene Karten neben dem verdeckten Stapel.",
      claim: "3 orange Karten und eine Lok bezahlen die orange Strecke der Länge 4.",
      doubles: "Kansas City – Saint Louis: eine gebaut, die andere zu zweit oder dritt gesperrt.",
      tickets: "Ein Auftrag und wo seine zwei Städte auf der Karte liegen.",
    },
  },
};

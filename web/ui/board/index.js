// The map: BoardView (the interactive canvas) and drawTicketMap (a ticket's small overview map).
// Modules: style (each map's look), geometry (route spaces, fitted view), picking (route under a
// point), interaction (pan/zoom/tap, route tip), render (one frame) with background, tracks,
// cities and labels, ticketmap.
export { BoardView } from "./view.js";
export { drawTicketMap } from "./ticketmap.js";

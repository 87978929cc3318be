// Which screen shows which game: the map screen (core/mapscreen.js) composed with a map game's panels, or
// the card game's own screen. The only place that lists the games' page code.
import { GameScreen } from "./core/mapscreen.js";
import { CardGameScreen } from "./cardgame/screen.js";
import { usa } from "./usa/panels.js";
import { world } from "./world/panels.js";

/** The map screen with one game's panels, as a class (the app and the replay viewer make screens with `new`). */
const mapScreen = (game) => class extends GameScreen {
  constructor(ctx, settings) {
    super(ctx, settings, game);
  }
};

const SCREENS = { usa: mapScreen(usa), world: mapScreen(world), cardgame: CardGameScreen };

/** The screen class of `variant` (North America's for an unknown one). */
export function screenClass(variant) {
  return SCREENS[variant] ?? SCREENS.usa;
}

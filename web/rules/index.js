// The rules pages' text, one module per game (EN and DE side by side). The pictures that go with
// the sections are drawn by web/ui/rules.js with the game's own board and card renderers.
import { USA_RULES } from "./usa.js";
import { WORLD_RULES } from "./world.js";
import { CARDGAME_RULES } from "./cardgame.js";

export const RULES = { usa: USA_RULES, world: WORLD_RULES, cardgame: CARDGAME_RULES };

/** The rules of `variant` in `lang` (English when that language is missing), or null. */
export function rulesText(variant, lang) {
  const r = RULES[variant];
  return r ? r[lang] ?? r.en : null;
}

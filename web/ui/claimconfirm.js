// "Confirm claims": whether a mouse click on a route only selects it (its tip then offers Claim)
// instead of claiming at once. A tap on a touch screen always asks first. The player's choice is a
// preference (Settings); by default it is on for a device whose main pointer is a finger.

import { getPref } from "./core/prefs.js";

/** Whether a mouse click on a route asks before claiming (the Settings preference). */
export function confirmClaims() {
  return getPref("confirmClaims");
}

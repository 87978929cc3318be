// "Confirm claims": whether a mouse click on a route only selects it (its tip then offers Claim)
// instead of claiming at once. A tap on a touch screen always asks first. The player's choice is a
// preference (Settings); by default it is on for a device whose main pointer is a finger.

/** The default: on where the main pointer is coarse (a touch screen), off with a mouse. */
export function confirmClaimsByDefault() {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

/** Whether a mouse click on a route asks before claiming. */
export function confirmClaims() {
  return confirmClaimsByDefault();
}

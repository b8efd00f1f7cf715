/** Shown after a successful sign-in, one picked at random (docs/product.md#sign-in-forgotten-and-reset-password). */
export const CELEBRATIONS = [
  'You’re in! Time to make things sparkle. ✨',
  'Welcome back! Fresh start, clean slate. 🌿',
  'Signed in — let’s get sweeping! 🧹',
  'Great to see you! Everything’s spotless and ready. 🫧',
  'Access granted. Let the tidy times roll! 🍃',
] as const;

export function randomCelebration(random: () => number = Math.random): string {
  const index = Math.min(CELEBRATIONS.length - 1, Math.floor(random() * CELEBRATIONS.length));
  return CELEBRATIONS[index] ?? CELEBRATIONS[0];
}

/** Fisher–Yates shuffle into a new array (the gallery is shuffled on each load, spec §4). */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

/** Number of pages for `total` items (at least 1, so an empty list still shows "page 1"). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** `page` kept inside 1…pageCount (a filter can shrink the list under the current page). */
export const clampPage = (page: number, pages: number) => Math.min(Math.max(1, Math.floor(page) || 1), pages);

/** The items of one page (pages count from 1). */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const start = (page - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/** A repeatable random sequence from `seed` (mulberry32): one visit's shuffle is the same on every page. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A new visit's seed: a positive whole number that fits a page parameter. */
export const newSeed = () => 1 + Math.floor(Math.random() * 999_999_999);

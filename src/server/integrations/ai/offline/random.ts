/** A small seeded pseudo-random source: the offline composer must give the same posts for the same seed. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, max). */
  int(max: number): number;
  /** The items in a random order (a new array). */
  shuffle<T>(items: readonly T[]): T[];
}

/** mulberry32: tiny, fast and well spread for a 32-bit seed; not for anything secret. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = int(index + 1);
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy;
  };
  return { next, int, shuffle };
}

/** FNV-1a: folds text into a 32-bit number, to mix a request into the seed. */
export function hashText(text: string, basis = 0x811c9dc5): number {
  let hash = basis >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * A shuffled pile that deals its items in turn and starts over when it runs out, so that the
 * ideas of one batch use different sentences for as long as there are enough. An item refused
 * once (it did not suit that post) stays first in line; the least dealt item always goes first.
 */
export interface Deck<T> {
  /** The least dealt item that `accept` takes (all are taken without it), next in turn among equals; null when none is. */
  draw(accept?: (item: T) => boolean): T | null;
}

/** `used` marks items already shown (in posts of earlier rounds): they are dealt after the others. */
export function createDeck<T>(items: readonly T[], random: Random, used?: (item: T) => boolean): Deck<T> {
  const pile = random.shuffle(items);
  const dealt: number[] = pile.map((item) => (used?.(item) ? 1 : 0));
  let cursor = 0;
  return {
    draw(accept = () => true) {
      // The least dealt first; among equals, the next in turn from where the last draw stopped.
      const levels = [...new Set(dealt)].sort((a, b) => a - b);
      for (const level of levels) {
        for (let offset = 0; offset < pile.length; offset += 1) {
          const index = (cursor + offset) % pile.length;
          if (dealt[index] !== level || !accept(pile[index] as T)) continue;
          dealt[index] = level + 1;
          cursor = index + 1;
          return pile[index] as T;
        }
      }
      return null;
    },
  };
}

import { describe, expect, it } from 'vitest';
import { createDeck, createRandom, hashText } from './random';

describe('createRandom', () => {
  it('repeats itself for a seed and differs between seeds', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, createRandom(seed).next);
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    for (const value of draw(7)) expect(value).toBeGreaterThanOrEqual(0);
  });

  it('shuffles without losing anything', () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    expect([...createRandom(1).shuffle(items)].sort()).toEqual(items);
  });

  it('hashes text differently for different bases', () => {
    expect(hashText('candles', 1)).not.toBe(hashText('candles', 2));
    expect(hashText('candles', 1)).toBe(hashText('candles', 1));
  });
});

describe('createDeck', () => {
  it('deals every item once before starting over, and skips what is refused', () => {
    const deck = createDeck(['a', 'b', 'c'], createRandom(3));
    const round = [deck.draw(), deck.draw(), deck.draw()];
    expect([...round].sort()).toEqual(['a', 'b', 'c']);
    expect(deck.draw()).toBe(round[0]);
    expect(deck.draw((item) => item === 'c')).toBe('c');
    expect(deck.draw(() => false)).toBeNull();
  });
});

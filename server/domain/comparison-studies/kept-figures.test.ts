import type { GroupOptions } from '../../../shared/comparison';
import { figuresOf } from './groups';
import { keptFiguresOf } from './kept-figures';

const options: GroupOptions = {
  confidence: 0.95,
  errorRatio: 1,
  decisionLevels: [4],
  criterion: { type: 'allowable_bias', scale: 'absolute', limit: 0.2 },
};
const pairs = Array.from({ length: 40 }, (_, i) => ({
  id: i + 1,
  x: 350 + 3 * i,
  y: 352 + 3 * i + (i % 5),
}));

describe('keptFiguresOf', () => {
  it('gives the figures of the same pairs again without computing them', () => {
    const first = keptFiguresOf([...pairs], options);
    expect(first).toEqual(figuresOf(pairs, options));
    expect(keptFiguresOf([...pairs], { ...options })).toBe(first);
  });

  it('computes anew when a value, a pair or an option changes', () => {
    const first = keptFiguresOf(pairs, options);
    const corrected = pairs.map((p, i) => (i === 7 ? { ...p, y: p.y + 1 } : p));
    const renumbered = pairs.map((p, i) => (i === 7 ? { ...p, id: 99 } : p));
    for (const [changed, changedOptions] of [
      [corrected, options],
      [pairs.slice(1), options],
      [renumbered, options],
      [pairs, { ...options, confidence: 0.99 }],
    ] as const) {
      const figures = keptFiguresOf([...changed], changedOptions);
      expect(figures).not.toBe(first);
      expect(figures).toEqual(figuresOf([...changed], changedOptions));
    }
  });
});

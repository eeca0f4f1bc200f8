import { freezePrototypes } from './freeze-prototypes';

// testing/frozen-prototypes.ts has already frozen them for this file, as each process does.
it('leaves no shared prototype that a request could write to', () => {
  freezePrototypes(); // a second call changes nothing
  for (const prototype of [Object.prototype, Array.prototype, Function.prototype]) {
    expect(Object.isFrozen(prototype)).toBe(true);
  }
  expect(() => {
    (Object.prototype as Record<string, unknown>)['r.id'] = 'ASC';
  }).toThrow(TypeError);
  expect(({} as Record<string, unknown>)['r.id']).toBeUndefined();
});

it('still lets an object carry its own keys, prototype names included', () => {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  fields['__proto__'] = 'x';
  fields['constructor'] = 'y';
  expect(Object.keys(fields)).toEqual(['__proto__', 'constructor']);
});

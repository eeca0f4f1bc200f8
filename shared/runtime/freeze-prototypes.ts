/**
 * Freezes the prototypes every plain object, array and function inherits from, so no request,
 * however it is crafted, can change how the rest of the process behaves (prototype pollution).
 * Call it once per process after the libraries it uses are loaded: code that later assigns a
 * property those prototypes already have (`obj.toString = …`) fails loudly in strict mode.
 */
export function freezePrototypes(): void {
  for (const prototype of [Object.prototype, Array.prototype, Function.prototype]) {
    Object.freeze(prototype);
  }
}

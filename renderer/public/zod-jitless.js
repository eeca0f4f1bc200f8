// Runs before the app's modules (a deferred classic script from 'self', ahead of them in the
// page): zod compiles parsers with `new Function` when eval is allowed, and the app's
// Content-Security-Policy forbids eval; even zod's probe for it would be reported as a
// violation. Parse without compiling.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});

// Every API, agent and unit test runs as the processes do in production: the libraries loaded,
// then the shared prototypes frozen (shared/runtime/freeze-prototypes.ts, called by
// server/main.ts, server/worker.ts and the desktop entry points). Loading the server first keeps
// libraries that set up their own prototypes at load time working, as they do in production.
// Renderer tests are left out: that code runs in a browser, not in a process we freeze, and
// Playwright, the browser tests' driver, loads parts of itself lazily and assigns prototype
// methods as it does.
import path from 'node:path';
import '../server/boot';
import 'pg';
// The renderer's HTTP client, for its node-environment tests (the browser never freezes).
import { freezePrototypes } from '../shared/runtime/freeze-prototypes';

if (!expect.getState().testPath?.includes(`${path.sep}renderer${path.sep}`)) freezePrototypes();

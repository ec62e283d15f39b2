import { vi } from 'vitest';

/*
 * The server projects run with `isolate: false` (vitest.config.ts): one worker process loads Fastify, kysely and
 * the app's modules once for every file instead of once per file (minutes per run). Each file builds its own app
 * and store (test/kit.ts), so what one file could leave behind is only process-wide: fake timers, stubbed
 * globals and environment variables. They are reset here, before each file's own code runs.
 */
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

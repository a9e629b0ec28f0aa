import type { $ZodConfig } from 'zod/v4/core';

/**
 * Zod compiles a faster object parser with `new Function` where the page allows it, and finds out by
 * trying as the first object schema is made. The CSP (script-src 'self', no 'unsafe-eval') refuses
 * that try, and the browser reports each refusal as a CSP violation (Chrome's Issues panel, which
 * Lighthouse counts against best practices) on every page that loads a schema. Told it may not
 * compile (`jitless`), Zod never tries; its parsers are the ones it falls back on here anyway.
 *
 * Zod keeps its settings in this global and reads one set before it loads (zod/v4/core/core.ts).
 * Set here, src/main.tsx's first import, it costs the entry no Zod code: `config` from
 * 'zod/v4/core' would move Zod's core into the entry chunk (3 KB more on every page), since Zod
 * itself loads only with the screens that validate.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Partial<$ZodConfig> };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

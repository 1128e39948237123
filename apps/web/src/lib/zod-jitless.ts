// Every `from 'zod'` of the web app (ours, @careloop/contracts, @careloop/domain) resolves to this
// module (the alias in vite.config.ts and vitest.config.ts): zod as it is, with jitless set before
// any schema exists. The CSP allows no eval, and zod probes `new Function` when it creates its
// first object schema (Chrome reports the blocked probe as a CSP issue even though zod catches
// it). Zod, and so this, loads only with the pages that validate or parse something.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';

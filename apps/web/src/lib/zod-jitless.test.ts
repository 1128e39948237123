import { afterEach, describe, expect, it, vi } from 'vitest';

describe("the web app's zod", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('never tries `new Function` (the CSP forbids eval)', async () => {
    const compiled: string[] = [];
    const RealFunction = globalThis.Function;
    const spy = new Proxy(RealFunction, {
      construct(target, args) {
        compiled.push(String(args.at(-1)));
        return Reflect.construct(target, args);
      },
      apply(target, thisArg, args) {
        compiled.push(String(args.at(-1)));
        return Reflect.apply(target, thisArg, args);
      },
    });
    vi.stubGlobal('Function', spy);
    vi.resetModules();
    // Through the alias, as contracts and domain import it.
    const { z } = await import('zod');
    const schema = z.object({ name: z.string().trim().min(1), email: z.email() });
    expect(schema.parse({ name: ' Ada ', email: 'ada@example.com' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
    });
    expect(schema.extend({ age: z.number() }).safeParse({ name: 'x', email: 'x' }).success).toBe(false);
    expect(compiled).toEqual([]);
  });
});

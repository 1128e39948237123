import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, type JobContext } from './job-definition';
import { jobRegistry } from './registry';

const ctx = {} as JobContext;

describe('defineJob', () => {
  it('hands the handler the payload parsed by the job’s own schema (defaults applied)', async () => {
    const seen: unknown[] = [];
    const job = defineJob({
      name: 'typed-job',
      payload: z.object({ clinicId: z.string(), limit: z.number().default(10) }),
      handle: async (payload) => {
        seen.push(payload);
      },
    });
    await job.run({ clinicId: 'c1' }, ctx);
    expect(seen).toEqual([{ clinicId: 'c1', limit: 10 }]);
  });

  it('refuses queued data that does not match the schema, without calling the handler', async () => {
    let called = false;
    const job = defineJob({
      name: 'typed-job',
      payload: z.object({ clinicId: z.string() }),
      handle: async () => {
        called = true;
      },
    });
    await expect(job.run({ clinicId: 42 }, ctx)).rejects.toThrow();
    expect(called).toBe(false);
  });

  it('checks the handler against the payload type (the type-check fails otherwise)', () => {
    defineJob({
      name: 'typed-job',
      payload: z.object({ clinicId: z.string() }),
      handle: async (payload) => {
        // @ts-expect-error: the payload has no batchSize
        void payload.batchSize;
      },
    });
    defineJob({
      name: 'typed-job',
      payload: z.object({ clinicId: z.string() }),
      // @ts-expect-error: a handler for another payload does not fit this schema
      handle: async (payload: { batchSize: number }) => {
        void payload;
      },
    });
  });

  it('registers every job once, each runnable', () => {
    const names = jobRegistry.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    for (const job of jobRegistry) expect(typeof job.run).toBe('function');
  });
});

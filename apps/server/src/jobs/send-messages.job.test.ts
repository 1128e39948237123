import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { helperRuns, sendMessagesJob } from './send-messages.job';

describe('the runs a sending wave queues', () => {
  const helper = { payload: { helper: true } };
  it.each([
    ['a scheduled run, one helper (two worker processes)', { helpers: 1, helper: false }, [helper]],
    ['a scheduled run, three helpers', { helpers: 3, helper: false }, [helper, helper, helper]],
    ['a scheduled run told to queue none', { helpers: 0, helper: false }, []],
    ['a helper queues none, whatever it is told', { helpers: 3, helper: true }, []],
  ])('%s', (_name, run, expected) => {
    expect(helperRuns(run)).toEqual(expected);
  });

  it('a helper is a valid payload of the job; the schedule’s empty payload leaves the number to SEND_HELPERS', () => {
    expect(sendMessagesJob.payload.parse(helper.payload)).toMatchObject({ helper: true });
    expect(sendMessagesJob.payload.parse({}).helpers).toBeUndefined();
    expect(loadConfig({}).jobs.sendHelpers).toBe(1);
    expect(loadConfig({ SEND_HELPERS: '3' }).jobs.sendHelpers).toBe(3);
    expect(() => loadConfig({ SEND_HELPERS: '-1' })).toThrow(/SEND_HELPERS/);
  });
});

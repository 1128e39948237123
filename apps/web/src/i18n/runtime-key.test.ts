import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '.';
import { keyFor, translateRuntimeKey } from './runtime-key';

beforeAll(async () => {
  await i18n.loadNamespaces(['settings', 'patients']);
});

describe('translateRuntimeKey', () => {
  it.each([
    ['settings:tabs.team', {}, 'Team'],
    ['settings:no.such.key', {}, 'no.such.key'],
    ['no.such.key', {}, 'no.such.key'],
    ['patients:timeline.review', { rating: 4 }, 'Review: 4 of 5 stars'],
  ])('%s with %j -> %s', (key, options, expected) => {
    expect(translateRuntimeKey(i18n.t, key, options)).toBe(expected);
  });

  it('shows a missing key as i18next itself does', () => {
    // @ts-expect-error the compiler refuses a key the English texts lack
    expect(translateRuntimeKey(i18n.t, 'settings:no.such.key')).toBe(i18n.t('settings:no.such.key'));
  });
});

describe('keyFor', () => {
  const keys = { low: 'audit.riskLevels.low', high: 'audit.riskLevels.high' } as const;

  it.each([
    ['low', 'audit.riskLevels.low'],
    ['high', 'audit.riskLevels.high'],
    ['medium', undefined],
    ['toString', undefined],
  ])('%s -> %s', (name, expected) => {
    expect(keyFor(keys, name)).toBe(expected);
  });
});

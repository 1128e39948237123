import { describe, expect, it } from 'vitest';
import { translatedList } from './translated-list';

describe('translatedList', () => {
  it('gives the entries of a list and an empty list for a missing key (its text is the key)', () => {
    expect(translatedList([{ title: 'a' }, { title: 'b' }])).toEqual([{ title: 'a' }, { title: 'b' }]);
    expect(translatedList<string>('about.stats')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { shippedSources } from '../test/source-files';

// Mantine's Modal close button is an icon with no name of its own: a screen reader says only
// "button" (axe: button-name). Every dialog names it, in the page's language.

/** The opening tags of `<Modal ...>` in a source: up to the first `>` outside braces. */
function modalOpeningTags(source: string): string[] {
  const tags: string[] = [];
  for (const match of source.matchAll(/<Modal(?=[\s>])/g)) {
    let depth = 0;
    let end = match.index;
    for (; end < source.length; end++) {
      const c = source[end];
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '>' && depth === 0) break;
    }
    tags.push(source.slice(match.index, end + 1));
  }
  return tags;
}

describe('modalOpeningTags', () => {
  it.each([
    ['<Modal opened onClose={() => x > 1}>body</Modal>', ['<Modal opened onClose={() => x > 1}>']],
    ['<Modal.Root>', []],
    ['<ModalBody>', []],
    ['a <Modal a="1">b</Modal> <Modal b={{ c: 2 }}>', ['<Modal a="1">', '<Modal b={{ c: 2 }}>']],
  ])('%s', (source, tags) => {
    expect(modalOpeningTags(source)).toEqual(tags);
  });
});

describe('dialogs', () => {
  it('name their close button (or have none)', () => {
    const offenders = shippedSources(undefined, /\.tsx$/).flatMap(({ file, source }) =>
      modalOpeningTags(source)
        .filter(
          (tag) =>
            !/closeButtonProps=\{\{[^}]*'aria-label'/.test(tag) && !/withCloseButton=\{false\}/.test(tag),
        )
        .map((tag) => `${file}: ${tag.split('\n')[0]}`),
    );
    expect(offenders).toEqual([]);
  });
});

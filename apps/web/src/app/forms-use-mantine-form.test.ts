import { describe, expect, it } from 'vitest';
import { shippedSources } from '../test/source-files';

// Every form keeps its values in @mantine/form (`useForm`): one way to read, validate and reset a
// form. A form that reads its inputs from the DOM (FormData, `form.elements`) is a second way.
const domReads = /\bnew FormData\b|\bFormData\s*\(|\.elements\b/;

function readsTheDom(source: string): boolean {
  return domReads.test(source);
}

describe('readsTheDom', () => {
  it.each([
    ['new FormData(event.currentTarget)', true],
    ['for (const [k, v] of new FormData(form)) {}', true],
    ['const email = event.currentTarget.elements.namedItem("email")', true],
    ["const form = useForm({ mode: 'controlled', initialValues })", false],
    ['form.getInputProps("email")', false],
  ])('%s', (source, expected) => {
    expect(readsTheDom(source)).toBe(expected);
  });
});

describe('forms', () => {
  it('keep their values in @mantine/form, never read from the DOM', () => {
    const offenders = shippedSources()
      .filter(({ source }) => readsTheDom(source))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});

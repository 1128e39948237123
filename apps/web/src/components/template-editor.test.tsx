import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../i18n';
import { renderPage } from '../test/render';
import { type TemplateDraft, TemplateEditor, templateEditorNamespaces } from './template-editor';

beforeAll(async () => {
  await i18n.loadNamespaces(templateEditorNamespaces);
});

const custom = (name: string, body = 'Hi {{patient_name}}'): TemplateDraft => ({
  name,
  body,
  category: null,
  language: 'en',
  channel: 'whatsapp',
});

function Harness({ initial, limit }: { initial: TemplateDraft[]; limit: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TemplateEditor value={value} onChange={setValue} limit={limit} />
      <output data-testid="count">{value.length}</output>
    </>
  );
}

const limitMessage = 'Template Limit Reached - Upgrade to Professional to add more than 3 templates';

describe('TemplateEditor', () => {
  it('refuses the 4th template on a 3-template plan with the spec message', async () => {
    const user = userEvent.setup();
    renderPage(<Harness initial={[custom('Welcome')]} limit={3} />, { path: '/' });
    await user.click(await screen.findByRole('button', { name: 'Add template: Post-treatment check-in' }));
    expect(await screen.findByText('Template Added')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add template: Review request' }));
    expect(screen.getByTestId('count').textContent).toBe('3');
    expect(screen.queryByText(limitMessage)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add template: Appointment reminder' }));
    expect(await screen.findByText(limitMessage)).toBeTruthy();
    expect(screen.getByTestId('count').textContent).toBe('3');
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/pricing');

    await user.click(screen.getByRole('button', { name: 'Add Custom Template' }));
    expect(screen.getByTestId('count').textContent).toBe('3');
  });

  it('adds without limit when the plan is unlimited', async () => {
    const user = userEvent.setup();
    renderPage(<Harness initial={[custom('A'), custom('B'), custom('C')]} limit={-1} />, { path: '/' });
    await user.click(await screen.findByRole('button', { name: 'Add template: Review request' }));
    expect(screen.getByTestId('count').textContent).toBe('4');
    expect(screen.queryByText(limitMessage)).toBeNull();
  });

  it('shows Remove on custom templates only while more than one exists', async () => {
    const user = userEvent.setup();
    renderPage(<Harness initial={[custom('Only one')]} limit={-1} />, { path: '/' });
    const first = await screen.findByRole('group', { name: 'Template 1' });
    expect(within(first).queryByRole('button', { name: /Remove/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add Custom Template' }));
    expect(screen.getAllByRole('button', { name: /Remove template/ })).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove template 2' }));
    expect(screen.getByTestId('count').textContent).toBe('1');
    expect(screen.queryByRole('button', { name: /Remove template/ })).toBeNull();
  });

  it('always lets a starter template be removed', async () => {
    const user = userEvent.setup();
    renderPage(<Harness initial={[custom('Mine')]} limit={-1} />, { path: '/' });
    await user.click(await screen.findByRole('button', { name: 'Add template: Review request' }));
    const added = screen.getByRole('group', { name: 'Template 2' });
    expect(within(added).getByRole('button', { name: 'Remove template 2' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Template 1' })).queryByRole('button')).toBeNull();
  });

  it('previews with sample values and flags unknown variables', async () => {
    const user = userEvent.setup();
    renderPage(<Harness initial={[custom('Mine', 'Hi {{patient_name}} from {{clinic_name}}')]} limit={3} />, {
      path: '/',
    });
    expect(await screen.findByText('Hi Maria Lopez from Sunrise Dental')).toBeTruthy();
    const body = screen.getByRole('textbox', { name: 'Message' });
    await user.clear(body);
    await user.type(body, 'Hi {{{{nickname}}');
    expect(
      screen.getByText('Unknown variables: {{nickname}}. Use only the variables listed above.'),
    ).toBeTruthy();
    expect(screen.getByText('Fix the unknown variables to see a preview.')).toBeTruthy();
  });

  it.each([
    {
      language: 'es',
      starter: 'Añadir plantilla: Recordatorio de cita',
      preview:
        'Hola María López, le recordamos su revisión en Clínica Dental Sol el 14 de marzo, 10:30. Responda si necesita cambiarla.',
    },
    {
      language: 'tr',
      starter: 'Şablon ekle: Randevu hatırlatması',
      preview:
        'Merhaba Ayşe Yılmaz, Güneş Diş Kliniği kliniğindeki kontrol randevunuzu hatırlatırız: 14 Mart, 10:30. Değiştirmeniz gerekirse yanıtlayın.',
    },
  ] as const)(
    "$language: offers the starters in the user's language and previews them with that language's samples, no English one",
    async ({ language, starter, preview }) => {
      await i18n.loadLanguages(language);
      await changeLanguage(language);
      try {
        const user = userEvent.setup();
        renderPage(<Harness initial={[]} limit={3} />, { path: '/' });
        await user.click(await screen.findByRole('button', { name: starter }));
        expect(await screen.findByText(preview)).toBeTruthy();
        expect(screen.queryByText(/Sunrise Dental|14 March|Maria Lopez/)).toBeNull();
      } finally {
        await changeLanguage('en');
      }
    },
  );
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render';
import { ClinicLocaleFields } from './clinic-locale-fields';

describe('ClinicLocaleFields', () => {
  it('shows the saved language, zone and country', async () => {
    renderPage(
      <ClinicLocaleFields
        value={{ defaultLanguage: 'es', timeZone: 'Europe/Madrid', country: 'ES' }}
        onChange={() => {}}
      />,
      { path: '/' },
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: /^Time zone/ }).value).toBe(
      'Europe/Madrid',
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: /^Country/ }).value).toBe('ES');
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { retryAfterSecondsOf } from '../../lib/api-client';
import { stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { EmailSubscribeBox } from './email-subscribe-box';
import { waitText } from './public-form';

describe('how long to wait after too many sends', () => {
  it.each([
    [undefined, 'en', 'in 1 minute'],
    [5, 'en', 'in 5 seconds'],
    [61, 'en', 'in 2 minutes'],
    [3600, 'en', 'in 1 hour'],
    [3601, 'en', 'in 2 hours'],
    [120, 'es', 'dentro de 2 minutos'],
    [45, 'tr', '45 saniye sonra'],
  ])('%s s in %s: %s', (seconds, language, text) => {
    expect(waitText(seconds, language)).toBe(text);
  });

  it.each([
    [null, undefined],
    ['120', 120],
    [' 7 ', 7],
    ['Sat, 28 Nov 2026 12:02:00 GMT', 120],
    ['Sat, 28 Nov 2026 11:59:00 GMT', 0],
    ['soon', undefined],
  ])('Retry-After %s is %s seconds', (header, seconds) => {
    expect(retryAfterSecondsOf(header, Date.parse('2026-11-28T12:00:00Z'))).toBe(seconds);
  });

  it('the toast of a refused form says when to try again, from Retry-After', async () => {
    stubFetch(
      () =>
        new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
        }),
    );
    const user = userEvent.setup();
    renderPage(<EmailSubscribeBox kind="newsletter" title="News" text="Monthly" sentMessage="Sent" />, {
      path: '/',
    });
    await user.type(await screen.findByLabelText(/^Email address/), 'ana@clinic.example');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText('Too many sends from this connection. Please try again in 2 minutes.'),
    ).toBeTruthy();
  });
});

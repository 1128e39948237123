import { describe, expect, it } from 'vitest';
import { whatsAppMessageForm, whatsAppWindowClosesAt } from './whatsapp-window';

const now = new Date('2026-03-29T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const hour = 3_600_000;

describe('WhatsApp 24-hour window', () => {
  it.each<[string, Date | null, 'free_form' | 'template']>([
    ['never wrote', null, 'template'],
    ['wrote just now', ago(0), 'free_form'],
    ['wrote 23 h 59 min 59.999 s ago', ago(24 * hour - 1), 'free_form'],
    ['wrote exactly 24 h ago', ago(24 * hour), 'template'],
    ['wrote 3 days ago', ago(72 * hour), 'template'],
    // Clock skew: an inbound stamped slightly in the future still opens the window.
    ['stamped a second ahead', new Date(now.getTime() + 1000), 'free_form'],
  ])('%s: %s', (_name, lastInboundAt, expected) => {
    expect(whatsAppMessageForm(lastInboundAt, now)).toBe(expected);
  });

  it('closes 24 hours after the last inbound message', () => {
    expect(whatsAppWindowClosesAt(ago(hour), now)?.toISOString()).toBe('2026-03-30T11:00:00.000Z');
    expect(whatsAppWindowClosesAt(ago(24 * hour), now)).toBeNull();
    expect(whatsAppWindowClosesAt(null, now)).toBeNull();
  });
});

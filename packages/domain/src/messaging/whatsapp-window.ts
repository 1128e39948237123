// WhatsApp's customer-service window (providers.md §3.4): free-form text only within 24 hours of
// the patient's last inbound message, an approved template otherwise. Our own messages, receipts
// and templates never reopen it.

export const whatsAppWindowMs = 24 * 60 * 60 * 1000;

export const whatsAppMessageForms = ['free_form', 'template'] as const;
export type WhatsAppMessageForm = (typeof whatsAppMessageForms)[number];

/**
 * Free form while less than 24 hours have passed since the last inbound message (the provider's
 * timestamp of it); a template at 24 hours exactly, after, or when the patient never wrote. The
 * sender still handles error 131047: a late webhook can make a closed window look open.
 */
export function whatsAppMessageForm(lastInboundAt: Date | null, now: Date): WhatsAppMessageForm {
  if (lastInboundAt === null) return 'template';
  const elapsed = now.getTime() - lastInboundAt.getTime();
  return elapsed < whatsAppWindowMs ? 'free_form' : 'template';
}

/** When the window closes, or null when it is not open. */
export function whatsAppWindowClosesAt(lastInboundAt: Date | null, now: Date): Date | null {
  if (whatsAppMessageForm(lastInboundAt, now) === 'template' || lastInboundAt === null) return null;
  return new Date(lastInboundAt.getTime() + whatsAppWindowMs);
}

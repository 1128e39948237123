import { contactEmail, supportEmail } from '../../lib/routes';

/** Addresses the public pages name; one place, so every page agrees. */
export const publicContacts = {
  hello: contactEmail,
  support: supportEmail,
  sales: 'sales@careloop.example',
  security: 'security@careloop.example',
  privacy: 'privacy@careloop.example',
  compliance: 'compliance@careloop.example',
  careers: 'careers@careloop.example',
  partnerships: 'partners@careloop.example',
  /** A number from the range reserved for fiction (555-01xx) until the real line exists. */
  phone: '+1 (555) 010-0199',
  phoneHref: 'tel:+15550100199',
} as const;

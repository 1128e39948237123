import type { OnboardingState } from '@careloop/contracts/onboarding';
import type { WizardTemplateDraft } from './onboarding-drafts.utils';

// What the onboarding utils' tests build their states and drafts from.

export const pending = { completed: false, completedBy: null, completedAt: null };
export const done = (by: string) => ({
  completed: true,
  completedBy: by,
  completedAt: '2025-03-10T12:00:00.000Z',
});

export function buildState(overrides: Partial<OnboardingState> = {}): OnboardingState {
  return {
    stepCompleted: 0,
    wizardCompleted: false,
    completedAt: null,
    steps: { clinicProfile: pending, whatsappSetup: pending, smsSetup: pending, messageTemplates: pending },
    profile: {
      name: 'Smile',
      email: 'ada@smile.example',
      phone: '',
      category: '',
      brandTone: 'professional',
      defaultLanguage: 'en',
      timeZone: 'UTC',
      country: null,
    },
    channels: { whatsapp: false, sms: false },
    whatsappPhoneNumberId: null,
    smsFromNumber: null,
    templates: [],
    templateLimit: 3,
    reachDismissed: false,
    ...overrides,
  };
}

export const template = (name: string, body: string): WizardTemplateDraft => ({
  name,
  body,
  category: null,
  language: 'en',
  channel: 'whatsapp',
});

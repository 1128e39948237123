export type SandboxWhatsAppNumber = { id: string; displayPhoneNumber: string; verifiedName: string };

/** An approved template: its languages and how many parameters each component takes. */
export type SandboxWhatsAppTemplate = {
  name: string;
  languages: string[];
  headerParameters?: number;
  bodyParameters: number;
};

export type SandboxWhatsAppMessage = {
  id: string;
  phoneNumberId: string;
  /** The recipient's wa_id (digits). */
  to: string;
  type: 'text' | 'template';
  text: string | null;
  template: { name: string; language: string; parameters: string[] } | null;
  callbackData: string | null;
  at: Date;
};

/** The next answers of the send route, for testing retries and outages. */
type SandboxWhatsAppFault =
  | { kind: 'status'; status: number; code?: number; retryAfterSeconds?: number }
  /** Answers normally, but only after a delay (a send the client gave up on may still go out). */
  | { kind: 'slow'; delayMs: number };

export type WhatsAppSandboxState = {
  /** Access tokens the fake accepts, each with the phone-number ids it may use. */
  tokens: Map<string, Set<string>>;
  numbers: Map<string, SandboxWhatsAppNumber>;
  templates: Map<string, SandboxWhatsAppTemplate>;
  /** The fake's clock (the 24-hour window and timestamps), injectable for tests. */
  now: () => Date;
  /** Last inbound message per `phoneNumberId:waId`: free-form sends need one in the last 24 h. */
  lastInboundAt: Map<string, Date>;
  /** wa_ids that are not on WhatsApp: a send answers 131026 at once. */
  undeliverable: Set<string>;
  /** wa_ids whose sends are accepted, then fail in a status webhook with this code (§3.3 async failures). */
  failAfterAccept: Map<string, number>;
  /** Statuses that follow an accepted send, in order. */
  statusSequence: ('sent' | 'delivered' | 'read')[];
  /** Where status and inbound notifications are POSTed, signed with the app secret; null: nowhere. */
  /**
   * The app secret the receiving server expects for a webhook URL, when it knows better than
   * `webhook` (a sandbox server: each sandbox clinic's own); null or unset: the given one.
   */
  signingSecretFor?: (url: string) => Promise<string | null>;
  webhook: { url: string; appSecret: string } | null;
  faults: SandboxWhatsAppFault[];
  sent: SandboxWhatsAppMessage[];
  /** Every webhook POST the fake made, with the status code it got back (0: unreachable). */
  deliveries: { url: string; body: string; status: number }[];
  /** Webhook POSTs in flight; `flushSandboxWebhooks` waits for them. */
  pending: Set<Promise<void>>;
  requests: string[];
};

/** The demo clinic's WhatsApp credentials in sandbox mode (not secrets: they open only the fake). */
export const whatsAppSandboxDemo = {
  accessToken: `EAA${'SandboxDemoToken'.repeat(7)}`,
  phoneNumberId: '106540352242922',
  displayPhoneNumber: '+1 555-010-0199',
  verifiedName: 'CareLoop Demo Clinic',
  /** Signs the fake's webhooks; the demo clinic's webhook check uses it. */
  appSecret: 'sandbox-demo-whatsapp-app-secret',
  verifyToken: 'sandbox-demo-whatsapp-verify-token',
  /** The demo's approved template (one body parameter: the patient's first name). */
  templateName: 'careloop_follow_up',
  /** The demo's approved survey template (body parameters: the first name, then the survey link). */
  surveyTemplateName: 'careloop_survey',
} as const;

export function createWhatsAppSandboxState(): WhatsAppSandboxState {
  return {
    tokens: new Map(),
    numbers: new Map(),
    templates: new Map(),
    now: () => new Date(),
    lastInboundAt: new Map(),
    undeliverable: new Set(),
    failAfterAccept: new Map(),
    statusSequence: ['sent', 'delivered', 'read'],
    webhook: null,
    faults: [],
    sent: [],
    deliveries: [],
    pending: new Set(),
    requests: [],
  };
}

export function addWhatsAppSandboxNumber(
  state: WhatsAppSandboxState,
  token: string,
  number: SandboxWhatsAppNumber,
) {
  state.numbers.set(number.id, number);
  const ids = state.tokens.get(token) ?? new Set<string>();
  ids.add(number.id);
  state.tokens.set(token, ids);
}

export function addWhatsAppSandboxTemplate(state: WhatsAppSandboxState, template: SandboxWhatsAppTemplate) {
  state.templates.set(template.name, template);
}

export function createDemoWhatsAppSandboxState(): WhatsAppSandboxState {
  const state = createWhatsAppSandboxState();
  addWhatsAppSandboxNumber(state, whatsAppSandboxDemo.accessToken, {
    id: whatsAppSandboxDemo.phoneNumberId,
    displayPhoneNumber: whatsAppSandboxDemo.displayPhoneNumber,
    verifiedName: whatsAppSandboxDemo.verifiedName,
  });
  addWhatsAppSandboxTemplate(state, {
    name: whatsAppSandboxDemo.templateName,
    languages: ['en', 'en_US', 'es', 'tr'],
    bodyParameters: 1,
  });
  addWhatsAppSandboxTemplate(state, {
    name: whatsAppSandboxDemo.surveyTemplateName,
    languages: ['en', 'en_US', 'es', 'tr'],
    bodyParameters: 2,
  });
  return state;
}

/** The key of `lastInboundAt`. */
export const windowKey = (phoneNumberId: string, waId: string) => `${phoneNumberId}:${waId}`;

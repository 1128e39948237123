import { randomBytes } from 'node:crypto';

type StripeSandboxPrice = { id: string; productName: string; unitAmount: number };
export type StripeSandboxCustomer = {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
};
export type StripeSandboxSession = {
  id: string;
  customer: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  status: 'open' | 'complete';
  subscription: string | null;
};
export type StripeSandboxSubscription = {
  id: string;
  customer: string;
  status: 'active' | 'canceled';
  itemId: string;
  priceId: string;
  metadata: Record<string, string>;
  created: number;
  /** Unix seconds; monthly periods from the creation day. */
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
};
export type StripeSandboxInvoice = {
  id: string;
  customer: string;
  subscription: string;
  amountPaid: number;
  status: 'paid';
  created: number;
};
export type StripeSandboxPortal = { id: string; customer: string; returnUrl: string };

export type StripeSandboxState = {
  secretKeys: Set<string>;
  /** Where events are POSTed, each signed with its endpoint's secret (the dashboard's webhook endpoints). */
  webhookEndpoints: { url: string; secret: string }[];
  prices: Map<string, StripeSandboxPrice>;
  customers: Map<string, StripeSandboxCustomer>;
  sessions: Map<string, StripeSandboxSession>;
  subscriptions: Map<string, StripeSandboxSubscription>;
  invoices: StripeSandboxInvoice[];
  portals: Map<string, StripeSandboxPortal>;
  idempotency: Map<string, { fingerprint: string; status: number; body: unknown }>;
  events: { id: string; type: string }[];
  deliveries: { url: string; eventId: string; status: number }[];
  pending: Set<Promise<void>>;
  now: () => Date;
};

/** The sandbox's keys and prices (not secrets: they open only this fake). */
export const stripeSandboxDemo = {
  secretKey: 'sk_test_careloop_sandbox_0000000000',
  webhookSecret: 'whsec_careloop_sandbox_0000000000',
  prices: { professional: 'price_careloop_professional' },
} as const;

function createStripeSandboxState(): StripeSandboxState {
  return {
    secretKeys: new Set(),
    webhookEndpoints: [],
    prices: new Map(),
    customers: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    invoices: [],
    portals: new Map(),
    idempotency: new Map(),
    events: [],
    deliveries: [],
    pending: new Set(),
    now: () => new Date(),
  };
}

/**
 * The demo account, its Professional price set up as an operator would set it in Stripe's
 * dashboard: from what the product sells (the caller passes the plan's price; this fake knows no
 * plans).
 */
export function createDemoStripeSandboxState(professional: {
  productName: string;
  unitAmount: number;
}): StripeSandboxState {
  const state = createStripeSandboxState();
  state.secretKeys.add(stripeSandboxDemo.secretKey);
  state.prices.set(stripeSandboxDemo.prices.professional, {
    id: stripeSandboxDemo.prices.professional,
    ...professional,
  });
  return state;
}

export const newStripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const unix = (state: StripeSandboxState) => Math.floor(state.now().getTime() / 1000);

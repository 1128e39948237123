import {
  type Lead,
  type LeadExportQuery,
  type LeadList,
  type LeadListQuery,
  leadExportQuerySchema,
  leadListQuerySchema,
} from '@careloop/contracts/leads';
import type { AppDeps } from '../../app-deps';
import type { MailMessage } from '../../integrations/mail/mail.client';
import { type ExportCell, writeCsv } from '../patients/export-file/write-export';
import {
  countLeadRows,
  type EnterpriseLeadRow,
  type FormLeadRow,
  leadFormKinds,
  listNewestLeadRows,
} from './leads.repository';

/** The most leads one CSV export holds (the newest); an internal list, far below this. */
const leadExportMax = 20_000;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

const detail = (field: string, value: unknown) => {
  const shown = typeof value === 'number' ? String(value) : text(value);
  return shown === null ? [] : [{ field, value: shown }];
};

export function enterpriseLead(row: EnterpriseLeadRow): Lead {
  return {
    id: row.id,
    kind: 'enterprise',
    createdAt: row.createdAt.toISOString(),
    name: row.contactName,
    email: row.contactEmail,
    phone: row.contactPhone,
    organization: row.companyName,
    details: [
      ...detail('estimatedMonthlyVolume', row.estimatedMonthlyVolume),
      ...detail('preferredContractType', row.preferredContractType),
      ...detail('currentSolution', row.currentSolution),
    ],
    message: row.specificRequirements,
    locale: null,
  };
}

/** A demo or contact request or a job application, from the payload its form's schema validated. */
export function formLead(row: FormLeadRow): Lead {
  const payload = (row.payload ?? {}) as Record<string, unknown>;
  if (row.kind === 'job_application') {
    return {
      id: row.id,
      kind: 'job_application',
      createdAt: row.createdAt.toISOString(),
      name: text(payload.name) ?? '',
      email: row.email,
      phone: text(payload.phone),
      organization: null,
      details: [...detail('position', payload.position), ...detail('profileUrl', payload.profileUrl)],
      message: text(payload.message),
      locale: row.locale,
    };
  }
  const name = [text(payload.firstName), text(payload.lastName)].filter(Boolean).join(' ');
  const kind = row.kind === 'demo' ? 'demo' : 'contact';
  return {
    id: row.id,
    kind,
    createdAt: row.createdAt.toISOString(),
    name,
    email: row.email,
    phone: text(payload.phone),
    organization: text(kind === 'demo' ? payload.clinicName : payload.company),
    details:
      kind === 'demo'
        ? [...detail('clinicType', payload.clinicType), ...detail('teamSize', payload.teamSize)]
        : detail('subject', payload.subject),
    message: text(payload.message),
    locale: row.locale,
  };
}

const newestFirst = (a: Lead, b: Lead) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

async function newestLeads(
  deps: Pick<AppDeps, 'db'>,
  count: number,
  search: string | undefined,
): Promise<Lead[]> {
  const rows = await listNewestLeadRows(deps.db, { limit: count, search });
  return [...rows.enterprise.map(enterpriseLead), ...rows.forms.map(formLead)]
    .sort(newestFirst)
    .slice(0, count);
}

/** Every kind of lead in one list, newest first. */
export async function listLeads(deps: Pick<AppDeps, 'db'>, query: LeadListQuery): Promise<LeadList> {
  const { limit, offset, q } = leadListQuerySchema.parse(query);
  const [leads, total] = await Promise.all([
    newestLeads(deps, offset + limit, q),
    countLeadRows(deps.db, { search: q }),
  ]);
  return { items: leads.slice(offset), total };
}

const exportHeader = [
  'created_at',
  'kind',
  'name',
  'email',
  'phone',
  'organization',
  'details',
  'message',
  'locale',
  'id',
] as const;

/** The leads as CSV (UTF-8, comma), every cell formula-safe as in the patient export. */
export async function exportLeadsCsv(deps: Pick<AppDeps, 'db'>, query: LeadExportQuery): Promise<Buffer> {
  const { q } = leadExportQuerySchema.parse(query);
  const leads = await newestLeads(deps, leadExportMax, q);
  const rows: ExportCell[][] = leads.map((lead) => [
    { text: lead.createdAt },
    { text: lead.kind },
    { text: lead.name },
    { text: lead.email },
    { text: lead.phone, kind: 'phone' },
    { text: lead.organization },
    { text: lead.details.map(({ field, value }) => `${field}: ${value}`).join('; ') || null },
    { text: lead.message },
    { text: lead.locale },
    { text: lead.id },
  ]);
  return writeCsv(exportHeader, rows, { delimiter: 'comma', encoding: 'utf-8' });
}

const kindTitles: Record<Lead['kind'], string> = {
  enterprise: 'Enterprise request',
  demo: 'Demo request',
  contact: 'Contact message',
  job_application: 'Job application',
};

// Header lines must stay one line whatever a visitor typed.
const oneLine = (value: string) => value.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();

/** The e-mail that tells sales of a lead; a reply goes to the visitor. */
function leadEmail(salesEmail: string, lead: Lead, adminUrl: string): MailMessage {
  const who = lead.organization ? `${lead.name} (${lead.organization})` : lead.name;
  const lines = [
    `${kindTitles[lead.kind]} from the public site, ${lead.createdAt}`,
    '',
    `Name: ${lead.name}`,
    `E-mail: ${lead.email}`,
    ...(lead.phone ? [`Phone: ${lead.phone}`] : []),
    ...(lead.organization ? [`Organization: ${lead.organization}`] : []),
    ...lead.details.map(({ field, value }) => `${field}: ${value}`),
    ...(lead.locale ? [`Language: ${lead.locale}`] : []),
    ...(lead.message ? ['', 'Message:', lead.message] : []),
    '',
    `All leads: ${adminUrl}`,
  ];
  return {
    to: salesEmail,
    replyTo: lead.email,
    subject: oneLine(`${kindTitles[lead.kind]}: ${who}`).slice(0, 200),
    text: `${lines.join('\n')}\n`,
  };
}

export type LeadMailDeps = Pick<AppDeps, 'mailer'> & {
  config: Pick<AppDeps['config'], 'salesEmail' | 'http'>;
};

const adminLeadsPath = '/admin/leads';

/** Tells sales without the visitor waiting for the mail server (a failure is logged). */
export function notifySales(deps: LeadMailDeps, lead: Lead) {
  const adminUrl = `${deps.config.http.publicUrl.replace(/\/+$/, '')}${adminLeadsPath}`;
  deps.mailer.sendInBackground(leadEmail(deps.config.salesEmail, lead, adminUrl));
}

export const isLeadFormKind = (kind: string): kind is (typeof leadFormKinds)[number] =>
  (leadFormKinds as readonly string[]).includes(kind);

import type { MessageChannel } from '../cost-calculator';
import type { DomainMessage } from '../domain-message';
import { foldText } from '../matching/normalize-name';
import { checkReviewReply } from '../review-reply-check';
import { findTemplateVariables, templateVariables } from '../template-render';
import { withThousandsSeparators } from '../thousands';

// The last check on an outgoing automated message: it fits the
// channel, names no health detail beyond the treatment, and has nothing left to fill in.

/** WhatsApp Cloud API text body limit (providers.md §3.2). */
export const whatsAppTextMaxLength = 4096;

/**
 * Each SMS segment is billed as one message and long texts arrive split on some phones: three
 * segments (459 GSM-7 or 201 UCS-2 characters) is plenty for a follow-up.
 */
export const smsMaxSegments = 3;

// GSM 03.38 basic character set (without ESC) and its extension table, whose characters take two
// septets (ESC + character).
const gsm7Basic = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const gsm7Extension = new Set('^{}\\[~]|€\f');

export const smsEncodings = ['gsm7', 'ucs2'] as const;
export type SmsEncoding = (typeof smsEncodings)[number];

export type SmsSize = {
  encoding: SmsEncoding;
  /** Septets for GSM-7, UTF-16 code units for UCS-2. */
  units: number;
  segments: number;
};

const segmentUnits: Record<SmsEncoding, { single: number; multipart: number }> = {
  gsm7: { single: 160, multipart: 153 },
  ucs2: { single: 70, multipart: 67 },
};

/**
 * How an SMS is encoded and how many segments it takes. One character outside GSM-7 (ş, ı, á,
 * an emoji) makes the whole text UCS-2. A long text is split into parts of 153 septets or 67
 * code units, never between an escape and its character or the two halves of an emoji.
 */
export function smsSize(text: string): SmsSize {
  const characters = Array.from(text);
  const isGsm7 = characters.every((char) => gsm7Basic.has(char) || gsm7Extension.has(char));
  const encoding: SmsEncoding = isGsm7 ? 'gsm7' : 'ucs2';
  const widths = characters.map((char) => (isGsm7 ? (gsm7Extension.has(char) ? 2 : 1) : char.length));
  const units = widths.reduce((sum, width) => sum + width, 0);
  const limits = segmentUnits[encoding];
  if (units === 0) return { encoding, units, segments: 0 };
  if (units <= limits.single) return { encoding, units, segments: 1 };
  let segments = 1;
  let used = 0;
  for (const width of widths) {
    if (used + width > limits.multipart) {
      segments += 1;
      used = 0;
    }
    used += width;
  }
  return { encoding, units, segments };
}

export const messageProblemCodes = [
  'empty',
  'too_long',
  'too_many_segments',
  'health_detail',
  'unknown_variable',
  'unfilled_variable',
  'placeholder',
] as const;
export type MessageProblemCode = (typeof messageProblemCodes)[number];

export const messageProblemMessages = {
  empty: { key: 'automation.messageCheck.empty', message: 'The message is empty' },
  too_long: {
    key: 'automation.messageCheck.tooLong',
    message: `The WhatsApp message is too long (at most ${withThousandsSeparators(whatsAppTextMaxLength)} characters)`,
  },
  too_many_segments: {
    key: 'automation.messageCheck.tooManySegments',
    message: 'The SMS needs more segments than allowed',
  },
  health_detail: {
    key: 'automation.messageCheck.healthDetail',
    message: "The message mentions a health detail beyond the treatment's name",
  },
  unknown_variable: {
    key: 'automation.messageCheck.unknownVariable',
    message: 'The message contains an unknown template variable',
  },
  unfilled_variable: {
    key: 'automation.messageCheck.unfilledVariable',
    message: 'The message contains a template variable that was not filled in',
  },
  placeholder: {
    key: 'automation.messageCheck.placeholder',
    message: 'The message still contains a placeholder',
  },
} as const satisfies Record<MessageProblemCode, DomainMessage>;

export type MessageProblem = DomainMessage & {
  code: MessageProblemCode;
  /** The words that broke the rule (folded for health details), or null for sizes. */
  found: string | null;
  /** For sizes: characters (WhatsApp) or segments (SMS), and the most allowed. */
  actual?: number;
  limit?: number;
};

export type OutgoingMessageContext = {
  channel: MessageChannel;
  /**
   * Names the message may contain although they hold health words: the treatment ("Teeth
   * Whitening"), the one a cross-sell offers, the clinic's and the patient's names.
   */
  allowedNames?: readonly (string | null | undefined)[];
  /**
   * People's names (the patient's): each word is exempt on its own, since a greeting uses the
   * first name alone ("Hola Dolores") and a name may be a health word in some language.
   */
  personNames?: readonly (string | null | undefined)[];
  maxSmsSegments?: number;
};

// Asking after the patient's recovery says no more than the treatment's name already does.
const generalCareWords =
  /\b(?:recover(?:y|ing|ed)?|heal(?:ing|ed|s)?|recuperacion|recuperando|curacion|iyilesme\w*|iyilesmek\w*)\b/g;
const bracketPlaceholder = /\[[^\]\n]{1,60}\]|<[^>\n]{1,60}>|\{\{|\}\}/;

const templateVariablePattern = /\{\{\s*[A-Za-z0-9_]+\s*\}\}/g;

const toWords = (value: string) =>
  foldText(value)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function findHealthDetail(text: string, allowedNames: readonly string[]): string | null {
  let folded = foldText(text);
  for (const name of allowedNames) {
    const phrase = toWords(name);
    if (phrase.length < 2) continue;
    folded = folded.replace(new RegExp(`\\b${phrase.replaceAll(' ', '[^a-z0-9]+')}\\b`, 'g'), ' ');
  }
  folded = folded.replace(generalCareWords, ' ');
  const check = checkReviewReply(folded);
  if (check.ok) return null;
  return check.problems.find((problem) => problem.code === 'health_detail')?.found ?? null;
}

const problem = (
  code: MessageProblemCode,
  found: string | null,
  size?: { actual: number; limit: number },
) => ({
  code,
  found,
  ...messageProblemMessages[code],
  ...size,
});

/**
 * Every problem with an outgoing message, in a fixed order; an empty list means it may be sent.
 * SMS: at most `maxSmsSegments` segments (GSM-7 or UCS-2). WhatsApp: at most 4,096 characters.
 * Both: no health detail (en/es/tr, the review-reply vocabulary) outside the allowed names, no
 * `{{variable}}` left, known or not, and no "[Patient Name]"-style placeholder.
 */
export function checkOutgoingMessage(text: string, context: OutgoingMessageContext): MessageProblem[] {
  if (text.trim().length === 0) return [problem('empty', null)];
  const problems: MessageProblem[] = [];
  if (context.channel === 'sms') {
    const limit = context.maxSmsSegments ?? smsMaxSegments;
    const { segments } = smsSize(text);
    if (segments > limit) problems.push(problem('too_many_segments', null, { actual: segments, limit }));
  } else if (text.length > whatsAppTextMaxLength) {
    // UTF-16 units, never fewer than the characters Meta counts: a text that passes here fits.
    problems.push(problem('too_long', null, { actual: text.length, limit: whatsAppTextMaxLength }));
  }

  const nameWords = (context.personNames ?? []).flatMap((name) => toWords(name ?? '').split(' '));
  const allowedNames = [...(context.allowedNames ?? []), ...nameWords].filter((name): name is string =>
    Boolean(name?.trim()),
  );
  const health = findHealthDetail(text, allowedNames);
  if (health !== null) problems.push(problem('health_detail', health));

  const variables = findTemplateVariables(text);
  const known = new Set<string>(templateVariables);
  const unknown = variables.filter((name) => !known.has(name));
  const unfilled = variables.filter((name) => known.has(name));
  if (unknown.length > 0)
    problems.push(problem('unknown_variable', unknown.map((name) => `{{${name}}}`).join(', ')));
  if (unfilled.length > 0)
    problems.push(problem('unfilled_variable', unfilled.map((name) => `{{${name}}}`).join(', ')));
  const placeholder = bracketPlaceholder.exec(text.replace(templateVariablePattern, ' '))?.[0];
  if (placeholder) problems.push(problem('placeholder', placeholder));
  return problems;
}

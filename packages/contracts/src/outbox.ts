import { messageChannels } from '@careloop/domain/cost-calculator';
import { isValidPhone, patientMessages } from '@careloop/domain/patient';
import { z } from 'zod';

/** Test Messaging's texts (spec 2 §2, §5, §8), with their translation keys. */
export const testMessageMessages = {
  sent: { key: 'automation.testMessage.sent', message: 'AI message sent via {channel}' },
  /** Outside WhatsApp's 24-hour window the approved template goes, not a written text. */
  templateSent: { key: 'automation.testMessage.templateSent', message: 'WhatsApp template sent' },
  failed: { key: 'automation.testMessage.failed', message: 'Failed to send follow-up message' },
  patientIdRequired: {
    key: 'automation.testMessage.errors.patientIdRequired',
    message: 'Patient ID is required',
  },
  clinicIdRequired: {
    key: 'automation.testMessage.errors.clinicIdRequired',
    message: 'Clinic ID is required',
  },
  treatmentTypeRequired: {
    key: 'automation.testMessage.errors.treatmentTypeRequired',
    message: 'Treatment type is required',
  },
  patientPhoneRequired: {
    key: 'automation.testMessage.errors.patientPhoneRequired',
    message: 'Patient phone is required',
  },
  invalidPhone: patientMessages.invalidPhone,
  daysRange: {
    key: 'automation.testMessage.errors.daysRange',
    message: 'Days after treatment must be between 1 and 365',
  },
  messageType: {
    key: 'automation.testMessage.errors.messageType',
    message: 'Message type must be followup or crosssell',
  },
  channel: {
    key: 'automation.testMessage.errors.channel',
    message: 'Preferred channel must be whatsapp or sms',
  },
} as const;

export const testMessageTypes = ['followup', 'crosssell'] as const;
export const testMessageDays = { min: 1, max: 365 } as const;

const m = testMessageMessages;
const required = (message: string) => z.string(message).trim().min(1, message).max(200);

/**
 * POST /api/automation/test-message: Test Messaging's form (spec 2 §2, §7 "Send AI message").
 * The clinic id must be the caller's clinic and the patient one of its patients (else 404); the
 * message goes to the phone typed here.
 */
export const sendTestMessageBodySchema = z.object({
  patientId: required(m.patientIdRequired.message),
  clinicId: required(m.clinicIdRequired.message),
  treatmentType: required(m.treatmentTypeRequired.message),
  patientPhone: required(m.patientPhoneRequired.message).refine(
    (value) => isValidPhone(value),
    m.invalidPhone.message,
  ),
  daysAfterTreatment: z
    .number(m.daysRange.message)
    .int(m.daysRange.message)
    .min(testMessageDays.min, m.daysRange.message)
    .max(testMessageDays.max, m.daysRange.message),
  messageType: z.enum(testMessageTypes, m.messageType.message),
  preferredChannel: z.enum(messageChannels, m.channel.message),
});
export type SendTestMessageBody = z.infer<typeof sendTestMessageBodySchema>;

export const sendTestMessageResponseSchema = z.object({
  success: z.literal(true),
  /** 'AI message sent via {channel}' with the channel it went out on. */
  message: z.string(),
  /** The channel used: the preferred one, or SMS when WhatsApp failed and SMS is set up. */
  channel: z.enum(messageChannels),
  generatedMessage: z.string(),
  /** Whether the AI model wrote it, the clinic's template did, or Meta's approved WhatsApp template went. */
  source: z.enum(['ai', 'template', 'whatsapp_template']),
  messageId: z.string(),
  providerMessageId: z.string(),
  deliveryStatus: z.string(),
});
export type SendTestMessageResponse = z.infer<typeof sendTestMessageResponseSchema>;

import type { SmsProvider } from '@careloop/contracts/settings';

// Secret names of spec 1 §7, with the clinic's id in place of {clinicId}. Configuration rows keep
// these names only; the values live in the vault.

export const trustpilotSecretNames = (clinicId: string) => ({
  apiKey: `TRUSTPILOT_API_KEY_${clinicId}`,
  businessUnitId: `TRUSTPILOT_BUSINESS_UNIT_ID_${clinicId}`,
});

export const whatsAppSecretNames = (clinicId: string) => ({
  accessToken: `WHATSAPP_ACCESS_TOKEN_${clinicId}`,
  phoneNumberId: `WHATSAPP_PHONE_NUMBER_ID_${clinicId}`,
  appSecret: `WHATSAPP_APP_SECRET_${clinicId}`,
});

// The spec names Twilio's pair; Vonage (API key and secret) and AWS SNS (access key id and secret
// access key) fill the same two fields of the form under their own names.
const smsSecretPrefixes: Record<SmsProvider, { accountSid: string; authToken: string }> = {
  twilio: { accountSid: 'TWILIO_ACCOUNT_SID_', authToken: 'TWILIO_AUTH_TOKEN_' },
  vonage: { accountSid: 'VONAGE_API_KEY_', authToken: 'VONAGE_API_SECRET_' },
  aws_sns: { accountSid: 'AWS_SNS_ACCESS_KEY_ID_', authToken: 'AWS_SNS_SECRET_ACCESS_KEY_' },
};

export const smsSecretNames = (provider: SmsProvider, clinicId: string) => ({
  accountSid: `${smsSecretPrefixes[provider].accountSid}${clinicId}`,
  authToken: `${smsSecretPrefixes[provider].authToken}${clinicId}`,
});

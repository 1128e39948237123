import type { ConnectionTestResponse, SmsProvider } from '@careloop/contracts/settings';
import {
  validateSmsAccountSid,
  validateSmsAuthToken,
  validateWhatsAppAccessToken,
} from '@careloop/domain/credentials';
import {
  connectionSuccessfulMessage,
  type ProviderErrorCode,
  providerErrorCode,
  providerErrorMessage,
} from '@careloop/domain/provider-errors';
import type { AppDeps } from '../../app-deps';
import { createProviderHttp, ProviderError } from '../../integrations/http/provider-http';
import { providerEndpoints } from '../../integrations/provider-endpoints';
import { createTwilioClient, describeTwilioError } from '../../integrations/twilio/twilio.client';
import { createWhatsAppClient, describeWhatsAppError } from '../../integrations/whatsapp/whatsapp.client';
import { readerLanguage } from '../../plugins/reader-language';
import type { ClinicContext } from '../../plugins/request-context';
import { readSecret } from '../secrets/secrets.service';
import { smsSecretNames, whatsAppSecretNames } from './channel-secrets';
import { providerTextOf } from './provider-text';
import { findAutomationConfig, insertCredentialCheck } from './settings.repository';
import { audit, type FieldError, fieldError, rejectFields } from './settings.service';

type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config' | 'log'>;
type Caller = Pick<ClinicContext, 'clinicId' | 'userId' | 'user' | 'clinic'>;

// Test connection (spec 1 §2): the saved or typed credentials tried against the provider through the
// real clients; nothing is sent to anybody. Staff read the result in their language, from a stable
// code; the provider's own words go to the log and the stored check, for operators.

type TestOutcome =
  | { success: true }
  | { success: false; code: ProviderErrorCode; providerText: string | null };

/**
 * Keeps the result as the credential's last check (its Settings badge) when what was tested is what
 * is saved; a test of values typed but not saved says nothing about the saved credential.
 */
async function recordResult(
  deps: Deps,
  ctx: Caller,
  provider: string,
  testedSaved: boolean,
  outcome: TestOutcome,
): Promise<ConnectionTestResponse> {
  if (!outcome.success && outcome.providerText !== null) {
    deps.log.warn(
      { clinicId: ctx.clinicId, provider, errorCode: outcome.code, providerText: outcome.providerText },
      'connection test failed',
    );
  }
  if (testedSaved) {
    await insertCredentialCheck(deps.db, {
      clinicId: ctx.clinicId,
      credentialType: provider,
      status: outcome.success ? 'healthy' : 'unhealthy',
      detail: outcome.success ? null : outcome.providerText,
      errorCode: outcome.success ? null : outcome.code,
      checkedAt: new Date(),
    });
  }
  const language = readerLanguage(ctx);
  return outcome.success
    ? { success: true, code: null, message: connectionSuccessfulMessage(language) }
    : { success: false, code: outcome.code, message: providerErrorMessage(outcome.code, provider, language) };
}

function connectionFailed(error: unknown): TestOutcome {
  if (error instanceof ProviderError) {
    return { success: false, code: providerErrorCode(error), providerText: providerTextOf(error) };
  }
  throw error;
}

/** Looks the phone number up with the token (typed now, or saved): nothing is sent to anybody. */
export async function testWhatsAppConnection(
  deps: Deps,
  ctx: Caller,
  body: { accessToken?: string; phoneNumberId?: string },
): Promise<ConnectionTestResponse> {
  const names = whatsAppSecretNames(ctx.clinicId);
  const savedToken = (await readSecret(deps, ctx.clinicId, names.accessToken)) ?? '';
  const accessToken = body.accessToken?.trim() || savedToken;
  const config = await findAutomationConfig(deps.db, ctx.clinicId);
  const phoneNumberId = body.phoneNumberId?.trim() || config?.whatsappPhoneNumberId || '';
  const testedSaved =
    savedToken !== '' &&
    accessToken === savedToken &&
    phoneNumberId === (config?.whatsappPhoneNumberId ?? '');
  if (accessToken === '') rejectFields([fieldError('accessToken', validateWhatsAppAccessToken('')!)]);
  if (phoneNumberId === '') {
    rejectFields([
      {
        field: 'phoneNumberId',
        key: 'settings.errors.phoneNumberIdRequired',
        message: 'Phone number ID is required',
      },
    ]);
  }
  const client = createWhatsAppClient({
    baseUrl: providerEndpoints(deps.config, ctx.clinic.sandboxMode === 'on').whatsappUrl,
    version: deps.config.integrations.whatsapp.version,
    http: createProviderHttp('whatsapp', {
      ...deps.config.integrations.http,
      describeError: describeWhatsAppError,
    }),
  });
  try {
    await client.getPhoneNumber({ accessToken, phoneNumberId });
    await audit(deps, ctx, 'settings_whatsapp_tested', { success: true });
    return recordResult(deps, ctx, 'whatsapp', testedSaved, { success: true });
  } catch (error) {
    await audit(deps, ctx, 'settings_whatsapp_tested', { success: false });
    return recordResult(deps, ctx, 'whatsapp', testedSaved, connectionFailed(error));
  }
}

/** Fetches the Twilio account the SID and token open (typed now, or saved). */
export async function testSmsConnection(
  deps: Deps,
  ctx: Caller,
  body: { accountSid?: string; authToken?: string },
): Promise<ConnectionTestResponse> {
  const config = await findAutomationConfig(deps.db, ctx.clinicId);
  const provider = (config?.smsProvider ?? 'twilio') as SmsProvider;
  const names = smsSecretNames('twilio', ctx.clinicId);
  const typedSid = body.accountSid?.trim() ?? '';
  if (typedSid === '' && provider !== 'twilio') {
    return recordResult(deps, ctx, provider, false, {
      success: false,
      code: 'test_twilio_only',
      providerText: null,
    });
  }
  const savedSid = (await readSecret(deps, ctx.clinicId, names.accountSid)) ?? '';
  const savedToken = (await readSecret(deps, ctx.clinicId, names.authToken)) ?? '';
  const accountSid = typedSid || savedSid;
  const authToken = body.authToken?.trim() || savedToken;
  const testedSaved =
    provider === 'twilio' && savedSid !== '' && accountSid === savedSid && authToken === savedToken;
  const errors = [
    validateSmsAccountSid(accountSid) && fieldError('accountSid', validateSmsAccountSid(accountSid)!),
    validateSmsAuthToken(authToken) && fieldError('authToken', validateSmsAuthToken(authToken)!),
  ].filter((e): e is FieldError => Boolean(e));
  if (errors.length > 0) rejectFields(errors);
  const client = createTwilioClient({
    baseUrl: providerEndpoints(deps.config, ctx.clinic.sandboxMode === 'on').twilioUrl,
    http: createProviderHttp('twilio', {
      ...deps.config.integrations.http,
      describeError: describeTwilioError,
    }),
  });
  try {
    const account = await client.fetchAccount({ accountSid, authToken });
    await audit(deps, ctx, 'settings_sms_tested', { success: account.status === 'active' });
    if (account.status !== 'active') {
      return recordResult(deps, ctx, 'twilio', testedSaved, {
        success: false,
        code: 'account_inactive',
        providerText: `Twilio account is ${account.status}`,
      });
    }
    return recordResult(deps, ctx, 'twilio', testedSaved, { success: true });
  } catch (error) {
    await audit(deps, ctx, 'settings_sms_tested', { success: false });
    return recordResult(deps, ctx, 'twilio', testedSaved, connectionFailed(error));
  }
}

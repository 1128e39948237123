import type { ConnectionTestResponse, SmsProvider } from '@careloop/contracts/settings';
import {
  validateSmsAccountSid,
  validateSmsAuthToken,
  validateWhatsAppAccessToken,
} from '@careloop/domain/credentials';
import type { AppDeps } from '../../app-deps';
import { createProviderHttp, ProviderError } from '../../integrations/http/provider-http';
import { providerEndpoints } from '../../integrations/provider-endpoints';
import { createTwilioClient, describeTwilioError } from '../../integrations/twilio/twilio.client';
import { createWhatsAppClient, describeWhatsAppError } from '../../integrations/whatsapp/whatsapp.client';
import type { ClinicContext } from '../../plugins/request-context';
import { readSecret } from '../secrets/secrets.service';
import { smsSecretNames, whatsAppSecretNames } from './channel-secrets';
import { findAutomationConfig, insertCredentialCheck } from './settings.repository';
import { audit, type FieldError, fieldError, rejectFields } from './settings.service';

type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config'>;
type Caller = Pick<ClinicContext, 'clinicId' | 'userId'>;

// Test connection (spec 1 §2): the saved or typed credentials tried against the provider through the
// real clients; nothing is sent to anybody.

const connectionSuccessful: ConnectionTestResponse = { success: true, message: 'Connection successful' };

/**
 * Keeps the result as the credential's last check (its Settings badge) when what was tested is what
 * is saved; a test of values typed but not saved says nothing about the saved credential.
 */
async function recordResult(
  deps: Deps,
  ctx: Caller,
  credentialType: string,
  testedSaved: boolean,
  result: ConnectionTestResponse,
): Promise<ConnectionTestResponse> {
  if (testedSaved) {
    await insertCredentialCheck(deps.db, {
      clinicId: ctx.clinicId,
      credentialType,
      status: result.success ? 'healthy' : 'unhealthy',
      detail: result.message,
      checkedAt: new Date(),
    });
  }
  return result;
}

function connectionFailed(error: unknown, fallback: string): ConnectionTestResponse {
  if (error instanceof ProviderError) {
    const reason = error.providerReason ?? (error.kind === 'unauthorized' ? 'Authentication failed' : null);
    const code = error.providerCode ? ` (code ${error.providerCode})` : '';
    return { success: false, message: reason ? `${reason}${code}` : fallback };
  }
  throw error;
}

/** Looks the phone number up with the token (typed now, or saved): nothing is sent to anybody. */
export async function testWhatsAppConnection(
  deps: Deps,
  ctx: Caller & { clinic: { sandboxMode: string } },
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
    return recordResult(deps, ctx, 'whatsapp', testedSaved, connectionSuccessful);
  } catch (error) {
    await audit(deps, ctx, 'settings_whatsapp_tested', { success: false });
    return recordResult(
      deps,
      ctx,
      'whatsapp',
      testedSaved,
      connectionFailed(error, 'Unable to connect to WhatsApp API'),
    );
  }
}

/** Fetches the Twilio account the SID and token open (typed now, or saved). */
export async function testSmsConnection(
  deps: Deps,
  ctx: Caller & { clinic: { sandboxMode: string } },
  body: { accountSid?: string; authToken?: string },
): Promise<ConnectionTestResponse> {
  const config = await findAutomationConfig(deps.db, ctx.clinicId);
  const provider = (config?.smsProvider ?? 'twilio') as SmsProvider;
  const names = smsSecretNames('twilio', ctx.clinicId);
  const typedSid = body.accountSid?.trim() ?? '';
  if (typedSid === '' && provider !== 'twilio') {
    return { success: false, message: 'Connection test is available for Twilio only' };
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
        message: `Twilio account is ${account.status}`,
      });
    }
    return recordResult(deps, ctx, 'twilio', testedSaved, connectionSuccessful);
  } catch (error) {
    await audit(deps, ctx, 'settings_sms_tested', { success: false });
    return recordResult(
      deps,
      ctx,
      'twilio',
      testedSaved,
      connectionFailed(error, 'Unable to connect to Twilio API'),
    );
  }
}

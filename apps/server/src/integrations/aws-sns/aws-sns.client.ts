import {
  ProviderError,
  type ProviderErrorDescriber,
  type ProviderErrorKind,
  type ProviderHttp,
} from '../http/provider-http';
import { type SigV4Credentials, signRequest } from './sigv4';

const xmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return xmlEntities[entity] ?? '';
  });

/** The text of the first `<tag>` in an XML document, unescaped; null when absent. */
function xmlText(xml: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return match ? unescapeXml((match[1] as string).trim()) : null;
}

/** AWS Query errors: `<ErrorResponse><Error><Type/><Code/><Message/></Error>...` (providers.md §5.2). */
export const describeAwsSnsError: ProviderErrorDescriber = (body) => {
  if (typeof body !== 'string' || !body.includes('<Error>')) return null;
  const code = xmlText(body, 'Code');
  const reason = xmlText(body, 'Message');
  return code === null && reason === null ? null : { code, reason };
};

/** SNS error codes a service branches on. */
export const awsSnsErrorCodes = {
  invalidParameter: 'InvalidParameter',
  invalidParameterValue: 'InvalidParameterValue',
  authorizationError: 'AuthorizationError',
  signatureDoesNotMatch: 'SignatureDoesNotMatch',
  invalidClientTokenId: 'InvalidClientTokenId',
  throttling: 'Throttling',
} as const;

const kindByCode: Record<string, ProviderErrorKind> = {
  InvalidClientTokenId: 'unauthorized',
  SignatureDoesNotMatch: 'unauthorized',
  UnrecognizedClientException: 'unauthorized',
  Throttling: 'rate_limited',
  ThrottlingException: 'rate_limited',
  ThrottledException: 'rate_limited',
};

function byAwsCode(error: unknown): unknown {
  if (!(error instanceof ProviderError) || error.providerCode === null) return error;
  const kind = kindByCode[error.providerCode];
  if (!kind || kind === error.kind) return error;
  return new ProviderError(
    error.provider,
    kind,
    error.message,
    error.status,
    error.providerCode,
    error.providerReason,
    error.retryAfterMs,
  );
}

export type AwsSnsClientConfig = {
  /** A fixed endpoint (AWS_SNS_API_URL, or the sandbox); default `https://sns.{region}.amazonaws.com/`. */
  baseUrl?: string;
  http: ProviderHttp;
  now?: () => Date;
};

export type AwsSnsCredentials = SigV4Credentials & { region: string };

/** AWS SNS through the Query API with SigV4 signing (providers.md §5.2): HTTP and mapping only. */
export function createAwsSnsClient(config: AwsSnsClientConfig) {
  const endpoint = (region: string) =>
    config.baseUrl ? `${config.baseUrl.replace(/\/+$/, '')}/` : `https://sns.${region}.amazonaws.com/`;

  async function call(credentials: AwsSnsCredentials, form: Record<string, string>, isSend: boolean) {
    const url = endpoint(credentials.region);
    // Signed over exactly the bytes the shared wrapper sends for `form`.
    const body = new URLSearchParams(form).toString();
    const headers = signRequest({
      method: 'POST',
      url,
      body,
      region: credentials.region,
      service: 'sns',
      credentials,
      now: config.now?.(),
    });
    const response = await config.http
      .request({
        method: 'POST',
        url,
        headers: { ...headers, accept: 'text/xml' },
        form,
        // A 429/5xx means SNS took no message: repeating it cannot send twice.
        ...(isSend ? { retryAnswersOnly: true } : { isIdempotent: true }),
      })
      .catch((error: unknown) => {
        throw byAwsCode(error);
      });
    if (typeof response.body !== 'string') {
      throw new ProviderError('aws-sns', 'invalid_response', 'AWS SNS sent an unreadable answer');
    }
    return response.body;
  }

  return {
    /**
     * Texts one number directly (`Action=Publish`, `PhoneNumber`), SMSType set per message.
     * Failures keep the AWS error code (InvalidParameter, AuthorizationError, Throttling...).
     */
    async publishSms(
      input: AwsSnsCredentials & {
        /** E.164. */
        phoneNumber: string;
        message: string;
        smsType: 'Transactional' | 'Promotional';
        senderId?: string;
        originationNumber?: string;
      },
    ): Promise<{ messageId: string; requestId: string | null }> {
      const attributes: [string, string][] = [['AWS.SNS.SMS.SMSType', input.smsType]];
      if (input.senderId) attributes.push(['AWS.SNS.SMS.SenderID', input.senderId]);
      if (input.originationNumber) attributes.push(['AWS.MM.SMS.OriginationNumber', input.originationNumber]);
      const form: Record<string, string> = {
        Action: 'Publish',
        Version: '2010-03-31',
        PhoneNumber: input.phoneNumber,
        Message: input.message,
      };
      attributes.forEach(([name, value], i) => {
        const prefix = `MessageAttributes.entry.${i + 1}`;
        form[`${prefix}.Name`] = name;
        form[`${prefix}.Value.DataType`] = 'String';
        form[`${prefix}.Value.StringValue`] = value;
      });
      const xml = await call(input, form, true);
      const messageId = xmlText(xml, 'MessageId');
      if (!messageId) throw new ProviderError('aws-sns', 'invalid_response', 'AWS SNS sent no MessageId');
      return { messageId, requestId: xmlText(xml, 'RequestId') };
    },

    /** The credential test: the account's SMS settings (`GetSMSAttributes`), sending nothing. */
    async getSmsAttributes(credentials: AwsSnsCredentials): Promise<Record<string, string>> {
      const xml = await call(credentials, { Action: 'GetSMSAttributes', Version: '2010-03-31' }, false);
      if (!xml.includes('<GetSMSAttributesResponse')) {
        throw new ProviderError('aws-sns', 'invalid_response', 'AWS SNS sent unreadable SMS attributes');
      }
      const attributes: Record<string, string> = {};
      for (const entry of xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)) {
        const key = xmlText(entry[1] as string, 'key');
        if (key !== null) attributes[key] = xmlText(entry[1] as string, 'value') ?? '';
      }
      return attributes;
    },
  };
}

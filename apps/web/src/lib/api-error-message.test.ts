import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import { ApiError } from './api-client';
import { apiErrorMessage } from './api-error-message';

const serverMessage = 'A webhook endpoint with this URL already exists';

describe('apiErrorMessage', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('translates by the error code, not the server’s English message', async () => {
    expect(apiErrorMessage(new ApiError(403, 'FORBIDDEN', 'Only owners can do this'))).toBe(
      'You do not have permission to do this.',
    );
    await changeLanguage('es');
    expect(apiErrorMessage(new ApiError(409, 'CONFLICT', serverMessage))).toBe(
      'Esto entra en conflicto con datos existentes. Actualice la página e inténtelo de nuevo.',
    );
    await changeLanguage('tr');
    expect(apiErrorMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe(
      'Sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.',
    );
  });

  it('names the patient limit with its figures, from the details of the PLAN_REQUIRED refusal', () => {
    const details = {
      key: 'plans.errors.patientLimitExceeded',
      limit: 500,
      current: 499,
      upgradeTo: 'enterprise',
    };
    expect(apiErrorMessage(new ApiError(403, 'PLAN_REQUIRED', 'Patient Limit Exceeded', details))).toBe(
      'Your plan holds up to 500 patients and the clinic has 499. Upgrade to Enterprise to add more.',
    );
    // A feature locked by plan keeps the generic text.
    expect(apiErrorMessage(new ApiError(403, 'PLAN_REQUIRED', 'Requires Professional'))).toBe(
      'Your plan does not include this feature.',
    );
  });

  it('falls back to a translated generic message for an unknown code or a non-API error', async () => {
    await changeLanguage('es');
    expect(apiErrorMessage(new ApiError(418, 'TEAPOT', serverMessage))).toBe(
      'Algo salió mal. Inténtelo de nuevo.',
    );
    expect(apiErrorMessage(new Error('boom'))).toBe('Algo salió mal. Inténtelo de nuevo.');
    // A code that only looks like a key (inherited from Object) is not one.
    expect(apiErrorMessage(new ApiError(400, 'toString', serverMessage))).toBe(
      'Algo salió mal. Inténtelo de nuevo.',
    );
  });
});

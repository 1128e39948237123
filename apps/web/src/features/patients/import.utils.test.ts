import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { type ImportStep, importErrorMessage } from './import.utils';

beforeAll(async () => {
  await i18n.loadNamespaces('patients');
  await i18n.loadLanguages(['es', 'tr']);
});
afterAll(async () => {
  await changeLanguage('en');
});

const patientLimit = new ApiError(
  403,
  'PLAN_REQUIRED',
  'Patient Limit Exceeded - Your plan holds up to 100 patients and has 100. Please upgrade to continue service: Professional holds them all',
  {
    key: 'plans.errors.patientLimitExceeded',
    limit: 100,
    current: 100,
    adding: 3,
    upgradeTo: 'professional',
  },
);
const expired = new ApiError(404, 'NOT_FOUND', 'The file is no longer kept (15 minutes): choose it again', [
  { field: 'uploadId', message: 'The file is no longer kept (15 minutes): choose it again' },
]);
const consent = new ApiError(403, 'FORBIDDEN', 'Only owners and admins can import marketing consent.');
const offline = new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch');
const unreadable = new ApiError(400, 'VALIDATION_ERROR', 'This is not a readable file: bad zip', [
  { field: 'file', message: 'This is not a readable file: bad zip' },
]);
const shuttingDown = new ApiError(503, 'SHUTTING_DOWN', 'The server is restarting; nothing was imported.');

describe("importErrorMessage: the reader's language, never the server's English", () => {
  it.each([
    [
      'es',
      patientLimit,
      'import',
      'Su plan admite hasta 100 pacientes y la clínica tiene 100. Cambie al plan Professional para añadir más.',
    ],
    [
      'tr',
      patientLimit,
      'import',
      'Planınız en fazla 100 hastayı kapsıyor ve kliniğinizde 100 hasta var. Daha fazla hasta eklemek için Professional planına geçin.',
    ],
    ['es', expired, 'read', 'El archivo ya no se conserva en el servidor. Vuelva a elegirlo.'],
    ['tr', expired, 'import', 'Dosya artık sunucuda tutulmuyor. Dosyayı yeniden seçin.'],
    [
      'es',
      consent,
      'import',
      'Solo los propietarios y los administradores pueden importar el consentimiento de marketing. Quite la columna de consentimiento o pida a un propietario o administrador que importe este archivo.',
    ],
    ['es', consent, 'read', 'No tiene permiso para hacer esto.'],
    [
      'es',
      offline,
      'read',
      'No se pudo conectar con el servidor. Compruebe su conexión e inténtelo de nuevo.',
    ],
    ['tr', offline, 'import', 'Sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.'],
    [
      'es',
      unreadable,
      'read',
      'No se ha podido leer este archivo. Compruebe que es un archivo CSV o Excel (.xlsx), que no está vacío y que tiene como máximo 50.000 filas.',
    ],
    [
      'tr',
      shuttingDown,
      'import',
      'Sunucu yeniden başlatılıyor. Hiçbir şey kaydedilmedi; biraz sonra tekrar deneyin.',
    ],
    [
      'es',
      new ApiError(500, 'IMPORT_FAILED', 'x'),
      'import',
      'La importación ha fallado; no se ha importado nada.',
    ],
    ['en', new Error('boom'), 'read', 'Something went wrong. Try again.'],
  ] as const)('%s: %o at %s -> %j', async (language, failure, step: ImportStep, expected) => {
    await changeLanguage(language);
    expect(importErrorMessage(i18n.getFixedT(language, 'patients'), failure, step)).toBe(expected);
  });
});

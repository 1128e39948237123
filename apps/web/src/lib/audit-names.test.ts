import { securityAuditActions, workAuditActions } from '@careloop/contracts/audit';
import { describe, expect, it } from 'vitest';
import { shippedSources } from '../test/source-files';
import { actionNames, clientActionNames, errorTypeNames, readableName } from './audit-names';

type AuditTexts = { actions?: Record<string, unknown>; errorTypes?: Record<string, unknown> };

const files = import.meta.glob<AuditTexts>('../i18n/*/audit.json', { eager: true, import: 'default' });
const textsIn = (language: string): AuditTexts => files[`../i18n/${language}/audit.json`] ?? {};
const languages = ['en', 'es', 'tr'] as const;

/** The string literals a call such as `logUserAction('name'` or `errorType: 'name'` names in shipped code. */
function namesAt(pattern: RegExp): string[] {
  return [
    ...new Set(shippedSources().flatMap(({ source }) => [...source.matchAll(pattern)].map((m) => m[1]!))),
  ].sort();
}

describe('audit names', () => {
  it('cover every name the web app reports', () => {
    expect(namesAt(/logUserAction\(\s*'([^']+)'/g)).toEqual([...clientActionNames].sort());
    const reported = namesAt(/errorType:\s*'([^']+)'/g);
    expect(reported.filter((name) => !(errorTypeNames as readonly string[]).includes(name))).toEqual([]);
  });

  it('cover every action of the server audit trails', () => {
    expect(actionNames).toEqual(expect.arrayContaining([...securityAuditActions, ...workAuditActions]));
  });

  it.each(languages.flatMap((language) => actionNames.map((name) => [language, name] as const)))(
    '%s has a text for the action %s',
    (language, name) => {
      const text = textsIn(language).actions?.[name];
      expect(typeof text === 'string' && text.trim() !== '' && text !== name).toBe(true);
    },
  );

  it.each(languages.flatMap((language) => errorTypeNames.map((name) => [language, name] as const)))(
    '%s has a text for the error type %s',
    (language, name) => {
      const text = textsIn(language).errorTypes?.[name];
      expect(typeof text === 'string' && text.trim() !== '' && text !== name).toBe(true);
    },
  );

  it('writes a name without a text as words', () => {
    expect(readableName('old_client_action')).toBe('Old client action');
    expect(readableName('  export__done ')).toBe('Export done');
    expect(readableName('___')).toBe('___');
  });
});

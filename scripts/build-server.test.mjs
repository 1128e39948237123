import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { escapeNonAscii, sourceFingerprint } from './build-server.mjs';

describe('when `npm start` rebuilds the server', () => {
  const dirs = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  const tree = () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-fingerprint-'));
    dirs.push(base);
    const write = (file, text) => {
      fs.mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
      fs.writeFileSync(path.join(base, file), text);
    };
    write('apps/server/src/main.ts', 'main();\n');
    write('packages/domain/src/rule.ts', 'export const rule = 1;\n');
    write('packages/contracts/src/api.ts', 'export {};\n');
    write('package-lock.json', '{}\n');
    return { base, write };
  };

  it.each([
    ['a server source changes', 'apps/server/src/main.ts', 'main(2);\n', true],
    ['a domain rule changes', 'packages/domain/src/rule.ts', 'export const rule = 2;\n', true],
    ['a new source file appears', 'apps/server/src/extra.ts', 'x;\n', true],
    ['the lock file changes', 'package-lock.json', '{"v":2}\n', true],
    ['a file is written again unchanged', 'apps/server/src/main.ts', 'main();\n', false],
    ['a test changes', 'apps/server/src/main.test.ts', 'it();\n', false],
    ['a test helper changes', 'apps/server/src/testing/build.ts', 'x;\n', false],
  ])('%s: rebuild %s', (_label, file, text, rebuilds) => {
    const { base, write } = tree();
    const before = sourceFingerprint(base);
    write(file, text);
    expect(sourceFingerprint(base) !== before).toBe(rebuilds);
  });
});

describe('when the bundle is made ASCII (escapeNonAscii)', () => {
  // Each expression is evaluated as written and as escaped: the same answer, from ASCII text only.
  it.each([
    ['a Spanish letter in a class', '/[íáé]/.test("está")'],
    ['a Turkish letter outside the class', '/^[a-z]+$/.test("yanıt")'],
    ['an emoji in a /u class', '"¡Gracias 🙏!".match(/[😊🙏👍]/u)?.[0]'],
    ['an emoji counted as one code point', '"x😡y".replace(/[😡🤬]/gu, "-")'],
    ['an emoji without /u: its two halves', '"😀".replace(/[😀]/g, ".")'],
    ['a GSM-7 letter set', '/^[@£$¥èéùìòÇØøÅåΦΓΛΩ]+$/.test("£Ωå")'],
    ['a string', '"Çağrı" + " " + "Müller"'],
    ['a template', ['`Teşekkürler $', '{"Ayşe"}`'].join('')],
    ['a letter beside escaped text', '"a\\u00e9ı".length'],
  ])('%s', (_label, expression) => {
    const escaped = escapeNonAscii(expression);
    expect(Buffer.from(escaped).every((byte) => byte < 0x80)).toBe(true);
    expect(new Function(`return ${escaped}`)()).toEqual(new Function(`return ${expression}`)());
  });
});

import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiClient } from '../../testing/build-api-client';
import { buildClinic } from '../../testing/build-user';
import { portOf } from '../../testing/free-port';
import { installPackedSdk } from '../../testing/packed-sdk';
import { createTestApp, type TestApp } from '../../testing/test-app';

// @careloop/sdk as a vendor gets it: `npm pack` (which builds it), the tarball installed in a folder
// outside the workspace, then used from plain Node (import and require) against this server over
// HTTP, and type-checked by TypeScript under nodenext and bundler resolution.
const repo = path.resolve(import.meta.dirname, '../../../../..');
const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');

let t: TestApp;
let folder: string;
let env: Record<string, string>;

const use = (importLine: string) => `${importLine}
const careloop = new CareLoop({ baseUrl: process.env.BASE_URL!, clientId: 'clk_x', clientSecret: 'cls_x' });
async function check(): Promise<string | null> {
  const patient: Patient = await careloop.patients.create({ name: 'Ana', procedure_date: '2026-01-15' });
  const date: string | null = patient.procedure_date;
  // @ts-expect-error the SDK's types are the document's, not any: no such field
  await careloop.patients.create({ nam: 'Ana' });
  try {
    await careloop.patients.get(patient.id);
  } catch (error) {
    if (error instanceof CareLoopError) return error.requestId;
  }
  return date;
}
void check;
`;

const declareProcess = 'declare const process: { env: Record<string, string | undefined> };\n';

const script = (loader: string) => `${loader}
const careloop = new CareLoop({ baseUrl: process.env.BASE_URL, clientId: process.env.CLIENT_ID, clientSecret: process.env.CLIENT_SECRET });
(async () => {
  const created = await careloop.patients.create({ name: process.env.NAME, procedure_date: '2026-01-15' });
  const listed = await careloop.patients.list({ search: process.env.NAME });
  const missing = await careloop.patients.get('pat_missing').catch((error) => ({
    isNotFound: error instanceof CareLoopNotFoundError && error instanceof CareLoopError,
    requestId: error.requestId,
  }));
  console.log(JSON.stringify({ created, listed: listed.data.map((p) => p.id), missing }));
})();
`;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${portOf(t.app.server)}`;
  const { owner } = await buildClinic(t, { tier: 'professional' });
  const client = await buildApiClient(t, owner);
  env = { BASE_URL: baseUrl, CLIENT_ID: client.clientId, CLIENT_SECRET: client.clientSecret };

  const installed = installPackedSdk();
  folder = installed.folder;
  const app = installed.app;
  fs.writeFileSync(
    path.join(app, 'esm.mjs'),
    script("import { CareLoop, CareLoopError, CareLoopNotFoundError } from '@careloop/sdk';"),
  );
  fs.writeFileSync(
    path.join(app, 'cjs.cjs'),
    script("const { CareLoop, CareLoopError, CareLoopNotFoundError } = require('@careloop/sdk');"),
  );
  const imports = "import { CareLoop, CareLoopError, type Patient } from '@careloop/sdk';";
  fs.writeFileSync(path.join(app, 'use.mts'), declareProcess + use(imports));
  fs.writeFileSync(
    path.join(app, 'use.cts'),
    declareProcess + use("import { CareLoop, CareLoopError, type Patient } from '@careloop/sdk';"),
  );
  fs.writeFileSync(path.join(app, 'use.ts'), declareProcess + use(imports));
  const compilerOptions = { strict: true, noEmit: true, target: 'ES2022', lib: ['ES2022', 'DOM'], types: [] };
  fs.writeFileSync(
    path.join(app, 'tsconfig.nodenext.json'),
    JSON.stringify({
      compilerOptions: { ...compilerOptions, module: 'NodeNext', moduleResolution: 'NodeNext' },
      files: ['use.mts', 'use.cts'],
    }),
  );
  fs.writeFileSync(
    path.join(app, 'tsconfig.bundler.json'),
    JSON.stringify({
      compilerOptions: { ...compilerOptions, module: 'ESNext', moduleResolution: 'Bundler' },
      files: ['use.ts'],
    }),
  );
});

afterAll(async () => {
  await t?.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the packed @careloop/sdk', () => {
  it('ships JavaScript, declarations and the document, not its sources', () => {
    const files = fs
      .readdirSync(path.join(folder, 'app/node_modules/@careloop/sdk'), { recursive: true })
      .map(String)
      .sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/index.mjs',
        'dist/index.cjs',
        'dist/index.d.ts',
        'dist/index.d.cts',
        'openapi/v1.json',
      ]),
    );
    expect(files.some((file) => file.startsWith('src'))).toBe(false);
  });

  it.each([
    ['import', 'esm.mjs'],
    ['require', 'cjs.cjs'],
  ])(
    'runs from plain Node with %s: creates a patient with its treatment date and lists it',
    async (_how, file) => {
      const name = `Node ${file}`;
      // Asynchronously: the child calls this process's server, which must stay free to answer.
      const { stdout } = await promisify(execFile)(process.execPath, [file], {
        cwd: path.join(folder, 'app'),
        env: { ...process.env, ...env, NAME: name },
        encoding: 'utf8',
      });
      const out = JSON.parse(stdout);
      expect(out.created).toMatchObject({ name, procedure_date: '2026-01-15' });
      expect(out.listed).toEqual([out.created.id]);
      expect(out.missing).toEqual({ isNotFound: true, requestId: expect.stringMatching(/^sdk_/) });
    },
  );

  it.each(['nodenext', 'bundler'])(
    'type-checks under TypeScript %s resolution, with real types',
    (resolution) => {
      expect(() =>
        execFileSync(process.execPath, [tsc, '-p', `tsconfig.${resolution}.json`], {
          cwd: path.join(folder, 'app'),
          encoding: 'utf8',
        }),
      ).not.toThrow();
    },
  );
});

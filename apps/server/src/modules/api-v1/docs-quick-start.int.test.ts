import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCodeSamples,
  integratorPlaceholders,
} from '../../../../web/src/public/components/api-code-samples';
import { buildApiClient } from '../../testing/build-api-client';
import { buildClinic } from '../../testing/build-user';
import { portOf } from '../../testing/free-port';
import { installPackedSdk } from '../../testing/packed-sdk';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The /docs quick start as a new integrator follows it: the examples the page renders for this
// deployment's address (apiCodeSamples of the server's origin), with only what the integrator pastes
// in replaced (their client id and secret, then the token they got), run over HTTP as written: the
// curl commands by the real curl binary through a POSIX shell, the Node sample by Node against the
// packed SDK installed outside the workspace.
const runFile = promisify(execFile);

let t: TestApp;
let origin: string;
let folder: string | undefined;
let sdkApp: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${portOf(t.app.server)}`;
  const installed = installPackedSdk();
  folder = installed.folder;
  sdkApp = installed.app;
});

afterAll(async () => {
  await t?.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

/** What the integrator does to a sample: their own values where the placeholders stand. */
function pasted(sample: string, values: Partial<Record<keyof typeof integratorPlaceholders, string>>) {
  let text = sample;
  for (const [key, value] of Object.entries(values)) {
    text = text.replaceAll(integratorPlaceholders[key as keyof typeof integratorPlaceholders], value);
  }
  expect(text).not.toMatch(/YOUR_[A-Z_]+/);
  return text;
}

/** A shell command as the page shows it (line continuations and quotes included); its JSON answer. */
async function shell(command: string): Promise<unknown> {
  const { stdout } = await runFile('sh', ['-c', command], { encoding: 'utf8' });
  return JSON.parse(stdout);
}

/** A new clinic on Professional with an API client made in Settings > API (all scopes, as offered). */
async function newIntegrator() {
  const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
  const client = await buildApiClient(t, owner);
  return { clinicId, owner, client };
}

describe('the /docs quick start, run as written', () => {
  it('is written for this deployment: its address, the packed SDK, no placeholder domain', () => {
    const samples = apiCodeSamples(origin);
    for (const key of ['getToken', 'createPatient', 'listPatients', 'reviews'] as const) {
      expect(samples[key]).toContain(`${origin}/api/v1/`);
    }
    expect(samples.node).toContain(`baseUrl: '${origin}'`);
    expect(JSON.stringify(samples)).not.toContain('careloop.example');
    expect(samples.installSdk).toBe(`npm install ${readPackageName()}`);
  });

  it('with curl: gets a token, creates a patient with its treatment date and lists it', async () => {
    const { client } = await newIntegrator();
    const samples = apiCodeSamples(origin);

    const token = (await shell(
      pasted(samples.getToken, { clientId: client.clientId, clientSecret: client.clientSecret }),
    )) as { access_token: string; token_type: string; expires_in: number };
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });

    const created = (await shell(pasted(samples.createPatient, { accessToken: token.access_token }))) as {
      id: string;
    };
    expect(created).toMatchObject({
      name: 'Maria Santos',
      phone: '+34600000000',
      procedure: 'Dental Implant',
      procedure_date: '2026-03-02',
      language: 'es',
    });
    // Sent again (a time-out, a second try), the same Idempotency-Key answers the same patient.
    const again = (await shell(pasted(samples.createPatient, { accessToken: token.access_token }))) as {
      id: string;
    };
    expect(again.id).toBe(created.id);

    const listed = (await shell(pasted(samples.listPatients, { accessToken: token.access_token }))) as {
      data: { id: string; procedure_date: string }[];
    };
    expect(listed.data.map((patient) => [patient.id, patient.procedure_date])).toEqual([
      [created.id, '2026-03-02'],
    ]);
  });

  it('with the Node.js SDK: quick-start.mjs creates a patient with its treatment date and lists it', async () => {
    const { client } = await newIntegrator();
    const file = path.join(sdkApp, `quick-start-${client.clientId}.mjs`);
    fs.writeFileSync(
      file,
      pasted(apiCodeSamples(origin).node, { clientId: client.clientId, clientSecret: client.clientSecret }),
    );

    // Asynchronously: the child calls this process's server, which must stay free to answer.
    const { stdout } = await runFile(process.execPath, [file], { cwd: sdkApp, encoding: 'utf8' });

    const created = stdout.match(/^created (\S+) 2026-03-02$/m);
    expect(created, stdout).not.toBeNull();
    expect(stdout).toContain(`listed [ '${created![1]} Maria Santos 2026-03-02' ]`);
    // What the clinic's own app shows: the patient with the treatment date the integrator sent.
    const token = await shell(
      pasted(apiCodeSamples(origin).getToken, {
        clientId: client.clientId,
        clientSecret: client.clientSecret,
      }),
    );
    const read = await fetch(`${origin}/api/v1/patients/${created![1]}`, {
      headers: { authorization: `Bearer ${(token as { access_token: string }).access_token}` },
    });
    expect(await read.json()).toMatchObject({ name: 'Maria Santos', procedure_date: '2026-03-02' });
  });

  it('another clinic lists none of them', async () => {
    const first = await newIntegrator();
    const other = await newIntegrator();
    const samples = apiCodeSamples(origin);
    const tokenOf = async (client: { clientId: string; clientSecret: string }) =>
      (
        (await shell(
          pasted(samples.getToken, { clientId: client.clientId, clientSecret: client.clientSecret }),
        )) as { access_token: string }
      ).access_token;
    await shell(pasted(samples.createPatient, { accessToken: await tokenOf(first.client) }));
    const theirs = (await shell(
      pasted(samples.listPatients, { accessToken: await tokenOf(other.client) }),
    )) as {
      data: unknown[];
    };
    expect(theirs.data).toEqual([]);
  });
});

function readPackageName(): string {
  const manifest = path.resolve(import.meta.dirname, '../../../../../packages/sdk/package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name: string }).name;
}

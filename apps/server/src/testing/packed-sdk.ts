import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../../../..');
const sdkDir = path.join(repo, 'packages/sdk');
const binPath = `${path.join(repo, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`;

/**
 * @careloop/sdk as a vendor gets it: `npm pack` (which builds it) and the tarball installed in an app
 * folder of its own under a new temporary folder, outside the workspace. Returns both folders; the
 * caller removes `folder` when done.
 */
export function installPackedSdk(): { folder: string; app: string } {
  const run = (args: string[], cwd: string) =>
    execFileSync('npm', args, { cwd, env: { ...process.env, PATH: binPath }, encoding: 'utf8' });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-sdk-'));
  const packed = JSON.parse(run(['pack', '--json', '--pack-destination', folder], sdkDir)) as {
    filename: string;
  }[];
  const app = path.join(folder, 'app');
  fs.mkdirSync(app);
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'vendor-app', private: true }));
  run(['install', '--offline', '--no-audit', '--no-fund', path.join(folder, packed[0]!.filename)], app);
  return { folder, app };
}

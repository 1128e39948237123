import fs from 'node:fs';
import path from 'node:path';
import { appearanceGuard } from '../../vitest.timeouts.ts';
import { thisServer } from './server';

/** Waits for the mail written to the outbox for `to` and returns the first link to `pathPrefix`. */
export async function waitForMailLink(
  to: string,
  pathPrefix: string,
  timeoutMs = appearanceGuard,
): Promise<string> {
  const dir = thisServer().outboxDir;
  const safeTo = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(`-${safeTo}.eml`)) : [];
    for (const file of files.sort().reverse()) {
      const text = fs
        .readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const match = text.match(
        new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`),
      );
      if (match) return match[0].replace(/&amp;/g, '&');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with a ${pathPrefix} link`);
}

/** Waits for a mail to `to` that contains `text`, and returns it (quoted-printable soft breaks undone). */
export async function waitForMailContaining(
  to: string,
  text: string,
  timeoutMs = appearanceGuard,
): Promise<string> {
  const dir = thisServer().outboxDir;
  const safeTo = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(`-${safeTo}.eml`)) : [];
    for (const file of files) {
      const mail = fs
        .readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (mail.includes(text)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} containing ${text}`);
}

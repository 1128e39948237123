import fs from 'node:fs';
import path from 'node:path';

/** Reads the .eml files written for one recipient, decoding quoted-printable soft breaks. */
export function readOutbox(outboxDir: string, to: string): string[] {
  if (!fs.existsSync(outboxDir)) return [];
  const safeTo = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  return fs
    .readdirSync(outboxDir)
    .filter((f) => f.endsWith(`-${safeTo}.eml`))
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(outboxDir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
}

export function findLink(mail: string, pathPrefix: string): URL {
  const match = mail.match(new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`));
  if (!match) throw new Error(`no ${pathPrefix} link in the mail`);
  return new URL(match[0].replace(/&amp;/g, '&'));
}

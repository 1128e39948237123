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

export type ReadMail = { subject: string; text: string; html: string; headers: Record<string, string> };

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const input = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i++) {
    if (input[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(input.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(input.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(part: { headers: Record<string, string>; body: string }): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** The .eml files written for one recipient, decoded: subject, plain text, HTML and headers. */
export function readMails(outboxDir: string, to: string): ReadMail[] {
  if (!fs.existsSync(outboxDir)) return [];
  const safeTo = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  return fs
    .readdirSync(outboxDir)
    .filter((f) => f.endsWith(`-${safeTo}.eml`))
    .sort()
    .map((f) => {
      const message = splitPart(fs.readFileSync(path.join(outboxDir, f), 'utf8'));
      const mail: ReadMail = {
        subject: decodeWords(message.headers.subject ?? ''),
        text: '',
        html: '',
        headers: message.headers,
      };
      const boundary = /boundary="?([^";]+)"?/.exec(message.headers['content-type'] ?? '')?.[1];
      const parts = boundary
        ? message.body
            .split(`--${boundary}`)
            .slice(1, -1)
            .map((raw) => splitPart(raw.replace(/^\r?\n/, '')))
        : [message];
      for (const part of parts) {
        const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase();
        if (type.startsWith('text/plain')) mail.text = decodeBody(part);
        if (type.startsWith('text/html')) mail.html = decodeBody(part);
      }
      return mail;
    });
}

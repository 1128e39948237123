import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes (a lead's visitor), when not to the sender. */
  replyTo?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
};
type Send = (message: MailMessage) => Promise<{ outboxPath?: string }>;

export type Mailer = {
  send: Send;
  /**
   * Sends without the caller waiting: for answers that must not take longer when an account exists
   * (a password reset mails only real accounts, and an SMTP round trip would show). A failure is logged.
   * `deliver: false` composes the message the same way and drops it: the stand-in work done for an
   * address without an account.
   */
  sendInBackground: (message: MailMessage | Promise<MailMessage>, options?: { deliver?: boolean }) => void;
  /** Resolves once every background send so far has finished (shutdown, tests). */
  idle: () => Promise<void>;
};

type MailerOptions = {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
};

/** SMTP when configured; otherwise each message becomes a readable .eml file in the outbox folder. */
export function createMailer(options: MailerOptions): Mailer {
  const send = options.smtpUrl ? smtpSender(options.smtpUrl, options.from) : outboxSender(options);
  const pending = new Set<Promise<unknown>>();
  return {
    send,
    sendInBackground(message, sendOptions = {}) {
      let to: string | undefined;
      const deliver = sendOptions.deliver ?? true;
      const sending = Promise.resolve(message)
        .then((resolved) => {
          to = resolved.to;
          return deliver ? send(resolved) : compose(options.from, resolved);
        })
        .catch((error: unknown) => {
          // The recipient only: the message holds a link that signs in.
          options.log.error({ err: error, to }, 'background mail failed');
        })
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

// nodemailer (and the Node modules it loads: net, tls, dns, zlib ...) is read at the first mail, not
// at every start: it was a sixth of the server bundle evaluated before /api/ready (cold start).
type Nodemailer = typeof import('nodemailer')['default'];
let nodemailerModule: Promise<Nodemailer> | undefined;
const loadNodemailer = () => {
  nodemailerModule ??= import('nodemailer').then((module) => module.default);
  return nodemailerModule;
};

/** A transport made once, at its first message. */
function lazyTransport(create: (mailer: Nodemailer) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= loadNodemailer().then(create);
    return transport;
  };
}

const streamTransport = () =>
  lazyTransport((mailer) => mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
const composer = streamTransport();

/** The message built as it would be sent (MIME, encodings), then dropped. */
async function compose(from: string, message: MailMessage): Promise<{ outboxPath?: string }> {
  await (await composer()).sendMail({ from, ...message });
  return {};
}

function smtpSender(smtpUrl: string, from: string): Send {
  const transport = lazyTransport((mailer) => mailer.createTransport(smtpUrl));
  return async (message) => {
    await (await transport()).sendMail({ from, ...message });
    return {};
  };
}

let written = 0;

function outboxSender(options: MailerOptions): Send {
  const transport = streamTransport();
  return async (message) => {
    const info = await (await transport()).sendMail({ from: options.from, ...message });
    await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
    const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
    // A counter after the time: two mails to one address in the same millisecond (two webhook
    // endpoints disabled in one sweep) are two files, still in the order they were written.
    written += 1;
    const file = path.join(
      options.outboxDir,
      `${Date.now()}-${String(written).padStart(6, '0')}-${safeTo}.eml`,
    );
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    // The path only: the message itself holds a sign-in link and stays out of the logs.
    options.log.info({ outboxPath: file }, 'mail written to the outbox');
    return { outboxPath: file };
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send: (message: MailMessage) => Promise<{ outboxPath?: string }> };

type MailerOptions = {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: { info: (obj: object, msg: string) => void };
};

/** SMTP when configured; otherwise each message becomes a readable .eml file in the outbox folder. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        return {};
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(options.outboxDir, `${Date.now()}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The path only: the message itself holds a sign-in link and stays out of the logs.
      options.log.info({ outboxPath: file }, 'mail written to the outbox');
      return { outboxPath: file };
    },
  };
}

import nodemailer from 'nodemailer';
import type { Logger } from '@gains/logging';
import type { Mailer } from '../domain/deps';
import type { MailStore } from '../store/mail-store';

/**
 * Sends mail over SMTP when a server is configured; otherwise keeps it in identity's mail_message table
 * (listed to provider admins by GET /api/dev/mailbox where the development mailbox is enabled). Mail carries
 * reset codes and temporary passwords, so a log line names only the recipient and subject.
 */
export function createMailer(options: { smtpUrl?: string; from: string; store: MailStore; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
        options.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  return {
    async send(mail) {
      await options.store.insert(mail);
      options.logger.info({ to: mail.to, subject: mail.subject }, 'mail kept (no SMTP server configured)');
    },
  };
}

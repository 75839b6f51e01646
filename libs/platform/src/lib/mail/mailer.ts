import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/app-config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Outgoing mail over SMTP (`SMTP_URL`, nodemailer; `smtps://` for implicit TLS, STARTTLS when the
 * server offers it on `smtp://`), from `MAIL_FROM`. Without SMTP_URL nothing is sent:
 * `configured` is false and the callers write what the mail would have carried to the log.
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private transport?: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return this.config.mail.smtpUrl !== undefined;
  }

  /** Sends one message; rejects when the server refuses it or cannot be reached (the job retries). */
  async send(message: MailMessage): Promise<void> {
    if (!this.config.mail.smtpUrl) throw new Error('mail is not configured: set SMTP_URL');
    this.transport ??= createTransport(this.config.mail.smtpUrl);
    await this.transport.sendMail({ from: this.config.mail.from, ...message });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}

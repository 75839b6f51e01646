import { Injectable, Logger } from '@nestjs/common';
import { Mailer } from '@docs/platform';
import escapeHtml from 'escape-html';

export interface InvitationMail {
  to: string;
  url: string;
  organizationTitle: string;
  /** Who invited (null: the operator, from the CLI). */
  inviterName: string | null;
}

/**
 * The mails people receive about their account: an invitation, a password reset. Each carries a
 * one-time link. Without SMTP (`SMTP_URL` unset) the link is written to the log instead, at info,
 * so that a self-hoster without mail can still let people in.
 */
@Injectable()
export class AccountMails {
  private readonly logger = new Logger('AccountMails');

  constructor(private readonly mailer: Mailer) {}

  async sendInvitation(mail: InvitationMail): Promise<void> {
    const who = mail.inviterName ?? 'An administrator';
    await this.deliver('invitation', mail.to, mail.url, {
      subject: `You are invited to ${mail.organizationTitle}`,
      lines: [`${who} invited you to ${mail.organizationTitle}.`, 'Open this link to join (it works for 7 days):'],
      button: `Join ${mail.organizationTitle}`,
    });
  }

  async sendPasswordReset(to: string, url: string): Promise<void> {
    await this.deliver('password reset', to, url, {
      subject: 'Choose a new password',
      lines: ['Someone asked to reset the password of your account. If it was you, open this link (it works for one hour):'],
      button: 'Choose a new password',
      footer: 'If it was not you, ignore this mail: your password stays as it is.',
    });
  }

  private async deliver(kind: string, to: string, url: string, body: { subject: string; lines: string[]; button: string; footer?: string }): Promise<void> {
    if (!this.mailer.configured) {
      this.logger.log({ to, link: url }, `mail is not configured (SMTP_URL): the ${kind} link for ${to} is ${url}`);
      return;
    }
    const text = [...body.lines, '', url, ...(body.footer ? ['', body.footer] : [])].join('\n');
    const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${body.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(url)}">${escapeHtml(body.button)}</a></p><p style="color:#59636e;font-size:.875em">${escapeHtml(url)}</p>${body.footer ? `<p>${escapeHtml(body.footer)}</p>` : ''}</body></html>`;
    await this.mailer.send({ to, subject: body.subject, text, html });
    this.logger.log({ to, kind }, 'mail sent');
  }
}

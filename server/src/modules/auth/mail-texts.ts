import type { FastifyRequest } from 'fastify';
import type { MailMessage } from '../../plugins/mail.js';

export type MailLocale = 'en' | 'ru';

/** The mail language: an explicit `locale` (body or stored preference), else Accept-Language, else English. */
export function pickLocale(request: FastifyRequest, ...explicit: unknown[]): MailLocale {
  for (const value of explicit) if (value === 'en' || value === 'ru') return value;
  const header = String(request.headers['accept-language'] ?? '');
  for (const part of header.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'ru' || tag === 'en') return tag;
  }
  return 'en';
}

const APP = 'ADHD SuperApp';

export function codeMail(locale: MailLocale, to: string, code: string): MailMessage {
  const text =
    locale === 'ru'
      ? `Ваш код подтверждения: ${code}\n\nКод действует 10 минут. Если вы не запрашивали его, просто проигнорируйте это письмо.\n\n${APP}`
      : `Your verification code: ${code}\n\nIt is valid for 10 minutes. If you did not ask for it, ignore this mail.\n\n${APP}`;
  const subject = locale === 'ru' ? `Код подтверждения ${APP}` : `Your ${APP} verification code`;
  return { to, subject, text, devCode: code };
}

/**
 * The code mail for an address that already has a verified account: the code (so the caller's answer does not
 * depend on whether the account exists) and, only here, inside the mailbox, the news that it does.
 */
export function accountExistsMail(locale: MailLocale, to: string, code: string, loginUrl: string): MailMessage {
  const text =
    locale === 'ru'
      ? `Ваш код подтверждения: ${code}\n\nКто-то (возможно, вы) пытался зарегистрироваться с этим адресом, но аккаунт уже существует.\n\nВойти: ${loginUrl}\nЕсли вы забыли пароль, его можно сбросить на странице входа.\n\n${APP}`
      : `Your verification code: ${code}\n\nSomeone (probably you) tried to sign up with this address, but you already have an account.\n\nLog in: ${loginUrl}\nIf you forgot your password, you can reset it from the login page.\n\n${APP}`;
  const subject = locale === 'ru' ? `У вас уже есть аккаунт ${APP}` : `You already have an ${APP} account`;
  return { to, subject, text, devCode: code };
}

export function resetMail(locale: MailLocale, to: string, link: string): MailMessage {
  const text =
    locale === 'ru'
      ? `Чтобы задать новый пароль, откройте ссылку:\n${link}\n\nСсылка действует 10 минут и работает один раз. Если вы не запрашивали сброс, проигнорируйте это письмо.\n\n${APP}`
      : `To choose a new password, open this link:\n${link}\n\nIt is valid for 10 minutes and works once. If you did not ask for a reset, ignore this mail.\n\n${APP}`;
  const subject = locale === 'ru' ? `Сброс пароля ${APP}` : `Reset your ${APP} password`;
  return { to, subject, text };
}

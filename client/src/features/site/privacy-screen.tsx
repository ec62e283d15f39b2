import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { InfoPage, Part } from './info-page';

/**
 * /privacy: what this server stores and why, truthfully (read from the code: server/src/db/schema.ts, the auth,
 * feedback, telegram and calendar modules), and how to export and delete it.
 */
export function PrivacyScreen() {
  return (
    <InfoPage
      title={<Trans>Privacy</Trans>}
      lead={<Trans>What this server stores about you, why, and how to take it with you or delete it. No trackers, no third-party analytics.</Trans>}
    >
      <Part title={<Trans>Your account</Trans>}>
        <p>
          <Trans>
            Your email address and name, your password as an Argon2 hash (never the password itself), whether your email is
            verified, when you accepted the terms, and your preferences (language, theme, time zone, week start, clock and
            notification settings). We need them to sign you in and to show the app the way you set it up.
          </Trans>
        </p>
      </Part>
      <Part title={<Trans>What you write</Trans>}>
        <p>
          <Trans>
            Your tasks, habits, notes, folders, tags, calendar events and inbox items, stored per user so that only you can
            read them, with how much storage they use (your quota). They are stored so your devices can sync. A copy also
            lives on each of your devices, so the app works offline.
          </Trans>
        </p>
      </Part>
      <Part title={<Trans>Sessions and security</Trans>}>
        <ul>
          <li>
            <Trans>
              Sessions: a hash of the secret in your sign-in cookie, the browser’s user agent, when it was created and last
              used. A session ends when you sign out, or after 90 days without use.
            </Trans>
          </li>
          <li>
            <Trans>
              Sign-in attempts and sent mails, with the IP address and email, for rate limits against abuse. These records are
              deleted after 24 hours.
            </Trans>
          </li>
          <li>
            <Trans>When you last used the app (an activity time), so the operator can see which accounts are in use.</Trans>
          </li>
        </ul>
      </Part>
      <Part title={<Trans>Mail</Trans>}>
        <p>
          <Trans>
            The server sends verification codes and password reset links. When the operator has not set up a mail server, these
            mails are written to files in the server’s data folder instead (DATA_DIR/mail/).
          </Trans>
        </p>
      </Part>
      <Part title={<Trans>Feedback</Trans>}>
        <p>
          <Trans>
            When you send feedback, the server keeps your name, email, the message and its type, and up to three screenshots in
            its data folder (DATA_DIR/uploads), so the operator can read and answer it.
          </Trans>
        </p>
      </Part>
      <Part title={<Trans>Connections, if you set them up</Trans>}>
        <ul>
          <li>
            <Trans>Telegram: the chat id and username of the chat you link, to send you reminders and accept quick notes.</Trans>
          </li>
          <li>
            <Trans>Google Calendar, if you connect it: your Google account and its access tokens, stored encrypted.</Trans>
          </li>
          <li>
            <Trans>Calendar feed: a hash of the secret token in your feed link, so calendar apps can read your events.</Trans>
          </li>
        </ul>
      </Part>
      <Part title={<Trans>What we do not do</Trans>}>
        <p>
          <Trans>
            No ads, no trackers, no third-party analytics, no selling or sharing of your data. The app loads nothing from other
            websites. Your data leaves this server only when you connect a service yourself (Telegram, Google).
          </Trans>
        </p>
      </Part>
      <Part title={<Trans>Export and delete</Trans>}>
        <ul>
          <li>
            <Trans>
              Export: in <Link href="/auth/settings">Settings</Link>, “Export data (JSON)” downloads everything you wrote as one file (the API:
              GET /api/export).
            </Trans>
          </li>
          <li>
            <Trans>
              Delete: in Settings, “Delete account” removes your account with all your data, sessions, connections and your
              calendar feed from this server at once. Feedback you sent stays until the operator deletes it.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>Questions? Ask the operator of this server, for example through the feedback page.</Trans>
        </p>
      </Part>
    </InfoPage>
  );
}

import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import type { PublicUser } from '@adhd/shared/users/schema';
import { buttonClass } from '../../components/ui/button';
import { SignOutButton } from '../../session/sign-out-button';
import { resendVerification, ResendCode, useCountdown } from '../auth';
import { SettingRow, SettingsSection } from './controls';

/** Settings → Account: the email and its verification, and sign out. */
export function AccountSection({ user }: { user: PublicUser }) {
  return (
    <SettingsSection title={<Trans>Account</Trans>} anchor="settings-account">
      <SettingRow label={user.name} description={<span className="break-all">{user.email}</span>}>
        {user.emailVerified ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-success/10 px-3 py-1 text-sm font-medium text-ink">
            <Trans>Email verified</Trans>
          </span>
        ) : (
          <span className="rounded-full bg-warning/10 px-3 py-1 text-sm font-medium text-ink">
            <Trans>Not verified</Trans>
          </span>
        )}
      </SettingRow>
      {!user.emailVerified && <VerifyEmailRow email={user.email} />}
      <SettingRow label={<Trans>Sign out</Trans>} description={<Trans>Removes your data from this device. It stays safe in your account.</Trans>}>
        <SignOutButton className="w-full sm:w-auto" />
      </SettingRow>
    </SettingsSection>
  );
}

/**
 * An unverified email: "Send code" mails a 6-digit code (the verify screen takes it), then "Enter the code" is
 * the next step, with the countdown until another code may be asked for.
 */
function VerifyEmailRow({ email }: { email: string }) {
  const countdown = useCountdown(0);
  const [sent, setSent] = useState(false);
  const send = async () => {
    await resendVerification(email.toLowerCase());
    setSent(true);
    return true;
  };
  return (
    <div className="space-y-2 px-4 py-3">
      <p className="text-sm text-muted">
        {sent ? (
          <Trans>We sent a 6-digit code to your email. Enter it to confirm the address.</Trans>
        ) : (
          <Trans>Confirm your email so you can always get back into your account.</Trans>
        )}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        {sent ? (
          <Link href="/auth/verify" className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
            <Trans>Enter the code</Trans>
          </Link>
        ) : (
          <Link href="/auth/verify" className="text-sm font-medium text-primary underline underline-offset-2">
            <Trans>I already have a code</Trans>
          </Link>
        )}
        <ResendCode secondsLeft={countdown.left} send={send} onWait={countdown.start} />
      </div>
    </div>
  );
}

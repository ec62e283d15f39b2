import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { InfoPage, Part } from './info-page';

/** /terms: plain-language, fair terms for a self-hosted server. */
export function TermsScreen() {
  return (
    <InfoPage title={<Trans>Terms of use</Trans>} lead={<Trans>Short and in plain language. By creating an account you agree to them.</Trans>}>
      <Part title={<Trans>Who runs this server</Trans>}>
        <p>
          <Trans>
            This app is open source software. This copy is run by its operator — the person or group who set up this server
            — not by the app’s authors. The operator decides who may register and which features are turned on.
          </Trans>
        </p>
      </Part>
      <Part title={<Trans>No warranty</Trans>}>
        <p>
          <Trans>
            The app is provided “as is”, without any warranty. It is not a medical product and does not replace professional
            help. Keep your own copy of anything important: you can export your data at any time in Settings.
          </Trans>
        </p>
      </Part>
      <Part title={<Trans>Acceptable use</Trans>}>
        <ul>
          <li>
            <Trans>Use the app for your own planning and notes; keep your password to yourself.</Trans>
          </li>
          <li>
            <Trans>Do not use it to store or spread illegal content, and do not attack, overload or probe the server.</Trans>
          </li>
          <li>
            <Trans>Do not try to get into other people’s accounts or data.</Trans>
          </li>
        </ul>
        <p>
          <Trans>The operator may disable an account that breaks these rules or endangers the server.</Trans>
        </p>
      </Part>
      <Part title={<Trans>Your data and your account</Trans>}>
        <p>
          <Trans>
            Your data stays yours. You can export it, and you can delete your account whenever you like in Settings; your
            data is then removed from this server. The <Link href="/privacy">privacy page</Link> explains what is stored.
          </Trans>
        </p>
      </Part>
      <Part title={<Trans>Changes</Trans>}>
        <p>
          <Trans>
            The operator may change these terms or stop running the server. Important changes should be announced in the
            news, and you can always export your data first.
          </Trans>
        </p>
      </Part>
    </InfoPage>
  );
}

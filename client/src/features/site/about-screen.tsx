import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { APP_NAME } from '../../lib/app-name';
import { InfoPage, Part } from './info-page';

/** /about: what the app is, for whom, offline-first, how to install it. */
export function AboutScreen() {
  return (
    <InfoPage
      title={<Trans>About {APP_NAME}</Trans>}
      lead={<Trans>A calm, offline-first home for your tasks, habits, notes and calendar, made for people with ADHD.</Trans>}
    >
      <Part title={<Trans>What it is</Trans>}>
        <p>
          <Trans>
            {APP_NAME} keeps the things you need to remember in one place, so your head does not have to. Tasks with small
            steps and gentle due dates, habits you build day by day, notes in folders, a calendar, an inbox for anything
            that pops into your mind, and a search that finds it all again.
          </Trans>
        </p>
      </Part>
      <Part title={<Trans>Who it is for</Trans>}>
        <p>
          <Trans>
            It is built for ADHD brains, and for anyone who loses track easily: one obvious next step, calm colours, no
            guilt-tripping, and as few taps as possible between a thought and a saved item.
          </Trans>
        </p>
      </Part>
      <Part title={<Trans>Works offline</Trans>}>
        <p>
          <Trans>
            Everything you do is saved on your device first, the moment you do it, and the app works without a
            connection. When you are online again, your devices catch up with each other by themselves.
          </Trans>
        </p>
      </Part>
      <Part title={<Trans>Install it</Trans>}>
        <p>
          <Trans>The app runs in your browser and can be installed like a regular app, with its own icon:</Trans>
        </p>
        <ul>
          <li>
            <Trans>On iPhone and iPad (Safari): tap Share, then “Add to Home Screen”.</Trans>
          </li>
          <li>
            <Trans>On Android (Chrome): open the menu ⋮ and choose “Install app” or “Add to Home screen”.</Trans>
          </li>
          <li>
            <Trans>On a computer (Chrome, Edge): click the install icon at the right of the address bar.</Trans>
          </li>
        </ul>
      </Part>
      <Part title={<Trans>Open source spirit</Trans>}>
        <p>
          <Trans>
            The app is open source and meant to be self-hosted: whoever runs this server controls its data, and anyone can
            run their own. It has no ads, no trackers and no third-party analytics. See the <Link href="/privacy">privacy page</Link>{' '}
            for what this server stores.
          </Trans>
        </p>
      </Part>
    </InfoPage>
  );
}

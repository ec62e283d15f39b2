import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../components/ui/button';
import { SlowNotice } from '../../components/ui/slow-notice';
import { messageForError } from '../../lib/messages';
import { useDonateLinks } from './data';
import { InfoPage } from './info-page';

/** /donate: the operator's donation links, or a calm note when there are none. */
export function DonateScreen() {
  const { t } = useLingui();
  const { result, retry } = useDonateLinks();
  return (
    <InfoPage
      title={<Trans>Donate</Trans>}
      lead={<Trans>This app is free. If it helps you, you can support the people who run this server.</Trans>}
    >
      {result.state === 'loading' && <SlowNotice delayMs={1500} />}
      {result.state === 'failed' && (
        <div className="rounded-xl border border-line bg-surface p-4" role="alert">
          <p>{t(messageForError(result.error))}</p>
          <Button className="mt-3" onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      )}
      {result.state === 'ready' && result.value.length === 0 && (
        <p className="rounded-xl border border-line bg-surface p-4 text-muted">
          <Trans>This server has no donation links yet.</Trans>
        </p>
      )}
      {result.state === 'ready' && result.value.length > 0 && (
        <ul className="!list-none !pl-0 space-y-3" aria-label={t`Donation links`}>
          {result.value.map((link) => (
            <li key={`${link.label}\n${link.url}`}>
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex flex-col rounded-xl border border-line bg-surface p-4 !no-underline hover:bg-surface-2"
              >
                <span className="font-semibold text-primary">{link.label}</span>
                <span className="mt-0.5 truncate text-sm text-muted">{link.url}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-muted">
        <Trans>Thank you. Every bit helps to keep the server running.</Trans>
      </p>
    </InfoPage>
  );
}

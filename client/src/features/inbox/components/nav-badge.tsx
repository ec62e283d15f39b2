import { useLingui } from '@lingui/react/macro';
import { useInboxCount } from '../inbox-data';

/** The number of inbox items next to 'Inbox' in the navigation; nothing when the inbox is empty. */
export function InboxNavBadge() {
  const { t } = useLingui();
  const count = useInboxCount();
  if (!count) return null;
  return (
    <span
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-section-inbox px-1.5 text-xs font-semibold leading-5 text-white"
      aria-label={t`${count} in inbox`}
      data-testid="inbox-count"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

import { Trans } from '@lingui/react/macro';
import { mdiCheckboxMarkedCircleOutline, mdiRepeat, mdiWeatherSunny } from '@mdi/js';
import { Link } from 'wouter';
import { buttonClass } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';

/**
 * A new user's dashboard (no tasks, habits, notes or events): one obvious first step (write down what is on
 * your mind, just above), then a first task or a first habit.
 */
export function EmptyDashboard() {
  return (
    <div data-testid="dashboard-empty" className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface-2 px-6 py-10 text-center">
      <span className="flex" style={{ color: 'var(--color-section-dashboard)' }} aria-hidden>
        <Icon path={mdiWeatherSunny} size={48} className="dark:text-primary" />
      </span>
      <h2 className="text-lg font-semibold">
        <Trans>Welcome! Let's start small.</Trans>
      </h2>
      <ol className="flex max-w-md flex-col gap-1 text-left text-sm text-muted">
        <li>
          <Trans>1. Write down whatever is on your mind in the field above. Sort it out later.</Trans>
        </li>
        <li>
          <Trans>2. Add one task you want to get done today.</Trans>
        </li>
        <li>
          <Trans>3. Pick one tiny daily habit.</Trans>
        </li>
      </ol>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Link href="/tasks" className={buttonClass('primary', 'md')}>
          <Icon path={mdiCheckboxMarkedCircleOutline} size={18} />
          <Trans>Add a first task</Trans>
        </Link>
        <Link href="/habits" className={buttonClass('secondary', 'md')}>
          <Icon path={mdiRepeat} size={18} />
          <Trans>Add a first habit</Trans>
        </Link>
      </div>
    </div>
  );
}

import { useLingui } from '@lingui/react/macro';
import { mdiFire, mdiSnowflake, mdiTrophyOutline } from '@mdi/js';
import type { Streaks } from '@adhd/shared/habits/streaks';
import { cn } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';

/** Current streak, anti-streak and best streak as compact badges with full labels for screen readers. */
export function StreakBadges({ streaks, className }: { streaks: Streaks; className?: string }) {
  const { t } = useLingui();
  const items = [
    { icon: mdiFire, value: streaks.currentStreak, label: t`Current streak`, tone: streaks.currentStreak > 0 ? 'text-warning' : 'text-muted' },
    { icon: mdiSnowflake, value: streaks.currentAntiStreak, label: t`Anti-streak`, tone: streaks.currentAntiStreak > 0 ? 'text-info' : 'text-muted' },
    { icon: mdiTrophyOutline, value: streaks.bestStreak, label: t`Best streak`, tone: 'text-muted' },
  ];
  return (
    <ul className={cn('flex items-center gap-2.5 text-xs', className)}>
      {items.map((s) => (
        <li key={s.label} className={cn('inline-flex items-center gap-0.5 tabular-nums', s.tone)} title={s.label}>
          <Icon path={s.icon} size={14} />
          <span className="sr-only">{s.label}: </span>
          {s.value}
        </li>
      ))}
    </ul>
  );
}

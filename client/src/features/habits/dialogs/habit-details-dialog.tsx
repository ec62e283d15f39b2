import { Trans, useLingui } from '@lingui/react/macro';
import { mdiCheck, mdiCheckCircle } from '@mdi/js';
import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import { dayNumber, scheduleTest } from '@adhd/shared/habits/schedule';
import type { Streaks } from '@adhd/shared/habits/streaks';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { DescriptionSection, DetailField, DetailsFooter, NoValue } from '../../../components/ui/details';
import { DeleteConfirmDialog } from '../../../components/ui/form-dialog';
import { formatMediumDate } from '../../../lib/dates';
import { CompletionHistory } from '../components/completion-history';
import { HabitIcon } from '../components/habit-icon';
import { useHabitLabels } from '../components/labels';
import { HabitTagChips } from '../components/tags-bridge';
import { useHabitActions } from '../data/mutations';
import type { UserPrefs } from '../../../lib/use-prefs';
import { useDayOverrides } from '../hooks/use-day-overrides';
import type { HabitItem } from '../logic/types';

/** Full screen at every width (SPEC section 2: habit details). */
export const FULL_SCREEN = 'inset-0! h-dvh! max-h-none! w-full! max-w-none! translate-none! rounded-none! border-0!';

export interface HabitDetailsDialogProps {
  habit: HabitItem;
  streaks: Streaks;
  prefs: UserPrefs;
  today: string;
  onClose(): void;
  onEdit(): void;
  onDeleted(): void;
}

function Stat({ label, value, tone }: { label: ReactNode; value: number; tone: string }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-line bg-surface-2 px-2 py-3 text-center">
      <span className={`text-2xl font-semibold tabular-nums ${tone}`}>{value}</span>
      <span className="text-xs text-muted">{label}</span>
    </div>
  );
}

/** SPEC section 2: habit details with streaks, the month/year history and 'Complete today'. */
export function HabitDetailsDialog({ habit, streaks, prefs, today, onClose, onEdit, onDeleted }: HabitDetailsDialogProps) {
  const { t } = useLingui();
  const labels = useHabitLabels();
  const actions = useHabitActions();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const write = useCallback((date: string, status: HabitDayStatus) => actions.setDay(habit.id, date, status), [actions, habit.id]);
  const { statusOf, set, failed } = useDayOverrides(habit.marks, write);
  const test = useMemo(() => scheduleTest(habit), [habit]);
  const scheduled = useCallback((date: string) => test(dayNumber(date)), [test]);
  const scheduledToday = scheduled(today);
  const doneToday = statusOf(today) === 'complete';
  const none = <NoValue />;

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        <span className="flex items-center gap-3">
          <HabitIcon name={habit.icon} color={habit.color} />
          <span className="min-w-0 break-words">{habit.title || t`Untitled habit`}</span>
        </span>
      }
      width={1200}
      className={FULL_SCREEN}
      data-testid="habit-details"
      footer={
        <DetailsFooter onDelete={() => setConfirmDelete(true)} onClose={onClose} onEdit={onEdit}>
          <Button
            variant={doneToday ? 'secondary' : 'primary'}
            icon={doneToday ? mdiCheckCircle : mdiCheck}
            aria-pressed={doneToday}
            disabled={!scheduledToday}
            title={scheduledToday ? undefined : t`Not scheduled today`}
            onClick={() => set(today, doneToday ? 'empty' : 'complete')}
            className="max-sm:px-3"
          >
            {doneToday ? <Trans>Completed today</Trans> : <Trans>Complete today</Trans>}
          </Button>
        </DetailsFooter>
      }
    >
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
        {failed && (
          <p role="alert" className="text-sm text-danger">
            <Trans>Couldn’t save that day. Please try again.</Trans>
          </p>
        )}
        <DescriptionSection text={habit.description} />
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
          <DetailField label={<Trans>Frequency</Trans>}>{labels.frequency(habit, prefs.locale)}</DetailField>
          {habit.frequency === 'custom' && habit.customFrequency?.type === 'interval' && (
            <DetailField label={<Trans>Start date</Trans>}>{formatMediumDate(habit.startDate, prefs.locale)}</DetailField>
          )}
          <DetailField label={<Trans>Time of day</Trans>}>{labels.time(habit, prefs.clockMode, prefs.locale)}</DetailField>
          <DetailField label={<Trans>Tags</Trans>}>{habit.tags.length > 0 ? <HabitTagChips ids={habit.tags} /> : none}</DetailField>
        </dl>
        <div className="grid grid-cols-3 gap-2 sm:max-w-xl" data-testid="habit-streaks">
          <Stat label={<Trans>Current streak</Trans>} value={streaks.currentStreak} tone="text-warning" />
          <Stat label={<Trans>Anti-streak</Trans>} value={streaks.currentAntiStreak} tone="text-info" />
          <Stat label={<Trans>Best streak</Trans>} value={streaks.bestStreak} tone="text-success" />
        </div>
        <CompletionHistory today={today} weekStartDay={prefs.weekStartDay} locale={prefs.locale} statusOf={statusOf} scheduled={scheduled} onSet={set} />
      </div>
      <DeleteConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={<Trans>Delete this habit?</Trans>}
        message={<Trans>The habit and its whole history will be deleted.</Trans>}
        errorText={<Trans>Couldn’t delete the habit. Please try again.</Trans>}
        what="Habit"
        remove={() => actions.remove(habit.id)}
        onDeleted={onDeleted}
      />
    </AppDialog>
  );
}

import { useLingui } from '@lingui/react/macro';
import { mdiCheck, mdiLock } from '@mdi/js';
import { memo } from 'react';
import { Icon } from '../../../components/ui/icon';
import type { EntryProps } from '../data/to-fc';

export interface EventContentProps {
  /** FullCalendar's id of the event (the input's id). */
  id: string;
  entry: EntryProps;
  title: string;
  timeText: string;
  onToggleTask(taskId: string, completed: boolean): void;
  onToggleHabit(habitId: string, date: string, done: boolean): void;
  /** Opens a task or a habit (those entries are not one button: the tick is the other). */
  onOpen(id: string, entry: EntryProps): void;
}

/** A small checkbox inside an event: its click ticks, and never opens or drags the event. */
function Tick({ checked, label, onChange }: { checked: boolean; label: string; onChange(checked: boolean): void }) {
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={checked}
      aria-label={label}
      className="cal-tick"
      data-state={checked ? 'checked' : 'unchecked'}
      onPointerDown={(e) => e.stopPropagation()}
      onMouseDown={(e) => e.stopPropagation()}
      onClick={(e) => {
        e.stopPropagation();
        e.preventDefault();
        onChange(!checked);
      }}
    >
      {checked && <Icon path={mdiCheck} size={12} />}
    </button>
  );
}

/** What an event shows in every view: a tick for tasks and habits, a lock for read-only events, time and title. */
function EventContentView({ id, entry, title, timeText, onToggleTask, onToggleHabit, onOpen }: EventContentProps) {
  const { t } = useLingui();
  const done = entry.kind === 'task' ? entry.completed : entry.kind === 'habit' ? entry.done : false;
  return (
    <div className="cal-entry" data-kind={entry.kind} data-done={done || undefined} data-timed={timeText ? true : undefined} data-testid="calendar-event">
      {entry.kind === 'task' && <Tick checked={entry.completed} label={t`Complete task: ${title}`} onChange={(c) => onToggleTask(entry.taskId, c)} />}
      {entry.kind === 'habit' && <Tick checked={entry.done} label={t`Done today: ${title}`} onChange={(c) => onToggleHabit(entry.habitId, entry.date, c)} />}
      {entry.kind === 'event' && entry.readonly && (
        <span className="cal-lock">
          <Icon path={mdiLock} size={12} title={t`Read-only event`} />
        </span>
      )}
      {timeText && <span className="cal-time">{timeText}</span>}
      {entry.kind === 'event' ? (
        <span className="cal-title">{title}</span>
      ) : (
        <button type="button" className="cal-title cal-open" onClick={() => onOpen(id, entry)}>
          {title}
        </button>
      )}
    </div>
  );
}

/**
 * `EventContentView`, drawn again only when what it shows changes. FullCalendar calls its content hook for every
 * visible event on each of its renders (a drop alone brings three), always with a new element: the callbacks must be
 * stable (the calendar's are), and FullCalendar keeps `entry` (its frozen copy of the input's extendedProps) while
 * the event's definition stays.
 */
export const EventContent = memo(
  EventContentView,
  (a, b) => a.id === b.id && a.entry === b.entry && a.title === b.title && a.timeText === b.timeText && a.onToggleTask === b.onToggleTask && a.onToggleHabit === b.onToggleHabit && a.onOpen === b.onOpen,
);

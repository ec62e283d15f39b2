import { useLingui } from '@lingui/react/macro';
import { mdiChevronLeft, mdiChevronRight } from '@mdi/js';
import { addDays } from '@adhd/shared/time';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addMonths, formatLongDate, makeDate, monthGrid, monthNames, splitDate, weekdayNames, yearRange } from '../../lib/dates';
import { IconButton } from './button';
import { cn, focusRing } from './cn';

export interface CalendarProps {
  /** The selected date, `YYYY-MM-DD`, or ''. */
  value: string;
  onSelect(date: string): void;
  today: string;
  weekStartDay: number;
  locale: string;
}

const selectBox = 'min-h-9 rounded-md border border-line bg-surface px-1.5 text-sm text-ink ' + focusRing;

/** A month grid starting on the user's week start day; arrows, Page Up/Down and Home/End move the focus. */
export function Calendar({ value, onSelect, today, weekStartDay, locale }: CalendarProps) {
  const { t } = useLingui();
  const [focused, setFocused] = useState(value || today);
  const [year, month] = splitDate(focused);
  const grid = monthGrid(year, month, weekStartDay);
  const gridRef = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const go = (date: string, focus = true) => {
    moveFocus.current = focus;
    setFocused(date);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const weekday = grid.indexOf(focused) % 7;
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, e.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, e.shiftKey ? 12 : 1),
      Home: () => addDays(focused, -weekday),
      End: () => addDays(focused, 6 - weekday),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    go(move());
  };

  const years = yearRange(today);
  const names = monthNames(locale);
  return (
    <div className="w-[18.5rem] max-w-full">
      <div className="mb-2 flex items-center gap-1">
        <IconButton icon={mdiChevronLeft} label={t`Show previous month`} size="sm" onClick={() => go(addMonths(focused, -1), false)} />
        <div className="flex flex-1 justify-center gap-1">
          <select aria-label={t`Month`} className={selectBox} value={month} onChange={(e) => go(makeDate(year, Number(e.target.value), 1), false)}>
            {names.map((n, i) => (
              <option key={n} value={i + 1}>
                {n}
              </option>
            ))}
          </select>
          <select aria-label={t`Year`} className={selectBox} value={year} onChange={(e) => go(addMonths(focused, (Number(e.target.value) - year) * 12), false)}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <IconButton icon={mdiChevronRight} label={t`Show next month`} size="sm" onClick={() => go(addMonths(focused, 1), false)} />
      </div>
      <div role="grid" data-calendar-grid aria-label={`${names[month - 1]} ${year}`} ref={gridRef} onKeyDown={onKeyDown}>
        <div role="row" className="grid grid-cols-7">
          {weekdayNames(locale, weekStartDay, 'short').map((w) => (
            <span role="columnheader" key={w} className="py-1 text-center text-xs font-medium uppercase text-muted">
              {w}
            </span>
          ))}
        </div>
        {[0, 1, 2, 3, 4, 5].map((week) => (
          <div role="row" key={week} className="grid grid-cols-7">
            {grid.slice(week * 7, week * 7 + 7).map((date) => {
              const inMonth = splitDate(date)[1] === month;
              const selected = date === value;
              return (
                <span role="gridcell" key={date} aria-selected={selected} className="flex justify-center py-0.5">
                  <button
                    type="button"
                    data-date={date}
                    tabIndex={date === focused ? 0 : -1}
                    aria-label={formatLongDate(date, locale)}
                    aria-current={date === today ? 'date' : undefined}
                    onClick={() => onSelect(date)}
                    onFocus={() => date !== focused && setFocused(date)}
                    className={cn(
                      'flex size-10 items-center justify-center rounded-full text-sm tabular-nums transition-colors',
                      focusRing,
                      selected ? 'bg-primary font-semibold text-primary-contrast' : 'hover:bg-surface-2',
                      !selected && date === today && 'font-semibold text-primary ring-1 ring-primary',
                      !selected && !inMonth && 'text-muted/60',
                    )}
                  >
                    {Number(date.slice(8, 10))}
                  </button>
                </span>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

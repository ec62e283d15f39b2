import { Trans, useLingui } from '@lingui/react/macro';
import { mdiMagnify } from '@mdi/js';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icon';
import { TextField } from '../../../components/ui/text-field';
import type { IconCategory, IconEntry } from '../icons/catalog';
import { useIconCatalog } from '../icons/use-icon-catalog';
import { ChoiceButton, ChoiceGroup } from '../../../components/ui/choice';

export interface IconPickerDialogProps {
  open: boolean;
  value: string;
  color: string;
  onOpenChange(open: boolean): void;
  onSelect(name: string): void;
}

type Tab = 'all' | IconCategory;

/** Icons whose name or keywords contain every word of the query, within a tab. */
export function filterIcons(icons: readonly IconEntry[], tab: Tab, query: string): IconEntry[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return icons.filter((i) => (tab === 'all' || i.category === tab) && words.every((w) => i.name.includes(w) || i.keywords.includes(w)));
}

/** SPEC section 2: the icon picker, 600 px, with search, category tabs, the icon grid and Close. */
export function IconPickerDialog({ open, value, color, onOpenChange, onSelect }: IconPickerDialogProps) {
  const { t } = useLingui();
  const catalog = useIconCatalog();
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<Tab>('all');
  const tabs: { id: Tab; label: string }[] = [
    { id: 'all', label: t`All Icons` },
    { id: 'productivity', label: t`Productivity` },
    { id: 'fitness', label: t`Fitness & Health` },
    { id: 'food', label: t`Food & Nutrition` },
    { id: 'mind', label: t`Mind & Learning` },
    { id: 'lifestyle', label: t`Lifestyle` },
  ];
  const shown = useMemo(() => (catalog ? filterIcons(catalog.icons, tab, query) : []), [catalog, tab, query]);

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={<Trans>Choose an icon</Trans>}
      width={600}
      fullScreenOnNarrow
      data-testid="icon-picker"
      footer={
        <Button onClick={() => onOpenChange(false)}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <div className="flex flex-col gap-3">
        <TextField
          label={t`Search icons or keywords`}
          hideLabel
          placeholder={t`Search icons or keywords`}
          type="search"
          value={query}
          autoComplete="off"
          start={<Icon path={mdiMagnify} size={18} className="text-muted" />}
          onChange={(e) => setQuery(e.target.value)}
        />
        <ChoiceGroup<Tab>
          tabs
          label={t`Icon categories`}
          value={tab}
          onChange={setTab}
          options={tabs.map((x) => ({ value: x.id, label: x.label }))}
          className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1"
          buttonClassName="min-h-10 shrink-0 whitespace-nowrap rounded-full border px-3 text-sm sm:min-h-8"
          selectedClassName="border-primary"
          idleClassName="border-line"
        />
        <div role="tabpanel" aria-label={tabs.find((x) => x.id === tab)?.label} className="min-h-40">
          {!catalog ? (
            <p className="py-8 text-center text-sm text-muted">
              <Trans>Loading icons…</Trans>
            </p>
          ) : shown.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted">
              {tab === 'all' ? <Trans>No icons found matching your search.</Trans> : <Trans>No icons found matching your search in this category.</Trans>}
            </p>
          ) : (
            <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6">
              {shown.map((icon) => {
                const selected = icon.name === value;
                return (
                  <li key={icon.name}>
                    <ChoiceButton
                      choiceRole="toggle"
                      selected={selected}
                      aria-label={icon.name}
                      title={`${icon.name} — ${icon.keywords}`}
                      onClick={() => {
                        onSelect(icon.name);
                        onOpenChange(false);
                      }}
                      className="flex aspect-square w-full items-center justify-center rounded-xl border transition-colors"
                      selectedClassName="border-2"
                      style={selected ? { color } : undefined}
                    >
                      <Icon path={icon.path} size={26} />
                    </ChoiceButton>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </div>
    </AppDialog>
  );
}

import { Switch } from 'radix-ui';
import { createContext, useContext, useId, type ReactNode } from 'react';

/** Inside a `SettingsGroup`, a section's title is a level-3 heading. */
const InGroup = createContext(false);

const headingClass = 'border-b border-line px-4 py-3 text-sm font-semibold tracking-wide uppercase';

/**
 * A titled card of settings (a region named by its title). On its own it is one of the screen's groups (`anchor`
 * is its id for the in-page index); inside a `SettingsGroup` it is one part of that group.
 */
export function SettingsSection({ title, children, anchor, tone }: { title: ReactNode; children: ReactNode; anchor?: string; tone?: 'danger' }) {
  const id = useId();
  const nested = useContext(InGroup);
  const Heading = nested ? 'h3' : 'h2';
  const border = tone === 'danger' ? 'border-danger/50' : 'border-line';
  return (
    <section id={anchor} aria-labelledby={id} className={`scroll-mt-4 rounded-xl border ${border} bg-surface`}>
      <Heading id={id} className={`${headingClass} ${tone === 'danger' ? 'text-danger' : nested ? 'text-ink' : 'text-muted'}`}>
        {title}
      </Heading>
      <div className="divide-y divide-line">{children}</div>
    </section>
  );
}

/** A group made of several titled cards (Connections): the group's heading, then its cards. */
export function SettingsGroup({ title, anchor, children }: { title: ReactNode; anchor: string; children: ReactNode }) {
  const id = useId();
  return (
    <section id={anchor} aria-labelledby={id} className="scroll-mt-4 space-y-3">
      <h2 id={id} className="px-1 text-sm font-semibold tracking-wide text-muted uppercase">
        {title}
      </h2>
      <InGroup.Provider value={true}>{children}</InGroup.Provider>
    </section>
  );
}

/** A short explanatory line at the end of a section. */
export function SectionNote({ children }: { children: ReactNode }) {
  return <p className="px-4 py-3 text-sm text-muted">{children}</p>;
}

/**
 * One setting: its label (and description) beside the control on wide screens, above it on phones; `inline`
 * keeps a small control (a switch) beside the label on phones too.
 */
export function SettingRow({
  label,
  description,
  children,
  labelFor,
  inline,
}: {
  label: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  labelFor?: string;
  inline?: boolean;
}) {
  const layout = inline ? 'flex-row items-center justify-between gap-4' : 'flex-col gap-2 sm:flex-row sm:items-center sm:justify-between';
  return (
    <div className={`flex ${layout} px-4 py-3 sm:gap-6`}>
      <div className="min-w-0">
        {labelFor ? (
          <label htmlFor={labelFor} className="font-medium text-ink">
            {label}
          </label>
        ) : (
          <p className="font-medium text-ink">{label}</p>
        )}
        {description && <p className="text-sm text-muted">{description}</p>}
      </div>
      <div className="shrink-0">{children}</div>
    </div>
  );
}

/** A segmented choice built from native radio buttons (arrow keys move between options). */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: ReactNode;
  name: string;
  value: V;
  options: { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <div role="radiogroup" aria-labelledby={id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <p id={id} className="font-medium text-ink">
        {legend}
      </p>
      <div className="inline-flex w-full rounded-lg border border-line bg-surface-2 p-1 sm:w-auto">
        {options.map((o) => (
          <Choice key={o.value} name={name} checked={value === o.value} onSelect={() => onChange(o.value)} label={o.label} />
        ))}
      </div>
    </div>
  );
}

/** One option of a `ChoiceGroup`: a visually hidden radio inside its label, the label drawn as the segment. */
function Choice({ name, checked, onSelect, label }: { name: string; checked: boolean; onSelect: () => void; label: ReactNode }) {
  return (
    <label className="flex min-h-10 min-w-0 flex-1 cursor-pointer items-center justify-center rounded-md px-2 text-center text-sm leading-tight font-medium text-muted sm:px-3 sm:whitespace-nowrap has-checked:bg-primary has-checked:text-primary-contrast has-focus-visible:outline-2 has-focus-visible:outline-primary sm:flex-none">
      <input type="radio" name={name} checked={checked} onChange={onSelect} className="sr-only" />
      {label}
    </label>
  );
}

/** An on/off setting (role switch). */
export function ToggleRow({
  label,
  description,
  checked,
  onChange,
}: {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <SettingRow label={label} description={description} labelFor={id} inline>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        className="relative inline-flex h-7 w-12 items-center rounded-full bg-line transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
      </Switch.Root>
    </SettingRow>
  );
}

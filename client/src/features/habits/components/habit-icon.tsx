import { cn } from '../../../components/ui/cn';
import { useIconCatalog } from '../icons/use-icon-catalog';

/** A habit's `mdi-*` icon in its colour; a plain dot until the icon chunk has loaded or for unknown names. */
export function HabitIcon({ name, color, size = 22, className }: { name: string; color: string; size?: number; className?: string }) {
  const catalog = useIconCatalog();
  const path = catalog?.paths.get(name) ?? catalog?.paths.get('mdi-check-circle');
  return (
    <span
      aria-hidden
      className={cn('inline-flex shrink-0 items-center justify-center rounded-full', className)}
      style={{ width: size + 14, height: size + 14, backgroundColor: `color-mix(in srgb, ${color} 16%, transparent)`, color }}
    >
      {path ? (
        <svg viewBox="0 0 24 24" width={size} height={size} className="fill-current" focusable="false">
          <path d={path} />
        </svg>
      ) : (
        <span className="rounded-full" style={{ width: size / 2, height: size / 2, backgroundColor: color }} />
      )}
    </span>
  );
}

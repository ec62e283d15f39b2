import { useEffect, useState } from 'react';
import type { IconEntry } from './catalog';

export interface IconCatalog {
  icons: readonly IconEntry[];
  paths: ReadonlyMap<string, string>;
}

let loaded: IconCatalog | null = null;
let loading: Promise<IconCatalog> | null = null;

/** Load the icon catalog chunk once; later callers get the same promise. */
export function loadIconCatalog(): Promise<IconCatalog> {
  loading ??= import('./catalog').then((m) => (loaded = { icons: m.ICONS, paths: m.ICON_PATHS }));
  return loading;
}

/** The icon catalog, or null while its chunk loads (rows show a plain dot meanwhile). */
export function useIconCatalog(): IconCatalog | null {
  const [catalog, setCatalog] = useState(loaded);
  useEffect(() => {
    if (catalog) return;
    let live = true;
    void loadIconCatalog().then((c) => live && setCatalog(c));
    return () => {
      live = false;
    };
  }, [catalog]);
  return catalog;
}

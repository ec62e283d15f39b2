import { screen } from '@testing-library/react';
import { useState } from 'react';
import { TagSelector } from './components/tag-selector';

/** Tags-only test helpers; the rest (i18n, a user database, seeding) is in src/test/kit.tsx. */

/** The selector wired to state the way a form would hold it; `changes` records every onChange. */
export function TagSelectorHarness({ initial = [], changes }: { initial?: string[]; changes: string[][] }) {
  const [value, setValue] = useState(initial);
  return (
    <TagSelector
      value={value}
      onChange={(ids) => {
        changes.push(ids);
        setValue(ids);
      }}
    />
  );
}

export const selectedTags = () => screen.queryByRole('list', { name: 'Selected tags' });

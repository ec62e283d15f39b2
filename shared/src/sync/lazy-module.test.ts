import { describe, expect, it } from 'vitest';
import { lazyModule } from './mutator.js';
import { mutators, preloadMutations } from './registry.js';

describe('lazyModule', () => {
  it('imports once, holds the module, and tries again after a failed import', async () => {
    let calls = 0;
    let fail = true;
    const lazy = lazyModule(async () => {
      calls += 1;
      if (fail) throw new Error('offline');
      return { value: 42 };
    });
    expect(lazy.loaded).toBeNull();
    await expect(lazy.load()).rejects.toThrow('offline');
    expect(lazy.loaded).toBeNull();
    fail = false;
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toEqual({ value: 42 });
    expect(b).toBe(a);
    expect(lazy.loaded).toBe(a);
    await lazy.load();
    expect(calls).toBe(2);
  });
});

describe('preloadMutations', () => {
  it('loads the lazy code of the named mutations, of all without names, and ignores unknown names', async () => {
    const lazyOnes = Object.entries(mutators).filter(([, def]) => 'preload' in def && def.preload);
    expect(lazyOnes.map(([name]) => name).sort()).toEqual(['event.deleteOccurrence', 'event.editOccurrence', 'inbox.append', 'inbox.convert']);
    await expect(preloadMutations(['no.such', 'task.create'])).resolves.toBeUndefined();
    await expect(preloadMutations(['event.editOccurrence'])).resolves.toBeUndefined();
    await expect(preloadMutations()).resolves.toBeUndefined();
  });
});

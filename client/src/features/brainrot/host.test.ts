import { describe, expect, it } from 'vitest';
import { isDebugShortcut } from './host';

describe('Ctrl+Alt+D', () => {
  it('is the physical D key with Ctrl and Alt, whatever the layout types', () => {
    const key = (code: string, mods: Partial<Record<'ctrlKey' | 'altKey' | 'metaKey', boolean>>) => ({ code, ctrlKey: false, altKey: false, metaKey: false, ...mods });
    expect(isDebugShortcut(key('KeyD', { ctrlKey: true, altKey: true }))).toBe(true);
    expect(isDebugShortcut(key('KeyD', { ctrlKey: true }))).toBe(false);
    expect(isDebugShortcut(key('KeyD', { altKey: true }))).toBe(false);
    expect(isDebugShortcut(key('KeyD', { ctrlKey: true, altKey: true, metaKey: true }))).toBe(false);
    expect(isDebugShortcut(key('KeyF', { ctrlKey: true, altKey: true }))).toBe(false);
  });
});

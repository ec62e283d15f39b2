import { describe, expect, it } from 'vitest';
import { reloadCanHelp } from './service-worker';

describe('reload on a chunk-load error', () => {
  it('reloads online, or offline when the service worker controls the page', () => {
    expect(reloadCanHelp({ onLine: true })).toBe(true);
    expect(reloadCanHelp({ onLine: true, serviceWorker: { controller: null } })).toBe(true);
    expect(reloadCanHelp({ onLine: false, serviceWorker: { controller: {} } })).toBe(true);
  });

  it('does not trade the running app for the browser’s offline page', () => {
    expect(reloadCanHelp({ onLine: false, serviceWorker: { controller: null } })).toBe(false);
    expect(reloadCanHelp({ onLine: false })).toBe(false);
  });
});

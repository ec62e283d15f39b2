// Sizes and run counts of the client suite (bench/client.mjs), its log and the folder of the built PWA.
import { defaultClientDist } from '../browser.mjs';
import { timedLogger } from '../lib.mjs';

export const dist = defaultClientDist();
export const say = timedLogger('client');

export const SYNC_TASKS = 14_000;
export const LOCAL_TASKS = 10_000;
export const TOGGLES = 30;
export const CONVERGENCE_RUNS = 20;
export const LOAD_RUNS = 7;
/**
 * The network of metric 10's baseline: Lighthouse's desktop throttling (40 ms round trip, 10 Mbit/s down; 5 Mbit/s
 * up), emulated by Chromium. On loopback a "load from the network" costs no more than one from the service
 * worker, so the ratio would compare the same thing twice; the loopback figure is reported next to it.
 */
export const FOUR_G = { latency: 40, downloadThroughput: (10_000_000 / 8), uploadThroughput: (5_000_000 / 8) };
/** Offline loads at 4× CPU throttling (the quality bar's ≤ 2.0 s figure). */
export const THROTTLED_RUNS = 3;

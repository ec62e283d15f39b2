import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parsePublicUrl, parseTelegramApiUrl, parseTelegramToken, parseTrustProxy, TELEGRAM_API_URL } from './config.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'adhd-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('TRUST_PROXY', () => {
  it('unset, 0 or false trusts no proxy', () => {
    for (const value of [undefined, '', '0', 'false', 'FALSE']) expect(parseTrustProxy(value)).toBe(false);
  });

  it('a whole number is a hop count (the socket peer is hop 0)', () => {
    const trust = parseTrustProxy('2');
    expect(typeof trust).toBe('function');
    const fn = trust as (a: string, i: number) => boolean;
    expect([0, 1, 2, 3].map((i) => fn('10.0.0.1', i))).toEqual([true, true, false, false]);
  });

  it('a comma-separated list of addresses and CIDRs', () => {
    expect(parseTrustProxy(' 10.0.0.1, 172.16.0.0/12 ,::1,fd00::/8')).toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8']);
  });

  it('refuses "trust everything" and anything unclear with a start-up error that says what to set', () => {
    for (const value of ['true', 'TRUE', '*', 'yes', '0.0.0.0/0', '::/0', 'loopback', '10.0.0.1, *', '10.0.0.0/33', '999', '1.5']) {
      expect(() => parseTrustProxy(value), value).toThrow(ConfigError);
    }
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY="true" is not allowed: give the number of reverse-proxy hops/);
  });
});

describe('PUBLIC_URL and NODE_ENV', () => {
  it('production refuses to start without PUBLIC_URL, naming the variable and an example', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required when NODE_ENV=production: set it to .*https:\/\//);
    const config = load({ NODE_ENV: 'production', PUBLIC_URL: 'https://todo.example.org/' });
    expect(config).toMatchObject({ production: true, publicUrl: 'https://todo.example.org' });
  });

  it('development may leave it unset; a malformed value is refused', () => {
    expect(load({}).publicUrl).toBeNull();
    expect(load({}).production).toBe(false);
    for (const bad of ['todo.example.org', 'ftp://x.org', 'https://user:pw@x.org', 'https://x.org/?a=1', 'javascript:alert(1)']) {
      expect(() => parsePublicUrl(bad, false), bad).toThrow(ConfigError);
    }
  });

  const SERVER = path.resolve(import.meta.dirname, '../dist/server.js');
  it.runIf(existsSync(SERVER))('the built server exits 1 at start with the message (as the Docker image would)', () => {
    const run = spawnSync(process.execPath, [SERVER], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PUBLIC_URL is required when NODE_ENV=production');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('TELEGRAM_BOT_TOKEN and TELEGRAM_API_URL', () => {
  it('unset: no bot, and the real Bot API address', () => {
    expect(load({})).toMatchObject({ telegramBotToken: null, telegramApiUrl: TELEGRAM_API_URL });
    expect(load({ TELEGRAM_BOT_TOKEN: '  ' }).telegramBotToken).toBeNull();
  });

  it('takes a BotFather token and a local Bot API address (trailing slashes dropped)', () => {
    const token = '123456789:AAE_abcdefghijklmnopqrstuvwxyz-0123';
    expect(load({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_URL: 'http://127.0.0.1:8081/' })).toMatchObject({
      telegramBotToken: token,
      telegramApiUrl: 'http://127.0.0.1:8081',
    });
  });

  it('refuses a malformed token or address with a message naming the variable', () => {
    for (const bad of ['abc', '123:short', 'bot123456:AAE_abcdefghijklmnopqrstuvwxyz']) expect(() => parseTelegramToken(bad), bad).toThrow(ConfigError);
    expect(() => load({ TELEGRAM_BOT_TOKEN: 'nope' })).toThrow(/TELEGRAM_BOT_TOKEN is not a bot token/);
    for (const bad of ['api.telegram.org', 'ftp://x.org', 'https://x.org/?a=1']) expect(() => parseTelegramApiUrl(bad), bad).toThrow(ConfigError);
    expect(() => load({ TELEGRAM_API_URL: 'nope' })).toThrow(/TELEGRAM_API_URL="nope" must be an http\(s\) address/);
  });
});

describe('BRAINROT_DIR', () => {
  it('defaults to DATA_DIR/brainrot; a relative path is from the working directory, like DATA_DIR', () => {
    expect(load({}).brainrotDir).toBe(path.join(dataDir, 'brainrot'));
    expect(load({ BRAINROT_DIR: '/srv/videos' }).brainrotDir).toBe('/srv/videos');
    expect(load({ BRAINROT_DIR: 'clips' }).brainrotDir).toBe(path.resolve('clips'));
  });
});

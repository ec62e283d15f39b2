import { describe, expect, it } from 'vitest';
import { fieldsOf, useServerTest } from '../../../test/kit.js';

/** Issue 18: the operator's donation links (contract.md): public read, admin write, http(s) URLs only. */

const t = useServerTest({ each: true });
const links = [
  { label: 'Liberapay', url: 'https://liberapay.com/example' },
  { label: 'Buy me a coffee', url: 'http://coffee.example.org/x?y=1' },
];

describe('donation links', () => {
  it('are empty until an admin saves some; then everyone, signed in or not, reads them in order', async () => {
    const empty = await t.callAs(null, 'GET', '/api/site/donate-links');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ links: [] });
    const admin = await t.seedAdmin();
    const put = await t.callAs(admin, 'PUT', '/api/admin/site/donate-links', { links });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ links });
    expect((await t.callAs(null, 'GET', '/api/site/donate-links')).json()).toEqual({ links });
    expect((await t.callAs(t.user, 'GET', '/api/site/donate-links')).json()).toEqual({ links });
    // Saving replaces the whole list; an empty list clears it.
    await t.callAs(admin, 'PUT', '/api/admin/site/donate-links', { links: [links[1]] });
    expect((await t.callAs(null, 'GET', '/api/site/donate-links')).json()).toEqual({ links: [links[1]] });
    expect((await t.callAs(admin, 'PUT', '/api/admin/site/donate-links', { links: [] })).json()).toEqual({ links: [] });
    expect((await t.callAs(null, 'GET', '/api/site/donate-links')).json()).toEqual({ links: [] });
  });

  it('only admins change them: 401 for a visitor, 403 for a user, nothing stored', async () => {
    expect((await t.callAs(null, 'PUT', '/api/admin/site/donate-links', { links })).statusCode).toBe(401);
    const user = await t.callAs(t.user, 'PUT', '/api/admin/site/donate-links', { links });
    expect(user.statusCode).toBe(403);
    expect(user.json().error.code).toBe('FORBIDDEN');
    expect((await t.callAs(null, 'GET', '/api/site/donate-links')).json()).toEqual({ links: [] });
  });

  it('refuses javascript:, data:, relative and malformed URLs with 400 naming the field', async () => {
    const admin = await t.seedAdmin();
    for (const url of ['javascript:alert(1)', 'JavaScript://x.org/%0Aalert(1)', 'data:text/html,hi', '/donate', 'ftp://x.org', 'https://', 'not a url']) {
      const res = await t.callAs(admin, 'PUT', '/api/admin/site/donate-links', { links: [links[0], { label: 'Bad', url }] });
      expect(res.statusCode, url).toBe(400);
      expect(fieldsOf(res), url).toEqual(['links.1.url']);
      expect(res.json().error.details[0].key).toBe('site.urlInvalid');
      expect(res.json().error.message).toBe('Please enter a link starting with https:// or http://');
    }
    expect((await t.callAs(null, 'GET', '/api/site/donate-links')).json()).toEqual({ links: [] });
  });

  it('refuses an empty or over-long label, an empty URL, more than 10 links and unknown keys', async () => {
    const admin = await t.seedAdmin();
    const put = (body: unknown) => t.callAs(admin, 'PUT', '/api/admin/site/donate-links', body);
    const blank = await put({ links: [{ label: '   ', url: '' }] });
    expect(blank.statusCode).toBe(400);
    expect(fieldsOf(blank)).toEqual(['links.0.label', 'links.0.url']);
    expect(blank.json().error.details.map((d: { key: string }) => d.key)).toEqual(['validation.required', 'validation.required']);
    const long = await put({ links: [{ label: 'x'.repeat(61), url: 'https://a.example' }] });
    expect(fieldsOf(long)).toEqual(['links.0.label']);
    expect(long.json().error.details[0].key).toBe('validation.maxLength');
    expect((await put({ links: [{ label: 'x'.repeat(60), url: 'https://a.example' }] })).statusCode).toBe(200);
    const many = await put({ links: Array.from({ length: 11 }, (_, i) => ({ label: `L${i}`, url: `https://a.example/${i}` })) });
    expect(many.statusCode).toBe(400);
    expect(fieldsOf(many)).toEqual(['links']);
    expect((await put({ links: [{ ...links[0], extra: 1 }] })).statusCode).toBe(400);
    expect((await put({})).statusCode).toBe(400);
    // Labels and URLs are kept trimmed.
    expect((await put({ links: [{ label: ' Pay ', url: ' https://pay.example/ ' }] })).json()).toEqual({ links: [{ label: 'Pay', url: 'https://pay.example/' }] });
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { eventCreateSchema } from '../events/schema.js';
import { feedbackSchema } from '../feedback/schema.js';
import { folderCreateSchema } from '../folders/schema.js';
import { habitCreateSchema, habitDaySchema } from '../habits/schema.js';
import { inboxCreateSchema, inboxConvertSchema } from '../inbox/schema.js';
import { newsCreateSchema } from '../news/schema.js';
import { noteCreateSchema } from '../notes/schema.js';
import { tagCreateSchema, tagRefId, tagRefSchema } from '../tags/schema.js';
import { codeSchema, preferencesSchema, registerSchema } from '../users/schema.js';
import { normaliseTime } from './fields.js';
import { toFieldErrors } from './issues.js';
import { messageFor } from './messages.js';

/** The keys of the errors a schema reports for `input`, by field. */
function errors(schema: z.ZodMiniType, input: unknown): Record<string, string> {
  const r = z.safeParse(schema, input);
  if (r.success) return {};
  return Object.fromEntries(toFieldErrors(r.error).map((e) => [e.field, e.key]));
}

describe('entity defaults (SPEC section 3)', () => {
  it('habit', () => {
    expect(z.parse(habitCreateSchema, { title: 'Walk' })).toMatchObject({
      icon: 'mdi-check-circle',
      color: '#F44336',
      frequency: 'daily',
      customFrequency: null,
      timeOfDay: 'anytime',
      isActive: true,
      tags: [],
    });
  });
  it('note', () => {
    expect(z.parse(noteCreateSchema, { title: 'N', content: 'C', tags: ['a', '', null, 'b'] })).toMatchObject({
      isMarkdown: true,
      color: '#FFEB3B',
      pinned: false,
      folder: null,
      tags: ['a', 'b'],
    });
  });
  it('tag, folder, event, inbox, news', () => {
    expect(z.parse(tagCreateSchema, { name: 'work' })).toMatchObject({ color: '#FFD6E7', description: '' });
    expect(z.parse(folderCreateSchema, { name: 'Home' })).toMatchObject({ parentFolder: null, tags: [] });
    expect(z.parse(eventCreateSchema, { title: 'Meet', startDate: '2025-03-05' })).toMatchObject({ allDay: false, endDate: null });
    expect(z.parse(inboxCreateSchema, { text: 'idea' })).toMatchObject({ source: 'app' });
    expect(z.parse(newsCreateSchema, { title: 'T', content: 'C', language: 'ru' })).toMatchObject({ status: 'draft' });
  });
});

describe('validation rules (SPEC section 5)', () => {
  it('habit rules', () => {
    expect(errors(habitCreateSchema, { title: ' ' })).toEqual({ title: 'validation.titleRequired' });
    expect(errors(habitCreateSchema, { title: 'x', frequency: 'custom' })).toEqual({ customFrequency: 'validation.selectDaysAndFrequency' });
    expect(errors(habitCreateSchema, { title: 'x', frequency: 'custom', customFrequency: { type: 'days', days: [] } })).toEqual({
      'customFrequency.days': 'validation.customWeekDay',
    });
    expect(errors(habitCreateSchema, { title: 'x', frequency: 'custom', customFrequency: { type: 'interval' } })).toEqual({
      'customFrequency.interval': 'validation.intervalRequired',
    });
    expect(errors(habitCreateSchema, { title: 'x', timeOfDay: 'custom' })).toEqual({ customTime: 'validation.customTimeRequired' });
    expect(errors(habitCreateSchema, { title: 'x', frequency: 'custom', customFrequency: { type: 'interval', interval: 0 } })).toEqual({
      'customFrequency.interval': 'validation.intervalRequired',
    });
    expect(errors(habitCreateSchema, { title: 'x', frequency: 'custom', customFrequency: { type: 'interval', interval: 366 } })).toEqual({
      'customFrequency.interval': 'validation.intervalRequired',
    });
    expect(errors(habitCreateSchema, { title: 'x', timeOfDay: 'custom', customTime: '7pm' })).toEqual({ customTime: 'validation.customTimeRequired' });
    expect(errors(habitCreateSchema, { title: 'x', frequency: 'custom', customFrequency: { type: 'days', days: [1, 3] } })).toEqual({});
    expect(errors(habitDaySchema, { habitId: 'h', date: '2025-03-05', status: 'done' })).toEqual({ status: 'validation.invalid' });
  });

  it('note title before content', () => {
    expect(errors(noteCreateSchema, { title: ' ', content: ' ' })).toEqual({ title: 'validation.titleRequired', content: 'validation.contentRequired' });
    const r = z.safeParse(noteCreateSchema, { title: ' ', content: ' ' });
    expect(r.success ? [] : toFieldErrors(r.error).map((e) => e.field)).toEqual(['title', 'content']);
  });

  it('colours, folders, feedback', () => {
    expect(errors(tagCreateSchema, { name: 'x', color: 'red' })).toEqual({ color: 'validation.hexColor' });
    expect(errors(tagCreateSchema, { name: 'x', color: '#abc' })).toEqual({});
    expect(errors(folderCreateSchema, { name: '' })).toEqual({ name: 'validation.folderNameRequired' });
    expect(errors(feedbackSchema, { name: '', email: '', type: 'rant', message: ' ' })).toEqual({
      name: 'feedback.nameRequired',
      email: 'feedback.emailRequired',
      type: 'feedback.typeRequired',
      message: 'feedback.messageRequired',
    });
    expect(errors(feedbackSchema, { name: 'A', email: 'not-mail', type: 'bug', message: 'hi' })).toEqual({ email: 'validation.email' });
  });

  it('registration and codes', () => {
    expect(errors(registerSchema, { email: 'x@y.z', password: 'longenough', name: 'N', hasAcceptedTerms: false, verificationToken: 'p' })).toEqual({
      hasAcceptedTerms: 'validation.terms',
    });
    expect(errors(registerSchema, { email: 'bad', password: 'short', name: '', hasAcceptedTerms: true, verificationToken: 'p' })).toEqual({
      email: 'validation.email',
      password: 'validation.minLength',
      name: 'validation.required',
    });
    // The registration proof from verify-email is required (CONTRACT.md).
    expect(errors(registerSchema, { email: 'x@y.z', password: 'longenough', name: 'N', hasAcceptedTerms: true })).toEqual({
      verificationToken: 'validation.required',
    });
    expect(errors(codeSchema, '12345')).toEqual({ '': 'validation.exactLength' });
    expect(errors(codeSchema, '12a456')).toEqual({ '': 'validation.numeric' });
    expect(errors(preferencesSchema, { locale: 'de' })).toEqual({ locale: 'validation.invalidLocale' });
  });

  it('tag references and inbox conversion', () => {
    const ref = z.parse(tagRefSchema, { tagId: 't', itemId: 'i', itemType: 'note' });
    expect(tagRefId(ref)).toBe('t|note|i');
    expect(errors(tagRefSchema, { tagId: 't', itemId: 'i', itemType: 'inbox' })).toEqual({ itemType: 'validation.invalid' });
    expect(errors(inboxConvertSchema, { to: 'folder' })).toEqual({ to: 'validation.invalid' });
  });
});

describe('messages', () => {
  it('fills placeholders', () => {
    expect(messageFor('validation.minLength', { min: 8 })).toBe('This field must be at least 8 characters');
    expect(messageFor('tasks.titleRequired')).toBe('Title is required');
    expect(messageFor('unknown.key')).toBe('unknown.key');
  });
  it('reports min and max in field errors', () => {
    const r = z.safeParse(registerSchema, { email: 'a@b.c', password: 'short', name: 'N', hasAcceptedTerms: true });
    expect(r.success ? null : toFieldErrors(r.error)[0]).toEqual({
      field: 'password',
      key: 'validation.minLength',
      message: 'This field must be at least 8 characters',
    });
  });
});

describe('normaliseTime', () => {
  it.each([
    ['09:05', '09:05'],
    ['9:05', '09:05'],
    ['09:05:30', '09:05'],
    ['12:00 am', '00:00'],
    ['12:30 PM', '12:30'],
    ['7:15pm', '19:15'],
    ['24:00', undefined],
    ['13:00 pm', undefined],
    ['09:60', undefined],
    ['noon', undefined],
  ])('%s → %s', (input, expected) => {
    expect(normaliseTime(input)).toBe(expected);
  });
});

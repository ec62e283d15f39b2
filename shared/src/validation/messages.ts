/**
 * Validation messages are translation keys (SPEC section 5). The client translates them through Lingui;
 * the server answers the English text next to the key so API clients get a readable message.
 */
export const validationMessages = {
  'validation.required': 'This field is required',
  'validation.minLength': 'This field must be at least {min} characters',
  'validation.maxLength': 'This field must be at most {max} characters',
  'validation.email': 'Please enter a valid email address',
  'validation.passwordsMatch': 'Passwords do not match',
  'validation.exactLength': 'This field must be exactly {length} characters',
  'validation.numeric': 'This field must contain numbers only',
  'validation.terms': 'You must agree to the terms and conditions',
  'validation.invalid': 'This value is not valid',
  'validation.invalidDate': 'Please enter a valid date (YYYY-MM-DD)',
  'validation.invalidTime': 'Please enter a valid time (HH:mm)',
  'validation.invalidTimeZone': 'Please choose a valid time zone',
  'validation.invalidLocale': 'Only the languages en and ru are supported',
  'validation.invalidId': 'This id is not valid',
  'validation.passwordCommon': 'This password is too common. Please choose another one',
  'validation.tooMany': 'Too many items',
  'validation.hexColor': 'Must be a valid hex color',
  'tasks.titleRequired': 'Title is required',
  'validation.titleRequired': 'Title is required',
  'validation.contentRequired': 'Content is required',
  'validation.frequencyRequired': 'Frequency is required',
  'validation.selectDaysAndFrequency': 'Please select days and frequency',
  'validation.customWeekDay': 'Please select at least one day',
  'validation.intervalRequired': 'Please enter a valid interval (1 or more days)',
  'validation.customTimeRequired': 'Please enter a custom time',
  'validation.folderNameRequired': 'Folder name is required',
  'feedback.nameRequired': 'Name is required',
  'feedback.emailRequired': 'Email is required',
  'feedback.typeRequired': 'Please select a feedback type',
  'feedback.messageRequired': 'Please enter your feedback message',
  'feedback.filesTooLarge': 'Total file size exceeds 5MB limit',
  'feedback.tooManyFiles': 'Maximum 3 files allowed',
  'tags.nameRequired': 'Name is required',
  'inbox.textRequired': 'Text is required',
  'events.endBeforeStart': 'The end must be after the start',
  'events.startTimeRequired': 'Start time is required',
  'events.invalidRecurrence': 'Please enter a valid recurrence rule',
  'events.invalidOccurrence': 'This occurrence is not valid',
} as const;

export type ValidationKey = keyof typeof validationMessages;

/** English text for a key, with `{param}` placeholders filled; unknown keys pass through unchanged. */
export function messageFor(key: string, params: Record<string, unknown> = {}): string {
  const template = (validationMessages as Record<string, string>)[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

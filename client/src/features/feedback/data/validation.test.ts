import { describe, expect, it } from 'vitest';
import { checkFeedback, checkFiles, formatSize, problemsFromDetails } from './validation';

const MB = 1024 * 1024;
const valid = { name: 'Ada', email: 'ada@example.com', type: 'bug', message: 'It crashed.' };

describe('feedback form checks (the shared schema the server uses)', () => {
  it('names each missing field with its SPEC key', () => {
    expect(checkFeedback({ name: ' ', email: '', type: '', message: '  ' }, [])).toEqual({
      name: 'feedback.nameRequired',
      email: 'feedback.emailRequired',
      type: 'feedback.typeRequired',
      message: 'feedback.messageRequired',
    });
    expect(checkFeedback(valid, [])).toEqual({});
  });

  it('refuses a malformed email and an unknown type', () => {
    expect(checkFeedback({ ...valid, email: 'ada@', type: 'rant' }, [])).toEqual({ email: 'validation.email', type: 'feedback.typeRequired' });
  });

  it('files: at most 3, at most 5 MB together (exactly 5 MB is fine)', () => {
    expect(checkFiles([{ size: 1 }, { size: 1 }, { size: 1 }])).toBeNull();
    expect(checkFiles([{ size: 1 }, { size: 1 }, { size: 1 }, { size: 1 }])).toBe('feedback.tooManyFiles');
    expect(checkFiles([{ size: 3 * MB }, { size: 2 * MB }])).toBeNull();
    expect(checkFiles([{ size: 3 * MB }, { size: 2 * MB + 1 }])).toBe('feedback.filesTooLarge');
    expect(checkFeedback(valid, [{ size: 5 * MB + 1 }])).toEqual({ screenshots: 'feedback.filesTooLarge' });
  });

  it("takes a server 400's details for this form's fields only", () => {
    expect(
      problemsFromDetails([
        { field: 'screenshots', key: 'feedback.imageType' },
        { field: '', key: 'validation.invalid' },
        { field: 'email', key: 'validation.email' },
      ]),
    ).toEqual({ screenshots: 'feedback.imageType', email: 'validation.email' });
  });

  it('formats the total size', () => {
    expect(formatSize(300)).toBe('1 KB');
    expect(formatSize(340 * 1024)).toBe('340 KB');
    expect(formatSize(1.25 * MB)).toBe('1.3 MB');
  });
});

import { describe, expect, it } from 'vitest';
import { updateProfileBody } from '../../../contracts/settings';
import { errorsByField, schemaIssues } from './form-issues';

describe('errorsByField', () => {
  it("keys the server's issues by field, without the 'body' prefix, first message only", () => {
    expect(
      errorsByField([
        { path: 'body.email', message: 'Enter a valid email address' },
        { path: 'body.email', message: 'Too long' },
        { path: 'body.bannedWords.2', message: 'A banned word is at most 60 characters' },
        { path: 'bannedWords[3]', message: 'ignored: the field already has one' },
      ]),
    ).toEqual({
      email: 'Enter a valid email address',
      bannedWords: 'A banned word is at most 60 characters',
    });
  });

  it('leaves out an issue about the whole body', () => {
    expect(errorsByField([{ path: 'body', message: 'Nothing to update' }])).toEqual({});
    expect(errorsByField([{ path: '', message: 'Nothing to update' }])).toEqual({});
  });

  it("maps the contract's own issues the same way", () => {
    const parsed = updateProfileBody.safeParse({
      firstName: ' ',
      lastName: 'Lovelace',
      email: 'not-an-email',
      company: '',
      phone: 'call me',
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(errorsByField(schemaIssues(parsed.error))).toEqual({
      firstName: 'Required',
      email: 'Enter a valid email address',
      phone: 'Use digits, spaces and + ( ) - only',
    });
  });
});

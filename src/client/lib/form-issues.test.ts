import { describe, expect, it } from 'vitest';
import { updateProfileBody } from '../../contracts/settings';
import { ApiError } from './api-client';
import { errorsByField, fieldMessage, setServerIssues } from './form-issues';

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
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    expect(errorsByField(issues)).toEqual({
      firstName: 'Required',
      email: 'Enter a valid email address',
      phone: 'Use digits, spaces and + ( ) - only',
    });
  });
});

describe('setServerIssues', () => {
  /** A 400 in the error contract's shape: `{ error: { code, message, issues } }`. */
  const refused = (error: { issues: unknown }) =>
    new ApiError(
      400,
      'Bad Request',
      JSON.stringify({ error: { code: 'validation_failed', message: 'Check the form', ...error } }),
    );

  it("puts a 400's issues on the form's fields and counts them", () => {
    const set: Array<[string, string]> = [];
    const placed = setServerIssues(
      refused({
        issues: [
          { path: 'body.email', message: 'Enter a valid email address' },
          { path: 'body.bannedWords.0', message: 'A banned word is at most 60 characters' },
          { path: 'body.notAField', message: 'not shown: the form has no such field' },
        ],
      }),
      (name: string, error: { message?: string }) => set.push([name, error.message ?? '']),
      ['email', 'bannedWords', 'firstName'],
    );
    expect(placed).toBe(2);
    expect(set).toEqual([
      ['email', 'Enter a valid email address'],
      ['bannedWords', 'A banned word is at most 60 characters'],
    ]);
  });

  it('places nothing for a refusal without issues, or one about the whole body', () => {
    const none = () => {
      throw new Error('no field should be set');
    };
    expect(
      setServerIssues(
        new ApiError(409, 'Conflict', '{"error":{"code":"email_taken","message":"taken"}}'),
        none,
        ['email'],
      ),
    ).toBe(0);
    expect(setServerIssues(refused({ issues: [{ path: 'body', message: 'Empty' }] }), none, ['email'])).toBe(
      0,
    );
    expect(setServerIssues(new Error('offline'), none, ['email'])).toBe(0);
  });
});

describe('fieldMessage', () => {
  it("reads a field's own message, else its first item's, never its element", () => {
    expect(fieldMessage({ type: 'server', message: 'Required' })).toBe('Required');
    expect(fieldMessage([undefined, { type: 'too_big', message: 'At most 60 characters' }])).toBe(
      'At most 60 characters',
    );
    expect(fieldMessage({ type: 'x', ref: { message: 'an element is not an error' } })).toBeUndefined();
    expect(fieldMessage(undefined)).toBeUndefined();
  });
});

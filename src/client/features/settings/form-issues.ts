import type { z } from 'zod';
import type { FieldIssue } from '../../lib/api-client';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * Issues keyed by their top-level field, the first one per field: the server's 'body.email'
 * and a schema's 'email' both go to email; 'bannedWords.2' and 'bannedWords[2]' go to bannedWords.
 */
export function errorsByField<Field extends string>(issues: FieldIssue[]): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = issue.path.replace(/^body(?:[.[]|$)/, '').split(/[.[]/)[0] as Field;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** A failed safeParse's issues in the server's shape (a dotted path and the message). */
export function schemaIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Path, UseFormProps, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type FieldIssue, failureIssues } from './api-client';

/**
 * How every in-app form checks what is typed (architecture §2, decision 004): react-hook-form
 * with the contract's zod schema as its resolver, so the client checks with the rules the server
 * applies and the submit handler receives the schema's output (trimmed, lowercased, defaulted).
 * A 400 the server answers anyway lands on the same fields through `setServerIssues`.
 */

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

/**
 * Puts a refused call's 400 issues on the form's own fields (the first per field), where the
 * client's check would have put them. Answers how many fields got one: 0 means the refusal
 * belongs to no field, and the form says it another way (a toast, an alert).
 */
export function setServerIssues<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): number {
  const found = errorsByField<string>(failureIssues(error));
  let placed = 0;
  for (const field of fields) {
    const message = found[field];
    if (!message) continue;
    setError(field, { type: 'server', message });
    placed += 1;
  }
  return placed;
}

/**
 * The message to show for one field: its own, or its first item's (a tag list's 'bannedWords.2'
 * is an error on one item; the field shows it). Never looks into `ref`, which is a DOM element.
 */
export function fieldMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own.length > 0) return own;
  const items = Array.isArray(error)
    ? error
    : Object.entries(error)
        .filter(([key]) => key !== 'ref' && key !== 'type' && key !== 'types')
        .map(([, value]) => value);
  for (const item of items) {
    const message = fieldMessage(item);
    if (message) return message;
  }
  return undefined;
}

type ContractFormOptions<Input extends FieldValues, Output> = Omit<
  UseFormProps<Input, unknown, Output>,
  'resolver' | 'mode' | 'reValidateMode'
>;

export type ContractForm<Input extends FieldValues, Output> = UseFormReturn<Input, unknown, Output> & {
  /** Sets a field as the person typed it, and takes its error away until the next submit. */
  setField: <Name extends Path<Input>>(name: Name, value: Input[Name]) => void;
  /** `register`, and typing in the field takes its error away until the next submit. */
  field: (name: Path<Input>) => ReturnType<UseFormReturn<Input, unknown, Output>['register']>;
};

/**
 * A form checked by `schema` when it is submitted, and again at each later submit: an error stays
 * until its field is edited, then waits for the next submit (it does not flicker while typing).
 */
export function useContractForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: ContractFormOptions<NoInfer<Input>, NoInfer<Output>> = {},
): ContractForm<Input, Output> {
  const form = useForm<Input, unknown, Output>({
    ...options,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // Synchronous: the contracts have no async checks, and a second click cannot slip in between.
    resolver: zodResolver(schema, undefined, { mode: 'sync' }),
  });
  const setField: ContractForm<Input, Output>['setField'] = (name, value) => {
    // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's PathValue does not narrow here
    form.setValue(name, value as any, { shouldDirty: true });
    form.clearErrors(name);
  };
  const field: ContractForm<Input, Output>['field'] = (name) =>
    form.register(name, { onChange: () => form.clearErrors(name) });
  return { ...form, setField, field };
}

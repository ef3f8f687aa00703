import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AccessCodeBody } from '../../../contracts/auth';

/**
 * An access code dialog's code and submit (User Login, Super Admin Access): nothing is sent while
 * the code is empty or a check is under way; on any answer the dialog closes, which forgets the
 * code (spec §4), and then `onOutcome` does what the answer calls for.
 */
export function useAccessCodeForm<Outcome>(
  check: UseMutationResult<Outcome, Error, AccessCodeBody>,
  onDone: () => void,
  onOutcome: (outcome: Outcome) => unknown,
) {
  const [accessCode, setAccessCode] = useState('');
  const canSubmit = accessCode !== '' && !check.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    check.mutate(
      { accessCode },
      {
        onSuccess: (outcome) => {
          onDone();
          return onOutcome(outcome);
        },
      },
    );
  };
  return { accessCode, setAccessCode, submit, canSubmit, pending: check.isPending };
}

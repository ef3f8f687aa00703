import { Plus } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { createPinterestBoardRequest } from '../../../../../../contracts/pinterest';
import { type PostPlatformOptions, postPlatformOptions } from '../../../../../../contracts/platform-options';
import { Button } from '../../../../../components/ui/button';
import { Input } from '../../../../../components/ui/input';
import { Select } from '../../../../../components/ui/select';
import { ApiError, messageOf } from '../../../../../lib/api-client';
import { useCreatePinterestBoard, usePinterestBoardsQuery } from '../../../api/pinterest-boards';

interface PinterestFieldsProps {
  /** A stable id prefix (the composer's); one is made when absent. */
  id?: string;
  /** The chosen Pinterest account; null when the post goes to "any Pinterest account". */
  accountId: string | null;
  options: PostPlatformOptions;
  onChange(next: PostPlatformOptions): void;
}

const errorText = (error: unknown) =>
  error instanceof ApiError ? (messageOf(error.body) ?? error.message) : 'Something went wrong.';

/**
 * What a Pin asks beyond its text and image (issue 27): the board it is saved to (the account's
 * boards, or a new one made here) and where it leads when clicked. The live checks refuse
 * scheduling without a board (contracts/publish-checks).
 */
export function PinterestFields({ id: given, accountId, options, onChange }: PinterestFieldsProps) {
  const made = useId();
  const id = given ?? made;
  const boards = usePinterestBoardsQuery(accountId);
  const [making, setMaking] = useState(false);
  const linkCheck = options.link ? postPlatformOptions.shape.link.safeParse(options.link) : null;
  const linkError = linkCheck && !linkCheck.success ? linkCheck.error.issues[0]?.message : undefined;
  const set = (patch: Partial<PostPlatformOptions>) => {
    const next = { ...options, ...patch };
    for (const key of Object.keys(patch) as (keyof PostPlatformOptions)[]) {
      if (next[key] === '' || next[key] === undefined) delete next[key];
    }
    onChange(next);
  };

  return (
    <fieldset className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">Pinterest</legend>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-board`} className="text-sm font-medium text-slate-800">
          Board{' '}
          <span className="text-red-600" aria-hidden="true">
            *
          </span>
        </label>
        {accountId === null ? (
          <p id={`${id}-board`} className="text-xs text-slate-600">
            Choose a Pinterest account above to pick one of its boards.
          </p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto]">
            <Select
              id={`${id}-board`}
              value={options.boardId ?? ''}
              aria-required="true"
              aria-invalid={!options.boardId || undefined}
              aria-describedby={`${id}-board-hint`}
              disabled={boards.isPending}
              onChange={(event) => set({ boardId: event.target.value })}
            >
              <option value="">{boards.isPending ? 'Loading boards…' : 'Choose a board'}</option>
              {boards.data?.boards.map((board) => (
                <option key={board.id} value={board.id}>
                  {board.name}
                  {board.privacy === 'SECRET' ? ' (secret)' : ''}
                </option>
              ))}
            </Select>
            {making ? null : (
              <Button type="button" variant="outline" onClick={() => setMaking(true)}>
                <Plus aria-hidden="true" />
                Create board
              </Button>
            )}
          </div>
        )}
        {accountId === null ? null : (
          <p
            id={`${id}-board-hint`}
            className="text-xs text-slate-600"
            role={boards.isError ? 'alert' : undefined}
          >
            {boards.isError
              ? `The boards could not be read: ${errorText(boards.error)}`
              : boards.data && boards.data.boards.length === 0
                ? 'This account has no boards yet: create one.'
                : 'The Pin is saved to this board.'}
          </p>
        )}
        {accountId !== null && making ? (
          <NewBoard
            id={id}
            accountId={accountId}
            onDone={(boardId) => {
              if (boardId) set({ boardId });
              setMaking(false);
            }}
          />
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-link`} className="text-sm font-medium text-slate-800">
          Destination link <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <Input
          id={`${id}-link`}
          type="url"
          inputMode="url"
          value={options.link ?? ''}
          placeholder="https://"
          maxLength={2048}
          aria-invalid={linkError ? true : undefined}
          aria-describedby={`${id}-link-hint`}
          onChange={(event) => set({ link: event.target.value.trim() })}
        />
        <p
          id={`${id}-link-hint`}
          className={linkError ? 'text-xs font-medium text-red-700' : 'text-xs text-slate-600'}
        >
          {linkError ?? 'Where the Pin leads when someone clicks it.'}
        </p>
      </div>
    </fieldset>
  );
}

/** "Create board": a name typed inline (the composer is one form; no nested form). */
function NewBoard({
  id,
  accountId,
  onDone,
}: {
  id: string;
  accountId: string;
  /** With the new board's id, or none when cancelled. */
  onDone(boardId?: string): void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePinterestBoard(accountId);
  const submit = () => {
    const parsed = createPinterestBoardRequest.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give the board a name.');
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (board) => onDone(board.id),
      onError: (failure) => setError(errorText(failure)),
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    }
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDone();
    }
  };
  return (
    <div className="mt-1 grid gap-1.5 rounded-lg bg-slate-50 p-2">
      <label htmlFor={`${id}-new-board`} className="text-sm font-medium text-slate-800">
        New board name
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          className="min-w-40 flex-1"
          id={`${id}-new-board`}
          value={name}
          maxLength={100}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-new-board-error` : undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" onClick={submit} disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create'}
        </Button>
        <Button type="button" variant="ghost" onClick={() => onDone()}>
          Cancel
        </Button>
      </div>
      {error ? (
        <p id={`${id}-new-board-error`} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

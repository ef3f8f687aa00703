import { Tags } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { MAX_MEDIA_TAG_LENGTH, MAX_MEDIA_TAGS, type MediaLibraryItem } from '../../../../contracts/media';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { Label } from '../../../components/ui/label';
import { TagInput } from '../../../components/ui/tag-input';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useUpdateMediaTags } from '../api/media-library';

/** As the server keeps them: trimmed, lowercase, no leading '#'. */
const normalizeTag = (raw: string) =>
  raw.trim().replace(/^#/, '').trim().toLowerCase().slice(0, MAX_MEDIA_TAG_LENGTH);

export function TagsDialog({ item, onClose }: { item: MediaLibraryItem | null; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>{item ? <TagsForm item={item} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function TagsForm({ item, onDone }: { item: MediaLibraryItem; onDone: () => void }) {
  const id = useId();
  const [tags, setTags] = useState(item.tags);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateMediaTags();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    update.mutate(
      { id: item.id, tags },
      {
        onSuccess: onDone,
        onError: (failure) => {
          if (!isUnauthorized(failure)) setError(failureMessage(failure, 'The tags could not be saved.'));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Tags</DialogTitle>
        <DialogDescription>
          Label {item.fileName ? <strong className="break-all">{item.fileName}</strong> : 'this item'} to find
          it again with the tag filter. Up to {MAX_MEDIA_TAGS} tags.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-tags`}>Tags</Label>
        <TagInput
          id={`${id}-tags`}
          value={tags}
          onChange={setTags}
          normalize={normalizeTag}
          maxTags={MAX_MEDIA_TAGS}
          placeholder="e.g. spring, menu — Enter to add"
          invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <DialogActions pending={update.isPending} label="Save tags" pendingLabel="Saving…" icon={Tags} />
    </form>
  );
}

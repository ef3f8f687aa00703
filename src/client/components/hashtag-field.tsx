import { MAX_HASHTAGS_PER_POST } from '../../contracts/posts';
import { cn } from '../lib/cn';
import { normalizeHashtag } from '../lib/hashtags';
import { Label } from './ui/label';
import { TagInput } from './ui/tag-input';

/** A post's hashtags, as the composer and the generated idea's editor both ask for them. */
export function HashtagField({
  id,
  value,
  onChange,
  invalid,
  hintClassName = 'text-slate-600',
}: {
  id: string;
  value: string[];
  onChange: (hashtags: string[]) => void;
  /** Marks the input, e.g. more hashtags than the platform takes. */
  invalid?: boolean;
  /** The hint's colour, as in the form around it. */
  hintClassName?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Hashtags</Label>
      <TagInput
        id={id}
        value={value}
        onChange={onChange}
        normalize={normalizeHashtag}
        prefix="#"
        splitOnSpace
        maxTags={MAX_HASHTAGS_PER_POST}
        placeholder="Add a hashtag"
        invalid={invalid}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className={cn('text-xs', hintClassName)}>
        Press Enter or space to add one; they are published after the text.
      </p>
    </div>
  );
}

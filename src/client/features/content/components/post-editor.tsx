import { LoaderCircle, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { checkPostFits } from '../../../../contracts/post-text';
import type { Post } from '../../../../contracts/posts';
import { HashtagField } from '../../../components/hashtag-field';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useUpdatePost } from '../api/update-post';
import { CharacterCounter } from './character-counter';
import { PlatformPreview } from './platform-preview';

export const SAVE_FAILED_MESSAGE = 'Your changes could not be saved. Please try again.';

interface PostEditorProps {
  post: Post;
  author: string;
  onCancel: () => void;
  onSaved: (post: Post) => void;
}

/** Edits a saved post in place: its text and hashtags, with a live count and a preview. */
export function PostEditor({ post, author, onCancel, onSaved }: PostEditorProps) {
  const id = useId();
  const [content, setContent] = useState(post.content);
  const [hashtags, setHashtags] = useState(post.hashtags);
  const update = useUpdatePost();
  const fit = checkPostFits(post.platform, content, hashtags);
  const empty = content.trim().length === 0;
  const canSave = !empty && fit.fits && !fit.tooManyHashtags && !update.isPending;

  const save = () => {
    if (!canSave) return;
    update.mutate(
      { id: post.id, changes: { content, hashtags } },
      {
        onSuccess: (saved) => {
          toast({ title: 'Post Saved', description: 'Your changes are saved.' });
          onSaved(saved);
        },
        onError: (error) => {
          if (isUnauthorized(error)) return;
          toast({
            title: 'Save Failed',
            description: failureMessage(error, SAVE_FAILED_MESSAGE),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-content`}>Post text</Label>
        <Textarea
          id={`${id}-content`}
          value={content}
          rows={6}
          maxLength={63206}
          onChange={(event) => setContent(event.target.value)}
          aria-invalid={!fit.fits || empty || undefined}
          aria-describedby={`${id}-count`}
          className="min-h-36"
        />
        {empty ? <p className="text-xs font-medium text-red-700">Write something to post.</p> : null}
      </div>
      <HashtagField
        id={`${id}-hashtags`}
        value={hashtags}
        onChange={setHashtags}
        invalid={fit.tooManyHashtags}
        hintClassName="text-slate-500"
      />
      <CharacterCounter id={`${id}-count`} platform={post.platform} fit={fit} explain />
      <PlatformPreview
        platform={post.platform}
        content={content}
        hashtags={hashtags}
        author={author}
        imagePrompt={post.suggestedImagePrompt}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={update.isPending}>
          Cancel
        </Button>
        <Button size="sm" onClick={save} disabled={!canSave}>
          {update.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Save aria-hidden="true" />
          )}
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </div>
  );
}

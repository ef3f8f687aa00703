import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Images, LoaderCircle, Search, Sparkles, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { MediaKind, MediaLibraryItem } from '../../../contracts/media';
import { paths } from '../../app/paths';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryFailureCard } from '../../components/query-failure-card';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCan } from '../auth/use-permission';
import { UpgradePrompt } from '../billing/components/upgrade-prompt';
import { planLimitMessage } from '../billing/plan-limit';
import { useTimeZone } from '../time-zone/use-time-zone';
import {
  mediaLibraryKeys,
  useDeleteMedia,
  useMediaLibrary,
  useStorageUsage,
  useUploadToLibrary,
} from './api/media-library';
import { MediaCard } from './components/media-card';
import { StorageBar } from './components/storage-bar';
import { TagsDialog } from './components/tags-dialog';

// "Create image" (issue 30) loads when first pressed.
const CreateImageDialog = lazy(() => import('../ai-studio/create-image-dialog'));

/** Typing pauses this long before the search runs. */
const SEARCH_DELAY_MS = 250;

/** The composer on the calendar, opened with this media attached (calendar-page reads it). */
export const composeWithMediaPath = (mediaId: string) =>
  `${paths.calendar}?compose=1&media=${encodeURIComponent(mediaId)}`;

/** /media: every upload of the workspace, searchable, with where it is used and the storage quota. */
export function MediaPage() {
  useDocumentTitle('Media Library — Kitepost');
  const id = useId();
  const { zone } = useTimeZone();
  const [, navigate] = useLocation();
  const canWrite = useCan('posts.write');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [type, setType] = useState<MediaKind | ''>('');
  const [tag, setTag] = useState('');
  const [tagging, setTagging] = useState<MediaLibraryItem | null>(null);
  const [deleting, setDeleting] = useState<MediaLibraryItem | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [imaging, setImaging] = useState(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const library = useMediaLibrary({ q: q || undefined, type: type || undefined, tag: tag || undefined });
  const usage = useStorageUsage();
  const remove = useDeleteMedia();
  const upload = useUploadToLibrary();

  const items = library.data?.pages.flatMap((page) => page.items) ?? [];
  const tags = library.data?.pages[0]?.tags ?? [];
  const filtered = q !== '' || type !== '' || tag !== '';

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    for (const file of files) {
      try {
        await upload.mutateAsync(file);
      } catch (error) {
        if (isUnauthorized(error)) return;
        const limit = planLimitMessage(error);
        if (limit) {
          setPlanLimit(limit);
          return;
        }
        toast({
          title: `${file.name} was not uploaded`,
          description: failureMessage(error, 'Please try again.'),
          variant: 'destructive',
        });
      }
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError(null);
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({
          title: 'Deleted',
          description: `${deleting.fileName ?? 'The item'} is gone from the library.`,
        });
        setDeleting(null);
      },
      onError: (error) => {
        if (!isUnauthorized(error))
          setDeleteError(failureMessage(error, 'It could not be deleted. Please try again.'));
      },
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader
        title="Media Library"
        description="Every image, video and PDF of this workspace: find them, tag them, and use them again."
        actions={
          canWrite ? (
            <>
              <input
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/png,image/webp,application/pdf"
                multiple
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                data-testid="media-upload-input"
                onChange={onFiles}
              />
              <Button onClick={() => fileInput.current?.click()} disabled={upload.isPending}>
                {upload.isPending ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <Upload aria-hidden="true" />
                )}
                {upload.isPending ? 'Uploading…' : 'Upload'}
              </Button>
              <Button variant="outline" onClick={() => setImaging(true)}>
                <Sparkles aria-hidden="true" />
                Create image
              </Button>
              {imaging ? (
                <Suspense fallback={null}>
                  <CreateImageDialog
                    open
                    onClose={() => setImaging(false)}
                    prompt=""
                    onCreated={() => {
                      void queryClient.invalidateQueries({ queryKey: mediaLibraryKeys.all });
                      void queryClient.invalidateQueries({ queryKey: mediaLibraryKeys.usage });
                    }}
                  />
                </Suspense>
              ) : null}
            </>
          ) : null
        }
      />

      {usage.data ? <StorageBar usage={usage.data} /> : null}
      {planLimit ? (
        <UpgradePrompt
          message={planLimit}
          title="Media storage is full"
          onDismiss={() => setPlanLimit(null)}
        />
      ) : null}

      <search
        className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_12rem]"
        aria-label="Find media"
      >
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          <Label htmlFor={`${id}-q`}>Search</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <Input
              id={`${id}-q`}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="File name or tag"
              maxLength={100}
              className="pl-9"
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <Select
            id={`${id}-type`}
            value={type}
            onChange={(event) => setType(event.target.value as MediaKind | '')}
          >
            <option value="">All</option>
            <option value="image">Images</option>
            <option value="video">Videos</option>
            <option value="document">Documents</option>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-tag`}>Tag</Label>
          <Select id={`${id}-tag`} value={tag} onChange={(event) => setTag(event.target.value)}>
            <option value="">All tags</option>
            {tags.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </div>
      </search>

      {library.isError ? (
        <QueryFailureCard title="The media library could not be loaded" query={library} />
      ) : library.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Loading the library…
        </p>
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={Search}
            title="Nothing matches"
            description="Nothing in the library matches this search and these filters. Try another word, or clear the filters."
            action={
              <Button
                variant="outline"
                onClick={() => {
                  setText('');
                  setQ('');
                  setType('');
                  setTag('');
                }}
              >
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={Images}
            title="No media yet"
            description="Images you upload here or attach in the composer appear in this library, ready to reuse in any post."
            action={
              canWrite ? (
                <Button onClick={() => fileInput.current?.click()}>
                  <ImagePlus aria-hidden="true" />
                  Upload an image
                </Button>
              ) : null
            }
          />
        )
      ) : (
        <>
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5"
            aria-label="Media"
          >
            {items.map((item) => (
              <li key={item.id} className="flex">
                <MediaCard
                  item={item}
                  zone={zone}
                  canWrite={canWrite}
                  onUse={(chosen) => navigate(composeWithMediaPath(chosen.id))}
                  onEditTags={setTagging}
                  onDelete={(chosen) => {
                    setDeleteError(null);
                    setDeleting(chosen);
                  }}
                />
              </li>
            ))}
          </ul>
          {library.hasNextPage ? (
            <Button
              variant="outline"
              className="self-center"
              onClick={() => library.fetchNextPage()}
              disabled={library.isFetchingNextPage}
            >
              {library.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          ) : null}
        </>
      )}

      <TagsDialog item={tagging} onClose={() => setTagging(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this item?"
        description="It is removed from the library and from storage. Posts that already went out keep their copy on the network."
        subject={deleting?.fileName ?? undefined}
        error={deleteError}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        confirmIcon={Trash2}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

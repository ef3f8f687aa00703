import type { PostPlatformOptions } from '../../../../../../contracts/platform-options';
import {
  type YouTubeOptions,
  type YouTubePrivacy,
  youtubeCategories,
  youtubeOptions,
  youtubePrivacies,
  youtubePrivacyLabels,
} from '../../../../../../contracts/youtube';
import { useLibraryImagePages } from '../../../../../components/media-queries';
import { Select } from '../../../../../components/ui/select';
import { TagInput } from '../../../../../components/ui/tag-input';
import { useYouTubeQuota } from '../../../api/youtube';

/** As the composer's NetworkOptions hands them (network-options.tsx). */
interface YouTubeFieldsProps {
  id: string;
  /** The target's account (the quota shown is its network's); null before one is chosen. */
  accountId: string | null;
  options: PostPlatformOptions;
  onChange(next: PostPlatformOptions): void;
}

const when = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });

/**
 * What a YouTube upload asks beyond its title, description and video (issue 28): who may watch
 * (privacy), whether it is made for kids (YouTube asks it of every upload), tags, category and a
 * custom thumbnail from the library; and how many uploads Kitepost's YouTube quota allows today.
 */
export function YouTubeFields({ id, accountId, options, onChange }: YouTubeFieldsProps) {
  const youtube = options.youtube ?? {};
  const quota = useYouTubeQuota(accountId);
  const library = useLibraryImagePages(true);
  const set = (patch: Partial<YouTubeOptions>) => {
    const next: YouTubeOptions = { ...youtube, ...patch };
    for (const key of Object.keys(patch) as (keyof YouTubeOptions)[]) {
      if (next[key] === undefined || next[key] === '') delete next[key];
    }
    onChange({ ...options, youtube: next } as PostPlatformOptions);
  };
  const tagsCheck = youtube.tags ? youtubeOptions.shape.tags.safeParse(youtube.tags) : null;
  const tagsError = tagsCheck && !tagsCheck.success ? tagsCheck.error.issues[0]?.message : undefined;
  const kids = youtube.madeForKids;

  return (
    <fieldset className="grid min-w-0 gap-3 rounded-xl border border-slate-200 bg-white p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">YouTube</legend>
      {accountId === null ? null : (
        <p id={`${id}-quota`} className="text-xs text-slate-600" aria-live="polite">
          {quota.data
            ? `Uploads left today: ${quota.data.uploadsLeft} (Kitepost's YouTube quota: ${quota.data.unitsUsed.toLocaleString()} of ${quota.data.unitsLimit.toLocaleString()} units used; resets at ${when(quota.data.resetsAt)}).`
            : quota.isError
              ? 'The quota left today could not be read.'
              : 'Reading the quota left today…'}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-privacy`} className="text-sm font-medium text-slate-800">
            Visibility
          </label>
          <Select
            id={`${id}-privacy`}
            value={youtube.privacy ?? 'public'}
            onChange={(event) => set({ privacy: event.target.value as YouTubePrivacy })}
          >
            {youtubePrivacies.map((privacy) => (
              <option key={privacy} value={privacy}>
                {youtubePrivacyLabels[privacy]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-category`} className="text-sm font-medium text-slate-800">
            Category
          </label>
          <Select
            id={`${id}-category`}
            value={youtube.categoryId ?? '22'}
            onChange={(event) => set({ categoryId: event.target.value })}
          >
            {youtubeCategories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <fieldset className="grid gap-1.5" aria-describedby={`${id}-kids-hint`}>
        <legend className="text-sm font-medium text-slate-800">
          Made for kids?{' '}
          <span className="text-red-600" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="flex flex-wrap gap-4 text-sm text-slate-800">
          <label className="inline-flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-kids`}
              checked={kids === false}
              onChange={() => set({ madeForKids: false })}
            />
            No, it's not made for kids
          </label>
          <label className="inline-flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-kids`}
              checked={kids === true}
              onChange={() => set({ madeForKids: true })}
            />
            Yes, it's made for kids
          </label>
        </div>
        <p id={`${id}-kids-hint`} className="text-xs text-slate-600">
          YouTube's rules (COPPA) ask this of every upload.
        </p>
      </fieldset>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-tags`} className="text-sm font-medium text-slate-800">
          Tags <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <TagInput
          id={`${id}-tags`}
          value={youtube.tags ?? []}
          onChange={(tags) => set({ tags: tags.length > 0 ? tags : undefined })}
          placeholder="Add a tag and press Enter"
          invalid={Boolean(tagsError)}
          aria-describedby={`${id}-tags-hint`}
        />
        <p
          id={`${id}-tags-hint`}
          className={tagsError ? 'text-xs font-medium text-red-700' : 'text-xs text-slate-600'}
        >
          {tagsError ?? 'Up to 500 characters in all.'}
        </p>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-thumbnail`} className="text-sm font-medium text-slate-800">
          Custom thumbnail <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <Select
          id={`${id}-thumbnail`}
          value={youtube.thumbnailMediaId ?? ''}
          aria-describedby={`${id}-thumbnail-hint`}
          onChange={(event) => set({ thumbnailMediaId: event.target.value || undefined })}
        >
          <option value="">YouTube's own frame</option>
          {library.data?.pages
            .flatMap((page) => page.items)
            .filter((item) => item.mimeType === 'image/jpeg' || item.mimeType === 'image/png')
            .map((item) => (
              <option key={item.id} value={item.id}>
                {item.fileName ?? `Image ${item.id.slice(0, 8)}`} ({item.width}×{item.height})
              </option>
            ))}
        </Select>
        <p id={`${id}-thumbnail-hint`} className="text-xs text-slate-600">
          A JPEG or PNG from your library, up to 2 MB (1280×720 looks best). YouTube sets it only for verified
          channels; otherwise the video goes out with YouTube's own frame.
        </p>
      </div>
    </fieldset>
  );
}

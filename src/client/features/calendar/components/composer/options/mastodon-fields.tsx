import {
  type MastodonVisibility,
  mastodonVisibilities,
  type PostPlatformOptions,
} from '../../../../../../contracts/platform-options';

const visibilityLabels: Record<MastodonVisibility, string> = {
  public: 'Public',
  unlisted: 'Quiet public (not in public timelines)',
  private: 'Followers only',
};

/** As the composer's NetworkOptions hands them (network-options.tsx). */
interface MastodonFieldsProps {
  id: string;
  options: PostPlatformOptions;
  onChange(next: PostPlatformOptions): void;
}

/**
 * What a Mastodon status takes beyond its text: a content warning (`spoiler_text`: the text is
 * folded under it, and it counts toward the server's character limit) and who sees it
 * (`visibility`; docs.joinmastodon.org/methods/statuses/#create). The composer mounts it for
 * Mastodon targets.
 */
export function MastodonFields({ id, options, onChange }: MastodonFieldsProps) {
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">Mastodon</legend>
      <div className="grid gap-1">
        <label htmlFor={`${id}-cw`} className="text-sm font-medium text-slate-800">
          Content warning <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          id={`${id}-cw`}
          type="text"
          maxLength={500}
          value={options.contentWarning ?? ''}
          aria-describedby={`${id}-cw-help`}
          onChange={(event) => {
            const { contentWarning: _, ...rest } = options;
            const value = event.target.value;
            onChange(value.trim() ? { ...rest, contentWarning: value } : rest);
          }}
          className="h-9 w-full min-w-0 rounded-md border border-slate-300 px-2.5 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
        />
        <p id={`${id}-cw-help`} className="text-xs text-slate-600">
          Readers see this first and open the post to read it. It counts toward the server's character limit.
        </p>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-visibility`} className="text-sm font-medium text-slate-800">
          Who can see it
        </label>
        <select
          id={`${id}-visibility`}
          value={options.visibility ?? 'public'}
          onChange={(event) =>
            onChange({
              ...options,
              visibility: event.target.value as MastodonVisibility,
            } satisfies PostPlatformOptions)
          }
          className="h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {mastodonVisibilities.map((visibility) => (
            <option key={visibility} value={visibility}>
              {visibilityLabels[visibility]}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

import { useEffect, useId, useState } from 'react';
import type { PostPlatformOptions } from '../../../../../../contracts/platform-options';
import type { PostType } from '../../../../../../contracts/post-types';
import {
  type TikTokCreatorInfo,
  type TikTokOptions,
  type TikTokPrivacyLevel,
  tiktokPrivacyLabels,
} from '../../../../../../contracts/tiktok';
import { Select } from '../../../../../components/ui/select';
import { ApiError, messageOf } from '../../../../../lib/api-client';
import { useTikTokCreatorQuery } from '../../../api/tiktok-creator';

/*
 * What a TikTok post asks (issue 28), as TikTok's Content Sharing Guidelines require of the page
 * that sends it (developers.tiktok.com/doc/content-sharing-guidelines): the creator's nickname from
 * a fresh creator_info query; who can see it, chosen with no default from the creator's options;
 * comments, Duet and Stitch off until turned on, greyed where the creator turned them off (no Duet
 * or Stitch on photos); the commercial content disclosure with its labels; the declaration of
 * TikTok's Music Usage Confirmation (and Branded Content Policy). An unaudited app posts "Only me".
 */

const MUSIC_POLICY = 'https://www.tiktok.com/legal/page/global/music-usage-confirmation/en';
const BRANDED_POLICY = 'https://www.tiktok.com/legal/page/global/bc-policy/en';

const errorText = (error: unknown) =>
  error instanceof ApiError ? (messageOf(error.body) ?? error.message) : 'Something went wrong.';

/** NetworkOptionFieldsProps (network-options.tsx), declared here as the other networks' fields do. */
interface TikTokFieldsProps {
  id: string;
  accountId: string | null;
  options: PostPlatformOptions;
  onChange(next: PostPlatformOptions): void;
  postType?: PostType;
  videoDurationMs?: number | null;
}

export function TikTokFields({
  id,
  accountId,
  options,
  onChange,
  postType,
  videoDurationMs,
}: TikTokFieldsProps) {
  const creator = useTikTokCreatorQuery(accountId);
  const tiktok = options.tiktok ?? {};
  const set = (patch: Partial<TikTokOptions>) => {
    const next: TikTokOptions = { ...tiktok, ...patch };
    for (const key of Object.keys(next) as (keyof TikTokOptions)[]) {
      if (next[key] === undefined || next[key] === false) delete next[key];
    }
    const { tiktok: _drop, ...rest } = options;
    onChange(Object.keys(next).length > 0 ? { ...rest, tiktok: next } : rest);
  };

  return (
    <fieldset className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">TikTok</legend>
      {accountId === null ? (
        <p className="text-xs text-slate-600">
          Choose a TikTok account above: TikTok's choices depend on the account.
        </p>
      ) : creator.isPending ? (
        <p className="text-xs text-slate-600">Asking TikTok what this account may post…</p>
      ) : creator.isError ? (
        <p role="alert" className="text-xs font-medium text-red-700">
          TikTok's settings for this account could not be read: {errorText(creator.error)}
        </p>
      ) : (
        <CreatorFields
          id={id}
          info={creator.data}
          tiktok={tiktok}
          set={set}
          photos={postType === 'carousel'}
          videoDurationMs={videoDurationMs ?? null}
        />
      )}
    </fieldset>
  );
}

function CreatorFields({
  id,
  info,
  tiktok,
  set,
  photos,
  videoDurationMs,
}: {
  id: string;
  info: TikTokCreatorInfo;
  tiktok: TikTokOptions;
  set(patch: Partial<TikTokOptions>): void;
  photos: boolean;
  videoDurationMs: number | null;
}) {
  const inbox = Boolean(tiktok.sendToInbox) || !info.canDirectPost;
  const mustUseInbox = !info.canDirectPost && !tiktok.sendToInbox;
  // A connection without direct posting sends to the inbox: said in the options, so the checks agree.
  useEffect(() => {
    if (mustUseInbox) set({ sendToInbox: true });
  }, [mustUseInbox, set]);
  const offered: TikTokPrivacyLevel[] = info.appAudited ? info.privacyLevelOptions : ['SELF_ONLY'];
  const tooLong =
    !photos && videoDurationMs !== null && videoDurationMs > info.maxVideoPostDurationSec * 1000;
  const what = photos ? 'photos' : 'video';

  return (
    <div className="grid gap-3 text-sm text-slate-800">
      <p>
        Posting as <strong>{info.nickname}</strong> <span className="text-slate-600">@{info.username}</span>
      </p>
      {info.appAudited ? null : (
        <p className="rounded-lg bg-amber-50 p-2 text-xs text-amber-900">
          Kitepost's TikTok app has not been audited by TikTok yet, so TikTok shows every post to you only
          ("Only me"). Others can see it once you change its privacy in the TikTok app.
        </p>
      )}
      {tooLong ? (
        <p role="alert" className="text-xs font-medium text-red-700">
          This video is {Math.ceil((videoDurationMs as number) / 1000)} s; @{info.username} may post videos up
          to {info.maxVideoPostDurationSec} s on TikTok.
        </p>
      ) : null}
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={inbox}
          disabled={!info.canDirectPost}
          onChange={(event) => set({ sendToInbox: event.target.checked })}
        />
        <span>
          Send to my TikTok inbox to finish in the app
          <span className="block text-xs text-slate-600">
            {info.canDirectPost
              ? 'TikTok notifies you; you edit and post it there. Kitepost marks it published, without a link.'
              : 'This connection may only send to the inbox (direct posting was not allowed when it was connected).'}
          </span>
        </span>
      </label>
      {inbox ? null : (
        <DirectFields
          id={id}
          info={info}
          tiktok={tiktok}
          set={set}
          photos={photos}
          offered={offered}
          what={what}
        />
      )}
      {photos ? (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4"
            checked={Boolean(tiktok.autoAddMusic)}
            onChange={(event) => set({ autoAddMusic: event.target.checked })}
          />
          Let TikTok add recommended music
        </label>
      ) : null}
      <p className="text-xs text-slate-600">
        By posting, you agree to TikTok's{' '}
        {tiktok.brandedContent && !inbox ? (
          <>
            <a className="underline" href={BRANDED_POLICY} target="_blank" rel="noreferrer">
              Branded Content Policy
            </a>{' '}
            and{' '}
          </>
        ) : null}
        <a className="underline" href={MUSIC_POLICY} target="_blank" rel="noreferrer">
          Music Usage Confirmation
        </a>
        . After publishing, TikTok may take a few minutes to process your {what}.
      </p>
    </div>
  );
}

function DirectFields({
  id,
  info,
  tiktok,
  set,
  photos,
  offered,
  what,
}: {
  id: string;
  info: TikTokCreatorInfo;
  tiktok: TikTokOptions;
  set(patch: Partial<TikTokOptions>): void;
  photos: boolean;
  offered: TikTokPrivacyLevel[];
  what: string;
}) {
  const hintId = useId();
  const [disclosing, setDisclosing] = useState(Boolean(tiktok.brandOrganic || tiktok.brandedContent));
  type Interaction = { key: 'allowComments' | 'allowDuet' | 'allowStitch'; label: string; off: boolean };
  const comments: Interaction = { key: 'allowComments', label: 'Comments', off: info.commentDisabled };
  const videoOnly: Interaction[] = [
    { key: 'allowDuet', label: 'Duet', off: info.duetDisabled },
    { key: 'allowStitch', label: 'Stitch', off: info.stitchDisabled },
  ];
  const interactions = photos ? [comments] : [comments, ...videoOnly];
  const noneChosen = disclosing && !tiktok.brandOrganic && !tiktok.brandedContent;

  return (
    <>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-privacy`} className="font-medium">
          Who can see this {what}{' '}
          <span className="text-red-600" aria-hidden="true">
            *
          </span>
        </label>
        <Select
          id={`${id}-privacy`}
          value={tiktok.privacyLevel ?? ''}
          aria-required="true"
          aria-invalid={!tiktok.privacyLevel || undefined}
          aria-describedby={hintId}
          onChange={(event) =>
            set({ privacyLevel: (event.target.value || undefined) as TikTokPrivacyLevel | undefined })
          }
        >
          <option value="">Choose who can see it</option>
          {offered.map((level) => (
            <option
              key={level}
              value={level}
              disabled={level === 'SELF_ONLY' && Boolean(tiktok.brandedContent)}
            >
              {tiktokPrivacyLabels[level]}
            </option>
          ))}
        </Select>
        <p id={hintId} className="text-xs text-slate-600">
          {tiktok.brandedContent
            ? 'Branded content cannot be private: choose who else can see it.'
            : 'TikTok asks you to choose; there is no default.'}
        </p>
      </div>
      <div className="grid gap-1.5">
        <p className="font-medium">Allow viewers to</p>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {interactions.map((item) => (
            <label key={item.key} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4"
                disabled={item.off}
                checked={!item.off && Boolean(tiktok[item.key])}
                onChange={(event) => set({ [item.key]: event.target.checked })}
              />
              {item.label}
              {item.off ? (
                <span className="text-xs text-slate-500">(off in your TikTok settings)</span>
              ) : null}
            </label>
          ))}
        </div>
      </div>
      <div className="grid gap-1.5">
        <label className="flex items-center gap-2 font-medium">
          <input
            type="checkbox"
            className="size-4"
            checked={disclosing}
            onChange={(event) => {
              setDisclosing(event.target.checked);
              if (!event.target.checked) set({ brandOrganic: undefined, brandedContent: undefined });
            }}
          />
          Disclose commercial content
        </label>
        {disclosing ? (
          <div className="grid gap-1 pl-6">
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-0.5 size-4"
                checked={Boolean(tiktok.brandOrganic)}
                onChange={(event) => set({ brandOrganic: event.target.checked })}
              />
              <span>
                Your brand
                <span className="block text-xs text-slate-600">
                  You are promoting yourself or your own business. Your {what} will be labeled "Promotional
                  content".
                </span>
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-0.5 size-4"
                checked={Boolean(tiktok.brandedContent)}
                onChange={(event) =>
                  set({
                    brandedContent: event.target.checked,
                    ...(event.target.checked && tiktok.privacyLevel === 'SELF_ONLY'
                      ? { privacyLevel: undefined }
                      : {}),
                  })
                }
              />
              <span>
                Branded content
                <span className="block text-xs text-slate-600">
                  You are promoting another brand or a third party. Your {what} will be labeled "Paid
                  partnership".
                </span>
              </span>
            </label>
            {noneChosen ? (
              <p role="alert" className="text-xs font-medium text-red-700">
                Choose "Your brand", "Branded content" or both, or turn the disclosure off.
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </>
  );
}

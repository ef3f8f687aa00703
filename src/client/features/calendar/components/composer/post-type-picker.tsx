import { platformLabels } from '../../../../../contracts/platforms';
import { postTypesOf } from '../../../../../contracts/post-rules';
import type { PostType } from '../../../../../contracts/post-types';
import type { SocialAccount } from '../../../../../contracts/social-accounts';
import { PlatformMark } from '../../../../components/platform-mark';
import { cn } from '../../../../lib/cn';
import type { TargetKey } from '../../composer-targets';
import { postTypeChoiceLabel, postTypeHintOf } from '../../post-kind';
import type { ChosenTarget } from './composer-post';

interface PostTypePickerProps {
  id: string;
  targets: ChosenTarget[];
  accounts: SocialAccount[];
  onChange: (key: TargetKey, type: PostType) => void;
}

/**
 * The post type per chosen account: the types its network publishes, as a compact row of radio
 * buttons (arrow keys move between them). Networks with a single type are not listed.
 */
export function PostTypePicker({ id, targets, accounts, onChange }: PostTypePickerProps) {
  const choosable = targets.filter((target) => postTypesOf(target.platform).length > 1);
  if (choosable.length === 0) return null;
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Post type</legend>
      <ul className="grid gap-1.5">
        {choosable.map((target) => {
          const account = accounts.find((item) => item.id === target.socialAccountId);
          const name = account ? `@${account.username}` : platformLabels[target.platform];
          const groupId = `${id}-${target.key.replace(':', '-')}`;
          const types = postTypesOf(target.platform);
          // What a type's name alone may not say (LinkedIn's document post), said once per row.
          const hints = types.flatMap((type) => {
            const hint = postTypeHintOf(target.platform, type);
            return hint ? [`${postTypeChoiceLabel(target.platform, type)}: ${hint.toLowerCase()}.`] : [];
          });
          return (
            <li key={target.key} className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
              <span id={groupId} className="flex min-w-0 items-center gap-2 text-sm text-slate-800 sm:w-40">
                <PlatformMark platform={target.platform} size="sm" />
                <span className="truncate">
                  {name}
                  <span className="sr-only"> on {platformLabels[target.platform]}</span>
                </span>
              </span>
              <div
                role="radiogroup"
                aria-labelledby={groupId}
                className="inline-flex flex-wrap rounded-lg bg-slate-100 p-0.5"
              >
                {types.map((type) => {
                  const checked = target.postType === type;
                  return (
                    <label
                      key={type}
                      className={cn(
                        'cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500',
                        checked
                          ? 'bg-white text-indigo-700 shadow-sm'
                          : 'text-slate-700 hover:text-slate-900',
                      )}
                    >
                      <input
                        type="radio"
                        className="sr-only"
                        name={groupId}
                        value={type}
                        checked={checked}
                        onChange={() => onChange(target.key, type)}
                        aria-describedby={
                          postTypeHintOf(target.platform, type) ? `${groupId}-hint` : undefined
                        }
                      />
                      {postTypeChoiceLabel(target.platform, type)}
                    </label>
                  );
                })}
              </div>
              {hints.length > 0 ? (
                <p id={`${groupId}-hint`} className="basis-full text-xs text-slate-600 sm:pl-43">
                  {hints.join(' ')}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

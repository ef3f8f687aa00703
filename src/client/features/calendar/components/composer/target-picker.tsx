import { platformLabels } from '../../../../../contracts/platforms';
import type { SocialAccount } from '../../../../../contracts/social-accounts';
import { InlineLoading } from '../../../../components/full-page-message';
import { PlatformMark } from '../../../../components/platform-mark';
import { cn } from '../../../../lib/cn';
import { useAuth } from '../../../auth/api/get-current-user';
import { overPlanLimitReason } from '../../../social-accounts/format';
import { type TargetKey, targetDisabled, targetGroups } from '../../composer-targets';

interface TargetPickerProps {
  id: string;
  accounts: SocialAccount[] | undefined;
  loading: boolean;
  value: TargetKey[];
  onChange: (value: TargetKey[]) => void;
  /** Editing one saved post: exactly one target (radio buttons). */
  single: boolean;
  /** The edited post's key, kept as a choice. */
  keep?: TargetKey;
  invalid: boolean;
}

/** Where to post: the workspace's accounts by platform, and platforms without an account yet. */
export function TargetPicker({
  id,
  accounts,
  loading,
  value,
  onChange,
  single,
  keep,
  invalid,
}: TargetPickerProps) {
  const plan = useAuth().user?.workspace.plan ?? null;
  if (loading) return <InlineLoading message="Loading your accounts..." />;
  const groups = targetGroups(accounts ?? [], keep);
  const toggle = (key: TargetKey, checked: boolean) => {
    if (single) onChange([key]);
    else onChange(checked ? [...value, key] : value.filter((item) => item !== key));
  };

  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint`} aria-invalid={invalid || undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        {single ? 'Post to' : 'Post to (one post per account)'}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {groups.map((group) => (
          <div
            key={group.platform}
            className="grid content-start gap-1 rounded-lg border border-slate-200 p-2"
          >
            <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-600">
              <PlatformMark platform={group.platform} size="sm" />
              <span className="uppercase">{platformLabels[group.platform]}</span>
            </p>
            {group.options.map((option) => {
              const checked = value.includes(option.key);
              const disabled = targetDisabled(option, value);
              const inputId = `${id}-${option.key.replace(':', '-')}`;
              return (
                <label
                  key={option.key}
                  htmlFor={inputId}
                  className={cn(
                    'flex items-start gap-2 rounded-md px-1.5 py-1 text-sm',
                    disabled ? 'cursor-not-allowed' : 'cursor-pointer hover:bg-slate-50',
                    checked && 'bg-indigo-50/60',
                  )}
                >
                  <input
                    id={inputId}
                    type={single ? 'radio' : 'checkbox'}
                    name={single ? `${id}-target` : undefined}
                    checked={checked}
                    disabled={disabled}
                    aria-describedby={option.account?.overPlanLimit ? `${inputId}-limit` : undefined}
                    onChange={(event) => toggle(option.key, event.target.checked)}
                    className="mt-0.5 size-4 shrink-0 accent-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
                  />
                  {option.account ? (
                    <span className="min-w-0">
                      <span
                        className={cn(
                          'block truncate font-medium',
                          disabled ? 'text-slate-500' : 'text-slate-900',
                        )}
                      >
                        @{option.account.username}
                      </span>
                      {option.account.overPlanLimit ? (
                        <span id={`${inputId}-limit`} className="block text-xs text-amber-800">
                          {overPlanLimitReason(plan)}
                        </span>
                      ) : option.account.status === 'needs_reauth' ? (
                        <span className="block text-xs text-amber-800">
                          Needs reconnecting before it can publish
                        </span>
                      ) : option.account.sandbox ? (
                        <span className="block text-xs text-slate-600">Sandbox account</span>
                      ) : option.account.mediaWarning ? (
                        <span className="block text-xs text-amber-800">
                          Images cannot reach it: this server's address is not public
                        </span>
                      ) : null}
                    </span>
                  ) : (
                    <span className="min-w-0">
                      <span className="block font-medium text-slate-900">
                        <span className="sr-only">{platformLabels[option.platform]}, </span>No account yet
                      </span>
                      <span className="block text-xs text-slate-600">Connect one before it is due</span>
                    </span>
                  )}
                </label>
              );
            })}
          </div>
        ))}
      </div>
      <p id={`${id}-hint`} className={cn('text-xs', invalid ? 'font-medium text-red-700' : 'text-slate-600')}>
        {invalid
          ? 'Choose at least one account or platform.'
          : 'Each account gets its own post, with its own status.'}
      </p>
    </fieldset>
  );
}

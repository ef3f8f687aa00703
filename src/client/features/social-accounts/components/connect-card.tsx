import { Clock, LoaderCircle, Plus } from 'lucide-react';
import { useState } from 'react';
import { type PublishingPlatform, platformLabels } from '../../../../contracts/platforms';
import { socialAccountMessages } from '../../../../contracts/social-accounts';
import { PlatformMark } from '../../../components/platform-mark';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import {
  type ConnectOption,
  isConnectable,
  isPublishingPlatform,
  passwordPlatforms,
  serverFields,
} from '../catalogue';
import { AppPasswordForm } from './app-password-form';

interface ConnectCardProps {
  option: ConnectOption;
  /** How many accounts of this platform are connected already. */
  connectedCount: number;
  connecting: boolean;
  onConnect: (platform: PublishingPlatform, server?: string) => void;
}

/** A platform to connect: a Connect button when its connection is built, 'Coming Soon' otherwise. */
export function ConnectCard({ option, connectedCount, connecting, onConnect }: ConnectCardProps) {
  const { platform } = option;
  const label = platformLabels[platform];
  const titleId = `connect-${platform}`;
  const connectable = isConnectable(platform);
  const serverField = serverFields[platform as PublishingPlatform];
  const [server, setServer] = useState('');
  const [missing, setMissing] = useState(false);
  const start = () => {
    if (!isPublishingPlatform(platform)) return;
    if (!serverField) return onConnect(platform);
    // Opened in the click itself (a popup opened later is blocked): the field is checked first.
    if (!server.trim()) return setMissing(true);
    onConnect(platform, server.trim());
  };
  return (
    <article
      aria-labelledby={titleId}
      data-platform={platform}
      className={cn(
        'flex h-full flex-col gap-4 rounded-2xl border p-4 sm:p-5',
        connectable ? 'border-slate-200 bg-white shadow-sm' : 'border-dashed border-slate-300 bg-white/70',
      )}
    >
      <div className="flex items-start gap-4">
        <PlatformMark platform={platform} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-col items-start gap-1">
            <h3 id={titleId} className="font-semibold text-slate-900">
              {label}
            </h3>
            {connectable ? (
              connectedCount > 0 ? (
                <Badge variant="success">{connectedCount} connected</Badge>
              ) : null
            ) : (
              <Badge variant="warning">
                <Clock className="size-3.5" aria-hidden="true" />
                Coming Soon
              </Badge>
            )}
          </div>
          <p className="mt-1 text-sm text-pretty text-slate-600">
            {connectable || !isPublishingPlatform(platform)
              ? option.pitch
              : `${option.pitch} ${socialAccountMessages.notAvailable(label)}`}
          </p>
          {connectable && option.notice ? (
            <p className="mt-1 text-xs text-pretty text-slate-500">
              {option.notice.text}{' '}
              <a href={option.notice.href} target="_blank" rel="noreferrer" className="underline">
                {option.notice.link}
              </a>
            </p>
          ) : null}
        </div>
      </div>
      {connectable && passwordPlatforms.includes(platform as PublishingPlatform) ? (
        <div className="mt-auto">
          <AppPasswordForm
            onConnected={(account) =>
              toast({
                title: 'Account Connected',
                description: `${label} account @${account.username} connected.`,
              })
            }
          />
        </div>
      ) : null}
      {connectable && serverField ? (
        <div className="mt-auto grid gap-1.5">
          <Label htmlFor={`${titleId}-server`}>{serverField.label}</Label>
          <Input
            id={`${titleId}-server`}
            value={server}
            placeholder={serverField.placeholder}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            aria-invalid={missing || undefined}
            aria-describedby={`${titleId}-server-hint`}
            onChange={(event) => {
              setServer(event.target.value);
              setMissing(false);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') start();
            }}
          />
          <p
            id={`${titleId}-server-hint`}
            className={cn('text-xs', missing ? 'text-red-700' : 'text-slate-500')}
          >
            {missing ? socialAccountMessages.serverNeeded(label) : serverField.hint}
          </p>
        </div>
      ) : null}
      {connectable && !passwordPlatforms.includes(platform as PublishingPlatform) ? (
        <Button
          className={cn('w-full', serverField ? '' : 'mt-auto')}
          aria-label={`Connect ${label}`}
          onClick={start}
          aria-busy={connecting || undefined}
        >
          {connecting ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Plus aria-hidden="true" />
          )}
          {connecting ? 'Connecting...' : connectedCount > 0 ? 'Connect another' : 'Connect'}
        </Button>
      ) : null}
    </article>
  );
}

/** Spec §2: a disabled 'More Platforms' card closes the list. */
export function MorePlatformsCard() {
  return (
    <button
      type="button"
      disabled
      className="flex h-full min-h-28 w-full items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-4 text-left disabled:cursor-not-allowed sm:p-5"
    >
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-slate-200 text-slate-500"
      >
        <Plus className="size-5" />
      </span>
      <span className="grid gap-1">
        <span className="font-semibold text-slate-700">More Platforms</span>
        <span className="text-sm text-slate-600">More networks are on the way.</span>
      </span>
    </button>
  );
}

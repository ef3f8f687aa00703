import { useState } from 'react';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import { PlatformMark } from '../../../components/platform-mark';
import { initialsOf } from '../format';

/**
 * The account's picture (or its initials when it has none or it fails to load), with the
 * platform's mark in the corner. Decorative: the name and platform are written next to it.
 */
export function AccountAvatar({
  name,
  avatarUrl,
  platform,
}: {
  name: string;
  avatarUrl: string | null;
  platform: PublishingPlatform;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <span aria-hidden="true" className="relative inline-flex shrink-0">
      {avatarUrl !== null && !failed ? (
        <img
          src={avatarUrl}
          alt=""
          width={48}
          height={48}
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          className="size-12 rounded-full bg-slate-100 object-cover ring-1 ring-slate-200"
        />
      ) : (
        <span className="flex size-12 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 text-base font-semibold text-white">
          {initialsOf(name)}
        </span>
      )}
      <span className="absolute -right-1.5 -bottom-1.5 flex origin-bottom-right scale-75 rounded-[10px] ring-2 ring-white">
        <PlatformMark platform={platform} size="sm" />
      </span>
    </span>
  );
}

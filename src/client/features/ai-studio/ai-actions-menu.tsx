import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, ChevronLeft, ChevronRight, LoaderCircle, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { aiRewriteMessages } from '../../../contracts/ai-rewrite';
import { contentLanguages } from '../../../contracts/content-languages';
import { tones } from '../../../contracts/content-options';
import { type PublishingPlatform, platformLabels } from '../../../contracts/platforms';
import { Button } from '../../components/ui/button';
import { toneLabels } from '../../lib/content-labels';
import type { RewriteRequest } from './use-ai-rewrite';

const item =
  'flex w-full cursor-default items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm text-slate-800 outline-none transition data-[disabled]:text-slate-500 data-[highlighted]:bg-slate-100 data-[state=open]:bg-slate-100';
const label = 'px-2.5 pt-1 pb-1.5 text-xs font-medium text-slate-500';
const panel =
  'z-50 grid max-h-[min(28rem,var(--radix-dropdown-menu-content-available-height))] w-60 max-w-[calc(100vw-1rem)] gap-px overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl focus:outline-none';

interface AiActionsMenuProps {
  /** The networks of the chosen targets, each once: 'Fit to' offers each. */
  platforms: PublishingPlatform[];
  /** False when only the offline writer answers: it writes English only. */
  translate: boolean;
  /** The action under way, or null. */
  running: RewriteRequest['action'] | null;
  disabled: boolean;
  onAction: (request: RewriteRequest) => void;
}

/**
 * The composer's AI menu: each item changes the post text (streamed in; Undo puts it back). "Change
 * tone" and "Translate" open their lists in place of the menu (with a Back item): Radix's own
 * submenus would add their code to the app shell, where the dropdown menu already lives, and a
 * list in place suits a phone better than a menu beside a menu.
 */
export function AiActionsMenu({ platforms, translate, running, disabled, onAction }: AiActionsMenuProps) {
  const [view, setView] = useState<'actions' | 'tone' | 'translate'>('actions');
  const plain = (action: RewriteRequest['action'], label: string) => (
    <Menu.Item className={item} onSelect={() => onAction({ action })}>
      {label}
    </Menu.Item>
  );
  // Opens a list in place: the menu stays open (the item's select would close it).
  const opener = (to: 'tone' | 'translate', label: string) => (
    <Menu.Item
      className={item}
      onSelect={(event) => {
        event.preventDefault();
        setView(to);
      }}
    >
      {label}
      <ChevronRight className="ml-auto size-4 text-slate-500" aria-hidden="true" />
    </Menu.Item>
  );
  const back = (
    <Menu.Item
      className={item}
      onSelect={(event) => {
        event.preventDefault();
        setView('actions');
      }}
    >
      <ChevronLeft className="size-4 text-slate-500" aria-hidden="true" />
      Back
    </Menu.Item>
  );
  return (
    <Menu.Root onOpenChange={() => setView('actions')}>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" disabled={disabled || running !== null}>
          {running ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Sparkles className="text-indigo-600" aria-hidden="true" />
          )}
          AI
          <ChevronDown className="text-slate-500" aria-hidden="true" />
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="start" sideOffset={6} collisionPadding={8} className={panel}>
          {view === 'tone' ? (
            <>
              {back}
              <Menu.Label className={label}>Change tone to</Menu.Label>
              {tones.map((tone) => (
                <Menu.Item key={tone} className={item} onSelect={() => onAction({ action: 'tone', tone })}>
                  {toneLabels[tone]}
                </Menu.Item>
              ))}
            </>
          ) : view === 'translate' ? (
            <>
              {back}
              <Menu.Label className={label}>Translate into</Menu.Label>
              {contentLanguages.map((language) => (
                <Menu.Item
                  key={language.value}
                  className={item}
                  onSelect={() => onAction({ action: 'translate', language: language.value })}
                >
                  {language.label}
                </Menu.Item>
              ))}
            </>
          ) : (
            <>
              {plain('rewrite', 'Rewrite')}
              {plain('shorten', 'Shorten')}
              {plain('expand', 'Expand')}
              {opener('tone', 'Change tone')}
              {platforms.length === 0 ? (
                <Menu.Item className={item} disabled>
                  <span className="grid">
                    Fit to a network
                    <span className="text-xs text-slate-500">Choose an account first.</span>
                  </span>
                </Menu.Item>
              ) : (
                platforms.map((platform) => (
                  <Menu.Item
                    key={platform}
                    className={item}
                    onSelect={() => onAction({ action: 'fit', platform })}
                  >
                    Fit to {platformLabels[platform]}
                  </Menu.Item>
                ))
              )}
              {plain('hashtags', 'Add hashtags')}
              {plain('emojis', 'Add emojis')}
              {plain('grammar', 'Fix grammar')}
              {translate ? (
                opener('translate', 'Translate')
              ) : (
                // The offline writer writes English only: the item says why it is off.
                <Menu.Item className={item} disabled title={aiRewriteMessages.translateOffline}>
                  <span className="grid">
                    Translate
                    <span className="text-xs text-slate-500">{aiRewriteMessages.translateOffline}</span>
                  </span>
                </Menu.Item>
              )}
            </>
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

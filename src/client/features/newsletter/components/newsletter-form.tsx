import { LoaderCircle, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { NewsletterError, newsletterMessages, useSubscribeToNewsletter } from '../api/subscribe';

interface NewsletterFormProps {
  /** `dark` for the landing footer (light text on a dark background). */
  tone?: 'dark' | 'light';
  className?: string;
}

/** The 'Stay Updated' box: an email address and Subscribe (POST /api/newsletter). */
export function NewsletterForm({ tone = 'dark', className }: NewsletterFormProps) {
  const id = useId();
  const inputId = `${id}-email`;
  const [email, setEmail] = useState('');
  const subscribe = useSubscribeToNewsletter();
  const trimmed = email.trim();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed || subscribe.isPending) return;
    subscribe.mutate(
      { email: trimmed },
      {
        onSuccess: (result) => {
          toast({ title: 'Subscribed', description: result.message });
          setEmail('');
        },
        onError: (error) => {
          toast({
            title: 'Subscription Failed',
            description: error instanceof NewsletterError ? error.message : newsletterMessages.failed,
            variant: 'destructive',
          });
        },
      },
    );
  };

  const dark = tone === 'dark';
  return (
    <form onSubmit={onSubmit} className={cn('grid gap-2', className)} aria-busy={subscribe.isPending}>
      <label
        htmlFor={inputId}
        className={cn('text-sm font-medium', dark ? 'text-slate-200' : 'text-slate-800')}
      >
        Email address
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          placeholder="you@yourbusiness.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className={cn(
            'h-11 w-full min-w-0 flex-1 rounded-lg border px-3 text-sm shadow-sm transition-colors focus-visible:ring-2 focus-visible:outline-none',
            dark
              ? 'border-white/15 bg-white/5 text-white placeholder:text-slate-500 focus-visible:border-indigo-400 focus-visible:ring-indigo-400/40'
              : 'border-slate-300 bg-white text-slate-900 placeholder:text-slate-500 focus-visible:border-indigo-500 focus-visible:ring-indigo-500/30',
          )}
        />
        <Button
          type="submit"
          disabled={!trimmed || subscribe.isPending}
          className={cn('h-11', dark && 'focus-visible:ring-indigo-400 focus-visible:ring-offset-slate-950')}
        >
          {subscribe.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
    </form>
  );
}

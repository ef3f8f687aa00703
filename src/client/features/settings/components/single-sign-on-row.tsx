import { CheckCircle2, Link2 } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { singleSignOnLinkMessages } from '../../../../contracts/settings';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useLinkSingleSignOn } from '../api/link-single-sign-on';
import { linkOutcomeFromSearch } from '../single-sign-on-outcome';

/**
 * Settings › Privacy & Security › Single sign-on (only when the server has an identity provider):
 * a password user links their provider account here while signed in (decision 031).
 */
export function SingleSignOnRow({ linked }: { linked: boolean }) {
  const link = useLinkSingleSignOn();
  const search = useSearch();
  const [, navigate] = useLocation();

  useEffect(() => {
    const outcome = linkOutcomeFromSearch(search);
    if (!outcome) return;
    toast(
      outcome.linked
        ? { title: 'Single Sign-On Linked', description: outcome.message }
        : { title: 'Single Sign-On Not Linked', description: outcome.message, variant: 'destructive' },
    );
    // Drop the query so a reload does not say it again.
    navigate(paths.settings, { replace: true });
  }, [search, navigate]);

  const start = () =>
    link.mutate(undefined, {
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({
          title: 'Single Sign-On Not Linked',
          description: failureMessage(error, singleSignOnLinkMessages.fallback),
          variant: 'destructive',
        });
      },
    });

  return (
    <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-0.5">
        <h3 className="text-sm font-medium text-slate-900">Single sign-on</h3>
        <p className="text-sm text-slate-600">
          {linked
            ? 'Linked: you can sign in with your identity provider as well.'
            : "Sign in with your organisation's identity provider. It must confirm the same email as this account."}
        </p>
      </div>
      {linked ? (
        <span className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-emerald-700 sm:self-auto">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          Linked
        </span>
      ) : (
        <Button
          variant="outline"
          size="sm"
          onClick={start}
          disabled={link.isPending || link.isSuccess}
          className="self-start sm:self-auto"
        >
          <Link2 aria-hidden="true" />
          {link.isPending || link.isSuccess ? 'Opening your provider...' : 'Link single sign-on'}
        </Button>
      )}
    </div>
  );
}

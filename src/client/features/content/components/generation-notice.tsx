import { ArrowRight, Gauge, Rocket, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { paths, signUpPath } from '../../../app/paths';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

export type Notice =
  /** 402: the plan's credits are used up. */
  | { kind: 'upgrade'; message: string }
  /** 429 on the public generator: the visitor's free tries for the hour are used up. */
  | { kind: 'rate-limited'; message: string };

/** An inline prompt after a refusal that a plan or an account would lift. */
export function GenerationNotice({ notice }: { notice: Notice }) {
  const upgrade = notice.kind === 'upgrade';
  const Icon = upgrade ? Gauge : Rocket;
  return (
    <Card
      role="status"
      className="flex flex-col gap-4 border-amber-200 bg-amber-50/60 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-700">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900">
            {upgrade ? 'You are out of AI credits' : 'Free tries used up for now'}
          </h2>
          <p className="mt-0.5 text-sm text-slate-700">{notice.message}</p>
        </div>
      </div>
      {upgrade ? (
        <Link href={paths.subscribe} className={buttonClasses('default', 'md', 'self-start sm:self-auto')}>
          Upgrade plan
          <ArrowRight aria-hidden="true" />
        </Link>
      ) : (
        <Link href={signUpPath} className={buttonClasses('default', 'md', 'self-start sm:self-auto')}>
          Start free trial
          <ArrowRight aria-hidden="true" />
        </Link>
      )}
    </Card>
  );
}

/** Under a visitor's ideas: what an account adds. */
export function SignUpPrompt() {
  return (
    <Card className="flex flex-col gap-4 bg-gradient-to-br from-indigo-600 to-violet-600 p-5 text-white sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="flex gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/15">
          <Sparkles className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="font-semibold">Like these ideas?</h2>
          <p className="mt-0.5 text-sm text-indigo-100">
            Start your 7-day free trial to edit, save and schedule them. No credit card required.
          </p>
        </div>
      </div>
      <Link
        href={signUpPath}
        className={buttonClasses(
          'inverse',
          'md',
          'self-start focus-visible:ring-offset-indigo-600 sm:self-auto',
        )}
      >
        Start free trial
        <ArrowRight aria-hidden="true" />
      </Link>
    </Card>
  );
}

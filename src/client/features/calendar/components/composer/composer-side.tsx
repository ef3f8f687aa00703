import { CircleAlert } from 'lucide-react';
import type { ComponentProps } from 'react';
import { ComposerPreview } from './composer-preview';
import { PlatformChecks } from './platform-checks';

interface ComposerSideProps {
  id: string;
  content: string;
  hashtags: string[];
  checks: ComponentProps<typeof PlatformChecks>['checks'];
  author: string;
  post: ComponentProps<typeof ComposerPreview>['post'];
}

/** The composer's side column: the platforms' pre-publish checks and each network's preview. */
export function ComposerSide({ id, content, hashtags, checks, author, post }: ComposerSideProps) {
  return (
    <div className="grid content-start gap-5">
      <section aria-labelledby={`${id}-checks-title`} className="grid gap-2">
        <h3 id={`${id}-checks-title`} className="text-sm font-semibold text-slate-900">
          Pre-publish checks
        </h3>
        <PlatformChecks id={`${id}-checks`} content={content} hashtags={hashtags} checks={checks} />
      </section>
      {checks.length > 0 ? (
        <section aria-labelledby={`${id}-preview-title`} className="grid gap-2">
          <h3 id={`${id}-preview-title`} className="text-sm font-semibold text-slate-900">
            Preview
          </h3>
          <ComposerPreview kinds={checks} author={author} post={post} />
        </section>
      ) : null}
    </div>
  );
}

/** What the server refused, kept in view above the buttons. */
export function ComposerProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
      <ul className="grid gap-0.5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

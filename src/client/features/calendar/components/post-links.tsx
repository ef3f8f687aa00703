import { ArrowRight, Link2 } from 'lucide-react';
import type { PostLink } from '../../../../contracts/links';

/**
 * A published post's short links (issue 29): each short link as published, and where it leads
 * (the link as written; the full target, UTM tags included, on hover). Nothing before publishing.
 */
export function PostLinks({ links }: { links: PostLink[] }) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="post-links-title" className="grid gap-2">
      <h3 id="post-links-title" className="text-sm font-semibold text-slate-900">
        Links ({links.length})
      </h3>
      <ul className="grid gap-1.5" data-testid="post-links">
        {links.map((link) => (
          <li
            key={link.code}
            className="grid min-w-0 gap-1 rounded-lg border border-slate-200 px-2.5 py-2 text-sm sm:flex sm:items-center sm:gap-2"
          >
            <a
              href={link.shortUrl}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-w-0 shrink-0 items-center gap-1.5 font-medium text-indigo-700 underline-offset-4 hover:underline"
            >
              <Link2 className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="break-all">{link.shortUrl.replace(/^https?:\/\//, '')}</span>
            </a>
            <ArrowRight className="hidden size-3.5 shrink-0 text-slate-400 sm:block" aria-hidden="true" />
            <span className="sr-only">leads to</span>
            <span className="min-w-0 truncate text-slate-600" title={link.target}>
              {link.url}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

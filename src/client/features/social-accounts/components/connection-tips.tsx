import { Lightbulb } from 'lucide-react';
import { connectionTips } from '../catalogue';

/** Spec §2: the tips panel, with what tends to go wrong when a business account is connected. */
export function ConnectionTips() {
  return (
    <aside
      aria-labelledby="connection-tips-title"
      className="rounded-2xl border border-indigo-100 bg-gradient-to-b from-indigo-50 to-white p-5 sm:p-6"
    >
      <h2 id="connection-tips-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Lightbulb className="size-5 text-indigo-600" aria-hidden="true" />
        Tips for connecting business accounts
      </h2>
      <ul className="mt-4 grid gap-4">
        {connectionTips.map((tip) => (
          <li key={tip.title}>
            <h3 className="text-sm font-semibold text-slate-900">{tip.title}</h3>
            <p className="mt-1 text-sm text-pretty text-slate-600">{tip.body}</p>
          </li>
        ))}
      </ul>
    </aside>
  );
}

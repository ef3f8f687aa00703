import { ArrowRight, KeyRound, type LucideIcon, Webhook } from 'lucide-react';
import { Link } from 'wouter';
import { Card } from '../../../components/ui/card';
import { apiAccessPaths } from '../api-access-paths';

const links: { href: string; icon: LucideIcon; title: string; text: string }[] = [
  {
    href: apiAccessPaths.keys,
    icon: KeyRound,
    title: 'API keys',
    text: 'Let Zapier, Make, n8n, your own code or an AI assistant work in Kitepost.',
  },
  {
    href: apiAccessPaths.webhooks,
    icon: Webhook,
    title: 'Webhooks',
    text: 'Tell your other tools when a post is scheduled, published or fails.',
  },
];

/** The Settings page's way to Settings › API and Settings › Webhooks (owners and admins). */
export function ApiSettingsLinks() {
  return (
    <Card>
      <ul className="divide-y divide-slate-100">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              className="flex items-center gap-3 rounded-2xl p-4 transition hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none sm:p-5"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
                <link.icon className="size-5" aria-hidden="true" />
              </span>
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="font-medium text-slate-900">{link.title}</span>
                <span className="text-sm text-slate-600">{link.text}</span>
              </span>
              <ArrowRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

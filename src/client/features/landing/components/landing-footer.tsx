import { Mail } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../../app/paths';
import { Logo } from '../../../components/logo';

const SUPPORT_EMAIL = 'support@kitepost.app';

const footerLink =
  'rounded text-sm text-slate-400 transition hover:text-white focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none';

/** HTML's placeholder link: an <a> without href, where a link will be once the page exists. */
function PlaceholderLink({ label }: { label: string }) {
  return (
    // biome-ignore lint/a11y/useValidAnchor: a placeholder link by design (spec §2); the page comes later
    <a className="cursor-default text-sm text-slate-400" aria-disabled="true" title="Coming soon">
      {label}
    </a>
  );
}

export function LandingFooter({ onLogoClick }: { onLogoClick: () => void }) {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-[2fr_1fr_1.4fr]">
        <div>
          <button
            type="button"
            onClick={onLogoClick}
            className="rounded-lg focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none"
          >
            <Logo inverted />
          </button>
          <p className="mt-4 max-w-xs text-sm text-slate-400">
            AI social media marketing for small businesses and solo entrepreneurs.
          </p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-semibold text-white">
            Product
          </h2>
          <ul className="mt-4 grid gap-3">
            <li>
              <Link href={paths.demo} className={footerLink}>
                Demo
              </Link>
            </li>
            <li>
              <a href="#pricing" className={footerLink}>
                Pricing
              </a>
            </li>
            <li>
              <a href="#features" className={footerLink}>
                Features
              </a>
            </li>
            <li>
              <PlaceholderLink label="API" />
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-white">Contact &amp; Support</h2>
          <p className="mt-4 text-sm text-slate-400">Questions about your account or plan? Write to us.</p>
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className={`${footerLink} mt-3 inline-flex items-center gap-2 text-slate-200`}
          >
            <Mail className="size-4" aria-hidden="true" />
            {SUPPORT_EMAIL}
          </a>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="text-slate-400">© {new Date().getFullYear()} Kitepost. All rights reserved.</p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {['Privacy Policy', 'Terms of Service', 'Cookie Policy'].map((label) => (
              <li key={label}>
                <PlaceholderLink label={label} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}

import { ExternalLink, Mail } from 'lucide-react';
import { Link } from 'wouter';
import { paths, serverPaths } from '../../../app/paths';
import { Logo } from '../../../components/logo';
import { toast } from '../../../components/ui/use-toast';
import { NewsletterForm } from '../../newsletter/components/newsletter-form';
import { legalDocuments, SUPPORT_EMAIL } from '../content';

const footerLink =
  'rounded-sm text-sm text-slate-400 transition hover:text-white focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-950 focus-visible:outline-none';

const headingClass = 'text-sm font-semibold tracking-wide text-white';

/**
 * The legal pages are placeholders (spec §2): a button that says so, rather than a link that
 * goes nowhere. It stays in the tab order and tells the visitor where to ask meanwhile.
 */
function LegalPlaceholder({ label }: { label: string }) {
  return (
    <button
      type="button"
      className={footerLink}
      onClick={() =>
        toast({
          title: label,
          description: `Our ${label} is being finalised and will be published here soon. Questions? Write to ${SUPPORT_EMAIL}.`,
        })
      }
    >
      {label}
    </button>
  );
}

export function LandingFooter({ onLogoClick }: { onLogoClick: () => void }) {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.5fr_0.8fr_1.2fr_1.7fr] lg:gap-8">
        <div>
          <button
            type="button"
            onClick={onLogoClick}
            data-opens-dialog
            className="rounded-lg focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:ring-offset-4 focus-visible:ring-offset-slate-950 focus-visible:outline-none"
          >
            <Logo inverted />
          </button>
          <p className="mt-4 max-w-xs text-sm text-slate-400">
            AI social media marketing for small businesses and solo entrepreneurs.
          </p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className={headingClass}>
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
              <Link href={paths.integrations} className={footerLink}>
                Integrations
              </Link>
            </li>
            <li>
              <a
                href={serverPaths.apiDocs}
                target="_blank"
                rel="noopener noreferrer"
                className={`${footerLink} inline-flex items-center gap-1.5`}
              >
                API
                <ExternalLink className="size-3.5" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className={headingClass}>Contact &amp; Support</h2>
          <p className="mt-4 text-sm text-slate-400">Questions about your account or plan? Write to us.</p>
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className={`${footerLink} mt-3 inline-flex items-center gap-2 break-all text-slate-200`}
          >
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            {SUPPORT_EMAIL}
          </a>
        </div>
        <section aria-labelledby="footer-newsletter" className="sm:col-span-2 lg:col-span-1">
          <h2 id="footer-newsletter" className={headingClass}>
            Stay Updated
          </h2>
          <p className="mt-4 mb-4 text-sm text-slate-400">
            Tips for growing on social, plus Kitepost product news, in your inbox.
          </p>
          <NewsletterForm tone="dark" />
        </section>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          {/* The page is prerendered at build time (decision 052): across New Year the browser's year
              differs from the build's, and the build's stays until the next build. */}
          <p className="text-slate-400" suppressHydrationWarning>
            {`© ${new Date().getFullYear()} Kitepost. All rights reserved.`}
          </p>
          <ul aria-label="Legal" className="flex flex-wrap gap-x-6 gap-y-2">
            {legalDocuments.map((label) => (
              <li key={label}>
                <LegalPlaceholder label={label} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}

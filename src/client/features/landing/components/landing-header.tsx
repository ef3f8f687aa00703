import { Menu, Shield, X } from 'lucide-react';
import { useState } from 'react';
import { Logo } from '../../../components/logo';
import { Button } from '../../../components/ui/button';

const anchors = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#testimonials', label: 'Testimonials' },
];

interface LandingHeaderProps {
  onSignIn: () => void;
  onStartTrial: () => void;
  onAdmin: () => void;
}

export function LandingHeader({ onSignIn, onStartTrial, onAdmin }: LandingHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const run = (action: () => void) => () => {
    setMenuOpen(false);
    action();
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <a
          href="#top"
          aria-label="Kitepost home"
          className="rounded-lg focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          <Logo />
        </a>
        <nav aria-label="Sections" className="hidden items-center gap-1 md:flex">
          {anchors.map((anchor) => (
            <a
              key={anchor.href}
              href={anchor.href}
              className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
            >
              {anchor.label}
            </a>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <Button variant="ghost" onClick={onSignIn} data-opens-dialog>
            Sign In
          </Button>
          <Button onClick={onStartTrial} data-opens-dialog>
            Start Free Trial
          </Button>
          <Button variant="destructive" size="sm" onClick={onAdmin} data-opens-dialog>
            <Shield aria-hidden="true" />
            Admin
          </Button>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="landing-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X className="size-5" aria-hidden="true" />
          ) : (
            <Menu className="size-5" aria-hidden="true" />
          )}
        </Button>
      </div>
      {menuOpen ? (
        <div
          id="landing-menu"
          className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg md:hidden"
        >
          <nav aria-label="Sections" className="grid">
            {anchors.map((anchor) => (
              <a
                key={anchor.href}
                href={anchor.href}
                onClick={() => setMenuOpen(false)}
                className="rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100"
              >
                {anchor.label}
              </a>
            ))}
          </nav>
          <div className="mt-3 grid gap-2">
            <Button variant="outline" size="lg" onClick={run(onSignIn)} data-opens-dialog>
              Sign In
            </Button>
            <Button size="lg" onClick={run(onStartTrial)} data-opens-dialog>
              Start Free Trial
            </Button>
            <Button variant="destructive" size="lg" onClick={run(onAdmin)} data-opens-dialog>
              <Shield aria-hidden="true" />
              Admin
            </Button>
          </div>
        </div>
      ) : null}
    </header>
  );
}

import { Compass, House } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../app/paths';
import { CenteredCardPage } from '../../components/centered-card-page';
import { buttonClasses } from '../../components/ui/button';

/** Architecture §10: a friendly sentence and a link home instead of the spec's router hint. */
export function NotFoundPage() {
  return (
    <CenteredCardPage icon={Compass} tone="brand" eyebrow="404" title="Page Not Found">
      <p className="mt-3 text-slate-600">
        We looked everywhere, but this page does not exist. It may have moved, or the link may be mistyped.
      </p>
      <Link href={paths.home} className={buttonClasses('default', 'lg', 'mt-8')}>
        <House aria-hidden="true" />
        Back to home
      </Link>
    </CenteredCardPage>
  );
}

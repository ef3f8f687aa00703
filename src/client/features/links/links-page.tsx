import type { ReactNode } from 'react';
import { InlineLoading } from '../../components/full-page-message';
import { PageHeader } from '../../components/page-header';
import { QueryFailureCard } from '../../components/query-failure-card';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCan } from '../auth/use-permission';
import { useBrandKit } from '../settings/api/get-brand-kit';
import { useTimeZone } from '../time-zone/use-time-zone';
import { useBioPage } from './api/get-bio-page';
import { BioPageEditor } from './components/bio-page-editor';
import { BioPreview } from './components/bio-preview';
import { ShortLinksCard } from './components/short-links-card';

const description = 'Your public page of links, and short links on published posts.';

/** The origin the page is served from: the saved page's own address, else this app's. */
function originOf(url: string | undefined): string {
  return url ? url.replace(/\/@[^/]*$/, '') : window.location.origin;
}

/**
 * /links (issue 29): the bio page editor with its live preview, and the short-link settings.
 * The page and the brand kit load together: the preview shows the brand's name, logo and colours.
 */
export function LinksPage() {
  useDocumentTitle('Link in Bio — Kitepost');
  const page = useBioPage();
  const brand = useBrandKit();
  const { zone } = useTimeZone();
  const mayEdit = useCan('brand.manage');

  let editor: ReactNode;
  if (page.isPending || brand.isPending) {
    editor = (
      <Card>
        <InlineLoading message="Loading your bio page..." />
      </Card>
    );
  } else if (page.isError || brand.isError) {
    editor = (
      <QueryFailureCard title="Your bio page could not be loaded" query={page.isError ? page : brand} />
    );
  } else {
    const origin = originOf(page.data?.url);
    editor = (
      // Keyed by the save: a save starts the form again from what the server holds (new links' ids).
      <BioPageEditor
        key={page.data?.updatedAt ?? 'new'}
        saved={page.data}
        brandName={brand.data.brandName}
        zone={zone}
        origin={origin}
        mayEdit={mayEdit}
        renderPreview={(values) => (
          <BioPreview values={values} brand={brand.data} zone={zone} origin={origin} />
        )}
      />
    );
  }

  return (
    <div className="grid gap-6">
      <PageHeader title="Link in Bio" description={description} />
      {editor}
      <ShortLinksCard />
    </div>
  );
}

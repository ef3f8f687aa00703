import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /links: the bio page editor and the short-link settings (issue 29). Helper E builds it. */
export function LinksPage() {
  useDocumentTitle('Link in Bio — Kitepost');
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Link in Bio"
        description="Your public page of links, and short links on published posts."
      />
    </div>
  );
}

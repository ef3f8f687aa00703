import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { renderBioPage } from '../../../../contracts/bio-page-html';
import type { BrandKitResponse } from '../../../../contracts/brand-kit';
import { mediaQueryOptions } from '../../../components/media-queries';
import { type BioPageFormInput, isLinkLive } from '../bio-form';
import { BioPreviewFrame } from './bio-preview-frame';

interface BioPreviewProps {
  /** The form as typed (not yet checked). */
  values: BioPageFormInput;
  brand: BrandKitResponse;
  zone: string;
  origin: string;
}

/** The chosen images' thumbnails by id (the same cache entries as the pickers' and the calendar's). */
function useThumbnails(ids: (string | null)[]): Map<string, string> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const answers = useQueries({
    queries: wanted.map((id) => ({ ...mediaQueryOptions(id), staleTime: 5 * 60 * 1000 })),
  });
  const found = new Map<string, string>();
  answers.forEach((answer, index) => {
    const id = wanted[index];
    if (id && answer.data) found.set(id, answer.data.thumbnailUrl);
  });
  return found;
}

/**
 * The live preview: what is typed, through the page's own renderer (contracts/bio-page-html.ts),
 * so it looks exactly as /@<slug> will. Only the links inside their schedule show, as on the
 * page; the posts grid is the page's own (the preview has no published posts to show).
 */
export function BioPreview({ values, brand, zone, origin }: BioPreviewProps) {
  const thumbnails = useThumbnails([brand.logoMediaId, ...values.links.map((link) => link.thumbnailMediaId)]);
  const now = Date.now();
  const links = values.links
    .filter((link) => isLinkLive(link, zone, now))
    .map((link, index) => ({
      title: link.title.trim() || `Link ${index + 1}`,
      href: '#',
      thumbnailUrl: link.thumbnailMediaId ? (thumbnails.get(link.thumbnailMediaId) ?? null) : null,
    }));
  const logoUrl = brand.logoMediaId ? (thumbnails.get(brand.logoMediaId) ?? null) : null;
  const input = {
    brand: {
      name: brand.brandName,
      description: brand.description,
      logoUrl,
      primaryColour: brand.primaryColour,
      accentColour: brand.accentColour,
    },
    page: {
      title: values.title.trim() || brand.brandName || 'Your page',
      description: (values.description ?? '').trim(),
      showPosts: false,
    },
    links,
    posts: [],
    meta: { canonicalUrl: `${origin}/@${values.slug.trim().toLowerCase()}`, ogImage: null, lang: 'en' },
  };
  const key = JSON.stringify(input);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the whole input, serialised
  const rendered = useMemo(() => renderBioPage(input), [key]);

  return (
    <>
      <BioPreviewFrame css={rendered.css} body={rendered.body} />
      {values.showPosts ? (
        <p className="max-w-[390px] text-center text-xs text-slate-600">
          On the page, your latest published posts show under the links.
        </p>
      ) : null}
    </>
  );
}

import { useLayoutEffect, useRef } from 'react';

interface BioPreviewFrameProps {
  /** The page's own CSS and body, from the shared renderer (contracts/bio-page-html.ts). */
  css: string;
  body: string;
}

/**
 * The bio page as visitors see it, at a phone's width. The page cannot be framed (the CSP says
 * frame-ancestors 'none'), so the renderer's HTML goes into a Shadow DOM: its CSS stays inside and
 * the app's stays outside. The renderer escapes every user text and emits no script; a click on
 * a link is stopped, since the preview's links are not live yet.
 */
export function BioPreviewFrame({ css, body }: BioPreviewFrameProps) {
  const host = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    // The page's document-level selectors (html, body, :root) have no document here: the host stands in.
    root.innerHTML = `<style>${hostCss(css)}${PREVIEW_CSS}</style><div class="bio-preview-body">${body}</div>`;
  }, [css, body]);

  return (
    <div
      ref={host}
      className="block max-h-[760px] w-full max-w-[390px] overflow-y-auto rounded-[2rem] border-8 border-slate-900 bg-white shadow-xl"
      onClickCapture={(event) => {
        if ((event.nativeEvent.composedPath()[0] as Element | undefined)?.closest?.('a'))
          event.preventDefault();
      }}
    />
  );
}

/**
 * The preview is a phone inside a wide window: the page's width rules answer the frame's width
 * (a container), not the window's, and the page need not fill a whole screen's height.
 */
const PREVIEW_CSS = ':host{display:block;container-type:inline-size}.bio{min-height:0}';

/**
 * Document selectors (`html`, `body`, `:root`) pointed at the shadow host and its wrapper, and
 * width media queries made container queries.
 */
export function hostCss(css: string): string {
  return css
    .replace(/(^|[\s,{}])(?::root|html)(?=[\s,{:.[>])/g, '$1:host')
    .replace(/(^|[\s,{}])body(?=[\s,{:.[>])/g, '$1.bio-preview-body')
    .replace(/@media\s*\(\s*(min|max)-width/g, '@container ($1-width');
}

import { describe, expect, it } from 'vitest';
import { renderNoticePage } from './notice-page';

describe('renderNoticePage', () => {
  it('is kept out of search engines and escapes its texts', () => {
    const page = renderNoticePage('There is no page at <this> address', 'Ask "them".');
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).toContain('<h1>There is no page at &lt;this&gt; address</h1>');
    expect(page).toContain('<p>Ask &quot;them&quot;.</p>');
    expect(page).not.toContain('<script');
  });
});

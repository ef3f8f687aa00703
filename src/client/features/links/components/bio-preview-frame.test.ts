import { describe, expect, it } from 'vitest';
import { hostCss } from './bio-preview-frame';

describe('the preview stylesheet', () => {
  it('points document selectors at the shadow host and width queries at the frame', () => {
    expect(hostCss('body{margin:0}\n.bio{color:red}')).toBe('.bio-preview-body{margin:0}\n.bio{color:red}');
    expect(hostCss(':root{--x:1} html,body{a:b}')).toBe(':host{--x:1} :host,.bio-preview-body{a:b}');
    expect(hostCss('@media (min-width:640px){.bio-title{font-size:2rem}}')).toBe(
      '@container (min-width:640px){.bio-title{font-size:2rem}}',
    );
    // Class names that merely contain the words are left alone.
    expect(hostCss('.bio-body{x:y}.htmlish{x:y}')).toBe('.bio-body{x:y}.htmlish{x:y}');
    expect(hostCss('@media (prefers-reduced-motion:reduce){.a{b:c}}')).toBe(
      '@media (prefers-reduced-motion:reduce){.a{b:c}}',
    );
  });
});

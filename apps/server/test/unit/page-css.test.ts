import { describe, expect, it } from 'vitest';
import { pageStylesheet } from '../../src/features/pages/page-css';

// The shape of the stylesheet Tailwind 4 builds (minified): layers first, utilities with their variants.
const sheet = [
  '@layer theme,base,components,utilities;',
  '@layer theme{:root{--color-brand-600:#237257}}',
  '@layer base{details summary{cursor:pointer}}',
  '@layer utilities{',
  '.hidden{display:none}',
  '.flex{display:flex}',
  '.mt-3{margin-top:.75rem}',
  '.group-open\\:block:is(:where(.group):is([open],:popover-open,:open) *){display:block}',
  '.hover\\:bg-brand-50:hover{background:#eff8f3}',
  '.\\[\\&\\:\\:details-content\\]\\:contents::details-content{display:contents}',
  '.space-y-2>:not(:last-child){margin-bottom:.5rem}',
  '@media (min-width:48rem){.md\\:flex{display:flex}.md\\:hidden{display:none}}',
  '}',
  '@property --tw-shadow{syntax:"*";inherits:false}',
].join('');

describe('a page’s inline stylesheet', () => {
  const forPage = pageStylesheet(sheet);

  it('keeps the utilities the page’s elements name, whatever state or width their variant waits for', () => {
    const css = forPage(
      '<details class="group"><summary class="hover:bg-brand-50 [&amp;::details-content]:contents">Menu</summary>' +
        '<ul class="hidden group-open:block md:flex space-y-2"></ul></details>',
    );
    for (const kept of [
      '.hidden{',
      '.group-open\\:block:is(',
      '.hover\\:bg-brand-50:hover',
      '.\\[\\&\\:\\:details-content\\]\\:contents',
      '.space-y-2>',
      '@media (min-width:48rem){.md\\:flex{display:flex}}',
    ])
      expect(css).toContain(kept);
    expect(css).not.toContain('.flex{');
    expect(css).not.toContain('.mt-3');
    expect(css).not.toContain('md\\:hidden');
  });

  it('keeps everything outside the utilities, and drops a media query none of whose rules is used', () => {
    const css = forPage('<p class="mt-3">Hi</p>');
    expect(css).toContain('@layer theme,base,components,utilities;');
    expect(css).toContain('@layer theme{:root{--color-brand-600:#237257}}');
    expect(css).toContain('@layer base{details summary{cursor:pointer}}');
    expect(css).toContain('@property --tw-shadow');
    expect(css).toContain('@layer utilities{.mt-3{margin-top:.75rem}}');
    expect(css).not.toContain('@media');
  });

  it('leaves a stylesheet without a utilities layer whole', () => {
    const plain = 'p{color:red}.x{color:blue}';
    expect(pageStylesheet(plain)('<p class="y"></p>')).toBe(plain);
  });
});

import { describe, expect, it } from '@jest/globals';
import postcss from 'postcss';
import cssMinifyLoader from './css-minify-loader.mjs';

const minify = (css) => cssMinifyLoader.call({ resourcePath: '/app/src/Example.module.css' }, css);

/** Every declaration as selector/at-rule path + property + value + importance: what the CSS means. */
function meaning(css) {
  const out = [];
  postcss.parse(css).walkDecls((decl) => {
    const path = [];
    for (let node = decl.parent; node && node.type !== 'root'; node = node.parent) path.unshift(node.type === 'rule' ? node.selector : `@${node.name} ${node.params}`);
    out.push(`${path.join(' > ')} | ${decl.prop}: ${decl.value}${decl.important ? ' !important' : ''}`);
  });
  return out;
}

const SAMPLE = `/* design tokens */
:root {
  /* neutrals */
  --color-bg: #f7f8fa;
  --font: "Inter", system-ui, sans-serif;
}

.title {
  composes: visuallyHidden from './a11y.module.css';
  font: 600 1rem/1.2 var(--font);
  content: "a  b"; /* the two spaces stay */
  margin: 0 !important;
}

:global(.dark) .title,
.title:hover {
  background: url("data:image/svg+xml;utf8,<svg a='1'></svg>") no-repeat;
}

@media (max-width: 600px) {
  .grid {
    grid-template-areas:
      "a b"
      "c d";
  }
}

@keyframes spin { to { transform: rotate(360deg); } }
`;

describe('css-minify-loader', () => {
  it('drops comments and layout whitespace', () => {
    const out = minify(SAMPLE);
    expect(out).not.toContain('/*');
    expect(out).not.toMatch(/\n\s*\n/);
    expect(out.length).toBeLessThan(SAMPLE.length * 0.8);
    expect(out).toContain(':root{--color-bg:#f7f8fa;');
    expect(out).toContain('@media (max-width: 600px){.grid{');
  });

  it('keeps every declaration, selector, value and at-rule as written', () => {
    const out = minify(SAMPLE);
    expect(meaning(out)).toEqual(meaning(SAMPLE));
    expect(out).toContain('composes:visuallyHidden from \'./a11y.module.css\'');
    expect(out).toContain('content:"a  b"');
    expect(out).toContain('margin:0 !important');
    expect(out).toContain('@keyframes spin{to{transform:rotate(360deg)}}');
  });
});

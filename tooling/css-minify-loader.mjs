// Production CSS without comments and layout whitespace, before css-loader reads it. The CSS travels
// inside the JS (style-loader), where nothing else minifies it: the design tokens' comments and every
// rule's indentation were a few KiB of each first load. Only the whitespace between nodes goes;
// selectors, values and at-rule parameters are left exactly as written, so no rule can change meaning.
import postcss from 'postcss';

/** @this {import('webpack').LoaderContext<{}>} */
export default function cssMinifyLoader(source) {
  const root = postcss.parse(source, { from: this.resourcePath });
  root.walkComments((comment) => {
    comment.remove();
  });
  root.walk((node) => {
    node.raws.before = '';
    if (node.type === 'decl') {
      node.raws.between = ':';
      return;
    }
    node.raws.after = '';
    node.raws.semicolon = false;
    if (node.type === 'rule') node.raws.between = '';
    if (node.type === 'atrule') {
      node.raws.between = '';
      node.raws.afterName = node.params ? ' ' : '';
    }
  });
  root.raws.after = '';
  root.raws.semicolon = false;
  return root.toString();
}

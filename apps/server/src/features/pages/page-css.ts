import postcss, { type AtRule, type ChildNode, type Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';

/**
 * The stylesheet a server-rendered page carries inline: the web app's whole stylesheet minus the Tailwind
 * utilities no element of the page uses (about half of it). Less CSS is less to parse and to match before a
 * phone's first paint. Everything outside the utilities layer (theme variables, base styles, components) stays.
 *
 * A utility rule is kept when its own class (the first class of its selector: `.group-open\:hidden` in
 * `.group-open\:hidden:is(:where(.group)[open] *)`) is on some element of the page, whatever state or media
 * its variant waits for, so a menu opened or a field refused without script keeps its styles. What only the
 * code adds later (a dialog opened in place, another page's layout) comes with the whole stylesheet, which the
 * browser entry loads before the page comes alive (apps/web/src/main.tsx).
 */
export function pageStylesheet(css: string) {
  const root = postcss.parse(css);
  const utilities = root.nodes.find(
    (node): node is AtRule => node.type === 'atrule' && node.name === 'layer' && node.params === 'utilities',
  );
  if (!utilities) return () => css;

  const ownClass = new Map<Rule, string | undefined>();
  const classOf = (rule: Rule) => {
    if (!ownClass.has(rule)) {
      let first: string | undefined;
      selectorParser((selectors) => {
        selectors.walkClasses((node) => {
          first ??= node.value;
        });
      }).processSync(rule.selector);
      ownClass.set(rule, first);
    }
    return ownClass.get(rule);
  };
  // Each top-level piece of the layer as text, with the classes that keep it (a media query keeps only its
  // used rules).
  const pieces = (utilities.nodes ?? []).map((node) => piece(node, classOf));
  // Its keys are the parsed stylesheet (0.7 MB of heap), which the pieces' closures would otherwise keep for good.
  ownClass.clear();
  // The layer as the file writes it; should the text not be found as printed, the page keeps the whole sheet.
  const at = css.indexOf(utilities.toString());
  if (at < 0) return () => css;
  const before = css.slice(0, at);
  const after = css.slice(at + utilities.toString().length);

  return (html: string) => {
    const used = classesIn(html);
    const kept = pieces.map((p) => p(used)).join('');
    return `${before}@layer utilities{${kept}}${after}`;
  };
}

type Piece = (used: Set<string>) => string;

function piece(node: ChildNode, classOf: (rule: Rule) => string | undefined): Piece {
  if (node.type === 'rule') {
    const name = classOf(node);
    const text = node.toString();
    return (used) => (name === undefined || used.has(name) ? text : '');
  }
  if (node.type === 'atrule' && node.nodes) {
    const inner = node.nodes.map((child) => piece(child, classOf));
    const open = `@${node.name}${node.raws.afterName ?? ' '}${node.params}{`;
    return (used) => {
      const kept = inner.map((p) => p(used)).join('');
      return kept ? `${open}${kept}}` : '';
    };
  }
  const text = node.toString();
  return () => text;
}

const entities: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** Every class named in the page's `class` attributes (as React writes them: double quotes, escaped). */
function classesIn(html: string) {
  const used = new Set<string>();
  for (const [, list = ''] of html.matchAll(/\sclass="([^"]*)"/g)) {
    const decoded = list.replace(/&(?:amp|quot|#x27|lt|gt);/g, (e) => entities[e] ?? e);
    for (const name of decoded.split(/\s+/)) if (name) used.add(name);
  }
  return used;
}

import postcss, { type Rule } from 'postcss';

// Used by the web build (build-public-pages.ts), in Node: never imported by the app.

/** The class names a page's HTML uses. */
export function classNamesIn(html: string): Set<string> {
  const names = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (value ?? '').split(/\s+/)) if (name) names.add(name);
  }
  return names;
}

/**
 * The class names used, with every class of a component one of whose classes is used (a component
 * may show other parts of itself once live: an error, a loader, a hover label) and those `always`
 * kept.
 */
export function withWholeComponents(
  used: ReadonlySet<string>,
  components: { groups: readonly (readonly string[])[]; always: readonly string[] },
): Set<string> {
  const whole = new Set([...used, ...components.always]);
  for (const group of components.groups) {
    if (group.some((name) => used.has(name))) for (const name of group) whole.add(name);
  }
  return whole;
}

/**
 * The rules of a style sheet that can apply to HTML using only `used` class names: a selector stays
 * when each class it requires is used (classes inside :is(), :where(), :not() and :has() count as
 * optional). Rules without a class (:root, body, keyframes, font faces) always stay.
 */
export function criticalCss(css: string, used: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  const isNeeded = (selector: string) => {
    const required = selector.replace(/:(is|where|not|has)\((?:[^()]|\([^()]*\))*\)/g, '');
    return [...required.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every(([, name]) => used.has(name ?? ''));
  };
  root.walkRules((rule: Rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as { name: string }).name)) return;
    const kept = rule.selectors.filter(isNeeded);
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  return root.toString();
}

const varReferences = (text: string) =>
  [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map(([, name]) => name ?? '');

/**
 * The sheet without the custom properties nothing can read: Mantine's theme declares ~900 (every
 * size of every component, every shade of every colour), each one inherited by every element the
 * page styles. A property stays when a rule's declaration or the pages' HTML (inline styles) refers
 * to it, or a property that stays does.
 */
export function withoutUnreadCustomProperties(css: string, pagesHtml: readonly string[]): string {
  const root = postcss.parse(css);
  const definitions = new Map<string, string[]>();
  const read: string[] = pagesHtml.flatMap(varReferences);
  root.walkDecls((declaration) => {
    if (declaration.prop.startsWith('--')) {
      const values = definitions.get(declaration.prop) ?? [];
      values.push(declaration.value);
      definitions.set(declaration.prop, values);
    } else {
      read.push(...varReferences(declaration.value));
    }
  });
  const kept = new Set<string>();
  while (read.length > 0) {
    const name = read.pop() ?? '';
    if (kept.has(name)) continue;
    kept.add(name);
    for (const value of definitions.get(name) ?? []) read.push(...varReferences(value));
  }
  root.walkDecls((declaration) => {
    if (declaration.prop.startsWith('--') && !kept.has(declaration.prop)) declaration.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  return root.toString();
}

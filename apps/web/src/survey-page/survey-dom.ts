type Attributes = Record<string, string | number | boolean | undefined>;
type Child = Node | string | null | undefined | false;

/**
 * A DOM element with attributes and children. Text is always set as text, never parsed as HTML, so a
 * clinic's name or a comment cannot become markup.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

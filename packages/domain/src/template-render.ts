export const templateVariables = [
  'patient_name',
  'procedure',
  'clinic_name',
  'appointment_time',
  'appointment_type',
] as const;
export type TemplateVariable = (typeof templateVariables)[number];
export type TemplateValues = Partial<Record<TemplateVariable, string>>;

// `{{name}}`, with optional spaces inside the braces. Anything else with braces is plain text.
const placeholderPattern = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

function isTemplateVariable(name: string): name is TemplateVariable {
  return templateVariables.some((variable) => variable === name);
}

/** Placeholder names used in a template body, each once, in order of first use. */
export function findTemplateVariables(body: string): string[] {
  return [...new Set(Array.from(body.matchAll(placeholderPattern), (match) => match[1] ?? ''))];
}

/** Placeholders in the body that are not among the allowed variables (for the template editor). */
export function findUnknownTemplateVariables(body: string): string[] {
  return findTemplateVariables(body).filter((name) => !isTemplateVariable(name));
}

export class TemplateRenderError extends Error {
  readonly code = 'TEMPLATE_RENDER_ERROR';

  constructor(
    readonly unknownVariables: readonly string[],
    readonly missingVariables: readonly TemplateVariable[],
  ) {
    const list = (names: readonly string[]) => names.map((name) => `{{${name}}}`).join(', ');
    const problems = [
      unknownVariables.length > 0 &&
        `unknown variable${unknownVariables.length > 1 ? 's' : ''} ${list(unknownVariables)} (allowed: ${list(templateVariables)})`,
      missingVariables.length > 0 && `no value for ${list(missingVariables)}`,
    ].filter(Boolean);
    super(`Cannot render template: ${problems.join('; ')}`);
    this.name = 'TemplateRenderError';
  }
}

/**
 * Fills every `{{variable}}`. Unknown variables, and allowed ones without a value, throw a
 * TemplateRenderError naming them all: a patient must never receive a raw placeholder.
 * Values are inserted as given and not expanded again.
 */
export function renderTemplate(body: string, values: TemplateValues): string {
  const used = findTemplateVariables(body);
  const unknown = used.filter((name) => !isTemplateVariable(name));
  const missing = used.filter(isTemplateVariable).filter((name) => values[name] === undefined);
  if (unknown.length > 0 || missing.length > 0) throw new TemplateRenderError(unknown, missing);
  return body.replace(placeholderPattern, (placeholder, name: string) =>
    isTemplateVariable(name) ? (values[name] ?? placeholder) : placeholder,
  );
}

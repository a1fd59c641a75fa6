// Prompt templating: `{{param}}`, `{{query}}`, `{{steps.<step name>}}` and `{{step<n>}}` (1-based).
// The single-brace form `{param}` of the seeded agents works too, but only for names that are known,
// so JSON or code in a prompt is left alone. Unknown `{{names}}` stay as written, visible in the trace.

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}|\{([A-Za-z_][\w.-]*)\}/g;

export function renderTemplate(template: string, values: ReadonlyMap<string, string>): string {
  return template.replace(PLACEHOLDER, (whole, double: string | undefined, single: string | undefined) => {
    const value = values.get((double ?? single)!);
    return value ?? whole;
  });
}

export interface TemplateScope {
  params: Record<string, string>;
  query: string;
  /** outputs of the steps that ran so far, in order */
  steps: { name: string; output: string }[];
}

export function templateValues(scope: TemplateScope): Map<string, string> {
  const values = new Map<string, string>(Object.entries(scope.params));
  values.set('query', scope.query);
  scope.steps.forEach((step, i) => {
    values.set(`step${i + 1}`, step.output);
    if (step.name) values.set(`steps.${step.name}`, step.output);
  });
  return values;
}

/** Whether a template places an earlier step's output itself (`{{step<n>}}` or `{{steps.<step name>}}`). */
export function placesStepOutput(template: string): boolean {
  return /\{\{\s*(?:step\d+|steps\.[^{}]+?)\s*\}\}/.test(template);
}

/**
 * The earlier steps' outputs, labelled by step name, for a step whose prompt places none of them: a step
 * sees the output of the ones before it (the Steps tab promises it) without its author writing `{{step1}}`.
 */
export function earlierStepsContext(steps: TemplateScope['steps']): string {
  if (steps.length === 0) return '';
  const blocks = steps.map((step, i) => `[Step ${i + 1}: ${step.name || 'Unnamed step'}]\n${step.output.trim() || '(no output)'}`);
  return ['Output of the earlier steps:', ...blocks].join('\n\n');
}

/** Whether a prompt places the run's question itself (`{{query}}` or `{query}`). */
export function placesQuery(template: string): boolean {
  return /\{\{\s*query\s*\}\}|\{query\}/.test(template);
}

// Some refusals are written with a number already in them ("Please choose between 1 and 20 tickets"), because the
// web and the API's English readers see the sentence as it is. To translate one, the server needs the sentence
// it was made from and the number: recognised here by the template's shape, so no schema has to carry both.

export interface TemplateMatch {
  template: string;
  params: Record<string, number>;
}

const compiled = new Map<string, { pattern: RegExp; names: string[] }>();

function compile(template: string): { pattern: RegExp; names: string[] } {
  let entry = compiled.get(template);
  if (!entry) {
    const names: string[] = [];
    const source = template
      .split(/\{\{(\w+)\}\}/)
      .map((part, index) => {
        if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(part);
        return '(\\d+)';
      })
      .join('');
    entry = { pattern: new RegExp(`^${source}$`), names };
    compiled.set(template, entry);
  }
  return entry;
}

/** The template (with whole-number placeholders) a finished sentence was written from, and its numbers. */
export function matchTemplate(message: string, templates: readonly string[]): TemplateMatch | undefined {
  for (const template of templates) {
    const { pattern, names } = compile(template);
    const found = pattern.exec(message);
    if (found)
      return { template, params: Object.fromEntries(names.map((name, i) => [name, Number(found[i + 1])])) };
  }
  return undefined;
}

/** Fills a template's whole-number placeholders: the English sentence the schemas give. */
export function fillTemplate(template: string, params: Readonly<Record<string, number>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

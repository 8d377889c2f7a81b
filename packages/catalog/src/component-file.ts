import { parse as parseYaml } from 'yaml';

/** The metadata block at the top of every component's `.html` file. */
export type ComponentMeta = {
  name: string;
  new: boolean;
  archived: boolean;
  requiresJavaScript: boolean;
  imageCredits?: string;
  order?: number;
};

export type ComponentFile = { meta: ComponentMeta; html: string };

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;

/** Splits `---` YAML front matter from the HTML and checks the metadata's shape. */
export function parseComponentFile(source: string, file: string): ComponentFile {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error(`${file}: missing the '---' metadata block at the top`);
  const raw = (parseYaml(match[1] ?? '') ?? {}) as Record<string, unknown>;
  if (typeof raw.name !== 'string' || !raw.name.trim()) {
    throw new Error(`${file}: metadata needs a name`);
  }
  for (const key of ['new', 'archived', 'requiresJavaScript'] as const) {
    if (raw[key] !== undefined && typeof raw[key] !== 'boolean') {
      throw new Error(`${file}: '${key}' must be true or false`);
    }
  }
  const meta: ComponentMeta = {
    name: raw.name.trim(),
    new: raw.new === true,
    archived: raw.archived === true,
    requiresJavaScript: raw.requiresJavaScript === true,
  };
  if (typeof raw.imageCredits === 'string') meta.imageCredits = raw.imageCredits;
  if (typeof raw.order === 'number') meta.order = raw.order;
  return { meta, html: source.slice(match[0].length).trim() + '\n' };
}

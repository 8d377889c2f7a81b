import { parse as parseYaml } from 'yaml';

export type FrontMatterDocument = { data: Record<string, unknown>; body: string };

const FRONT_MATTER = /^---\r?\n(?:([\s\S]*?)\r?\n)?---(?:\r?\n|$)/;

/** Splits a Markdown file's `---` YAML block from its body. `file` names the file in errors. */
export function parseFrontMatter(source: string, file: string): FrontMatterDocument {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error(`${file}: missing the '---' front matter block at the top`);
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? '');
  } catch (error) {
    throw new Error(`${file}: front matter is not valid YAML (${(error as Error).message})`, {
      cause: error,
    });
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new Error(`${file}: front matter must be a YAML mapping`);
  }
  return { data: data as Record<string, unknown>, body: source.slice(match[0].length) };
}

/** Reads a required, non-empty string field, naming the file and field when it is missing. */
export function requireString(data: Record<string, unknown>, key: string, file: string): string {
  const value = data[key];
  if (typeof value !== 'string' || !value.trim()) {
    throw new Error(`${file}: '${key}' must be a non-empty string`);
  }
  return value.trim();
}

export function chromiumPath(): string;
export function findChromium(): string | null;
export const chromiumArgs: string[];

import { format } from 'prettier';
import ts from 'typescript';
import type { CompanionFileName } from './types.ts';

/**
 * The JavaScript of a TypeScript React component (a hand-completed override), for a project
 * without TypeScript: types and type-only imports removed, JSX kept, then formatted as the
 * TypeScript was (Prettier, single quotes, 100 columns).
 */
export async function typeScriptToJavaScript(source: string, file: string): Promise<string> {
  const { outputText, diagnostics } = ts.transpileModule(source, {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: {
      jsx: ts.JsxEmit.Preserve,
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: false,
    },
  });
  if (diagnostics && diagnostics.length > 0) {
    const message = ts.flattenDiagnosticMessageText(diagnostics[0]!.messageText, '\n');
    throw new Error(`${file}: ${message}`);
  }
  return format(outputText, { parser: 'babel', singleQuote: true, printWidth: 100 });
}

// An attribute in JSX: after whitespace, the name, `=` (`command="close"`, `commandfor={id}`).
const INVOKER_ATTRIBUTE = /\scommand(?:for)?=/;

/**
 * The companion files (see COMPANION_FILES) a React snippet needs in a TypeScript project: none
 * when it declares the attribute types itself.
 */
export function reactCompanions(snippet: string): CompanionFileName[] {
  const declaresOwn = /declare module ['"]react['"]/.test(snippet);
  return INVOKER_ATTRIBUTE.test(snippet) && !declaresOwn ? ['invoker-commands.d.ts'] : [];
}

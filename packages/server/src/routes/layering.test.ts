// The layering rule (docs/architecture.md): routes parse requests and shape answers; the rules live in
// services/, SQL in store/, file-system access in files/. This test reads every route module and fails on
// what would break the rule: importing the database or the file system, querying, or SQL in a string.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const routesDir = import.meta.dirname;

const forbiddenImport = (specifier: string): boolean =>
  /^(node:)?fs(\/promises)?$/.test(specifier) ||
  /^\.\.\/(store|db)\//.test(specifier) ||
  specifier === 'pg' ||
  specifier.startsWith('@electric-sql/');

// File-system and database calls, by the name they are called with.
const forbiddenCalls = new Set([
  'readFile',
  'readFileSync',
  'readdir',
  'readdirSync',
  'stat',
  'statSync',
  'lstat',
  'existsSync',
  'createReadStream',
  'createWriteStream',
  'writeFile',
  'mkdir',
  'rm',
  'rename',
  'unlink',
  'query',
  'transaction',
]);

const SQL = [
  /\bSELECT\b[\s\S]*\bFROM\b/,
  /\bselect\s+(\*|count\s*\(|1\b)/i,
  /\binsert\s+into\b/i,
  /\bdelete\s+from\b/i,
  /\bupdate\s+\w+\s+set\b/i,
  /\b(create|alter|drop)\s+(table|index|sequence|function)\b/i,
  /\bWHERE\b/,
  /\bFOR\s+(NO\s+KEY\s+)?UPDATE\b/,
];

/** What in `source` breaks the layering rule, one line per finding. */
const layeringProblems = (fileName: string, source: string): string[] => {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const at = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      forbiddenImport(node.moduleSpecifier.text)
    ) {
      problems.push(`${at(node)} imports ${node.moduleSpecifier.text}`);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : undefined;
      if (name && forbiddenCalls.has(name)) problems.push(`${at(node)} calls ${name}()`);
      // Dynamic imports: import('node:fs').
      if (callee.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (argument && ts.isStringLiteral(argument) && forbiddenImport(argument.text))
          problems.push(`${at(node)} imports ${argument.text}`);
      }
    } else if (ts.isPropertyAccessExpression(node) && node.name.text === 'db') {
      problems.push(`${at(node)} uses the database (${node.getText(file)})`);
    } else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      if (SQL.some((pattern) => pattern.test(node.text))) problems.push(`${at(node)} has SQL: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return problems;
};

const routeModules = readdirSync(routesDir).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
);

describe('routes only parse and shape', () => {
  it('finds the route modules', () => {
    expect(routeModules).toEqual(expect.arrayContaining(['uploads.ts', 'raw-files.ts', 'datasets.ts']));
  });

  it.each(routeModules)('%s has no SQL, database or file-system access', (name) => {
    expect(layeringProblems(name, readFileSync(path.join(routesDir, name), 'utf8'))).toEqual([]);
  });

  it('would notice each kind of breach', () => {
    const breach = [
      "import { readFile } from 'node:fs/promises';",
      "import { stat } from 'fs';",
      "import { findUpload } from '../store/uploads.ts';",
      "import type { Database } from '../db/database.ts';",
      'const a = await ctx.db.query(`SELECT count(*) FROM uploads WHERE main_author = $1`, [id]);',
      "const b = await fs.readdir('x');",
      "const c = createReadStream('x');",
      "const d = 'delete from entries';",
      "const e = await import('node:fs');",
    ].join('\n');
    const found = layeringProblems('breach.ts', breach);
    expect(found).toEqual([
      'breach.ts:1 imports node:fs/promises',
      'breach.ts:2 imports fs',
      'breach.ts:3 imports ../store/uploads.ts',
      'breach.ts:4 imports ../db/database.ts',
      'breach.ts:5 calls query()',
      'breach.ts:5 uses the database (ctx.db)',
      'breach.ts:5 has SQL: SELECT count(*) FROM uploads WHERE main_author = $1',
      'breach.ts:6 calls readdir()',
      'breach.ts:7 calls createReadStream()',
      'breach.ts:8 has SQL: delete from entries',
      'breach.ts:9 imports node:fs',
    ]);
    // HTTP methods and prose are not SQL.
    expect(layeringProblems('ok.ts', "const m = 'GET, POST, PUT, DELETE, OPTIONS';")).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A route handler is schema + guard + one service call (docs/architecture.md#how-a-request-travels); rules live in
// services. Checked on the source, so a handler that grows past ten lines fails here rather than in review.
const MAX_LINES = 10;
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);
const featuresDir = path.join(import.meta.dirname, '../../src/features');

const routeFiles = readdirSync(featuresDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => /(^|\/)[\w-]*routes\.ts$/.test(file))
  .map((file) => path.join(featuresDir, file));

type Handler = { where: string; lines: number };

/** Every handler registered with app.get/post/… (its last argument) or app.route({ handler }). */
function handlersIn(file: string): Handler[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Handler[] = [];
  const measure = (fn: ts.Node, label: string) => {
    const start = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
    const end = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
    found.push({ where: `${path.relative(featuresDir, file)}: ${label}`, lines: end - start + 1 });
  };
  const isFunction = (n: ts.Node) => ts.isArrowFunction(n) || ts.isFunctionExpression(n);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const last = node.arguments.at(-1);
      const url = node.arguments[0];
      const label = `${method} ${url && ts.isStringLiteral(url) ? url.text : '?'}`;
      if (METHODS.has(method) && last && isFunction(last)) measure(last, label);
      if (method === 'route' && url && ts.isObjectLiteralExpression(url)) {
        for (const prop of url.properties) {
          if (
            ts.isPropertyAssignment(prop) &&
            prop.name.getText(source) === 'handler' &&
            isFunction(prop.initializer)
          )
            measure(prop.initializer, 'route handler');
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('route handlers', () => {
  const handlers = routeFiles.flatMap(handlersIn);

  it('are found in every feature routes file', () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(15);
    expect(handlers.length).toBeGreaterThanOrEqual(40);
  });

  it(`are at most ${MAX_LINES} lines each: schema + guard + one service call`, () => {
    const long = handlers.filter((h) => h.lines > MAX_LINES).map((h) => `${h.where} (${h.lines} lines)`);
    expect(long).toEqual([]);
  });
});

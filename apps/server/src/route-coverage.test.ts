import type { Express } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  app,
  DEDICATED_ROUTES,
  DOWNLOAD_ROWS,
  GOODS_ROWS,
  GET_ROWS,
  pathOf,
  prepareMatrix,
  PUBLIC_WRITE_ROWS,
  TEAM_GET_ROWS,
  teamWriteRows,
  WRITE_ROWS,
} from '../test/authorization-matrix.ts';
import { TEST_DATABASE } from '../test/services.ts';

/**
 * Every route the app registers has a row in the authorisation matrix: the routers' stacks are
 * walked (the app's own, every router mounted on it and the routers inside those), and each
 * route, or path-bound mount such as a static file mount, must match the path and method of at
 * least one row the matrix runs. A route added without its row fails here, by name.
 */

/** The parts of the router package's Layer this test reads (router 2.x, Express 5). */
interface Layer {
  rawPath: string | RegExp | (string | RegExp)[];
  slash: boolean;
  match(path: string): false | { path: string };
  route?: { methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

interface RegisteredRoute {
  /** As a reader would write it: `GET /teams/:id`, `USE /build`. */
  name: string;
  /** `null` for a mount or `router.all`: any method. */
  methods: string[] | null;
  /** The layers a request passes through, outermost first. */
  chain: Layer[];
}

function describePath(raw: Layer['rawPath']): string {
  return (Array.isArray(raw) ? raw : [raw]).map(String).join(', ');
}

function walk(stack: Layer[], outer: Layer[] = [], prefix = ''): RegisteredRoute[] {
  const found: RegisteredRoute[] = [];
  for (const layer of stack) {
    const chain = [...outer, layer];
    const here = layer.slash ? prefix : `${prefix}${describePath(layer.rawPath)}`;
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m]);
      const any = methods.includes('_all');
      found.push({
        name: `${any ? 'ALL' : methods.map((m) => m.toUpperCase()).join(',')} ${here}`,
        methods: any ? null : methods,
        chain,
      });
    } else if (layer.handle.stack) {
      const inside = walk(layer.handle.stack, chain, here);
      // A router of middleware alone (static files) mounted at a path is one mount.
      if (inside.length === 0 && !layer.slash)
        found.push({ name: `USE ${here}`, methods: null, chain });
      found.push(...inside);
    } else if (!layer.slash) {
      found.push({ name: `USE ${here}`, methods: null, chain });
    }
  }
  return found;
}

/** Whether a request for `path` (its query aside) walks down this route's chain of layers. */
function reaches(route: RegisteredRoute, method: string, url: string): boolean {
  if (route.methods && !route.methods.includes(method)) return false;
  let rest = url.split('?')[0]!;
  for (const layer of route.chain) {
    const matched = layer.match(rest);
    if (!matched) return false;
    rest = rest.slice(matched.path.length) || '/';
  }
  return true;
}

function routesOf(express: Express): RegisteredRoute[] {
  return walk((express as unknown as { router: { stack: Layer[] } }).router.stack);
}

beforeAll(prepareMatrix);

describe(`every route has a row in the authorisation matrix (${TEST_DATABASE})`, () => {
  it('finds the routes of every router kind: pages, JSON APIs, machine routes and file mounts', () => {
    const names = routesOf(app.app).map((route) => route.name);
    // One of each kind, so a walk that stopped early (or read the wrong field) fails here.
    for (const name of [
      'GET /',
      'GET /teams/:id',
      'POST /api/licenses/validate',
      'POST /webhooks/paddle',
      'GET /r/registry.json',
      'GET /healthz',
      'USE /build',
    ])
      expect(names, name).toContain(name);
  });

  it('fails naming a route no row reaches', () => {
    const probe = routesOf(app.app).find((route) => route.name === 'GET /teams/:id')!;
    expect(reaches(probe, 'get', '/teams/12?x=1')).toBe(true);
    expect(reaches(probe, 'get', '/teams/12/members')).toBe(false);
    expect(reaches(probe, 'patch', '/teams/12')).toBe(false);
  });

  it('has a row for each', async () => {
    const rows: { method: string; path: string }[] = [];
    for (const row of [...GET_ROWS, ...DOWNLOAD_ROWS, ...GOODS_ROWS, ...TEAM_GET_ROWS])
      rows.push({ method: 'get', path: await row.path() });
    for (const row of [...WRITE_ROWS, ...PUBLIC_WRITE_ROWS])
      rows.push({ method: row.method, path: pathOf(row) });
    for (const row of teamWriteRows('a-link-token', 'b-link-token'))
      rows.push({ method: row.method, path: row.path });
    rows.push(...DEDICATED_ROUTES);

    const missing = routesOf(app.app)
      .filter((route) => !rows.some((row) => reaches(route, row.method, row.path)))
      .map((route) => route.name);
    expect(missing, 'routes without a row in test/authorization-matrix.ts').toEqual([]);
  });
});

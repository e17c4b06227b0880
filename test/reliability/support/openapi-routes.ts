// The routes a deployment documents, read from its own OpenAPI document (GET /v1/openapi.json), so a
// route added later is covered without touching the suite.

export interface DocumentedRoute {
  method: string;
  /** Path under /v1 with `{param}` placeholders, as documented. */
  path: string;
  /** Whether the operation requires the bearer token. */
  needsToken: boolean;
  pathParams: string[];
  /** Request content types the operation documents (empty: no body). */
  bodyTypes: string[];
}

interface OpenApiDocument {
  security?: unknown[];
  paths: Record<string, Record<string, { security?: unknown[]; parameters?: { name: string; in: string }[]; requestBody?: { content?: Record<string, unknown> } }>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export async function documentedRoutes(baseUrl: string): Promise<DocumentedRoute[]> {
  const res = await fetch(`${baseUrl}/v1/openapi.json`);
  if (res.status !== 200) throw new Error(`GET /v1/openapi.json answered ${res.status}`);
  const doc = (await res.json()) as OpenApiDocument;
  const routes: DocumentedRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      const security = op.security ?? doc.security ?? [];
      routes.push({
        method: method.toUpperCase(),
        path,
        needsToken: security.length > 0,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        bodyTypes: Object.keys(op.requestBody?.content ?? {}),
      });
    }
  }
  return routes;
}

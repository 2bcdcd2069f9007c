import { buildOpenApiDocument } from '@evident/api/rest';
import type { FastifyInstance } from 'fastify';

type Doc = Awaited<ReturnType<typeof buildOpenApiDocument>>;
type Schema = Record<string, unknown>;
type Operation = {
  description?: string;
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: {
    content: { 'application/json': { schema: { properties: Record<string, Schema>; required: string[] } } };
  };
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A schema in a few words: `string`, `'read' | 'write'`, `integer`, `object`. */
function typeOf(schema: Schema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (options) return options.map(typeOf).join(' | ');
  if (schema.type === 'array') return `${typeOf((schema.items as Schema) ?? {})}[]`;
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  return `${typeof schema.type === 'string' ? schema.type : 'any'}${format}`;
}

function fieldRows(fields: [string, Schema, boolean, string][]): string {
  if (fields.length === 0) return '';
  const rows = fields
    .map(
      ([name, schema, required, where]) =>
        `<tr><td><code>${escapeHtml(name)}</code></td><td>${escapeHtml(where)}</td><td><code>${escapeHtml(typeOf(schema))}</code></td><td>${required ? 'yes' : ''}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Field</th><th>In</th><th>Type</th><th>Required</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The OpenAPI document as a plain page people can read, with nothing fetched from elsewhere (works offline). */
export function renderApiDocs(doc: Doc): string {
  const sections = Object.entries(doc.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, Operation>).map(([method, operation]) => {
        const parameters = (operation.parameters ?? []).map(
          (p) => [p.name, p.schema, p.required, p.in] as [string, Schema, boolean, string],
        );
        const body = operation.requestBody?.content['application/json'].schema;
        const bodyFields = body
          ? Object.entries(body.properties).map(
              ([name, schema]) =>
                [name, schema, body.required.includes(name), 'body'] as [string, Schema, boolean, string],
            )
          : [];
        const id = `${method}-${path}`.replace(/[^\w-]+/g, '-');
        return `<section id="${escapeHtml(id)}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
${operation.description ? `<p>${escapeHtml(operation.description).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>` : ''}
${fieldRows([...parameters, ...bodyFields])}</section>`;
      }),
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Evident API</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { max-width: 960px; margin: 0 auto; padding: 24px 16px 64px; }
code { font-family: ui-monospace, monospace; font-size: 0.92em; overflow-wrap: anywhere; }
section { border-top: 1px solid color-mix(in srgb, currentColor 20%, transparent); padding: 8px 0 16px; }
h3 { font-size: 1.05rem; margin: 12px 0 4px; }
.method { display: inline-block; min-width: 64px; font-size: 0.8rem; padding: 2px 8px; border-radius: 6px; color: #fff; background: #1c7ed6; text-align: center; }
.method.post { background: #2f9e44; } .method.put { background: #e67700; } .method.delete { background: #c92a2a; }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; display: block; overflow-x: auto; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid color-mix(in srgb, currentColor 12%, transparent); vertical-align: top; }
</style></head><body>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${escapeHtml(doc.info.description).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<h2>Paths</h2>
${sections}
</body></html>`;
}

/** `GET /api/openapi.json` and `GET /api/docs`, built once on first request (the table never changes at run time). */
export async function apiDocsRoutes(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  let built: Promise<Doc> | null = null;
  const document = () => {
    built ??= buildOpenApiDocument({ serverUrl: publicUrl });
    return built;
  };
  app.get('/api/openapi.json', async (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(await document()),
  );
  app.get('/api/docs', async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderApiDocs(await document())),
  );
}

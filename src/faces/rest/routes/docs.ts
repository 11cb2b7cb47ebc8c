/**
 * /openapi.json, Swagger UI at /docs and ReDoc at /redoc, served entirely from this
 * package's own node_modules: no CDN, no web fonts, so the pages work offline and make
 * no request off the machine (CONTRIBUTING.md, "Stack notes"). The pages name their assets
 * and the document by relative URLs, so they also work behind a reverse proxy that mounts
 * the server under a path prefix (docs/rest-api.md, "Behind a reverse proxy").
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Context } from 'koa';
import { koaSwagger } from 'koa2-swagger-ui';
import * as v from 'valibot';
import type { Route } from '../routeTable.js';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

const SWAGGER_STATIC = '/docs/static';
const REDOC_STATIC = '/redoc/static';
/** The same, relative to the pages (/docs and /redoc sit at the root, so a relative URL keeps any prefix in front of them). */
const relative = (url: string) => url.slice(1);
/** ReDoc's side menu shows a logo fetched from Redocly's CDN; an empty inline image takes its place. */
const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const EMPTY_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";

interface Asset {
  file: string;
  type: string;
  /** Rewrites the file's text before it is served (done once, then kept in memory). */
  rewrite?: (text: string) => string;
}

/** The only files served under the static prefixes, by the name the pages ask for. */
function staticAssets(): Record<string, Asset> {
  const swagger = packageDir('swagger-ui-dist');
  const redoc = packageDir('redoc');
  return {
    [`${SWAGGER_STATIC}/swagger-ui-bundle.js`]: { file: path.join(swagger, 'swagger-ui-bundle.js'), type: 'application/javascript' },
    [`${SWAGGER_STATIC}/swagger-ui-standalone-preset.js`]: { file: path.join(swagger, 'swagger-ui-standalone-preset.js'), type: 'application/javascript' },
    // koa2-swagger-ui's page asks for the .min.css name; swagger-ui-dist ships it as swagger-ui.css.
    [`${SWAGGER_STATIC}/swagger-ui.min.css`]: { file: path.join(swagger, 'swagger-ui.css'), type: 'text/css' },
    [`${SWAGGER_STATIC}/favicon-32x32.png`]: { file: path.join(swagger, 'favicon-32x32.png'), type: 'image/png' },
    [`${REDOC_STATIC}/redoc.standalone.js`]: {
      file: path.join(redoc, 'bundles', 'redoc.standalone.js'),
      type: 'application/javascript',
      rewrite: (text) => text.replaceAll(REDOC_CDN_LOGO, EMPTY_SVG),
    },
  };
}

/** koa2-swagger-ui's page, minus its Google Fonts link. */
function swaggerPage(): (ctx: Context) => Promise<void> {
  const render = koaSwagger({
    title: 'hazsim API',
    routePrefix: '/docs',
    swaggerCdnUrl: 'docs',
    swaggerVersion: 'static',
    favicon: relative(`${SWAGGER_STATIC}/favicon-32x32.png`),
    hideTopbar: true,
    swaggerOptions: { url: 'openapi.json', validatorUrl: null, deepLinking: true, displayOperationId: true },
  });
  return async (ctx) => {
    await render(ctx, async () => {});
    ctx.body = String(ctx.body).replace(/<link[^>]*fonts\.googleapis\.com[^>]*>\s*/g, '');
  };
}

const REDOC_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>hazsim API (ReDoc)</title>
  <link rel="icon" type="image/png" href="${relative(`${SWAGGER_STATIC}/favicon-32x32.png`)}">
  <style>body { margin: 0; padding: 0; } img[alt="redocly logo"] { display: none; }</style>
</head>
<body>
  <redoc spec-url="openapi.json" hide-hostname="true"></redoc>
  <script src="${relative(`${REDOC_STATIC}/redoc.standalone.js`)}"></script>
</body>
</html>
`;

/** The documentation endpoints; `document()` gives the OpenAPI document served at /openapi.json. */
export function docRoutes(document: () => object): Route[] {
  const assets = staticAssets();
  const loaded = new Map<string, Buffer>();
  const load = (asset: Asset) => {
    let bytes = loaded.get(asset.file);
    if (!bytes) {
      const raw = fs.readFileSync(asset.file);
      bytes = asset.rewrite ? Buffer.from(asset.rewrite(raw.toString('utf8'))) : raw;
      loaded.set(asset.file, bytes);
    }
    return bytes;
  };
  const page = swaggerPage();
  const serveStatic = (prefix: string): Route => ({
    method: 'GET',
    path: `${prefix}/{file}`,
    operationId: `static${prefix.replace(/\W/g, '')}`,
    summary: 'documentation asset',
    description: 'A script, style sheet or image of the documentation pages.',
    tag: 'Documentation',
    public: true,
    undocumented: true,
    params: { file: { description: 'asset file name', example: 'swagger-ui.css' } },
    success: { status: 200, description: 'the asset', html: true },
    errors: [404],
    handle(ctx, { params }) {
      const asset = assets[`${prefix}/${params.file}`];
      if (!asset) ctx.throw(404, `No documentation asset ${JSON.stringify(params.file)}`);
      ctx.type = asset.type;
      ctx.set('Cache-Control', 'public, max-age=86400');
      ctx.body = load(asset);
    },
  });
  return [
    {
      method: 'GET',
      path: '/openapi.json',
      operationId: 'openApiDocument',
      summary: 'This API as an OpenAPI 3.1 document',
      description: 'The document Swagger UI and ReDoc render.',
      tag: 'Documentation',
      public: true,
      undocumented: true,
      success: { status: 200, description: 'the OpenAPI document', json: v.record(v.string(), v.unknown()) },
      errors: [],
      handle(ctx) {
        ctx.body = document();
      },
    },
    {
      method: 'GET',
      path: '/docs',
      operationId: 'swaggerUi',
      summary: 'Interactive documentation (Swagger UI)',
      description: 'Swagger UI over /openapi.json, served from this server.',
      tag: 'Documentation',
      public: true,
      undocumented: true,
      success: { status: 200, description: 'Swagger UI page', html: true },
      errors: [],
      handle: (ctx) => page(ctx),
    },
    {
      method: 'GET',
      path: '/redoc',
      operationId: 'redoc',
      summary: 'Reference documentation (ReDoc)',
      description: 'ReDoc over /openapi.json, served from this server.',
      tag: 'Documentation',
      public: true,
      undocumented: true,
      success: { status: 200, description: 'ReDoc page', html: true },
      errors: [],
      handle(ctx) {
        ctx.type = 'text/html';
        ctx.body = REDOC_PAGE;
      },
    },
    serveStatic(SWAGGER_STATIC),
    serveStatic(REDOC_STATIC),
  ];
}

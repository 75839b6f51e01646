import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { send } from '../http/responses';
import { firstDocumentUnder } from '../pages/page-tree-index';
import { SitePages, SiteView } from '../pages/site-pages';
import { pathSegments } from '../routing/site-mount';

/** What the site's search finds, for the tool (the request handler's `searchHits`). */
export type SiteSearchFn = (view: SiteView, query: string) => Promise<{ hits: { title: string; url: string; context?: string; excerpt?: string; sections: { title: string; url: string; excerpt: string }[] }[] }>;

/** JSON-RPC requests one POST may carry at most (a batch). */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * `<site>/~mcp`: the Model Context Protocol over Streamable HTTP (the official SDK, stateless:
 * one server and transport per request, JSON answers, no session to keep), with two tools over
 * what this visitor sees: `search` (the site's search, as its dialog) and `read_page` (a page
 * as markdown, by URL or path: the page's `.md`). The request handler has already mounted the
 * site and decided the audience from the bearer token (a share link's key, a visitor token), so
 * nothing here can reach a page the visitor may not see; a page that does not exist and one
 * they may not see are the same "no page" answer.
 */
@Injectable()
export class SiteMcpEndpoint {
  constructor(private readonly pages: SitePages) {}

  async handle(req: IncomingMessage, res: ServerResponse, view: SiteView, origin: string, search: SiteSearchFn): Promise<void> {
    if (req.method !== 'POST') {
      // Stateless: no stream for the server to open, no session to end.
      send(req, res, 405, { Allow: 'POST', 'Content-Type': 'application/json; charset=utf-8' }, JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: send JSON-RPC messages with POST.' }, id: null }));
      return;
    }
    const body = await readBody(req);
    if (body === undefined) {
      send(req, res, 413, { 'Content-Type': 'application/json; charset=utf-8' }, JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message: `The body must be at most ${MAX_BODY_BYTES} bytes.` }, id: null }));
      return;
    }
    const server = this.server(view, origin, search);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    await transport.handleRequest(req, res, body);
  }

  private server(view: SiteView, origin: string, search: SiteSearchFn): McpServer {
    const site = view.published.site;
    const server = new McpServer({ name: site.title, version: '1.0.0' }, { instructions: `The documentation site "${site.title}" (${view.canonicalRoot}): search it, then read its pages as markdown.` });
    const absolute = (url: string) => `${origin}${url}`;

    server.registerTool(
      'search',
      {
        title: `Search ${site.title}`,
        description: `Searches the documentation site "${site.title}" and answers its best pages (title, URL, excerpt, matching sections). Read one with read_page.`,
        inputSchema: { query: z.string().min(1).max(512).describe('Words to find; the last one also matches as a prefix.') },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async ({ query }) => {
        const { hits } = await search(view, query);
        if (hits.length === 0) return { content: [{ type: 'text', text: `No page of ${site.title} matches "${query}".` }] };
        const text = hits
          .map((hit) =>
            [
              `## ${hit.title}${hit.context ? ` (${hit.context})` : ''}`,
              absolute(hit.url),
              ...(hit.excerpt ? [hit.excerpt] : []),
              ...hit.sections.map((section) => `- ${section.title}: ${absolute(section.url)}${section.excerpt ? ` — ${section.excerpt}` : ''}`),
            ].join('\n'),
          )
          .join('\n\n');
        return { content: [{ type: 'text', text }] };
      },
    );

    server.registerTool(
      'read_page',
      {
        title: `Read a page of ${site.title}`,
        description: `Reads a page of "${site.title}" as markdown, by its URL (as search answers it) or its path on the site (e.g. "getting-started/install").`,
        inputSchema: { url: z.string().min(1).max(2048).describe('The page URL, or its path on the site.') },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async ({ url }) => {
        const markdown = await this.readPage(view, origin, url);
        if (markdown === undefined) return { isError: true, content: [{ type: 'text', text: `No page of ${site.title} at ${url}.` }] };
        return { content: [{ type: 'text', text: markdown }] };
      },
    );
    return server;
  }

  /** The page at `input` (an absolute URL of this site, a root-relative URL, or a path under the site) as markdown; undefined when the visitor has no page there. */
  private async readPage(view: SiteView, origin: string, input: string): Promise<string | undefined> {
    const { links } = view;
    let path: string;
    try {
      const url = new URL(input, `${origin}${links.basePath}/`);
      const canonical = new URL(view.canonicalRoot);
      // Another site's URL is no page of this one.
      if (url.origin !== origin && url.origin !== canonical.origin) return undefined;
      path = url.pathname;
    } catch {
      return undefined;
    }
    const bases = [links.basePath, new URL(view.canonicalRoot).pathname.replace(/\/$/, '')];
    const base = bases.find((prefix) => prefix !== '' && (path === prefix || path.startsWith(`${prefix}/`)));
    const rest = base ? path.slice(base.length) || '/' : path;
    const segments = pathSegments(rest.endsWith('.md') ? rest.slice(0, -3) : rest);
    if (!segments || segments[0]?.startsWith('~')) return undefined;
    const resolved = links.resolve(segments);
    if (!resolved) return undefined;
    const target = await this.pages.target(resolved.variant);
    const pagePath = resolved.pagePath.join('/');
    let page = pagePath === '' ? target.index.first : target.index.byPath.get(pagePath);
    if (page?.type === 'group') page = firstDocumentUnder(page);
    if (!page || page.type !== 'document') return undefined;
    const rendered = await this.pages.markdown(view, { ...target, page });
    return rendered.body.toString('utf8');
  }
}

/** The request's body as JSON (undefined past MAX_BODY_BYTES; text that is not JSON is left to the transport, which answers a parse error). */
async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

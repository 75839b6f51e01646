import type { Express } from 'express';

interface RouterLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
  match(path: string): boolean;
}

/**
 * Which methods the app serves on a path. Used only on the error path, to answer 405 with an
 * `Allow` header instead of 404 when the path exists but the method does not.
 */
export function allowedMethods(app: Express, path: string): string[] {
  const stack: RouterLayer[] = (app as unknown as { router?: { stack: RouterLayer[] } }).router?.stack ?? [];
  const methods = new Set<string>();
  for (const layer of stack) {
    // Catch-all routes are middleware (Nest mounts them so), not resources.
    if (!layer.route || isCatchAll(String(layer.route.path))) continue;
    if (!layer.match(path)) continue;
    for (const [method, enabled] of Object.entries(layer.route.methods)) {
      if (enabled && method !== '_all') methods.add(method.toUpperCase());
    }
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/**
 * A route that matches every path (`/{*path}`, `*`): how Nest mounts middleware. A handler's
 * route with a trailing wildcard (`.../content/path/*pagePath`) is a real resource.
 */
export function isCatchAll(path: string): boolean {
  return /^\/?\{?\*/.test(path);
}

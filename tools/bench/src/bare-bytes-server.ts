import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The yardstick of the site server's warm pages: node:http writing the very same bytes from
 * memory (the page, and the headers the site server sent with it: the response's size matters to
 * loopback TCP and to the load generator), no database, no routing. What the site server reaches
 * against it is the cost of finding the site, checking the visitor and the freshness of the page.
 */
const body = readFileSync(process.env.BODY_FILE!);
const headers: Record<string, string> = { ...JSON.parse(process.env.HEADERS ?? '{}'), 'Content-Length': String(body.length) };

createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');

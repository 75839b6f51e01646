import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The yardstick of the site server's warm pages: node:http writing the very same page bytes from
 * memory, with the same kind of headers (type, length, ETag, cache policy), no database, no
 * routing. What the site server reaches against it is the cost of finding the site, checking the
 * visitor and the freshness of the page.
 */
const body = readFileSync(process.env.BODY_FILE!);
const headers = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Length': String(body.length),
  ETag: process.env.ETAG ?? '"x"',
  'Cache-Control': 'public, no-cache',
  Vary: 'Accept-Encoding, Cookie',
};

createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');

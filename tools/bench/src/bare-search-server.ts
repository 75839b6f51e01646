import { createServer } from 'node:http';
import { searchTerms, SPACE_SEARCH, spaceSearchParams } from '@docs/content';
import { Pool } from 'pg';

/**
 * The yardstick of the search benchmark: `GET /search?space=<id>&query=<words>` with node:http
 * and pg only, running the api's own search statement (`SPACE_SEARCH`, named and prepared) with
 * the same parameters, and answering its rows as JSON. No token, no permission check, no
 * presenting: what the api reaches against it is the cost of everything around the SQL.
 */
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const config = process.env.SEARCH_CONFIG ?? 'simple';

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://bare');
  const space = url.searchParams.get('space');
  const query = url.searchParams.get('query');
  if (url.pathname !== '/search' || !space || !query) {
    res.writeHead(404).end();
    return;
  }
  const limit = Number(url.searchParams.get('limit') ?? 100);
  const { rows } = await pool.query({ name: SPACE_SEARCH.name, text: SPACE_SEARCH.text, values: spaceSearchParams(space, config, searchTerms(query), undefined, limit) });
  const body = JSON.stringify({ items: rows, count: Number(rows[0]?.total ?? 0) });
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
});

server.listen(Number(process.env.PORT), '127.0.0.1');

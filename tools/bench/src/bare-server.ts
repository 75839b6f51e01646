import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { Pool } from 'pg';

/**
 * The yardstick: `GET /v1/user` with node:http and pg only, its two queries as named prepared
 * statements. What the real api reaches against it is the cost of the framework.
 */
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const publicUrl = process.env.PUBLIC_URL ?? 'http://localhost';

const server = createServer(async (req, res) => {
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (req.url !== '/v1/user' || !token) {
    res.writeHead(404).end();
    return;
  }
  const hash = createHash('sha256').update(token).digest();
  const found = await pool.query({ name: 'token', text: 'SELECT user_id FROM api_tokens WHERE token_hash = $1 AND revoked_at IS NULL', values: [hash] });
  if (found.rowCount === 0) {
    res.writeHead(401).end();
    return;
  }
  const { rows } = await pool.query({ name: 'user', text: 'SELECT id, email, display_name FROM users WHERE id = $1', values: [found.rows[0].user_id] });
  const user = rows[0];
  const body = JSON.stringify({
    object: 'user',
    id: user.id,
    displayName: user.display_name,
    email: user.email,
    urls: { location: `${publicUrl}/v1/users/${user.id}` },
  });
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
});

server.listen(Number(process.env.PORT), '127.0.0.1');

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Comments, replies, reactions and mentions on a space's content and on a change request's
 * (libs/collaboration, issue 19).
 *
 * - A **thread** is where comments are posted: a space's primary content or one change request.
 *   Its key is the key of the content head the comments talk about (the space id, or the change
 *   request id: `head_pages.head_key`), so a comment's page is looked up in that head.
 * - `comment_threads` counts each thread's comments (`all_comments`) and open ones
 *   (`open_comments`), so that a list's `count` costs one row whatever the thread's size.
 * - Counters are kept by triggers in the transaction of every write, whatever issues it (the
 *   API, `ON DELETE` actions of foreign keys, a purge): `comment_threads`, `spaces.comments`
 *   (open comments on the space's own content) and `change_requests.comments` (open comments of
 *   that change request) on comments; `comments.replies` on replies. Statement-level triggers
 *   (transition tables) for inserts and deletes, so a cascade of 10,000 rows costs one update
 *   per thread; a row trigger for status changes, which only fires when the status moves.
 *   Threads are created by the first comment (upsert) and only updated afterwards: a delete
 *   cascading from a space or change request never recreates the row it is removing.
 * - Every table has a foreign key to its space (and `comments`, `comment_threads` to their change
 *   request) with ON DELETE CASCADE, so removing a space row removes everything below it; replies,
 *   reactions and mentions also cascade from their comment (and reply). `comments` carries the
 *   organization, kept in step when a space is transferred (trigger on `spaces`).
 * - A comment's page is recorded as it was when posted (title, emoji, path, body hash): the
 *   current page is read from the head on every read, and `outdated` compares body hashes; a
 *   page that a later revision deleted is presented from what was recorded.
 * - Authors' rows go with their account (ON DELETE CASCADE, as reviews do); `resolved_by` is set
 *   to NULL instead, the comment stays resolved.
 */
export class Comments1795350000000 implements MigrationInterface {
  name = 'Comments1795350000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE comment_threads (
        thread_key text NOT NULL,
        space_id text NOT NULL,
        change_request_id text,
        all_comments integer NOT NULL DEFAULT 0,
        open_comments integer NOT NULL DEFAULT 0,
        CONSTRAINT comment_threads_pkey PRIMARY KEY (thread_key),
        CONSTRAINT comment_threads_counts_check CHECK (open_comments >= 0 AND all_comments >= open_comments),
        CONSTRAINT comment_threads_key_check CHECK (thread_key = COALESCE(change_request_id, space_id)),
        CONSTRAINT comment_threads_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE,
        CONSTRAINT comment_threads_change_request_fk FOREIGN KEY (change_request_id) REFERENCES change_requests (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX comment_threads_space_idx ON comment_threads (space_id)`);
    await db.query(`CREATE INDEX comment_threads_change_request_idx ON comment_threads (change_request_id)`);

    await db.query(`
      CREATE TABLE comments (
        id text NOT NULL,
        organization_id text NOT NULL,
        space_id text NOT NULL,
        change_request_id text,
        thread_key text NOT NULL,
        posted_by text NOT NULL,
        body jsonb NOT NULL,
        status text NOT NULL DEFAULT 'open',
        resolved_at timestamptz(3),
        resolved_by text,
        replies integer NOT NULL DEFAULT 0,
        revision_id text NOT NULL,
        page_id text,
        page_title text,
        page_emoji text,
        page_path text,
        page_document_hash text,
        node_id text,
        node_preview text,
        posted_at timestamptz(3) NOT NULL,
        edited_at timestamptz(3),
        CONSTRAINT comments_pkey PRIMARY KEY (id),
        CONSTRAINT comments_status_check CHECK (status IN ('open', 'resolved')),
        CONSTRAINT comments_resolved_check CHECK ((status = 'resolved') = (resolved_at IS NOT NULL)),
        CONSTRAINT comments_replies_check CHECK (replies >= 0),
        CONSTRAINT comments_thread_check CHECK (thread_key = COALESCE(change_request_id, space_id)),
        CONSTRAINT comments_node_check CHECK (node_id IS NULL OR page_id IS NOT NULL),
        CONSTRAINT comments_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE,
        CONSTRAINT comments_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE,
        CONSTRAINT comments_change_request_fk FOREIGN KEY (change_request_id) REFERENCES change_requests (id) ON DELETE CASCADE,
        CONSTRAINT comments_posted_by_fk FOREIGN KEY (posted_by) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT comments_resolved_by_fk FOREIGN KEY (resolved_by) REFERENCES users (id) ON DELETE SET NULL
      )`);
    // The list (any order), its status, page and author filters; the commenters.
    await db.query(`CREATE INDEX comments_list_idx ON comments (thread_key, posted_at, id)`);
    await db.query(`CREATE INDEX comments_status_idx ON comments (thread_key, status, posted_at, id)`);
    await db.query(`CREATE INDEX comments_page_idx ON comments (thread_key, page_id, posted_at, id)`);
    await db.query(`CREATE INDEX comments_author_idx ON comments (thread_key, posted_by, posted_at, id)`);
    // What the cascades from spaces and change requests look rows up by.
    await db.query(`CREATE INDEX comments_space_idx ON comments (space_id)`);
    await db.query(`CREATE INDEX comments_change_request_idx ON comments (change_request_id)`);

    await db.query(`
      CREATE TABLE comment_replies (
        id text NOT NULL,
        comment_id text NOT NULL,
        space_id text NOT NULL,
        thread_key text NOT NULL,
        posted_by text NOT NULL,
        body jsonb NOT NULL,
        posted_at timestamptz(3) NOT NULL,
        edited_at timestamptz(3),
        CONSTRAINT comment_replies_pkey PRIMARY KEY (id),
        CONSTRAINT comment_replies_comment_fk FOREIGN KEY (comment_id) REFERENCES comments (id) ON DELETE CASCADE,
        CONSTRAINT comment_replies_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE,
        CONSTRAINT comment_replies_posted_by_fk FOREIGN KEY (posted_by) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX comment_replies_list_idx ON comment_replies (comment_id, posted_at, id)`);
    await db.query(`CREATE INDEX comment_replies_author_idx ON comment_replies (thread_key, posted_by)`);
    await db.query(`CREATE INDEX comment_replies_space_idx ON comment_replies (space_id)`);

    // A reaction is on a comment (reply_id NULL) or on a reply; `subject_id` is whichever it is on.
    await db.query(`
      CREATE TABLE comment_reactions (
        subject_id text NOT NULL,
        emoji text NOT NULL,
        user_id text NOT NULL,
        comment_id text NOT NULL,
        reply_id text,
        space_id text NOT NULL,
        reacted_at timestamptz(3) NOT NULL,
        CONSTRAINT comment_reactions_pkey PRIMARY KEY (subject_id, emoji, user_id),
        CONSTRAINT comment_reactions_subject_check CHECK (subject_id = COALESCE(reply_id, comment_id)),
        CONSTRAINT comment_reactions_comment_fk FOREIGN KEY (comment_id) REFERENCES comments (id) ON DELETE CASCADE,
        CONSTRAINT comment_reactions_reply_fk FOREIGN KEY (reply_id) REFERENCES comment_replies (id) ON DELETE CASCADE,
        CONSTRAINT comment_reactions_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE,
        CONSTRAINT comment_reactions_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX comment_reactions_comment_idx ON comment_reactions (comment_id)`);
    await db.query(`CREATE INDEX comment_reactions_reply_idx ON comment_reactions (reply_id)`);
    await db.query(`CREATE INDEX comment_reactions_space_idx ON comment_reactions (space_id)`);

    // Members a comment or reply mentions (and who could read the space when it was written).
    await db.query(`
      CREATE TABLE comment_mentions (
        subject_id text NOT NULL,
        user_id text NOT NULL,
        comment_id text NOT NULL,
        reply_id text,
        space_id text NOT NULL,
        mentioned_at timestamptz(3) NOT NULL,
        CONSTRAINT comment_mentions_pkey PRIMARY KEY (subject_id, user_id),
        CONSTRAINT comment_mentions_subject_check CHECK (subject_id = COALESCE(reply_id, comment_id)),
        CONSTRAINT comment_mentions_comment_fk FOREIGN KEY (comment_id) REFERENCES comments (id) ON DELETE CASCADE,
        CONSTRAINT comment_mentions_reply_fk FOREIGN KEY (reply_id) REFERENCES comment_replies (id) ON DELETE CASCADE,
        CONSTRAINT comment_mentions_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE,
        CONSTRAINT comment_mentions_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX comment_mentions_user_idx ON comment_mentions (user_id, mentioned_at)`);
    await db.query(`CREATE INDEX comment_mentions_comment_idx ON comment_mentions (comment_id)`);
    await db.query(`CREATE INDEX comment_mentions_reply_idx ON comment_mentions (reply_id)`);
    await db.query(`CREATE INDEX comment_mentions_space_idx ON comment_mentions (space_id)`);

    // Open comments of a set of rows, per thread: what the thread, space and change request counters move by.
    const moveCounts = (rows: string, sign: '+' | '-') => `
        UPDATE spaces s SET comments = s.comments ${sign} d.n
          FROM (SELECT space_id, count(*)::int AS n FROM ${rows} WHERE status = 'open' AND change_request_id IS NULL GROUP BY space_id ORDER BY space_id) d
         WHERE s.id = d.space_id;
        UPDATE change_requests cr SET comments = cr.comments ${sign} d.n
          FROM (SELECT change_request_id, count(*)::int AS n FROM ${rows} WHERE status = 'open' AND change_request_id IS NOT NULL GROUP BY change_request_id ORDER BY change_request_id) d
         WHERE cr.id = d.change_request_id;`;
    await db.query(`
      CREATE FUNCTION comment_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO comment_threads AS t (thread_key, space_id, change_request_id, all_comments, open_comments)
          SELECT thread_key, min(space_id), min(change_request_id), count(*)::int, (count(*) FILTER (WHERE status = 'open'))::int
            FROM new_rows GROUP BY thread_key ORDER BY thread_key
          ON CONFLICT (thread_key) DO UPDATE
            SET all_comments = t.all_comments + EXCLUDED.all_comments, open_comments = t.open_comments + EXCLUDED.open_comments;${moveCounts('new_rows', '+')}
        ELSE
          UPDATE comment_threads t SET all_comments = t.all_comments - d.n, open_comments = t.open_comments - d.open
            FROM (SELECT thread_key, count(*)::int AS n, (count(*) FILTER (WHERE status = 'open'))::int AS open
                    FROM old_rows GROUP BY thread_key ORDER BY thread_key) d
           WHERE t.thread_key = d.thread_key;${moveCounts('old_rows', '-')}
        END IF;
        RETURN NULL;
      END
      $$`);
    await db.query(
      `CREATE TRIGGER comments_counts_insert AFTER INSERT ON comments REFERENCING NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION comment_counts_follow()`,
    );
    await db.query(
      `CREATE TRIGGER comments_counts_delete AFTER DELETE ON comments REFERENCING OLD TABLE AS old_rows
         FOR EACH STATEMENT EXECUTE FUNCTION comment_counts_follow()`,
    );
    await db.query(`
      CREATE FUNCTION comment_status_follow() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        delta integer := CASE WHEN NEW.status = 'open' THEN 1 WHEN OLD.status = 'open' THEN -1 ELSE 0 END;
      BEGIN
        IF delta <> 0 THEN
          UPDATE comment_threads SET open_comments = open_comments + delta WHERE thread_key = NEW.thread_key;
          IF NEW.change_request_id IS NULL THEN
            UPDATE spaces SET comments = comments + delta WHERE id = NEW.space_id;
          ELSE
            UPDATE change_requests SET comments = comments + delta WHERE id = NEW.change_request_id;
          END IF;
        END IF;
        RETURN NULL;
      END
      $$`);
    await db.query(
      `CREATE TRIGGER comments_status_update AFTER UPDATE OF status ON comments
         FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION comment_status_follow()`,
    );

    await db.query(`
      CREATE FUNCTION comment_replies_follow() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE comments c SET replies = c.replies + d.n
            FROM (SELECT comment_id, count(*)::int AS n FROM new_rows GROUP BY comment_id ORDER BY comment_id) d WHERE c.id = d.comment_id;
        ELSE
          UPDATE comments c SET replies = c.replies - d.n
            FROM (SELECT comment_id, count(*)::int AS n FROM old_rows GROUP BY comment_id ORDER BY comment_id) d WHERE c.id = d.comment_id;
        END IF;
        RETURN NULL;
      END
      $$`);
    await db.query(
      `CREATE TRIGGER comment_replies_count_insert AFTER INSERT ON comment_replies REFERENCING NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION comment_replies_follow()`,
    );
    await db.query(
      `CREATE TRIGGER comment_replies_count_delete AFTER DELETE ON comment_replies REFERENCING OLD TABLE AS old_rows
         FOR EACH STATEMENT EXECUTE FUNCTION comment_replies_follow()`,
    );

    // A transferred space takes its comments' organization with it.
    await db.query(`
      CREATE FUNCTION comments_follow_space_organization() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE comments SET organization_id = NEW.organization_id WHERE space_id = NEW.id;
        RETURN NULL;
      END
      $$`);
    await db.query(
      `CREATE TRIGGER spaces_comments_organization AFTER UPDATE OF organization_id ON spaces
         FOR EACH ROW WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id) EXECUTE FUNCTION comments_follow_space_organization()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER spaces_comments_organization ON spaces`);
    await db.query(`DROP FUNCTION comments_follow_space_organization()`);
    for (const table of ['comment_mentions', 'comment_reactions', 'comment_replies', 'comments', 'comment_threads']) await db.query(`DROP TABLE ${table}`);
    for (const fn of ['comment_replies_follow', 'comment_status_follow', 'comment_counts_follow']) await db.query(`DROP FUNCTION ${fn}()`);
  }
}

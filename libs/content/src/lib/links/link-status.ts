/**
 * The status of a link target (alias `g`: kind, target_space, target_page, target_path,
 * target_file, anchor, url), resolved on read for a head. Parameters: `$1` the head key, `$2` its
 * space's organization, `$3` the in-app URL prefixes; `files` is a CTE of the head revision's
 * file ids. A page, path or anchor that the head does not have is `broken`, and so is a space or
 * a page of another space that is deleted or belongs to another organization (nothing is
 * revealed about it). A URL into this installation (API, app or published origin) is `in-app`.
 * A reusable content of this space (an `other` row holding its reference as JSON) that the head
 * revision (`$4`) does not have is `broken`.
 */
export const LINK_STATUS_SQL = `
  CASE g.kind
    WHEN 'url' THEN CASE WHEN EXISTS (SELECT 1 FROM unnest($3::text[]) AS p(prefix)
                                       WHERE g.url = p.prefix OR starts_with(g.url, p.prefix || '/')
                                          OR starts_with(g.url, p.prefix || '?') OR starts_with(g.url, p.prefix || '#'))
                         THEN 'in-app' ELSE 'ok' END
    WHEN 'page' THEN CASE WHEN EXISTS (
           SELECT 1 FROM head_pages hp
             LEFT JOIN page_search ps ON ps.head_key = hp.head_key AND ps.page_id = hp.page_id
            WHERE hp.head_key = COALESCE(g.target_space, $1) AND hp.page_id = g.target_page
              AND (g.target_space IS NULL OR EXISTS (SELECT 1 FROM spaces s WHERE s.id = g.target_space AND s.organization_id = $2 AND s.deleted_at IS NULL))
              AND (g.anchor IS NULL OR g.anchor = ANY(ps.anchors)))
         THEN 'ok' ELSE 'broken' END
    WHEN 'path' THEN CASE WHEN EXISTS (
           SELECT 1 FROM head_pages hp
             LEFT JOIN page_search ps ON ps.head_key = hp.head_key AND ps.page_id = hp.page_id
            WHERE hp.head_key = $1 AND hp.path = g.target_path AND (g.anchor IS NULL OR g.anchor = ANY(ps.anchors)))
         THEN 'ok' ELSE 'broken' END
    WHEN 'file' THEN CASE WHEN g.target_file IN (SELECT file_id FROM files) THEN 'ok' ELSE 'broken' END
    WHEN 'space' THEN CASE WHEN EXISTS (SELECT 1 FROM spaces s WHERE s.id = g.target_space AND s.organization_id = $2 AND s.deleted_at IS NULL)
         THEN 'ok' ELSE 'broken' END
    WHEN 'other' THEN CASE WHEN starts_with(g.url, '{"kind":"reusable-content"') AND (g.url::jsonb ->> 'space') IS NULL
           AND NOT EXISTS (SELECT 1 FROM revisions r WHERE r.id = $4
                              AND r.reusable_contents @> jsonb_build_array(jsonb_build_object('id', g.url::jsonb ->> 'reusableContent')))
         THEN 'broken' ELSE 'ok' END
    ELSE 'ok'
  END`;

/** The file ids of a revision (`$4`), as the `files` CTE of `LINK_STATUS_SQL`. */
export const REVISION_FILES_CTE = `files AS (
  SELECT fe.file_id FROM revisions r JOIN file_entries fe ON fe.id = ANY(r.files) WHERE r.id = $4
)`;

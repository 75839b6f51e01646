/** @jsxRuntime automatic */
/** @jsxImportSource preact */

/**
 * "Was this page helpful?": Yes and No, then an optional comment. Hidden until the site's script
 * shows it (it is what sends the answer to `~site/insights/feedback`); the status line is read
 * out when the answer is sent.
 */
export function PageFeedback() {
  return (
    <section class="page-feedback" aria-labelledby="feedback-title" hidden>
      <h2 id="feedback-title" class="feedback-title">
        Was this page helpful?
      </h2>
      <div class="feedback-buttons">
        <button type="button" class="feedback-button" data-rating="good" aria-pressed="false">
          Yes
        </button>
        <button type="button" class="feedback-button" data-rating="bad" aria-pressed="false">
          No
        </button>
      </div>
      <form class="feedback-comment" hidden>
        <label for="feedback-comment">Tell us more (optional)</label>
        <textarea id="feedback-comment" name="comment" rows={3} maxLength={512} />
        <button type="submit" class="feedback-send">
          Send
        </button>
      </form>
      <p class="feedback-status" role="status" />
    </section>
  );
}

/** Page actions: copy the page as markdown, copy the site's MCP URL (shown by the script when the clipboard is there). */
export function PageActions({ markdownUrl, mcpUrl }: { markdownUrl?: string; mcpUrl?: string }) {
  if (!markdownUrl && !mcpUrl) return null;
  return (
    <div class="page-actions" hidden>
      {markdownUrl ? (
        <button type="button" class="page-action" data-copy-url={markdownUrl} data-copy="fetch">
          Copy page as Markdown
        </button>
      ) : null}
      {mcpUrl ? (
        <button type="button" class="page-action" data-copy-text={mcpUrl} data-copy="text" title={mcpUrl}>
          Copy MCP URL
        </button>
      ) : null}
    </div>
  );
}

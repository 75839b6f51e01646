/**
 * A preview of the site server (a signed URL of `getSitePublishingPreviewById`) in a frame of the
 * app, and the same in a tab of its own. The site server lets the app frame previews only.
 */
export function PreviewFrame({ url, title }: { url: string; title: string }) {
  return (
    <div class="preview">
      <p>
        <a href={url} target="_blank" rel="noopener">
          Open the preview in a new tab
        </a>
      </p>
      <iframe class="preview-frame" title={title} src={url} sandbox="allow-scripts allow-same-origin allow-popups" />
    </div>
  );
}

import { useState } from 'preact/hooks';
import { api } from '../api/client';
import { ActionStatus, useAction } from '../components/action-status';
import { PreviewFrame } from './preview-frame';

/** "Preview": the site's default variant as readers would see it, published or not (a preview URL is valid for an hour). */
export function SitePreviewPanel({ base, title }: { base: string; title: string }) {
  const [url, setUrl] = useState<string>();
  const { state, run } = useAction();
  return (
    <section class="panel" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview</h2>
      <p class="help">How readers will see the site, before you publish it or change it.</p>
      <button type="button" aria-disabled={state.busy} onClick={() => !state.busy && run(async () => setUrl((await api.get<{ url: string }>(`${base}/publishing/preview`)).url), 'Preview ready.')}>
        Preview
      </button>
      <ActionStatus state={state} />
      {url && <PreviewFrame url={url} title={`Preview of ${title}`} />}
    </section>
  );
}

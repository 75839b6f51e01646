import { useState } from 'preact/hooks';
import { api } from '../api/client';
import type { SiteStructure } from '../api/types';
import { ActionStatus, useAction } from '../components/action-status';
import { PreviewFrame } from './preview-frame';
import { previewChoices } from './site-structure-model';

/**
 * "Preview": a variant of the site as readers would see it, published or not (the one readers land
 * on unless another is chosen; a preview URL is valid for an hour).
 */
export function SitePreviewPanel({ base, title, structure }: { base: string; title: string; structure?: SiteStructure }) {
  const [preview, setPreview] = useState<{ url: string; title: string }>();
  const choices = structure ? previewChoices(structure) : [];
  const [chosen, setChosen] = useState<string>('');
  const { state, run } = useAction();
  const shown = choices.find((choice) => choice.siteSpaceId === chosen) ?? choices.find((choice) => choice.landing);
  const open = () =>
    run(async () => {
      const query = chosen ? `?siteSpace=${encodeURIComponent(chosen)}` : '';
      const { url } = await api.get<{ url: string }>(`${base}/publishing/preview${query}`);
      setPreview({ url, title: choices.length > 1 && shown ? `Preview of ${title}, ${shown.label}` : `Preview of ${title}` });
    }, choices.length > 1 && shown ? `Preview of ${shown.label} ready.` : 'Preview ready.');
  return (
    <section class="panel" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview</h2>
      <p class="help">How readers will see the site, before you publish it or change it.</p>
      {choices.length > 1 && (
        <label>
          Variant{' '}
          <select value={chosen} onChange={(event) => setChosen(event.currentTarget.value)}>
            {choices.map((choice) => (
              <option key={choice.siteSpaceId} value={choice.landing ? '' : choice.siteSpaceId}>
                {choice.label}
                {choice.landing ? ' (where readers land)' : ''}
              </option>
            ))}
          </select>
        </label>
      )}{' '}
      <button type="button" aria-disabled={state.busy} onClick={() => !state.busy && open()}>
        Preview
      </button>
      <ActionStatus state={state} />
      {preview && <PreviewFrame url={preview.url} title={preview.title} />}
    </section>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import { FormFooter, useFormSubmission } from '../components/form-submission';
import { slugFromSource, slugProblem } from './openapi-spec-state';

/** What the form gives: the slug and the reference's OpenAPISpecSource. */
export interface SpecFields {
  slug: string;
  source: { url: string } | { text: string };
}

/**
 * A new spec: from a URL the worker fetches (and fetches again on its schedule), or from a file
 * read here and sent as the spec's text. The slug is proposed from the file name or the URL until
 * the person types one. Escape or "Cancel" closes it.
 */
export function OpenApiSpecForm({ onSubmit, onCancel }: { onSubmit: (fields: SpecFields) => Promise<void>; onCancel: () => void }) {
  const [kind, setKind] = useState<'url' | 'file'>('url');
  const [slug, setSlug] = useState('');
  const [slugTyped, setSlugTyped] = useState(false);
  const { error, setError, busy, send } = useFormSubmission();
  const first = useRef<HTMLInputElement>(null);
  const url = useRef<HTMLInputElement>(null);
  const file = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const propose = (from: string) => {
    if (!slugTyped) setSlug(slugFromSource(from));
  };
  return (
    <form
      class="inline-form admin-form"
      aria-label="Add an OpenAPI spec"
      onKeyDown={(event) => event.key === 'Escape' && onCancel()}
      onSubmit={async (event) => {
        event.preventDefault();
        setError(undefined);
        const problem = slugProblem(slug);
        if (problem) return setError(problem);
        let source: SpecFields['source'];
        if (kind === 'url') {
          const value = url.current?.value.trim() ?? '';
          if (!value) return setError('Spec URL is required.');
          source = { url: value };
        } else {
          const chosen = file.current?.files?.[0];
          if (!chosen) return setError('Choose the spec file (YAML or JSON).');
          source = { text: await chosen.text() };
          if (!source.text.trim()) return setError(`${chosen.name} is empty.`);
        }
        await send(() => onSubmit({ slug, source }));
      }}
    >
      <fieldset>
        <legend>Source</legend>
        <label class="check">
          <input ref={first} type="radio" name="kind" value="url" checked={kind === 'url'} onChange={() => setKind('url')} /> From a URL
        </label>
        <label class="check">
          <input type="radio" name="kind" value="file" checked={kind === 'file'} onChange={() => setKind('file')} /> From a file
        </label>
      </fieldset>
      {kind === 'url' ? (
        <label>
          Spec URL
          <input ref={url} name="url" type="url" maxLength={2048} placeholder="https://example.com/openapi.yaml" onInput={(event) => propose((event.currentTarget as HTMLInputElement).value)} />
        </label>
      ) : (
        <label>
          Spec file
          <input ref={file} name="file" type="file" accept=".yaml,.yml,.json,application/json,application/yaml,text/yaml" onChange={(event) => propose((event.currentTarget as HTMLInputElement).files?.[0]?.name ?? '')} />
        </label>
      )}
      <label>
        Slug
        <input
          name="slug"
          maxLength={100}
          value={slug}
          aria-describedby="slug-help"
          onInput={(event) => {
            setSlugTyped(true);
            setSlug((event.currentTarget as HTMLInputElement).value);
          }}
        />
      </label>
      <p id="slug-help" class="muted">
        How pages' OpenAPI blocks name this spec: lower-case words joined by hyphens, e.g. payments-api.
      </p>
      <FormFooter submit="Add spec" busy={busy} onCancel={onCancel} error={error} actions="actions" />
    </form>
  );
}

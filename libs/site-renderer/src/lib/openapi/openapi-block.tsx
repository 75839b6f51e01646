/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import MarkdownIt from 'markdown-it';
import type { ComponentChildren } from 'preact';
import type { DocNode } from '../document/doc-node';
import { useRenderState } from '../document/render-state';
import { safeHref } from '../document/safe-href';
import { curlExample, findOperation, findWebhook, OpenApiDocument, propertiesOf, ResolvedOperation, SchemaObject, typeLabel } from './openapi-document';

// Descriptions in OpenAPI are CommonMark; raw HTML stays text (markdown-it's `html: false`), and
// markdown-it refuses javascript: and similar links itself.
const markdown = new MarkdownIt({ html: false, linkify: false });

function Description({ text }: { text: unknown }) {
  if (typeof text !== 'string' || text.trim() === '') return null;
  return <div class="openapi-description" dangerouslySetInnerHTML={{ __html: markdown.render(text) }} />;
}

/**
 * The OpenAPI blocks of a document: an operation (`openapi-operation`), schemas
 * (`openapi-schemas`), a webhook (`openapi-webhook`), each from a specification hosted by the
 * organization (`ref: {kind: 'openapi', spec: <slug>}`), as the site server supplies it parsed.
 * A specification that is not available, or an operation it does not hold, renders the
 * operation's method and path (and a link for the older `swagger` block), never an error.
 */
export function OpenApiBlock({ node }: { node: DocNode }) {
  const state = useRenderState();
  const data = node.data ?? {};
  const spec = data.ref?.kind === 'openapi' && typeof data.ref.spec === 'string' ? state.context.openApi(data.ref.spec) : undefined;
  if (node.type === 'openapi-schemas') {
    const names: string[] = Array.isArray(data.schemas) ? data.schemas.filter((name: unknown) => typeof name === 'string') : [];
    if (!spec) return <Missing label={names.join(', ')} />;
    state.usesOpenApi = true;
    return <OpenApiSchemas document={spec} names={names} />;
  }
  const resolved = spec ? (node.type === 'openapi-webhook' ? findWebhook(spec, String(data.name ?? ''), String(data.method ?? '')) : findOperation(spec, String(data.path ?? ''), String(data.method ?? ''))) : undefined;
  if (!spec || !resolved) {
    const label = `${String(data.method ?? '').toUpperCase()} ${String(node.type === 'openapi-webhook' ? (data.name ?? '') : (data.path ?? ''))}`.trim();
    const link = node.type === 'swagger' && data.ref?.kind === 'url' ? safeHref(String(data.ref.url ?? '')) : undefined;
    return <Missing label={label} href={link} />;
  }
  state.usesOpenApi = true;
  return <OpenApiOperation document={spec} resolved={resolved} webhook={node.type === 'openapi-webhook'} />;
}

function Missing({ label, href }: { label: string; href?: string }) {
  if (!label && !href) return null;
  return (
    <p class="openapi-missing">
      {href ? (
        <a href={href} class="external" rel="noopener">
          <code>{label || href}</code>
        </a>
      ) : (
        <code>{label}</code>
      )}
    </p>
  );
}

/** One operation: method and path, summary and description, parameters, request body, responses, a curl example. */
export function OpenApiOperation({ document, resolved, webhook = false }: { document: OpenApiDocument; resolved: ResolvedOperation; webhook?: boolean }) {
  const { operation } = resolved;
  const groups = ['path', 'query', 'header', 'cookie']
    .map((place) => ({ place, parameters: resolved.parameters.filter((p) => p.in === place) }))
    .filter((group) => group.parameters.length > 0);
  const body = operation.requestBody;
  const responses = Object.entries<Record<string, any>>(operation.responses ?? {});
  return (
    <section class={operation.deprecated ? 'openapi-operation deprecated' : 'openapi-operation'} aria-label={`${resolved.method.toUpperCase()} ${resolved.path}`}>
      <p class="openapi-endpoint">
        <span class={`method method-${resolved.method}`}>{resolved.method.toUpperCase()}</span> <code class="openapi-path">{resolved.path}</code>
        {operation.deprecated ? <span class="badge">Deprecated</span> : null}
      </p>
      {operation.summary ? <p class="openapi-summary">{String(operation.summary)}</p> : null}
      <Description text={operation.description} />
      {groups.map((group) => (
        <div key={group.place} class="openapi-part">
          <p class="openapi-part-title">{`${group.place[0].toUpperCase()}${group.place.slice(1)} parameters`}</p>
          <ul class="openapi-fields">
            {group.parameters.map((parameter) => (
              <Field key={parameter.name} name={parameter.name} required={parameter.required === true} schema={parameter.schema ?? {}} description={parameter.description} seen={new Set()} depth={0} />
            ))}
          </ul>
        </div>
      ))}
      {body && typeof body === 'object' ? (
        <div class="openapi-part">
          <p class="openapi-part-title">
            Request body{body.required ? <span class="required">required</span> : null}
          </p>
          <Description text={body.description} />
          {Object.entries<Record<string, any>>(body.content ?? {}).map(([type, media]) => (
            <div key={type} class="openapi-media">
              <p class="openapi-media-type">
                <code>{type}</code>
              </p>
              <SchemaTree schema={media?.schema} />
            </div>
          ))}
        </div>
      ) : null}
      {responses.length > 0 ? (
        <div class="openapi-part">
          <p class="openapi-part-title">Responses</p>
          {responses.map(([status, response]) => (
            <details key={status} class="openapi-response" open={/^2/.test(status)}>
              <summary>
                <span class={`status status-${status[0]}`}>{status}</span> {typeof response?.description === 'string' ? response.description.split('\n')[0] : ''}
              </summary>
              {Object.entries<Record<string, any>>(response?.content ?? {}).map(([type, media]) => (
                <div key={type} class="openapi-media">
                  <p class="openapi-media-type">
                    <code>{type}</code>
                  </p>
                  <SchemaTree schema={media?.schema} />
                </div>
              ))}
            </details>
          ))}
        </div>
      ) : null}
      {webhook ? null : (
        <div class="openapi-part">
          <p class="openapi-part-title">Example request</p>
          <pre class="openapi-curl" tabindex={0}>
            <code class="language-shellscript">{curlExample(document, resolved)}</code>
          </pre>
        </div>
      )}
    </section>
  );
}

/** The named schemas of `components.schemas`, each as a tree of its properties. */
export function OpenApiSchemas({ document, names }: { document: OpenApiDocument; names: string[] }) {
  const schemas = document?.components?.schemas ?? {};
  return (
    <div class="openapi-schemas">
      {names.map((name) =>
        schemas[name] ? (
          <details key={name} class="openapi-schema" open>
            <summary>
              <code>{name}</code> <span class="openapi-type">{typeLabel(schemas[name])}</span>
            </summary>
            <Description text={schemas[name].description} />
            <SchemaTree schema={schemas[name]} />
          </details>
        ) : (
          <p key={name} class="openapi-missing">
            <code>{name}</code>
          </p>
        ),
      )}
    </div>
  );
}

function SchemaTree({ schema }: { schema: SchemaObject | undefined }) {
  if (!schema || typeof schema !== 'object') return null;
  const target = itemsOf(schema);
  const properties = propertiesOf(target);
  if (properties.length === 0) {
    return (
      <p class="openapi-type">
        {typeLabel(schema)}
        <Enum schema={schema} />
      </p>
    );
  }
  const seen = new Set<object>([target]);
  return (
    <ul class="openapi-fields">
      {target !== schema ? <li class="openapi-array-note">{typeLabel(schema)}</li> : null}
      {properties.map((property) => (
        <Field key={property.name} name={property.name} required={property.required} schema={property.schema} seen={seen} depth={1} />
      ))}
    </ul>
  );
}

/** For an array of objects, the item schema (whose properties are listed). */
function itemsOf(schema: SchemaObject): SchemaObject {
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  return type === 'array' && schema.items && typeof schema.items === 'object' ? schema.items : schema;
}

function Field(props: { name: string; required: boolean; schema: SchemaObject; description?: unknown; seen: Set<object>; depth: number }) {
  const { name, required, schema, seen, depth } = props;
  const description = props.description ?? schema?.description;
  const inner = schema && typeof schema === 'object' ? itemsOf(schema) : undefined;
  const children = inner && depth < 6 && !seen.has(inner) ? propertiesOf(inner) : [];
  const nested: ComponentChildren =
    children.length > 0 ? (
      <ul class="openapi-fields">
        {children.map((child) => (
          <Field key={child.name} name={child.name} required={child.required} schema={child.schema} seen={new Set([...seen, inner!])} depth={depth + 1} />
        ))}
      </ul>
    ) : null;
  return (
    <li class="openapi-field">
      <p class="openapi-field-head">
        <code class="openapi-name">{name}</code> <span class="openapi-type">{typeLabel(schema)}</span>
        {required ? <span class="required">required</span> : null}
        {schema?.deprecated ? <span class="badge">Deprecated</span> : null}
      </p>
      <Description text={description} />
      <Enum schema={schema} />
      {nested}
    </li>
  );
}

function Enum({ schema }: { schema: SchemaObject | undefined }) {
  const values = Array.isArray(schema?.enum) ? schema!.enum : Array.isArray(schema?.items?.enum) ? schema!.items.enum : undefined;
  if (!values || values.length === 0) return null;
  return (
    <p class="openapi-enum">
      One of:{' '}
      {values.slice(0, 50).map((value: unknown, i: number) => (
        <>
          {i > 0 ? ' ' : null}
          <code key={i}>{JSON.stringify(value)}</code>
        </>
      ))}
    </p>
  );
}

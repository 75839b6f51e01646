import type { Site } from '../api/types';
import { visibilityLabel } from './visibility';

/** A site's settings as someone who may not change them reads them: title, basename, visibility. */
export function SiteSettingsSummary({ site }: { site: Site }) {
  return (
    <section class="panel" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      <dl class="summary">
        <dt>Title</dt>
        <dd>{site.title}</dd>
        <dt>Basename</dt>
        <dd>{site.basename ? <code>{site.basename}</code> : 'None (the site’s id)'}</dd>
        <dt>Visibility</dt>
        <dd>{visibilityLabel(site.visibility)}</dd>
      </dl>
      <p class="help">Only the organization’s admins change a site.</p>
    </section>
  );
}

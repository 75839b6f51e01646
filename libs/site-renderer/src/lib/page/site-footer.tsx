/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { safeHref } from '../document/safe-href';
import type { SiteLook } from '../model/site-look';

/** The site's footer: its groups of links and its copyright (nothing when it has neither). */
export function SiteFooter({ footer }: { footer: SiteLook['footer'] }) {
  const groups = footer.groups.filter((group) => group.links.length > 0 || group.title);
  if (groups.length === 0 && !footer.copyright) return null;
  return (
    <footer class="site-footer">
      {groups.length > 0 ? (
        <div class="footer-groups">
          {groups.map((group, index) => (
            <nav key={index} class="footer-group" aria-label={group.title || 'Links'}>
              {group.title ? <p class="footer-group-title">{group.title}</p> : null}
              <ul>
                {group.links.map((link, i) => (
                  <li key={i}>
                    <a href={safeHref(link.url)}>{link.title}</a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      ) : null}
      {footer.copyright ? <p class="footer-copyright">{footer.copyright}</p> : null}
    </footer>
  );
}

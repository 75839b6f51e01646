import { createHash } from 'node:crypto';

/**
 * The one inline script of every page, run before the first paint: marks that script runs (so
 * script-only controls show) and applies the reader's theme choice (no flash of the wrong theme),
 * unless the site fixes the theme (`data-theme-fixed`: no toggle).
 * Its hash goes in the Content-Security-Policy (`THEME_SCRIPT_CSP`).
 */
export const THEME_SCRIPT =
  "(function(){var d=document.documentElement;d.classList.add('js');if(d.hasAttribute('data-theme-fixed'))return;try{var t=localStorage.getItem('theme');if(t==='dark'||t==='light')d.setAttribute('data-theme',t)}catch(e){}})()";

export const THEME_SCRIPT_CSP = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

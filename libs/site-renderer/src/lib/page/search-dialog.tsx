/** @jsxRuntime automatic */
/** @jsxImportSource preact */

/**
 * The search dialog (opened by the header's button, Ctrl/Cmd-K or "/"): a combobox over a list
 * box of results, filled by the client script from the site's search endpoint, navigated with
 * the arrow keys.
 */
export function SearchDialog() {
  return (
    <dialog id="search-dialog" class="search-dialog" aria-label="Search">
      <div class="search-box">
        <input
          type="search"
          class="search-input"
          placeholder="Search the docs"
          aria-label="Search the docs"
          role="combobox"
          list={undefined}
          aria-expanded="false"
          aria-controls="search-results"
          aria-autocomplete="list"
          autocomplete="off"
          spellcheck={false}
        />
        <button type="button" class="search-close">
          <span class="visually-hidden">Close the search: </span>Esc
        </button>
      </div>
      <p class="search-status" role="status" aria-live="polite" />
      <ul id="search-results" class="search-results" role="listbox" aria-label="Results" />
    </dialog>
  );
}

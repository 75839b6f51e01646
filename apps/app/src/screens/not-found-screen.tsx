/** A URL the app has no screen for. */
export function NotFoundScreen() {
  return (
    <main id="main" class="page">
      <h1>Not found</h1>
      <p>
        This address leads nowhere in the app. <a href="/">Go to your organizations</a>.
      </p>
    </main>
  );
}

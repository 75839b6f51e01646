/** What a screen says after an action: done (announced politely) or failed (announced at once). */
export interface Notice {
  text: string;
  failed?: boolean;
}

/** The live regions of a screen's notices: always in the page, so that screen readers announce what appears in them. */
export function NoticeLines({ notice }: { notice?: Notice }) {
  return (
    <>
      <p role="status" class="said">
        {notice && !notice.failed ? notice.text : ''}
      </p>
      <p role="alert" class="said error">
        {notice?.failed ? notice.text : ''}
      </p>
    </>
  );
}

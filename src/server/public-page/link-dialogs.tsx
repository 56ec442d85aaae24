/**
 * The public page's two modal dialogs; client/page.js fills in the link's title and host and
 * opens them with showModal(). Without `confirmLinks` the confirmation is left out and links
 * open directly; the age gate is always there, since adult links always ask.
 */
export function LinkDialogs({ confirmLinks }: { confirmLinks: boolean }) {
  return (
    <>
      {confirmLinks && (
        <dialog id="lb-confirm" className="lb-dialog" aria-labelledby="lb-confirm-title" aria-describedby="lb-confirm-host">
          <form method="dialog">
            <span className="lb-dialog-badge" aria-hidden="true">
              ↗
            </span>
            {/* page.js writes the link's title here before the dialog opens. */}
            {/* eslint-disable-next-line jsx-a11y/heading-has-content */}
            <h2 id="lb-confirm-title" className="lb-dialog-title" data-slot="title" />
            <p id="lb-confirm-host" className="lb-dialog-text">
              {/* page.js says what opening does: a website, or for mailto: and tel: the mail or phone app. */}
              <span data-slot="lead">You&apos;re about to visit</span> <strong className="lb-dialog-host" data-slot="host" />
            </p>
            <div className="lb-dialog-actions">
              <button value="cancel" className="lb-dialog-secondary">
                Cancel
              </button>
              {/* showModal() moves focus to the dialog's autofocus button, as a modal dialog should. */}
              {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
              <button value="open" className="lb-dialog-primary" data-slot="open" autoFocus>
                Open link
              </button>
            </div>
          </form>
        </dialog>
      )}
      <dialog id="lb-age" className="lb-dialog" aria-labelledby="lb-age-heading" aria-describedby="lb-age-text">
        <form method="dialog">
          <span className="lb-dialog-badge" aria-hidden="true">
            18+
          </span>
          <h2 id="lb-age-heading" className="lb-dialog-title">
            Age verification
          </h2>
          <p id="lb-age-text" className="lb-dialog-text">
            This link may contain content for adults only. Please confirm that you are 18 or older.
          </p>
          <p className="lb-dialog-link">
            <span data-slot="title" />
            <span className="lb-dialog-host" data-slot="host" />
          </p>
          <div className="lb-dialog-actions">
            <button value="back" className="lb-dialog-secondary">
              Go Back
            </button>
            <button value="confirm" className="lb-dialog-primary">
              I am 18 or older
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

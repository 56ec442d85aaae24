import type { PublicLink } from "@/lib/public-profile";
import { HONEYPOT_FIELD } from "@/lib/schemas/audience-terms";

type SignupTexts = NonNullable<PublicLink["signup"]>;

/**
 * A sign-up block: a plain form that posts without script (docs/product/audience.md#the-sign-up-block).
 * It carries nothing per visitor, so the page stays cached; the page's script answers in place.
 * Previews show the same block without a form, so nothing in the editor submits.
 */
export function SignupBlock({
  title,
  texts,
  action,
  buttonClassName,
}: {
  title: string;
  texts: SignupTexts;
  /** Where the form posts; absent in previews. */
  action?: string;
  buttonClassName: string;
}) {
  const fields = (
    <>
      <h2 className="lb-signup-heading">{title}</h2>
      <label className="lb-signup-label" htmlFor="lb-signup-email">
        Email address
      </label>
      <div className="lb-signup-row">
        <input
          id="lb-signup-email"
          className="lb-signup-input"
          type="email"
          name="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="you@example.com"
          disabled={!action}
        />
        <button className={`${buttonClassName} lb-signup-button`} type={action ? "submit" : "button"} disabled={!action}>
          {texts.button_label}
        </button>
      </div>
      <div className="lb-hp">
        <label htmlFor="lb-signup-website">Leave this field empty</label>
        <input id="lb-signup-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      {texts.consent_text && <p className="lb-signup-consent">{texts.consent_text}</p>}
      <p className="lb-signup-status" role="status" data-success={texts.success_message} />
    </>
  );
  return action ? (
    <form className="lb-signup" method="post" action={action} data-signup="">
      {fields}
    </form>
  ) : (
    <div className="lb-signup">{fields}</div>
  );
}

// What a sign-up block says when its creator left a text empty (docs/product/audience.md#the-sign-up-block).
export const DEFAULT_SIGNUP_BUTTON = "Subscribe";
export const DEFAULT_SIGNUP_SUCCESS = "Thanks! Check your inbox to confirm your subscription.";

export function defaultConsentText(name: string): string {
  return `By subscribing you agree to receive emails from ${name}. Unsubscribe anytime.`;
}

interface StoredTexts {
  button_label: string | null;
  consent_text: string | null;
  success_message: string | null;
}

/** The block's texts as visitors see them: defaults for empty ones; an empty consent line stays empty (none shown). */
export function signupTextsShown(link: StoredTexts, pageName: string) {
  return {
    button_label: link.button_label || DEFAULT_SIGNUP_BUTTON,
    consent_text: link.consent_text ?? defaultConsentText(pageName),
    success_message: link.success_message || DEFAULT_SIGNUP_SUCCESS,
  };
}

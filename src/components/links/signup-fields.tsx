import { TextField } from "@/components/ui/text-field";
import { DEFAULT_SIGNUP_BUTTON, DEFAULT_SIGNUP_SUCCESS } from "@/lib/audience/signup-texts";
import type { LinkFormErrors, LinkFormValues } from "./link-form-values";

/** A sign-up block's own texts in the link editor (docs/product/audience.md#the-sign-up-block). */
export function SignupFields({
  values,
  errors,
  onChange,
}: {
  values: LinkFormValues;
  errors: LinkFormErrors;
  onChange: <K extends keyof LinkFormValues>(field: K, value: LinkFormValues[K]) => void;
}) {
  return (
    <div className="grid gap-4 rounded-xl border border-gray-200 p-4">
      <p className="text-sm text-gray-600">
        Visitors enter their email address; they are added after confirming by email. See them under Audience.
      </p>
      <TextField
        label="Button label"
        value={values.button_label}
        error={errors.button_label}
        onChange={(e) => onChange("button_label", e.target.value)}
        placeholder={DEFAULT_SIGNUP_BUTTON}
      />
      <label className="flex items-center gap-3 text-sm text-gray-700">
        <input
          type="checkbox"
          checked={values.show_consent}
          onChange={(e) => onChange("show_consent", e.target.checked)}
          className="h-4 w-4 rounded border-gray-300 accent-brand-600"
        />
        Show a consent line
      </label>
      {values.show_consent && (
        <TextField
          label="Consent line"
          value={values.consent_text}
          error={errors.consent_text}
          onChange={(e) => onChange("consent_text", e.target.value)}
          placeholder="Default: By subscribing you agree to receive emails from {name}. Unsubscribe anytime."
        />
      )}
      <TextField
        label="Success message"
        value={values.success_message}
        error={errors.success_message}
        onChange={(e) => onChange("success_message", e.target.value)}
        placeholder={DEFAULT_SIGNUP_SUCCESS}
      />
    </div>
  );
}

import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "prefix"> {
  label: string;
  error?: string;
  /** Fixed text before the value, such as "@" or the site's address. */
  prefix?: ReactNode;
  /** The input itself (React 19 passes `ref` as a prop; the rest of the props spread onto the input). */
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, prefix, className = "", ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <div
        className={`flex items-center rounded-xl border bg-white transition focus-within:ring-2 ${
          error ? "border-red-400 focus-within:ring-red-200" : "border-gray-300 focus-within:border-brand-500 focus-within:ring-brand-100"
        } ${input.disabled ? "opacity-60" : ""}`}
      >
        {prefix && <span className="shrink-0 pl-3 text-sm text-gray-500 select-none">{prefix}</span>}
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`w-full min-w-0 rounded-xl bg-transparent py-2.5 pr-3 text-sm outline-none placeholder:text-gray-400 disabled:cursor-not-allowed ${prefix ? "pl-0.5" : "pl-3"}`}
          {...input}
        />
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

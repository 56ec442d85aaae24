import { Icon } from "./icon";
import { StaticSiteHost } from "./static-site-host";

/**
 * Name-claim field: "host/ [name]" plus a button that carries the name to sign-up. A plain GET
 * form (/register?claim=name) needs no script; the username step cleans the name as it is typed.
 */
export function ClaimForm({ inputId }: { inputId: string }) {
  return (
    <form action="/register" method="get" className="flex w-full max-w-xl flex-col gap-3 sm:flex-row">
      <label htmlFor={inputId} className="sr-only">
        Choose your Linkbio username
      </label>
      <div className="flex min-w-0 flex-1 items-center rounded-2xl bg-white px-4 shadow-sm ring-2 ring-transparent transition focus-within:ring-lime">
        <StaticSiteHost className="shrink-0 text-base text-gray-500" />
        <input
          id={inputId}
          name="claim"
          placeholder="yourname"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={40}
          className="h-14 min-w-0 flex-1 bg-transparent text-base font-medium text-gray-950 placeholder:text-gray-400 focus:outline-none focus-visible:outline-none"
        />
      </div>
      <button
        type="submit"
        className="inline-flex h-14 items-center justify-center gap-2 rounded-2xl bg-lime px-6 text-base font-semibold text-forest transition hover:bg-white focus-visible:outline-white"
      >
        Claim your Linkbio
        <Icon name="arrow-right" className="h-4 w-4" />
      </button>
    </form>
  );
}

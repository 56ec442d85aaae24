import type { ExampleProfile } from "./example-profiles";

const sizes = {
  sm: {
    frame: "w-40 rounded-[1.75rem] p-1.5",
    screen: "h-72 rounded-[1.4rem] px-3 pt-8",
    avatar: "h-12 w-12 text-sm",
    name: "mt-2 text-sm",
    bio: "text-[10px]",
    list: "mt-3 gap-1.5",
    link: "py-1.5 text-[10px]",
  },
  lg: {
    frame: "w-64 rounded-[2.5rem] p-2 sm:w-72",
    screen: "h-[30rem] rounded-[2rem] px-5 pt-12 sm:h-[33rem]",
    avatar: "h-20 w-20 text-2xl",
    name: "mt-3 text-lg",
    bio: "text-xs",
    list: "mt-6 gap-3",
    link: "py-3 text-sm",
  },
} as const;

/** A phone-shaped preview of a Linkbio page, purely illustrative. */
export function PhoneMock({ profile, size = "sm" }: { profile: ExampleProfile; size?: keyof typeof sizes }) {
  const s = sizes[size];
  return (
    <div className={`bg-gray-950 shadow-2xl shadow-black/25 ${s.frame}`}>
      <div className={`relative flex flex-col items-center overflow-hidden ${s.screen} ${profile.screen} ${profile.text}`}>
        <span aria-hidden="true" className="absolute top-2 h-1.5 w-12 rounded-full bg-gray-950/80" />
        <span
          aria-hidden="true"
          className={`flex shrink-0 items-center justify-center rounded-full font-bold ${s.avatar} ${profile.avatar}`}
        >
          {profile.initials}
        </span>
        <p className={`font-semibold ${s.name}`}>{profile.name}</p>
        <p className={`text-center opacity-80 ${s.bio}`}>{profile.bio}</p>
        <ul className={`flex w-full flex-col ${s.list}`}>
          {profile.links.map((link) => (
            <li key={link} className={`truncate px-2 text-center font-semibold ${s.link} ${profile.button}`}>
              {link}
            </li>
          ))}
        </ul>
        <div aria-hidden="true" className="mt-auto mb-4 flex gap-2 opacity-70">
          {[0, 1, 2, 3].map((i) => (
            <span key={i} className="h-4 w-4 rounded-full border-2 border-current" />
          ))}
        </div>
      </div>
    </div>
  );
}
